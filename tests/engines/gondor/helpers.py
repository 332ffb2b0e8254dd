"""Pieces and boards for the Gondor engine tests."""

import re

from engines.gondor.board import Board, Piece
from engines.gondor.data import COUNTERS
from engines.gondor.places import place


def piece(pid: str, type_id: str, hex_ref: str | None, **flags) -> Piece:
    """A counter of counters.toml type ``type_id``; its side and kind come from the data."""
    for kind, table in (
        ("unit", COUNTERS.units),
        ("leader", COUNTERS.leaders),
        ("equipment", COUNTERS.equipment),
    ):
        if type_id in table:
            return Piece(pid, table[type_id].side, kind, type_id, hex_ref, **flags)
    assert type_id == "banner"
    return Piece(pid, "westernesse", "banner", "banner", hex_ref, **flags)


def board(*pieces: Piece, **state) -> Board:
    """A board with these pieces (Westernesse holds every gate unless ``gates`` says)."""
    return Board(tuple(pieces), **state)


HEX_ID = re.compile(r"(?<![\d/])\d{4}(?![\d/])")
"""A hex id, not one end of a hexside ("the wall 1714/1715 of city level 2" names a wall)."""


def bare_hex_ids(text: str) -> list[str]:
    """The hex ids in ``text`` that come without their place: "1918, East road" names it, and
    so does "… by the Main Gate (1918)" (its place named just before)."""
    bare = []
    for m in HEX_ID.finditer(text):
        h, before = m.group(), text[max(0, m.start() - 60) : m.start()]
        named = text[m.end() :].startswith(f", {place(h)}")
        bracketed = before.endswith("(") and text[m.end() :].startswith(")")
        if not (named or (bracketed and place(h) in before)):
            bare.append(h)
    return bare
