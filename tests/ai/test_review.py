"""The computer's review of a game (ai/review.py): chances, chunks, and what may be named."""

from __future__ import annotations

import random

import engines
from ai.review import is_public, review_chunk
from bench.review import policy_game
from engines.knightfall.actions import Place

SIMS = 2


def knightfall_log() -> list[tuple[int, str]]:
    return policy_game("knightfall", 7000)


def test_a_review_cut_in_chunks_judges_every_choice_as_one_call_does():
    moves = knightfall_log()[:60]
    whole = review_chunk("knightfall", 2, 7000, {}, None, moves, 0, SIMS, frozenset({0}), 0.0)
    state, parts = None, []
    for start in range(0, len(moves), 17):
        chunk = review_chunk(
            "knightfall", 2, 7000, {}, state, moves[start : start + 17], start, SIMS,
            frozenset({0}), 0.0,
        )  # fmt: skip
        state, parts = chunk.state_json, parts + chunk.judged
    assert [(j.move, j.before, j.after) for j in parts] == [
        (j.move, j.before, j.after) for j in whole.judged
    ]
    assert state == whole.state_json and whole.final is None
    assert whole.judged, "a Knightfall game has choices"
    for j in whole.judged:
        assert 0.0 <= j.after <= j.before <= 1.0  # the computer's move is never worse
        assert (j.played == j.best) == (j.before == j.after)


def test_a_whole_game_ends_on_its_result():
    moves = knightfall_log()
    chunk = review_chunk("knightfall", 2, 7000, {}, None, moves, 0, SIMS, frozenset(), 0.0)
    game = engines.get_game("knightfall").from_json(chunk.state_json)
    assert game.is_over
    assert chunk.final == [game.evaluate(0), game.evaluate(1)]
    assert all(j.named is None for j in chunk.judged), "no reviewed seat: nothing to name"


def test_a_hidden_card_or_a_secret_choice_is_never_named_a_public_move_is():
    cls = engines.get_game("knightfall")
    game = cls.new(2, seed=7000)
    rng = random.Random(1)
    checked = {"hidden card": 0, "secret choice": 0, "public": 0}
    for seat, code in knightfall_log():
        action = cls.decode(code)
        legal = game.legal_actions(seat)
        if isinstance(action, Place):  # a drawn card: the opponent did not see it
            assert not is_public(game, seat, action, 2, rng, played=True)
            checked["hidden card"] += 1
        elif action.kind in ("attack", "defend") and len(game.to_act()) == 2:
            # the first coin chosen stays secret until the other is (the second shows both)
            assert not is_public(game, seat, action, 2, rng, played=True)
            assert is_public(game, seat, action, 2, rng, played=False)  # both always possible
            checked["secret choice"] += 1
        elif action.kind == "pass" and len(legal) > 1:
            checked["public"] += is_public(game, seat, action, 2, rng, played=True)
        game.apply(seat, action)
        if min(checked.values()) >= 2:
            break
    assert min(checked.values()) >= 2, checked


def test_every_move_of_a_solo_game_may_be_named():
    cls = engines.get_game("gondolin")
    game = cls.new(1, seed=5)
    action = game.legal_actions(0)[0]
    assert is_public(game, 0, action, 1, random.Random(0), played=True)
