"""Pieces and boards for the Gondor engine tests."""

from engines.gondor.board import Board, Piece
from engines.gondor.data import COUNTERS


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
