"""Gondolin's hooks for hints: resample the deck order (and a drawn event), and the policy."""

import random
from collections import Counter

import pytest

from engines.gondolin import Gondolin
from engines.gondolin.catalogue import CATALOGUE
from tests.engines import solo_hooks


def positions(seed: int, mode: str = "easy", every: int = 2):
    """Games along a policy game (every ``every`` decisions)."""
    return solo_hooks.positions(Gondolin, seed, {"mode": mode}, every)


def twin(game: Gondolin, rng: random.Random) -> Gondolin:
    """The same game but for what the player cannot see: the deck's order and the seed."""
    other = game.copy()
    rng.shuffle(other.state.deck)
    other.state.seed = rng.randrange(2**32)
    return other


def unseen(game: Gondolin) -> Counter:
    return Counter([*game.state.deck, game.state.drawn_event or ""])


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_a_resample_looks_the_same_to_the_player_and_holds_the_same_cards(mode):
    for game in positions(21, mode):
        sample = game.resample(0, random.Random(4))
        assert sample.view(0) == game.view(0)
        assert set(sample.legal_actions(0)) == set(game.legal_actions(0))
        assert unseen(sample) == unseen(game)
        assert sample.state.seed != game.state.seed


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_resample_ignores_everything_the_player_cannot_see(mode):
    rng = random.Random(6)
    assert solo_hooks.twins_resample_alike(positions(22, mode), lambda g: twin(g, rng)) > 5


def test_a_drawn_event_waiting_to_enter_is_drawn_again_among_the_unseen_events():
    """[D] While a story event waits for a choice of target, the card drawn this turn is known
    only to be an event (none joined the hand); a sample draws it again among the events."""
    game = Gondolin.new(1, seed=1)
    game.state.deck = sorted(game.state.deck)
    events = [c for c in game.state.deck if not CATALOGUE.card(c).goes_to_hand]
    assert events
    game.state.drawn_event = events[0]
    game.state.deck.remove(events[0])
    drawn = {game.resample(0, random.Random(k)).state.drawn_event for k in range(40)}
    assert drawn <= set(events) and len(drawn) > 1


def test_the_playout_policy_plays_legal_moves_and_beats_random_play():
    survived = solo_hooks.wins(Gondolin, 60, policy=True)
    assert survived > 2 * solo_hooks.wins(Gondolin, 60, policy=False) + 10


def test_the_hint_is_the_same_for_games_that_differ_only_in_the_deck_order():
    rng = random.Random(9)
    games = [g for g in positions(23, every=3) if len(g.legal_actions(0)) > 1][:3]
    assert games
    for game in games:
        other = twin(game, rng)
        assert other.to_json() != game.to_json()
        solo_hooks.same_hint(game, other, 17)
