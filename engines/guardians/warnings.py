"""Losses a seat can still prevent, in plain words (``Game.warnings``; rules: Winning).

Read from the open table: where Shields stand and whose they are, terrain owners, destroyed
Shields, rubble, flights and the Guardians' Vitality, and the seat's own cards (whether it has
a Shield to place). The opponent's hands, what is under their Shields (unless a flight showed
it) and the plans of a Draw & Organize in progress never shape a warning.
"""

from __future__ import annotations

from engines.base import Alert
from engines.guardians import board, land_reach
from engines.guardians.organize import can_redraw
from engines.guardians.settlement import SHIELD_GOAL
from engines.guardians.state import COLUMNS, GuardiansState


def warnings(state: GuardiansState, seat: int) -> list[Alert]:
    """The six lands, the fifth Shield and the Guardian challenge, where each threatens."""
    if state.phase == "over":
        return []
    found = [
        _six_lands(state, seat),
        _beaten_off(state, seat),
        _last_shield(state, seat),
        *_challenges(state, seat),
    ]
    return [w for w in found if w is not None]


def _home_lands(seat: int) -> str:
    """The lands one step from the seat's Strongholds ("L1, C1 or R1")."""
    row = 1 if seat == 0 else 2
    return f"{COLUMNS[0]}{row}, {COLUMNS[1]}{row} or {COLUMNS[2]}{row}"


def _six_lands(state: GuardiansState, seat: int) -> Alert | None:
    """All six lands could be the opponent's at the next settlement, and the seat can stop it.

    The opponent wins there if none of the seat's Shields stands on a land and each land that
    is not theirs by terrain or side has a Shield of theirs on it: the warning comes when
    their Shields can walk or fly to all of those, one each (``land_reach``), while a Shield
    of the seat's can still reach a land first.
    """
    if any(s.owner == seat and s.space in board.DISPUTED for s in state.stacks):
        return None
    other = 1 - seat
    if not land_reach.can_hold_all(state, other):
        return None
    prevent = _prevention(state, seat)
    if not prevent:
        return None
    held = board.lands_of(state, other)
    if held == len(board.DISPUTED):
        holds = "holds all six lands"
    else:
        lacking = [s for s in board.DISPUTED if board.controller(state, s) != other]
        they = "one Shield" if len(lacking) == 1 else "their Shields"
        holds = (
            f"holds {held} of the six lands ({they} can reach {_listed(lacking)} {_when(state)})"
        )
    return Alert(
        short="All six lands could be theirs: put a Shield on a land",
        text=(
            f"Player {other + 1} {holds} and no Shield of yours stands on a land: if they hold "
            f"all six at the settlement, they win. Prevent it: {prevent}; a Shield of yours "
            "standing on a land at the settlement stops this win."
        ),
    )


def _when(state: GuardiansState) -> str:
    """The movement before the next settlement: this turn's, or next turn's after one."""
    return "next turn" if state.phase == "settle" else "this turn"


def _listed(spaces: list[str], last: str = "and") -> str:
    """Spaces as a list in words: "L1", "L1 and C1", "L1, C1 and R1" (``last``: "or")."""
    return spaces[0] if len(spaces) == 1 else f"{', '.join(spaces[:-1])} {last} {spaces[-1]}"


def _prevention(state: GuardiansState, seat: int) -> str:
    """What puts a Shield of the seat's on a land before the settlement ("": nothing can).

    A Shield on the board that may still move; else, before the movement, one placed at the
    Draw & Organize from the seat's own cards (or a redraw that may bring one).
    """
    lands = _home_lands(seat)
    mine = land_reach.movers(state, seat, new=False)
    if any(m.steps and land_reach.reach(state, seat, m, m.flies) for m in mine):
        return f"move one of your Shields onto a land {_when(state)} ({lands})"
    s = state.seats[seat]
    if state.phase == "organize":
        shields = any(board.card(state, u).kind == "shield" for u in s.drawn + s.pen)
        if not (shields or can_redraw(state, seat)):
            return ""
    elif state.phase != "settle":
        return ""
    return (
        f"place a Shield on your Strongholds at the Draw & Organize and move it onto a land "
        f"({lands})"
    )


