"""Random legal play never crashes, always ends, and replays byte for byte."""

import random

from engines.guardians import Guardians

MAX_ACTIONS = 3000


def play_random(seed: int, rng: random.Random):
    game = Guardians.new(2, seed=seed)
    codes = []
    while not game.is_over:
        assert len(codes) < MAX_ACTIONS, "a random game did not end"
        seat = rng.choice(game.to_act())
        legal = game.legal_actions(seat)
        assert legal
        action = rng.choice(legal)
        assert Guardians.decode(Guardians.encode(action)) == action
        assert len(action.label()) <= 80
        detail = action.detail()
        assert detail is None or len(detail) <= 100
        codes.append((seat, Guardians.encode(action)))
        game.apply(seat, action)
    return game, codes


def test_random_games_end_and_replay_byte_for_byte():
    lengths = []
    for i in range(8):
        game, codes = play_random(500 + i, random.Random(i))
        lengths.append(len(codes))
        assert game.result is not None and game.result.summary
        replay = Guardians.new(2, seed=500 + i)
        for seat, code in codes:
            replay.apply(seat, Guardians.decode(code))
        assert replay.to_json() == game.to_json()
        assert Guardians.from_json(game.to_json()) == game
    assert max(lengths) < MAX_ACTIONS


def test_cards_are_conserved():
    game = Guardians.new(2, seed=77)
    rng = random.Random(3)
    total = len(game.state.cards)
    while not game.is_over:
        s = game.state
        where = [u for p in s.seats for u in p.deck + p.drawn + p.storage + p.pen + p.discard]
        where += [u for p in s.seats for h in p.holds for u in h.on + h.under]
        where += [h.upgrade for p in s.seats for h in p.holds if h.upgrade]
        where += [u for st in s.stacks for u in [st.shield, *st.cards]]
        where += [land.uid for land in s.lands.values()]
        where += [p.up for p in s.seats if p.up]
        assert sorted(where) == sorted(s.cards) and len(where) == total
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
