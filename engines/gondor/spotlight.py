"""Where the action is: the hexes the last action changed (the close-up) and its moves (arrows).

Only what every viewer sees counts (positions, disruption, carried oil, fires, Heads, breaches,
Ladders), so the close-up never points at a hidden change.
"""

from __future__ import annotations

from engines.gondor.state import GondorState

MAX_HEXES = 12
"""More changed hexes than this (an auto-deployment) make no close-up: it would be the map."""

Marks = tuple[dict[str, tuple[object, ...]], frozenset[str], frozenset[str]]


def marks(state: GondorState) -> Marks:
    """What a viewer sees change: counters by id, marker hexes, hexside markers."""
    counters: dict[str, tuple[object, ...]] = {
        c.id: (c.hex, c.disrupted, c.carries_oil, c.group) for c in state.counters
    }
    hexes = frozenset(f"fire:{h}" for h in state.fires) | frozenset(
        f"head:{h}" for h in state.heads
    )
    sides = frozenset(f"breach:{w}" for w in state.breaches) | frozenset(
        f"ladder:{w}" for w in state.ladders
    )
    return counters, hexes, sides


def changed(before: Marks, after: Marks) -> list[str]:
    """The hexes that differ between two marks, sorted; [] if none or too many."""
    out: set[str] = set()
    for cid, now in after[0].items():
        was = before[0].get(cid)
        if was != now:
            out |= {h for h in (was[0] if was else None, now[0]) if isinstance(h, str)}
    out |= {m.split(":", 1)[1] for m in before[1] ^ after[1]}
    for m in before[2] ^ after[2]:
        out |= set(m.split(":", 1)[1].split("/"))
    return sorted(out) if len(out) <= MAX_HEXES else []


def moves(before: Marks, after: Marks) -> list[tuple[str, str]]:
    """Each (from, to) hex pair a counter moved by, sorted; [] if too many to be a move."""
    out = {
        (was[0], now[0])
        for cid, now in after[0].items()
        if (was := before[0].get(cid)) is not None
        and isinstance(was[0], str)
        and isinstance(now[0], str)
        and was[0] != now[0]
    }
    return sorted(out) if len(out) <= MAX_HEXES else []
