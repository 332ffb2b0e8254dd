"""Properties over random play: every story ends, replays, hides what it must, refuses forgeries."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import IllegalAction
from engines.gondolin.actions import (
    ChooseLocation,
    ChooseTarget,
    DestroyCard,
    EndDefence,
    EndTurn,
    PickCard,
    PlayCard,
    UseCard,
)
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.game import Gondolin

STORIES = sorted(CATALOGUE.stories)
MAX_STEPS = 2000
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
card_ids = st.sampled_from([*sorted(CATALOGUE.cards), "nope"])
small = st.integers(0, 60)
forged_actions = st.one_of(
    st.builds(PickCard, card=card_ids),
    st.builds(ChooseLocation, card=card_ids),
    st.builds(ChooseTarget, uid=small, card=card_ids),
    st.builds(PlayCard, card=card_ids, cost=small),
    st.builds(UseCard, uid=small, card=card_ids),
    st.builds(DestroyCard, uid=small, card=card_ids),
    st.just(EndDefence()),
    st.builds(EndTurn, turn=small),
)


def eager_choice(legal, rng):
    """A random legal action, preferring to play cards over ending the phase (longer games)."""
    if len(legal) > 1 and rng.random() < 0.8:
        return rng.choice(legal[:-1])
    return rng.choice(legal)


def playout(story, mode, seed, visit=None):
    """Random legal play to the end; returns the game and the encoded actions."""
    rng = random.Random(seed)
    game = Gondolin.new(1, seed=seed, options={"story": story, "mode": mode})
    codes = []
    for _ in range(MAX_STEPS):
        if game.is_over:
            return game, codes
        if visit:
            visit(game)
        action = eager_choice(game.legal_actions(0), rng)
        codes.append(Gondolin.encode(action))
        game.apply(0, action)
    pytest.fail("the game did not end")


@pytest.mark.parametrize("mode", ["easy", "hard"])
@pytest.mark.parametrize("story", STORIES)
@SETTINGS
@given(seed=st.integers(0, 2**31))
def test_random_play_ends_and_replays_deterministically(story, mode, seed):
    game, codes = playout(story, mode, seed)
    assert game.result is not None and game.to_act() == []
    assert game.state.turn <= CATALOGUE.stories[story].turns
    replay = Gondolin.new(1, seed=seed, options={"story": story, "mode": mode})
    for code in codes:
        replay.apply(0, Gondolin.decode(code))
    assert replay.to_json() == game.to_json()
    assert Gondolin.from_json(game.to_json()).to_json() == game.to_json()


def _hidden_checks(game):
    shuffled = Gondolin.from_json(game.to_json())
    shuffled.state.deck.reverse()
    assert shuffled.view(0) == game.view(0) and shuffled.view(None) == game.view(None)
    assert json.loads(json.dumps(game.view(0))) == game.view(0)


@pytest.mark.parametrize("story", STORIES)
@SETTINGS
@given(seed=st.integers(0, 2**31))
def test_views_never_depend_on_deck_order(story, seed):
    playout(story, "hard", seed, visit=_hidden_checks)


@SETTINGS
@given(
    story=st.sampled_from(STORIES),
    seed=st.integers(0, 2**31),
    stop=st.integers(0, 150),
    forged=st.lists(forged_actions, min_size=1, max_size=8),
)
def test_forged_actions_are_refused_and_change_nothing(story, seed, stop, forged):
    rng = random.Random(seed)
    game = Gondolin.new(1, seed=seed, options={"story": story})
    for _ in range(stop):
        if game.is_over:
            break
        game.apply(0, eager_choice(game.legal_actions(0), rng))
    before = game.to_json()
    legal = game.legal_actions(0)
    for action in forged:
        if action in legal:
            continue
        with pytest.raises(IllegalAction):
            game.apply(0, action)
        assert game.to_json() == before
    if not game.is_over:
        with pytest.raises(IllegalAction):
            game.apply(1, legal[0])
    assert game.to_json() == before
