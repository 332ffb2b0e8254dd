"""Shared checks of the solo games' hint hooks: resample, the playout policy and the hint."""

import random
from collections.abc import Callable, Iterator

import ai
from engines.base import Game


def positions(cls: type[Game], seed: int, options: dict, every: int = 2) -> Iterator[Game]:
    """Copies of a policy game's positions, every ``every`` decisions."""
    rng = random.Random(seed)
    game = cls.new(1, seed=seed, options=options)
    step = 0
    while not game.is_over:
        if step % every == 0:
            yield game.copy()
        game.apply(0, game.rollout_action(0, rng))
        step += 1


def wins(cls: type[Game], games: int, policy: bool) -> int:
    """Whole games won by the playout policy (or by random play); every move must be legal."""
    won = 0
    for seed in range(games):
        rng = random.Random(seed)
        game = cls.new(1, seed=seed)
        while not game.is_over:
            legal = game.legal_actions(0)
            action = game.rollout_action(0, rng) if policy else rng.choice(legal)
            assert action in legal
            game.apply(0, action)
        won += game.result.winners == [0]
    return won


def twins_resample_alike(games: Iterator[Game], twin: Callable[[Game], Game]) -> int:
    """Each game and its twin look the same and resample the same; how many twins differed."""
    differed = 0
    for game in games:
        other = twin(game)
        assert other.view(0) == game.view(0)
        differed += other.to_json() != game.to_json()
        assert game.resample(0, random.Random(7)) == other.resample(0, random.Random(7))
    return differed


def same_hint(game: Game, other: Game, seed: int) -> None:
    """The hint for ``game`` and for its twin: the same moves with the same values."""
    a, b = ai.hint(game, 0, seed), ai.hint(other, 0, seed)
    assert [(m.action, m.value) for m in a.moves] == [(m.action, m.value) for m in b.moves]
