"""Galdor's Grip's hooks for hints: resample what the player cannot see, and the policy."""

import random
from collections import Counter

import pytest

from engines.galdors_grip import GaldorsGrip
from engines.galdors_grip.determinize import hidden_positions
from tests.engines import solo_hooks

OPTIONS = [{}, {"method": "a"}, {"method": "b"}, {"method": "c", "look": False}]


def positions(seed: int, options: dict, every: int = 2):
    """Games along a policy game (every ``every`` decisions), the build step included."""
    return solo_hooks.positions(GaldorsGrip, seed, options, every)


def twin(game: GaldorsGrip, rng: random.Random) -> GaldorsGrip:
    """The same game but for what the player cannot see: the hidden cards change places, and
    a card drawn unseen may be another card that could have been drawn."""
    other = game.copy()
    state = other.state
    hidden = hidden_positions(state)
    ids = [state.deck[i].id for i in hidden]
    rng.shuffle(ids)
    renamed = {state.deck[i].id: card for i, card in zip(hidden, ids, strict=True)}
    for i, card in zip(hidden, ids, strict=True):
        state.deck[i].id = card
    state.moved = [renamed.get(c, c) for c in state.moved]  # the same places moved
    if state.build is not None:
        state.build.drawn = list(reversed(state.build.drawn))
    return other


def deck_ids(game: GaldorsGrip) -> Counter:
    return Counter(cs.id for cs in game.state.deck)


@pytest.mark.parametrize("options", OPTIONS)
def test_a_resample_looks_the_same_to_the_player_and_keeps_the_known_cards(options):
    seen_hidden = 0
    for game in positions(11, options):
        sample = game.resample(0, random.Random(3))
        assert sample.view(0) == game.view(0)
        assert set(sample.legal_actions(0)) == set(game.legal_actions(0))
        assert len(sample.state.deck) == len(game.state.deck)
        if options.get("look", True) is not False:
            assert deck_ids(sample) == deck_ids(game)
        seen_hidden += bool(hidden_positions(game.state))
        assert sample.state.shuffle != game.state.shuffle
    assert seen_hidden > 3


@pytest.mark.parametrize("options", OPTIONS)
def test_resample_ignores_everything_the_player_cannot_see(options):
    rng = random.Random(5)
    assert solo_hooks.twins_resample_alike(positions(12, options), lambda g: twin(g, rng)) > 3


def test_cards_drawn_unseen_are_drawn_again_from_the_cards_they_could_be():
    """[D] "Draw the 6 cards without looking": until they turn up, any card method c could
    have drawn (not a Forked Path card, which is dealt face up) may be one of them."""
    game = next(positions(13, {"method": "c", "look": False}, every=1))
    while game.state.build is not None:
        game.apply(0, game.legal_actions(0)[0])
    truth = set(game.state.blind)
    assert truth
    drawn = set()
    for k in range(30):
        sample = game.resample(0, random.Random(k))
        drawn |= set(sample.state.blind) - truth
        assert sample.view(0) == game.view(0)
    assert drawn


def test_the_playout_policy_plays_legal_moves_and_beats_random_play():
    assert solo_hooks.wins(GaldorsGrip, 150, policy=True) > solo_hooks.wins(
        GaldorsGrip, 150, policy=False
    )


def test_the_hint_is_the_same_for_games_that_differ_only_in_what_the_player_cannot_see():
    rng = random.Random(8)
    games = [g for g in positions(14, {}, every=5) if len(g.legal_actions(0)) > 1][:3]
    assert games
    for game in games:
        other = twin(game, rng)
        assert other.to_json() != game.to_json() or not hidden_positions(game.state)
        solo_hooks.same_hint(game, other, 21)
