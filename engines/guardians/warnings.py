"""Losses a seat can still prevent, in plain words (``Game.warnings``; rules: Winning).

Read only from the open table: where Shields stand and whose they are, terrain owners,
destroyed Shields, rubble and the Guardians' Vitality. What is under a Shield, the hands and
the plans of a Draw & Organize in progress never shape a warning.
"""

from __future__ import annotations

from engines.guardians import board
from engines.guardians.settlement import SHIELD_GOAL
from engines.guardians.state import COLUMNS, GuardiansState


def warnings(state: GuardiansState, seat: int) -> list[str]:
    """The six lands, the fifth Shield and the Guardian challenge, where each threatens."""
    if state.phase == "over":
        return []
    found = [_six_lands(state, seat), _last_shield(state, seat), *_challenges(state, seat)]
    return [w for w in found if w]


def _home_lands(seat: int) -> str:
    """The lands one step from the seat's Strongholds ("L1, C1 or R1")."""
    row = 1 if seat == 0 else 2
    return f"{COLUMNS[0]}{row}, {COLUMNS[1]}{row} or {COLUMNS[2]}{row}"


def _six_lands(state: GuardiansState, seat: int) -> str:
    """All six lands could be the opponent's at this turn's settlement.

    Each opponent's Shield still to move this turn (every one, before the turn's movement)
    takes at most one land; so the danger is near when the lands the opponent lacks are no
    more than those Shields (at least one before the turn's movement: a new Shield may come),
    and none of the seat's Shields stands on a land, which alone stops this win.
    """
    if any(s.owner == seat and s.space in board.DISPUTED for s in state.stacks):
        return ""
    other = 1 - seat
    fresh = state.phase in ("organize", "settle")  # every Shield moves again next
    movers = sum(1 for s in state.stacks if s.owner == other and (fresh or not s.turned))
    held = board.lands_of(state, other)
    if len(board.DISPUTED) - held > (max(1, movers) if fresh else movers):
        return ""
    holds = (
        f"holds {held} of the six lands" if held < len(board.DISPUTED) else "holds all six lands"
    )
    if any(s.owner == seat for s in state.stacks):
        prevent = f"move one of your Shields onto a land this turn ({_home_lands(seat)})"
    else:
        prevent = (
            "place a Shield on your Strongholds at the Draw & Organize and move it onto a land "
            f"({_home_lands(seat)})"
        )
    return (
        f"Player {other + 1} {holds} and no Shield of yours stands on a land: if they hold all "
        f"six at the settlement, they win. Prevent it: {prevent}; one of your Shields on a land "
        "stops this win."
    )


def _last_shield(state: GuardiansState, seat: int) -> str:
    """One more destroyed Shield loses the game."""
    lost = state.seats[seat].shields_lost
    if lost != SHIELD_GOAL - 1:
        return ""
    return (
        f"{lost} of your Shields are destroyed: a fifth loses the game. Prevent it: attack only "
        "where you are stronger, and keep a land or Stronghold of yours next to each Shield, so "
        "a beaten Shield can retreat instead of being destroyed."
    )


def _challenges(state: GuardiansState, seat: int) -> list[str]:
    """An opponent's Shield on the seat's rubble may challenge its Guardian when turned."""
    vitality = state.seats[seat].vitality
    out = []
    for stack in state.stacks:
        found = board.hold_of(stack.space)
        if stack.owner == seat or found is None or found[0] != seat:
            continue
        if not state.seats[seat].holds[found[1]].rubbled:
            continue
        where = f"{board.COLUMN_NAMES[stack.space[0]]} Stronghold ({stack.space})"
        out.append(
            f"Player {2 - seat}'s Shield on your rubbled {where} may challenge your Guardian "
            f"({vitality} Vitality) when it is turned: a creature stronger than your Guardian "
            "kills it and wins the game. Prevent it: attack that Shield to drive it off, and "
            "keep power stones to channel into your Guardian."
        )
    return out
