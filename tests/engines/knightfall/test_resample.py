"""Knightfall's hooks for computer players: resample, the playout policy and the estimate."""

import random

import pytest

from engines.knightfall import Knightfall
from engines.knightfall.camp import LAYOUT
from engines.knightfall.determinize import seen_cards


def positions(seed: int, every: int = 3):
    """(game, seat) along a game played by the playout policy: seats with a choice to make."""
    rng = random.Random(seed)
    game = Knightfall.new(2, seed=seed)
    step = 0
    while not game.is_over:
        seat = game.to_act()[0]
        if step % every == 0:
            for s in game.to_act():
                yield game.copy(), s
        game.apply(seat, game.rollout_action(seat, rng))
        step += 1


PENDING = {"draw": "draw_choice", "coins": "coin", "battle": "battle_slot"}


def pending_choice(game: Knightfall, seat: int) -> bool:
    """Whether ``seat`` has made a secret choice the table has not seen yet."""
    field = PENDING.get(game.state.stage)
    return field is not None and getattr(game.state.players[seat], field) is not None


def twin(game: Knightfall, seat: int, rng: random.Random) -> Knightfall:
    """The same game except for what ``seat`` cannot see: the opponent's STRONG cards, hand and
    the deck dealt again among themselves, and the opponent's pending secret choice made anew."""
    other = game.copy()
    state, opp = other.state, other.state.players[1 - seat]
    strong = [held for _, held in opp.troop() if held.status == "strong"]
    cards = [h.card for h in strong] + opp.hand + state.deck
    rng.shuffle(cards)
    for held in strong:
        held.card = cards.pop()
    opp.hand = [cards.pop() for _ in opp.hand]
    state.deck = cards
    if pending_choice(other, 1 - seat):
        setattr(opp, PENDING[state.stage], None)
        other.apply(1 - seat, rng.choice(other.legal_actions(1 - seat)))
    return other


@pytest.mark.parametrize("seed", [1, 2])
def test_a_resample_looks_the_same_to_the_seat_and_holds_52_cards(seed):
    for game, seat in positions(seed):
        sample = game.resample(seat, random.Random(seed))
        assert sample.view(seat) == game.view(seat)
        state = sample.state
        held = [sc.card.id for p in state.players for _, sc in p.troop()]
        held += [c.id for p in state.players for c in p.hand] + [c.id for c in state.deck]
        assert sorted(held + [c.id for c in state.discard]) == list(range(52))
        assert set(sample.legal_actions(seat)) == set(game.legal_actions(seat))


@pytest.mark.parametrize("seed", [3, 4])
def test_resample_ignores_everything_the_seat_cannot_see(seed):
    rng = random.Random(seed)
    differed = pending = 0
    for game, seat in positions(seed):
        pending += pending_choice(game, 1 - seat)
        other = twin(game, seat, rng)
        assert other.view(seat) == game.view(seat)
        differed += other.to_json() != game.to_json()
        a = game.resample(seat, random.Random(7))
        b = other.resample(seat, random.Random(7))
        assert a.to_json() == b.to_json()
    assert differed > 20
    assert pending > 5


def test_resample_redeals_the_unseen_cards():
    game, seat = next((g, s) for g, s in positions(5) if g.state.stage == "coins")
    opp = game.state.players[1 - seat]
    seen = seen_cards(game.state, seat)
    hidden = [h.card for _, h in opp.troop() if h.status == "strong"]
    samples = [game.resample(seat, random.Random(k)).state.players[1 - seat] for k in range(20)]
    dealt = [[h.card for _, h in p.troop() if h.status == "strong"] for p in samples]
    assert all(c.id not in seen for cards in dealt for c in cards)
    assert any(cards != hidden for cards in dealt)


@pytest.mark.parametrize("seed", [6, 7])
def test_the_playout_policy_plays_legal_moves_only(seed):
    rng = random.Random(seed)
    stages = set()
    for game, seat in positions(seed, every=1):
        stages.add(game.state.stage)
        assert game.rollout_action(seat, rng) in game.legal_actions(seat)
    assert stages >= {"muster", "draw", "coins", "battle", "powers"}


def test_evaluate_follows_the_total_power_lead():
    game, seat = next(positions(8))
    assert game.evaluate(seat) == pytest.approx(1 - game.evaluate(1 - seat))
    finished = game.copy()
    while not finished.is_over:
        actor = finished.to_act()[0]
        finished.apply(actor, finished.rollout_action(actor, random.Random(0)))
    result = finished.result
    assert result is not None
    value = finished.evaluate(0)
    assert value == (0.5 if not result.winners else 1.0 if result.winners == [0] else 0.0)


def test_a_hidden_knight_is_dealt_as_the_best_of_five_unseen_cards():
    """[D] Players pick a strong Knight from their five muster cards; samples assume so."""
    game, seat = next((g, s) for g, s in positions(9) if g.state.stage == "coins")
    knights, others = [], []
    for k in range(40):
        opp = game.resample(seat, random.Random(k)).state.players[1 - seat]
        for sid, held in opp.troop():
            if held.status == "strong":
                (knights if sid == LAYOUT.knight else others).append(held.card.power)
    assert knights and others
    assert sum(knights) / len(knights) > sum(others) / len(others) + 2
