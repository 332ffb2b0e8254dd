"""One routing table: for each stage of a round, who acts, their moves and how a move is applied.

``ROUTES[state.stage]`` holds everything the contract surface branches on, so listing the
legal moves and applying one can never disagree on the stage; adding or changing a stage
touches one entry.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engines.base import Action, Event, Unavailable
from engines.knightfall import muster, powers, rules
from engines.knightfall.state import KnightfallState, Stage


def _nobody(state: KnightfallState) -> list[int]:
    return []


def _no_moves(state: KnightfallState, seat: int) -> list[Action]:
    return []


def _no_apply(state: KnightfallState, seat: int, action: Any) -> list[Event]:
    raise AssertionError(f"no move is legal in stage {state.stage!r}")


def _none_unavailable(state: KnightfallState, seat: int) -> list[Unavailable]:
    return []


def _never(state: KnightfallState, seat: int) -> bool:
    return False


@dataclass(frozen=True)
class Route:
    """What one stage does.

    ``apply`` is given one of ``actions``' moves (legality is checked before), hence its
    ``Any``: each stage's handler takes only its own action types.
    """

    to_act: Callable[[KnightfallState], list[int]]
    actions: Callable[[KnightfallState, int], Sequence[Action]]
    apply: Callable[[KnightfallState, int, Any], list[Event]]
    reveals: Callable[[KnightfallState, int], bool] = _never
    """Whether a forced move of the seat depends on hidden cards (``auto_play_reveals``)."""
    unavailable: Callable[[KnightfallState, int], list[Unavailable]] = _none_unavailable


def _power_actor(state: KnightfallState) -> list[int]:
    actor = powers.current_actor(state)
    return [] if actor is None else [actor]


ROUTES: dict[Stage, Route] = {
    "muster": Route(
        to_act=lambda s: [i for i in range(len(s.players)) if muster.muster_actions(s, i)],
        actions=muster.muster_actions,
        apply=muster.apply_muster,
    ),
    "draw": Route(
        to_act=lambda s: [i for i, p in enumerate(s.players) if p.draw_choice is None],
        actions=rules.draw_actions,
        apply=rules.choose_draw,
    ),
    "coins": Route(
        to_act=lambda s: [i for i, p in enumerate(s.players) if p.coin is None],
        actions=rules.coin_actions,
        apply=rules.choose_coin,
        unavailable=rules.unavailable_coins,
    ),
    "battle": Route(
        to_act=lambda s: [
            i for i, p in enumerate(s.players) if p.coin == "attack" and p.battle_slot is None
        ],
        actions=rules.battle_actions,
        apply=rules.choose_battle,
    ),
    "powers": Route(
        to_act=_power_actor,
        actions=powers.power_actions,
        apply=powers.apply_power,
        reveals=powers.pass_reveals,
        unavailable=powers.unavailable_powers,
    ),
    "knight": Route(
        to_act=lambda s: [i for i in range(len(s.players)) if powers.needs_knight(s, i)],
        actions=powers.knight_actions,
        apply=powers.move_knight,
    ),
    "over": Route(to_act=_nobody, actions=_no_moves, apply=_no_apply),
}


def seats_to_act(state: KnightfallState) -> list[int]:
    """Seats whose decision the game waits for; several during simultaneous hidden choices."""
    return ROUTES[state.stage].to_act(state)
