"""A sixth game installed for one test module only: ``installed()`` puts it on ``sys.path``."""

import contextlib
import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

from engines import plugins

SITE = Path(__file__).resolve().parent
"""Holds ``tiny_game`` and its ``tiny_game-0.1.dist-info`` (METADATA and the entry point)."""


@contextlib.contextmanager
def installed() -> Iterator[None]:
    """The game is registered inside, and gone after: path, modules and registry restored."""
    sys.path.insert(0, str(SITE))
    importlib.invalidate_caches()
    plugins.refresh()
    try:
        yield
    finally:
        sys.path.remove(str(SITE))
        for name in [m for m in sys.modules if m == "tiny_game" or m.startswith("tiny_game.")]:
            del sys.modules[name]
        importlib.invalidate_caches()
        plugins.refresh()
