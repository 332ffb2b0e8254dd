"""Properties: random play with every method and expansion ends, replays and refuses forgeries."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import IllegalAction
from engines.galdors_grip import GAME
from engines.galdors_grip.actions import Done, Move, Pick, Place, Resolve, Rotate, StartFace
from engines.galdors_grip.cards import CARDS

MAX_ACTIONS = 2_000

option_sets = st.fixed_dictionaries(
    {
        "method": st.sampled_from("abc"),
        "expansions": st.sampled_from([None, [], ["knowtorious"], ["knowmadic"]]),
        "look": st.booleans(),
        "threshold": st.integers(0, 15),
        "allstar": st.booleans(),
    }
).filter(lambda o: not (o["method"] == "b" and o["expansions"] == []))


def _play(seed: int, options: dict, rng: random.Random):
    game = GAME.new(1, seed=seed, options=options)
    codes = []
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        action = rng.choice(game.legal_actions(0))
        codes.append(GAME.encode(action))
        game.apply(0, action)
    return game, codes


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(10_000_000, 99_999_999), options=option_sets, walk=st.integers(0, 999))
def test_random_play_always_ends_and_replays_exactly(seed, options, walk):
    game, codes = _play(seed, options, random.Random(walk))
    assert game.is_over and game.result is not None
    assert game.to_act() == [] and game.legal_actions(0) == []
    replay = GAME.new(1, seed=seed, options=options)
    for code in codes:
        replay.apply(0, GAME.decode(code))
    assert replay.to_json() == game.to_json()
    assert GAME.from_json(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize("method", ["a", "b", "c"])
def test_swapping_in_each_expansion_card_plays_to_the_end(method):
    for i, card_id in enumerate(c for c in CARDS if CARDS[c].set != "core"):
        options = {"method": "a", "swap_out": ["wardens_oath"], "swap_in": [card_id]}
        if method != "a":
            options = {"method": method, "expansions": [CARDS[card_id].set]}
        game, _ = _play(1000 + i, options, random.Random(i))
        assert game.is_over


def _forgeries(game) -> list:
    ids = [cs.id for cs in game.state.deck] + ["nothing"]
    forged = [Done()]
    for card_id in ids:
        forged += [Rotate(card=card_id), Pick(card=card_id), Resolve(card=card_id, index=0)]
        forged += [StartFace(card=card_id, face=f) for f in (0, 1)]
    for count in range(1, 7):
        forged += [
            Move(count=count, source=s, wild=w)
            for s in ("top", "next", "third")
            for w in (False, True)
        ]
        forged.append(Place(position=count))
    return [a for a in forged if a not in game.legal_actions(0)]


def test_forged_actions_are_refused_and_change_nothing():
    rng = random.Random(1)
    for seed in range(4):
        options = {
            "method": "a",
            "swap_out": ["wardens_oath", "ember_reverie"],
            "swap_in": ["wanderers_fork", "last_light"],
        }
        game = GAME.new(1, seed=seed, options=options)
        for _ in range(40):
            if game.is_over:
                break
            before = game.to_json()
            for action in _forgeries(game):
                with pytest.raises(IllegalAction):
                    game.apply(0, action)
            with pytest.raises(IllegalAction):
                game.apply(1, game.legal_actions(0)[0])
            assert game.to_json() == before
            game.apply(0, rng.choice(game.legal_actions(0)))


@pytest.mark.parametrize(
    "code",
    ["move.7.top.0", "move.3.under.0", "place.0", "rotate.Bad-id", "face.x.2", "pick", "done.1"],
)
def test_malformed_codes_are_refused(code):
    with pytest.raises(IllegalAction):
        GAME.decode(code)
