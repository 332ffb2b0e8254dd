"""Headings for a seat's Draw & Organize moves, by where each card goes.

A first Draw & Organize lists 20 to 40 placements; grouped by destination ("To a Shield",
"Under a Stronghold (to channel)", "Take back to the Pen"…) a player finds a move by where
it goes rather than scanning every card.
"""

from __future__ import annotations

from engines.base import Action, Unavailable
from engines.guardians import board
from engines.guardians.actions import Discard, Place, TakeBack
from engines.guardians.board import card
from engines.guardians.cards import Creature
from engines.guardians.organize import candidates, effective, place_options
from engines.guardians.state import GuardiansState

TO_SHIELD = "To a Shield"
ON_STRONGHOLD = "On a Stronghold (no Shield yet)"
UNDER = "Under a Stronghold (to channel)"
BESIDE = "Beside a Stronghold (upgrade)"
RESERVE = "In reserve (joins a combat for a stone)"
SHIELD_ONTO = "A Shield onto a stack"
TAKE_BACK = "Take back to the Pen"
DISCARD = "Discard from the Storage Hand"
LIMIT_WORDS = "a Stronghold space holds at most 30 points of creatures"


def organize_groups(state: GuardiansState, seat: int, actions: list[Action]) -> list[str | None]:
    """The heading of each move (None for the single buttons: Done, Auto-place, Redraw…)."""
    shielded: set[str] = set()
    if any(isinstance(a, Place) for a in actions):
        eff = effective(state, seat)
        row = 0 if seat == 0 else 3
        shielded = {col for col in "LCR" if board.own_shields(eff, f"{col}{row}", seat)}
    return [_heading(state, a, shielded) for a in actions]


def _heading(state: GuardiansState, action: Action, shielded: set[str]) -> str | None:
    """Where the move puts its card; ``shielded``: the columns with one of the seat's Shields."""
    if isinstance(action, TakeBack):
        return TAKE_BACK
    if isinstance(action, Discard):
        return DISCARD
    if not isinstance(action, Place):
        return None
    if card(state, action.uid).kind == "shield":
        return SHIELD_ONTO
    if action.target.startswith("u"):
        return UNDER
    if action.target.startswith("x"):
        return BESIDE
    if action.target.startswith("p"):
        return RESERVE
    return TO_SHIELD if action.target in shielded else ON_STRONGHOLD


def no_room(state: GuardiansState, seat: int) -> list[Unavailable]:
    """Creatures drawn or penned that fit on no Stronghold space: the 30 points, in words."""
    eff = effective(state, seat)
    row = 0 if seat == 0 else 3
    holds = eff.seats[seat].holds
    out = []
    for uid in candidates(eff, seat):
        c = card(eff, uid)
        if not isinstance(c, Creature) or place_options(eff, seat, uid):
            continue
        used = ", ".join(
            f"{board.COLUMN_NAMES[col]} {board.space_points(eff, f'{col}{row}', seat)}/30"
            for col, h in zip("LCR", holds, strict=True)
            if not h.rubbled
        )
        reason = f"No room for its {c.stacks_as} points: {LIMIT_WORDS} ({used})."
        out.append(Unavailable(label=f"Place {c.name}", reason=reason))
    return out
