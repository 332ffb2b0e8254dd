"""Typed Gondor orders without Discord: autocomplete choices and plans from legal actions only.

Combat, siege, magic and rally orders are not in the engine yet, so a stub ``Order`` subclass
stands in for them (the convention of engines/gondor/actions.py: command, actor(), target()).
"""

from __future__ import annotations

from typing import ClassVar, Literal

import pytest

from bot.errors import UserFacingError
from bot.games import gondor_orders as orders
from engines import Action
from engines.gondor import Gondor
from engines.gondor.actions import AutoDeploy, Deselect, Move, Order, Select, SetupDone


class Shoot(Order):
    """A stand-in missile order."""

    kind: Literal["shoot"] = "shoot"
    command: ClassVar[str] = "fire"
    shooter: str
    at: str

    def actor(self) -> str:
        """The shooter."""
        return self.shooter

    def target(self) -> str:
        """The target."""
        return self.at

    def label(self) -> str:
        """Button text."""
        return f"{self.shooter} shoots {self.at}"


SHOTS = [Shoot(shooter="Archers_1", at="Bowman_2"), Shoot(shooter="Archers_1", at="Guard_1")]
SHOTS.append(Shoot(shooter="Archers_2", at="Bowman_2"))


class Firing(Gondor):
    """Gondor at deployment, with the stand-in orders added to Sauron's legal actions."""

    action_types = (*Gondor.action_types, Shoot)

    def legal_actions(self, seat: int) -> list[Action]:
        """Sauron's deployment moves plus the stub orders."""
        found = super().legal_actions(seat)
        return [*found, *SHOTS] if found else []


@pytest.fixture
def firing() -> Firing:
    return Firing(Gondor.new(2, seed=3).state)


def test_order_choices_list_each_actor_once_and_only_its_targets(firing):
    actors = orders.actor_choices(firing, 0, "fire", "")
    assert [c.value for c in actors] == ["Archers_1", "Archers_2"]
    assert [c.value for c in orders.actor_choices(firing, 0, "fire", "2")] == ["Archers_2"]
    assert orders.actor_choices(firing, 0, "rally", "") == []
    targets = orders.target_choices(firing, 0, "fire", "Archers_1", "")
    assert [c.name for c in targets] == ["Bowman_2", "Guard_1"]
    assert [c.value for c in targets] == [Firing.encode(s) for s in SHOTS[:2]]


def test_an_order_plan_takes_the_chosen_order_and_refuses_a_stale_one(firing):
    code = Firing.encode(SHOTS[1])
    assert orders.order_plan("fire", "Archers_1", code)(firing, 0) == [SHOTS[1]]
    with pytest.raises(UserFacingError, match="no longer possible"):
        orders.order_plan("fire", "Archers_2", code)(firing, 0)  # not that actor's order
    with pytest.raises(UserFacingError, match="no longer possible"):
        orders.order_plan("fire", "Archers_1", "shoot.Nobody.x")(firing, 0)
    with pytest.raises(
        UserFacingError, match=r"'Nobody' can't fire now[.] Those that can: Archers_1, Archers_2"
    ):
        orders.order_plan("fire", "Nobody", code)(firing, 0)
    with pytest.raises(UserFacingError, match="No attack orders are possible now"):
        orders.order_plan("attack", "Archers_1", code)(firing, 0)
    with pytest.raises(UserFacingError, match="not your turn"):
        orders.order_plan("fire", "Archers_1", code)(firing, 1)


def movement_game() -> Gondor:
    game = Gondor.new(2, seed=1)
    for seat in (0, 1):
        game.apply(seat, AutoDeploy())
        game.apply(seat, SetupDone())
    while not any(isinstance(a, Select) for a in game.legal_actions(game.to_act()[0])):
        game.apply(game.to_act()[0], game.legal_actions(game.to_act()[0])[0])
    return game


def test_a_move_plan_selects_then_moves_and_drops_a_selection_first():
    game = movement_game()
    choices = orders.unit_choices(game, 0, "")
    unit = choices[0].value
    to = orders.to_choices(game, 0, unit, "")[0].value
    plan = orders.move_plan(unit, to)(game, 0)
    assert [type(a) for a in plan] == [Select, Move] and plan[1].hex == to
    other = Gondor.decode(choices[1].value)
    game.apply(0, other)
    before = game.to_json()
    assert [c.value for c in orders.unit_choices(game, 0, "")] == [c.value for c in choices]
    plan = orders.move_plan(unit, to)(game, 0)
    assert [type(a) for a in plan] == [Deselect, Select, Move]
    assert game.to_json() == before  # choices and plans work on copies
    with pytest.raises(UserFacingError, match="no hex '0000'"):
        orders.known_hex("0000")
