"""What spells and the Banner change elsewhere (17.x, 18.x): the questions other rules ask.

Combat, rally and movement ask these; the magic rules (phases A and E, ``magic/phases.py``)
and the Banner (``banner.py``) keep the state they read.
"""

from __future__ import annotations

from engines.gondor.data import TABLES
from engines.gondor.hexes import distance
from engines.gondor.state import GondorState

BANNER_SPELL = "reveal-aragorn"  # 17.23: the Banner is unfurled while this spell lasts
BANNER_RANGE = int(TABLES.banner["range"])  # 18.21, 18.22: six hexes
FREEZE_RANGE = next(int(str(s["range"])) for s in TABLES.spell if s["id"] == "freeze-leader-1")
NAZGUL = "nazgul-lord"


def spell_active(state: GondorState, spell: str) -> bool:
    """Whether a spell is in force: a tables.toml [[spell]] id or its family.

    Families: "fear", "freeze-leader", "operate-grond", "break-darkness", "stalemate",
    "reveal-aragorn". Operate Grond, once cast, lasts the rest of the game (17.13).
    """
    if spell == "operate-grond":
        return state.grond_active
    return any(spell in (s.id, s.family) for s in state.spells)


def frozen(state: GondorState, leader: int) -> bool:
    """Whether a Westernesse leader is held by Freeze Leader (17.12): no move, rally, formation.

    While the spell lasts it holds every Westernesse leader within three hexes of the Nazgûl
    Lord, wherever either stands now: a leader coming within range is held, one he leaves is free.
    """
    c = state.counters[leader]
    if c.side != "westernesse" or c.kind != "leader" or c.hex is None:
        return False
    if not spell_active(state, "freeze-leader"):
        return False
    lord = next((o.hex for o in state.counters if o.type == NAZGUL and o.hex is not None), None)
    return lord is not None and distance(lord, c.hex) <= FREEZE_RANGE


def banner_hex(state: GondorState) -> str | None:
    """Where the Banner of the King stands while unfurled (18.0), else None."""
    if not spell_active(state, BANNER_SPELL):
        return None
    return next((c.hex for c in state.counters if c.kind == "banner"), None)


def near_banner(state: GondorState, hex_ref: str) -> bool:
    """Whether a hex is within six hexes of the unfurled Banner (18.21: no Sauron rally there)."""
    where = banner_hex(state)
    return where is not None and distance(where, hex_ref) <= BANNER_RANGE