def _beaten_off(state: GuardiansState, seat: int) -> Alert | None:
    """The seat's Shields on lands are all that keeps a land from the opponent, and could fall.

    Every other land is the opponent's by terrain or side. A beaten Shield retreats (or is
    destroyed) and the winner holds its land, so the opponent wins at the settlement if a
    Shield of theirs can enter each land with one of the seat's, one each. What is under
    their Shields is unknown: any of them could win, so the warning says "could".
    """
    held = frozenset(s.space for s in state.stacks if s.owner == seat and s.space in board.DISPUTED)
    other = 1 - seat
    if not held or not land_reach.needs_shield(state, other) <= held:
        return None
    if not land_reach.can_hold_all(state, other, held):
        return None
    more = _second_lands(state, seat, held)
    one = len(held) == 1
    yours, it = ("your Shield", "it") if one else ("your Shields", "them")
    prevent = [f"move another Shield onto {_listed(more, 'or')} {_when(state)}"] if more else []
    if _can_reinforce(state, seat, held):
        prevent.append(f"reinforce {yours} there with creatures from your Strongholds")
    if not prevent:
        return None
    spaces = _listed(sorted(held))
    lost = {1: f"{spaces} falls", 2: f"{spaces} fall"}.get(len(held), "your Shields fall")
    fix = "add a Shield" if more else f"reinforce {it}"
    return Alert(
        short=f"If {lost}, they get all six lands: {fix}",
        text=(
            f"Player {other + 1} holds every land but {spaces}, where {yours} "
            f"stand{'s' if one else ''}, and could attack {it} {_when(state)}: a beaten Shield "
            "retreats off its land, and if all six lands are theirs at the settlement, they "
            f"win. Prevent it: {'; or '.join(prevent)}."
        ),
    )


def _second_lands(state: GuardiansState, seat: int, held: frozenset[str]) -> list[str]:
    """Free lands a Shield of the seat's can still reach where it makes the attack fall short.

    Its Shields on the board (which may move before the settlement), and, before the movement,
    one it may place on a Stronghold from its own cards.
    """
    other = 1 - seat
    movers = land_reach.movers(state, seat, new=_may_place(state, seat), known=True)
    found = set()
    for mover in movers:
        if mover.space in held or not (mover.steps or mover.flies):
            continue
        for land in land_reach.reach(state, seat, mover, mover.flies) - held:
            if board.enemy_shield(state, land, seat) is not None:
                continue
            after = (held - {mover.space}) | {land}
            if not land_reach.can_hold_all(state, other, after):
                found.add(land)
    return sorted(found)


def _may_place(state: GuardiansState, seat: int) -> bool:
    """Before the movement: whether the seat holds a Shield card it may place."""
    s = state.seats[seat]
    if state.phase == "organize":
        return any(board.card(state, u).kind == "shield" for u in s.drawn + s.pen)
    return state.phase == "settle" and any(board.card(state, u).kind == "shield" for u in s.pen)


def _can_reinforce(state: GuardiansState, seat: int, held: frozenset[str]) -> bool:
    """A Shield of the seat's on a land still to turn, creatures on a Stronghold that reach it."""
    fresh = state.phase in land_reach.FRESH
    row = 0 if seat == 0 else 3
    for stack in state.stacks:
        if stack.owner != seat or stack.space not in held or not (fresh or not stack.turned):
            continue
        for col, hold in zip(COLUMNS, state.seats[seat].holds, strict=True):
            space = f"{col}{row}"
            creatures = [u for u in hold.on if board.is_creature(state, u)]
            if hold.rubbled or not creatures or board.distance(space, stack.space) > 2:
                continue
            middle = set(board.neighbours(space)) & set(board.neighbours(stack.space))
            if board.distance(space, stack.space) == 1 or any(
                board.passable(state, m, seat) for m in middle
            ):
                return True
    return False


def _last_shield(state: GuardiansState, seat: int) -> Alert | None:
    """One more destroyed Shield loses the game."""
    lost = state.seats[seat].shields_lost
    if lost != SHIELD_GOAL - 1:
        return None
    return Alert(
        short="One more Shield destroyed loses: attack only if stronger",
        text=(
            f"{lost} of your Shields are destroyed: a fifth loses the game. Prevent it: attack "
            "only where you are stronger, and keep a land or Stronghold of yours next to each "
            "Shield, so a beaten Shield can retreat instead of being destroyed."
        ),
    )


def _challenges(state: GuardiansState, seat: int) -> list[Alert]:
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
            Alert(
                short=f"Their Shield on {stack.space} may kill your Guardian: attack it",
                text=(
                    f"Player {2 - seat}'s Shield on your rubbled {where} may challenge your "
                    f"Guardian ({vitality} Vitality) when it is turned: a creature stronger than "
                    "your Guardian kills it and wins the game. Prevent it: attack that Shield to "
                    "drive it off, and keep power stones to channel into your Guardian."
                ),
            )
        )
    return out
