"""The computer player: deterministic, legal, within budget, and blind to hidden state."""

import math
import random
from dataclasses import replace
from typing import ClassVar

import pytest

import ai
from ai.levels import LEVELS, get_level
from ai.search import search
from engines.base import Game
from engines.gondolin import Gondolin
from engines.knightfall import Knightfall
from tests.engines.knightfall.test_resample import pending_choice, positions, twin


def first_position(seed: int, stage: str, wide: int = 2) -> tuple[Knightfall, int]:
    """The first position of a policy game in ``stage`` where the seat has ``wide``+ moves."""
    return next(
        (g, s)
        for g, s in positions(seed, every=1)
        if g.state.stage == stage and len(g.legal_actions(s)) >= wide
    )


def attack_or_defend(seed: int) -> tuple[Knightfall, int]:
    """The first coin of a policy game (from ``seed`` on) that is just Attack or Defend."""
    return next(
        (g, s)
        for n in range(seed, seed + 20)
        for g, s in positions(n, every=1)
        if g.state.stage == "coins" and len(g.legal_actions(s)) == 2
    )


class Counting(Knightfall):
    """Knightfall that counts the moves a search simulates."""

    applied = 0

    def apply_unchecked(self, seat, action):
        Counting.applied += 1
        return super().apply_unchecked(seat, action)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_same_inputs_same_move(level):
    game, seat = first_position(1, "draw", wide=10)
    moves = {Knightfall.encode(ai.choose(game.copy(), seat, level, seed=5)) for _ in range(3)}
    assert len(moves) == 1


def test_a_whole_game_of_legal_moves_at_the_easy_level():
    game = Knightfall.new(2, seed=11)
    step = 0
    while not game.is_over:
        seat = game.to_act()[-1]
        action = ai.choose(game, seat, "easy", seed=step)
        assert action in game.legal_actions(seat)
        game.apply(seat, action)
        step += 1
    assert game.result is not None


@pytest.mark.parametrize("stage", ["muster", "draw", "coins", "powers"])
def test_hard_moves_are_legal_in_every_stage(stage):
    game, seat = first_position(2, stage)
    assert ai.choose(game, seat, "hard", seed=1) in game.legal_actions(seat)


def test_the_budget_is_spent_exactly_on_a_narrow_choice():
    game, seat = attack_or_defend(3)
    lvl = LEVELS["hard"]
    thought = ai.think(game, seat, "hard", seed=2)
    assert thought.simulations == lvl.simulations
    assert sum(m.visits for m in thought.moves) == lvl.simulations
    finalists = [m for m in thought.moves if m.visits == thought.moves[0].visits]
    assert thought.action == max(finalists, key=lambda m: m.value).action
    assert all(0.0 <= m.value <= 1.0 for m in thought.moves)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_simulations_and_playout_length_stay_within_the_level(level):
    game, seat = first_position(4, "draw", wide=20)
    lvl = LEVELS[level]
    counting = Counting(game.state.model_copy(deep=True))
    Counting.applied = 0
    thought = ai.think(counting, seat, level, seed=3)
    legal = len(game.legal_actions(seat))
    # Every move gets at least one simulation in each of the ceil(log2(moves)) halving rounds.
    assert thought.simulations <= max(lvl.simulations, legal * math.ceil(math.log2(legal)))
    samples = thought.simulations  # at most one resample (and one re-made choice) each
    assert Counting.applied <= thought.simulations * (1 + lvl.horizon) + samples


def test_a_forced_move_is_played_without_search():
    game, seat = next((g, s) for g, s in positions(5, every=1) if len(g.legal_actions(s)) == 1)
    thought = ai.think(game, seat, "hard", seed=0)
    assert thought.simulations == 0
    assert thought.action == game.legal_actions(seat)[0]


def test_a_finished_game_an_idle_seat_and_an_unknown_level_raise():
    game, seat = first_position(6, "coins")
    with pytest.raises(ValueError, match="unknown level"):
        ai.choose(game, seat, "grandmaster", seed=0)
    finished = game.copy()
    while not finished.is_over:
        actor = finished.to_act()[0]
        finished.apply(actor, finished.rollout_action(actor, random.Random(0)))
    with pytest.raises(ValueError, match="over"):
        ai.choose(finished, 0, "easy", seed=0)
    game, seat = next((g, s) for g, s in positions(6, every=1) if len(g.to_act()) == 1)
    with pytest.raises(ValueError, match="no move"):
        ai.choose(game, 1 - seat, "easy", seed=0)


