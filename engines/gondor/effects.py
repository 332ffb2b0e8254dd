"""What spells and the Banner change elsewhere (17.x, 18.x): the questions other rules ask.

Combat, rally and movement ask these; the magic rules (phases A and E) keep the state they
read. Until magic lands every answer is "no effect".
"""

from __future__ import annotations

from engines.gondor.state import GondorState


def spell_active(state: GondorState, spell: str) -> bool:
    """Whether a spell (tables.toml [[spell]] id, e.g. "fear", "break-darkness") is in force."""
    return False


def frozen(state: GondorState, leader: int) -> bool:
    """Whether a Westernesse leader is held by Freeze Leader (17.12): no move, rally, formation."""
    return False


def banner_hex(state: GondorState) -> str | None:
    """Where the Banner of the King stands while unfurled (18.0), else None."""
    return None
