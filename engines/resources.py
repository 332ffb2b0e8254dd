"""The one way to find a file of the project's ``data/`` folder, installed or in a checkout."""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

CHECKOUT_DATA = Path(__file__).resolve().parents[1] / "data"


def data_path(*parts: str) -> Traversable:
    """``data/<parts>``: the copy a wheel ships as ``engines/data``, else the checkout's folder."""
    shipped = files("engines") / "data"
    return (shipped if shipped.is_dir() else CHECKOUT_DATA).joinpath(*parts)
