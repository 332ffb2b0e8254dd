"""The Guardians renderer: the battlefield, players, combat and the viewer's own cards."""

from __future__ import annotations

from render.guardians.style import PALETTE
from render.guardians.table import render
from render.guardians.text import alt_text

__all__ = ["PALETTE", "alt_text", "render"]
