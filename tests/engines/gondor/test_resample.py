"""Gondor's hooks for computer players: resample, the playout policy and the estimate."""

import random
from functools import cache

import pytest

from engines.gondor import Gondor
from engines.gondor.data import MAP
from engines.gondor.removal import destroy
from engines.gondor.siege.actions import HoldOil, PickUpOil, PourOil
from engines.gondor.state import Pending
from engines.gondor.victory import FORCES

SAURON, WESTERNESSE = 0, 1
TOWER = "1816"  # a Tower hex: higher than every neighbour (15.14), so oil pours from it


def policy_game(seed: int, turn: int) -> Gondor:
    """A game played by the playout policy until ``turn`` begins; every move is checked legal."""
    rng = random.Random(seed)
    game = Gondor.new(2, seed=seed)
    while game.state.turn < turn and not game.is_over:
        seat = game.to_act()[0]
        action = game.rollout_action(seat, rng)
        assert action in game.legal_actions(seat), action
        game.apply_unchecked(seat, action)  # ``apply`` would also copy the state first
    return game


@cache
def whole_policy_game(seed: int) -> Gondor:
    """``policy_game`` to the end, played once for the tests that read it (none changes it)."""
    return policy_game(seed, 99)


def cauldrons(game: Gondor) -> list[int]:
    return [i for i, c in enumerate(game.state.counters) if c.is_cauldron]


def oily(seed: int = 5) -> Gondor:
    """A game on turn 3 where oil has been picked up from three cauldrons (through the rules),
    one carrier poured its (real) oil and one cauldron is destroyed."""
    game = policy_game(seed, 3)
    pots = cauldrons(game)
    real = [i for i in pots if not game.state.counters[i].dummy]
    dummy = [i for i in pots if game.state.counters[i].dummy]
    units = [
        i
        for i, c in enumerate(game.state.counters)
        if c.side == "westernesse" and c.kind == "unit" and c.hex is not None
    ]
    for unit, pot in zip(units, [real[0], dummy[0], real[1]], strict=False):
        s = game.state  # ``apply`` works on a copy of the state
        s.counters[unit].hex = s.counters[pot].hex
        data = {"units": [unit], "cauldron": pot}
        s.pending = Pending(side="westernesse", kind="oil-pickup", data=data)
        s.step += 1  # the choices are cached per step
        game.apply(WESTERNESSE, PickUpOil(counter=unit))
    s = game.state
    pourer = units[2]
    s.counters[pourer].hex = TOWER
    below = next(n for n in MAP.neighbours[TOWER] if not any(c.hex == n for c in s.counters))
    orc = next(i for i, c in enumerate(s.counters) if c.side == "sauron" and c.kind == "unit")
    s.counters[orc].hex = below
    s.pending = Pending(side="westernesse", kind="oil")
    s.step += 1
    game.apply(WESTERNESSE, PourOil(counter=pourer, hex=below))
    if game.state.pending is not None:
        game.apply(WESTERNESSE, HoldOil())
    destroy(game.state, dummy[1])
    game.state.log.append("A fireball destroys a cauldron: a dummy.")
    return game


def twin(game: Gondor, rng: random.Random) -> Gondor:
    """The same game except what Sauron cannot see: the placed cauldrons' truths (destroyed
    ones too) shuffled among themselves, every carried oil's truth flipped, other dice."""
    other = game.copy()
    s = other.state
    placed = [i for i in cauldrons(other) if s.counters[i].dummy is not None]
    truths = [s.counters[i].dummy for i in placed]
    while len(set(truths)) > 1 and truths == [s.counters[i].dummy for i in placed]:
        rng.shuffle(truths)
    for i, dummy in zip(placed, truths, strict=True):
        s.counters[i].dummy = dummy
        s.counters[i].type = "dummy-cauldron" if dummy else "cauldron"
    for c in s.counters:
        if c.carries_oil:
            c.dummy = not c.dummy
    s.seed = rng.randrange(10**6)
    return other


def truths(game: Gondor) -> list[bool | None]:
    return [game.state.counters[i].dummy for i in cauldrons(game)]


