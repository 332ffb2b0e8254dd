"""Moves that save clicks: a whole muster at once, and ATTACK naming its battle card."""

import json
import random

import pytest

from engines.base import IllegalAction
from engines.knightfall import Knightfall
from engines.knightfall.actions import AttackWith, ChooseKnight, Muster, Place
from engines.knightfall.state import PlayerState

from .helpers import camp, card, labels, make_game, slot


def dealt(*texts: str) -> Knightfall:
    """A fresh muster where seat 0 holds ``texts`` in that order."""
    game = Knightfall.new(2, seed=11)
    game.state.players[0] = PlayerState(hand=[card(t) for t in texts])
    return game


def test_a_suggested_formation_musters_all_five_cards_in_one_move():
    game = dealt("5D", "KC", "2S", "9H", "7C")
    formation = next(a for a in game.legal_actions(0) if isinstance(a, Muster) and a.knight == 1)
    # The Knight's colour (black) first, strongest first: A1 7♣, A2 2♠; then red 9♥, 5♦.
    assert formation.label() == (
        "Muster: Knight K♣, Archer 1 7♣, Archer 2 2♠, Archer 3 9♥, Mage 2 5♦"
    )
    assert Knightfall.decode(Knightfall.encode(formation)) == formation
    events = game.apply(0, formation)
    assert [slot(game, 0, s) for s in ("K", "A1", "A2", "A3", "M2")] == [
        "KC",
        "7C",
        "2S",
        "9H",
        "5D",
    ]
    assert game.state.players[0].hand == []
    assert game.legal_actions(0) == []
    public = [e.text for e in events if e.seat is None]
    assert public == [
        "Player 1 placed a Knight and cards in Archer 1, Archer 2, Archer 3 and Mage 2."
    ]


def test_the_opponent_sees_only_which_slots_a_formation_filled():
    game = Knightfall.new(2, seed=3)
    formation = next(a for a in game.legal_actions(0) if isinstance(a, Muster))
    game.apply(0, formation)
    shown = json.dumps(game.view(1), ensure_ascii=False) + json.dumps(game.view(None))
    for c in game.state.players[0].troop():
        assert f'"label": "{c[1].card}"' not in shown
    filled = [s for s, v in game.view(None)["players"][0]["slots"].items() if v]
    assert filled == ["K", "A1", "A2", "A3", "M2"]


def test_after_the_knight_the_rest_can_be_placed_at_once_or_one_by_one():
    game = dealt("5D", "KC", "2S", "9H", "7C")
    game.apply(0, ChooseKnight(index=3, card=card("9H").id))
    game.apply(0, Place(card=card("5D").id, slot="A1"))
    rest = game.legal_actions(0)[-1]
    assert isinstance(rest, Muster) and rest.knight is None
    # Red (the Knight's colour) has no card left; black strongest first in the free slots.
    assert rest.label() == "Place the rest: Archer 2 K♣, Archer 3 7♣, Mage 2 2♠"
    assert any(isinstance(a, Place) for a in game.legal_actions(0))
    game.apply(0, rest)
    assert [slot(game, 0, s) for s in ("K", "A1", "A2", "A3", "M2")] == [
        "9H",
        "5D",
        "KC",
        "7C",
        "2S",
    ]
    assert game.legal_actions(0) == []


def test_a_muster_from_the_old_moves_still_replays():
    game = Knightfall.new(2, seed=11)
    for seat in (0, 1):
        hand = list(game.state.players[seat].hand)
        game.apply(seat, Knightfall.decode(f"knight.0.{hand[0].id}"))
        for c, sid in zip(hand[1:], ["A1", "A2", "A3", "M1"], strict=True):
            game.apply(seat, Knightfall.decode(f"place.{c.id}.{sid}"))
    assert game.state.stage == "draw"


@pytest.mark.parametrize(
    "code", ["muster.0.A1-A2-A3.12-17-0-39-38", "muster.5.A1.12-17", "muster._.A1.12-17"]
)
def test_a_malformed_formation_is_refused(code):
    with pytest.raises(IllegalAction):
        Knightfall.decode(code)


def test_a_formation_with_other_slots_than_suggested_is_refused():
    game = dealt("5D", "KC", "2S", "9H", "7C")
    ids = tuple(card(t).id for t in ("5D", "KC", "2S", "9H", "7C"))
    forged = Muster(knight=1, slots=("R1", "R2", "M4", "M3"), cards=ids)
    with pytest.raises(IllegalAction):
        game.apply(0, forged)
    assert game.state.players[0].hand[1] == card("KC")


def two_attackers() -> Knightfall:
    return make_game(
        camp(K="9H", A1="QS", A2="4C", M1="2D"),
        camp(K="8D", A1="JH", A2="~3S"),
    )


def test_attack_may_name_its_battle_card_at_once():
    game = two_attackers()
    assert labels(game, 0) == [
        "Attack",
        "Attack with Q♠ (Archer 1)",
        "Attack with 4♣ (Archer 2)",
        "Attack with 2♦ (Mage 1)",
        "Defend",
    ]
    action = game.legal_actions(0)[1]
    assert Knightfall.decode(Knightfall.encode(action)) == action
    game.apply(0, action)
    assert game.to_act() == [1]
    assert "Q♠" not in json.dumps(game.view(1), ensure_ascii=False)
    game.apply(1, next(a for a in game.legal_actions(1) if a.label() == "Defend"))
    # No battle pick: Q♠ fought at once against the Knight 8♦ (+1).
    assert game.state.stage == "powers"
    assert game.state.battle is not None and game.state.battle.winner is not None
    assert game.state.battle.winner.card == card("QS")
    assert slot(game, 0, "A1") == "~QS"


def test_a_named_card_waits_only_for_the_other_attacker():
    game = two_attackers()
    game.apply(0, AttackWith(slot="A2", card=card("4C").id))
    game.apply(1, next(a for a in game.legal_actions(1) if a.label() == "Attack"))
    assert game.state.stage == "battle"
    assert game.to_act() == [1]
    game.apply(1, game.legal_actions(1)[0])
    assert [f.card for f in game.state.battle.cards] == [card("4C"), card("JH")]


def test_a_lone_attacker_gets_no_second_attack_button():
    game = make_game(camp(K="9H", A1="QS", A2="~4C"), camp(K="8D", A1="JH"))
    assert labels(game, 0) == ["Attack", "Defend"]


def test_a_resample_forgets_a_battle_card_named_with_the_coin():
    game, rng = Knightfall.new(2, seed=5), random.Random(5)
    while not (game.state.stage == "coins" and 0 in game.to_act() and len(labels(game, 0)) > 2):
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    named = next(a for a in game.legal_actions(0) if isinstance(a, AttackWith))
    game.apply(0, named)
    for i in range(10):
        assert game.resample(1, random.Random(i)).state.players[0].battle_slot is None