@pytest.mark.parametrize("seed", [21, 22])
def test_the_computer_never_reads_what_it_cannot_see(seed):
    """Two games differing only in what the seat cannot see (the opponent's STRONG cards and
    hand swapped with unseen deck cards, the deck order, the opponent's secret choice) give the
    same move at every level."""
    rng = random.Random(seed)
    checked = pending = 0
    for game, seat in positions(seed, every=7):
        if len(game.legal_actions(seat)) < 2:
            continue
        other = twin(game, seat, rng)
        assert other.view(seat) == game.view(seat)
        pending += pending_choice(game, 1 - seat)
        levels = ["easy", "normal", "hard"] if checked < 2 else ["easy"]
        for level in levels:
            mine = ai.choose(game, seat, level, seed=checked)
            assert ai.choose(other, seat, level, seed=checked) == mine
        checked += 1
    assert checked >= 8
    assert pending >= 1


class WithoutResample(Gondolin):
    """A game that hides its deck order but keeps the default ``resample`` (a plain copy)."""

    resample = Game.resample


def test_a_game_without_its_own_resample_is_never_searched(monkeypatch):
    """Searching a plain copy would read hidden truth (the deck order): the policy plays."""
    assert ai.searchable(Gondolin.new(1, seed=3))
    game = WithoutResample(Gondolin.new(1, seed=3).state)
    assert not ai.searchable(game)
    monkeypatch.setattr(ai, "think", lambda *a: pytest.fail("searched a plain copy"))
    move = ai.choose(game, 0, "hard", seed=9)
    assert move == game.rollout_action(0, random.Random(9)) and move in game.legal_actions(0)


def test_a_level_with_few_candidates_searches_the_policy_moves_and_a_few_others():
    """A wide choice is cut to ``candidates`` root moves; the policy's proposals are among them."""
    game, seat = first_position(4, "draw", wide=20)
    narrow = replace(LEVELS["normal"], candidates=6)
    thought = search(game, seat, narrow, seed=3)
    searched = [m.action for m in thought.moves]
    assert len(searched) == 6 and len(set(searched)) == 6
    assert set(searched) <= set(game.legal_actions(seat))
    proposals = {
        game.resample(seat, random.Random(k)).rollout_action(seat, random.Random(k))
        for k in range(20)
    }
    assert proposals & set(searched)
    assert search(game, seat, narrow, seed=3) == thought


def test_a_playout_without_horizon_ends_the_game():
    game, seat = attack_or_defend(4)
    to_the_end = replace(LEVELS["easy"], horizon=None, simulations=4)
    assert all(m.value in (0.0, 0.5, 1.0) for m in search(game, seat, to_the_end, 1).moves)


def test_easy_plays_a_share_of_its_choices_at_random_and_the_other_levels_none():
    """A beginner beats easy by its slips: some choices are a random legal move, unsearched,
    spread over the moves; normal and hard never slip."""
    game, seat = first_position(1, "draw", wide=10)
    easy = get_level("easy", "knightfall")
    results = [search(game, seat, easy, seed) for seed in range(40)]
    slips = [r.action for r in results if r.simulations == 0]
    assert abs(len(slips) / len(results) - easy.random_share) <= 0.2
    assert len({Knightfall.encode(a) for a in slips}) >= 4
    assert all(a in game.legal_actions(seat) for a in slips)
    assert get_level("easy", "guardians").random_share > easy.random_share
    for game_id in ("knightfall", "guardians", "gondor"):
        assert get_level("normal", game_id).random_share == 0
        assert get_level("hard", game_id).random_share == 0


class OwnMoves(Knightfall):
    """Knightfall with a level of its own: the last legal move, asked on a resample only."""

    asked: ClassVar[list[bool]] = []
    real: ClassVar[Knightfall | None] = None

    def level_action(self, seat, level, rng):
        OwnMoves.asked.append(self is OwnMoves.real)
        return self.legal_actions(seat)[-1] if level == "mine" else None


def test_a_level_with_own_moves_plays_the_game_s_own_move_read_from_a_resample():
    game, seat = first_position(1, "draw", wide=10)
    own = OwnMoves(game.state)
    OwnMoves.real, OwnMoves.asked = own, []
    mine = replace(LEVELS["normal"], name="mine", own_moves=True)
    result = search(own, seat, mine, seed=3)
    assert result.action == own.legal_actions(seat)[-1] and result.simulations == 0
    assert OwnMoves.asked == [False]  # asked once, on a sample of what the seat knows
    other = search(own, seat, replace(mine, name="other"), seed=3)  # None: the search plays
    assert other.simulations > 0
    assert search(own, seat, LEVELS["normal"], seed=3).simulations > 0
    assert OwnMoves.asked == [False, False]  # a level without own_moves never asks