def test_16_71_sauron_samples_draw_destroyed_cauldrons_and_carried_oil_again():
    """16.71-16.74: neither a destroyed cauldron nor a pour tells Sauron which cauldron is
    real, and he never saw where oil was picked up: his samples draw all of it again."""
    game = oily()
    gone = [i for i in cauldrons(game) if game.state.counters[i].hex is None]
    carriers = [i for i, c in enumerate(game.state.counters) if c.carries_oil]
    assert len(gone) == 1 and len(carriers) == 2
    samples = [game.resample(SAURON, random.Random(k)) for k in range(20)]
    assert {s.state.counters[gone[0]].dummy for s in samples} == {True, False}
    for i in carriers:
        assert {s.state.counters[i].dummy for s in samples} == {True, False}


@pytest.mark.parametrize("seed", [5, 6])
def test_a_sauron_sample_looks_the_same_and_holds_three_real_and_three_dummies(seed):
    game = oily(seed)
    for k in range(12):
        sample = game.resample(SAURON, random.Random(k))
        assert sample.view(SAURON) == game.view(SAURON)
        assert sample.view(None) == game.view(None)
        assert sorted(truths(sample)) == [False] * 3 + [True] * 3
        s = sample.state
        for i in cauldrons(game):
            assert s.counters[i].type == ("dummy-cauldron" if s.counters[i].dummy else "cauldron")
        assert all(c.dummy in (True, False) for c in s.counters if c.carries_oil)
        legal = {Gondor.encode(a) for a in sample.legal_actions(SAURON)}
        assert legal == {Gondor.encode(a) for a in game.legal_actions(SAURON)}


def test_sauron_samples_draw_the_truths_and_the_dice_again():
    game = oily()
    samples = [game.resample(SAURON, random.Random(k)) for k in range(20)]
    assert len({tuple(truths(s)) for s in samples}) > 2
    assert len({s.state.seed for s in samples}) == 20
    assert all(s.state.seed != game.state.seed for s in samples)


@pytest.mark.parametrize("seed", [5, 7])
def test_twins_that_differ_only_in_what_sauron_cannot_see_give_the_same_sample(seed):
    game = oily(seed)
    rng = random.Random(seed)
    for k in range(5):
        other = twin(game, rng)
        assert other.view(SAURON) == game.view(SAURON)
        assert truths(other) != truths(game) and other.state.seed != game.state.seed
        a = game.resample(SAURON, random.Random(k)).to_json()
        assert a == other.resample(SAURON, random.Random(k)).to_json()


def test_westernesse_knows_the_truth_so_its_sample_changes_only_the_dice():
    game = oily()
    sample = game.resample(WESTERNESSE, random.Random(3))
    assert sample.view(WESTERNESSE) == game.view(WESTERNESSE)
    assert sample.state.seed != game.state.seed
    sample.state.seed = game.state.seed
    assert sample.to_json() == game.to_json()


def test_evaluate_tracks_demoralization_and_is_the_result_once_over():
    game = policy_game(8, 3)
    base = game.evaluate(SAURON)
    assert 0 < base < 1 and game.evaluate(WESTERNESSE) == pytest.approx(1 - base)
    worse = game.copy()
    worse.state.totals["garrison"] += 12  # two garrison units lost
    assert worse.evaluate(SAURON) > base
    broken = game.copy()
    broken.state.totals["sauron"] = int(FORCES["sauron"]["level"])  # type: ignore[call-overload]
    assert broken.evaluate(SAURON) < base
    finished = whole_policy_game(100)
    assert finished.is_over and finished.result is not None
    won = finished.result.winners == [SAURON]
    assert finished.evaluate(SAURON) == (1.0 if won else 0.0)


@pytest.mark.parametrize("seed", range(2))
def test_policy_games_end_with_legal_moves_only(seed):
    """Random-play property: every policy move is legal and the game ends after turn 16 (more
    seeds: the computer's games in ``bench.computer_games``)."""
    game = whole_policy_game(100 + seed)
    assert game.is_over and game.state.turn == 16
