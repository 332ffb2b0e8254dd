import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.knightfall import Knightfall

from .helpers import play_random


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**62), choice_seed=st.integers(0, 10**6))
def test_random_play_ends_replays_and_round_trips(seed, choice_seed):
    rounds = set()

    def on_step(game, events):
        rounds.add(game.state.round)
        assert all(e.text for e in events)
        assert game.to_act() or game.is_over
        for seat in game.to_act():
            for action in game.legal_actions(seat):
                assert Knightfall.decode(Knightfall.encode(action)) == action
                assert len(action.label()) <= 80

    game, codes = play_random(seed, random.Random(choice_seed), on_step)
    assert game.is_over
    assert rounds == set(range(1, 22))
    assert sum(len(p.troop()) for p in game.state.players) + len(game.state.discard) == 52
    replay = Knightfall.new(2, seed=seed)
    for seat, code in codes:
        replay.apply(seat, Knightfall.decode(code))
    assert replay.to_json() == game.to_json()
    restored = Knightfall.from_json(game.to_json())
    assert restored == game
    assert restored.result == game.result


def test_cards_are_conserved_at_every_step():
    def on_step(game, _):
        state = game.state
        cards = list(state.deck) + list(state.discard)
        for player in state.players:
            cards += player.hand + [sc.card for _, sc in player.troop()]
        assert len(cards) == len(set(cards)) == 52

    for i in range(3):
        play_random(1_000_003 * (i + 1), random.Random(i), on_step)


def test_the_same_seed_deals_the_same_cards():
    a, b = Knightfall.new(2, seed=99), Knightfall.new(2, seed=99)
    assert a.to_json() == b.to_json()
    assert Knightfall.new(2, seed=100).to_json() != a.to_json()
