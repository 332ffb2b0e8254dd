"""Determinized Monte Carlo search with sequential halving at the root (docs/design/ai.md).

The searching seat does not know the hidden cards, so each sample is a full game consistent
with what it knows (``Game.resample``: a determinization). Every candidate move is tried on
the *same* samples (common random numbers: the same deal and the same playout randomness), so
two moves are compared on equal luck. Sequential halving spends the budget in rounds: all
moves get a few samples, the better half goes on to more, and so on. A simulation applies the
move, plays ``horizon`` further moves (or to the end) with the game's playout policy (every
seat, including simultaneous choices, which the policy makes without looking at the others'
pending choice) and scores the position with ``Game.evaluate``. The averages across samples
are the vote. Deterministic: every random draw comes from generators seeded by the caller.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ai.levels import Level
from engines.base import Action, Game

POLICY_VOTES = 5
"""With a ``policy_margin``, the policy proposes on this many samples; the most proposed wins."""


@dataclass(frozen=True)
class MoveStats:
    """One root move: how many samples tried it and its average value (0..1, 1 = a sure win)."""

    action: Action
    visits: int
    value: float


@dataclass(frozen=True)
class SearchResult:
    """The chosen move, every searched move (best first) and the simulations spent."""

    action: Action
    moves: list[MoveStats]
    simulations: int


class _Samples:
    """Determinizations drawn on demand, each with its own playout seed (shared by all moves)."""

    def __init__(self, game: Game, seat: int, rng: random.Random) -> None:
        self.game, self.seat, self.rng = game, seat, rng
        self.drawn: list[tuple[Game, int]] = []

    def get(self, k: int) -> tuple[Game, int]:
        """The ``k``-th sample and its playout seed."""
        while len(self.drawn) <= k:
            deal = self.game.resample(self.seat, self.rng)
            self.drawn.append((deal, self.rng.randrange(2**32)))
        return self.drawn[k]


def search(game: Game, seat: int, lvl: Level, seed: int) -> SearchResult:
    """Spend ``lvl.simulations`` simulations and return the best-scoring move for ``seat``.

    A choice the game calls routine (``Game.worth_search`` False) gets the policy's move on a
    sample, unsearched. With ``lvl.policy_margin`` the policy's move stays in every halving
    round and is played unless the best move's average beats it by more than the margin.
    A share ``lvl.random_share`` of the choices is a uniformly random legal move, unsearched;
    a level with ``own_moves`` plays the game's own move where it has one (``level_action``).
    """
    legal = _legal(game, seat)
    if len(legal) == 1:
        return SearchResult(legal[0], [MoveStats(legal[0], 0, 0.5)], 0)
    slip = random.Random(seed + 3)
    if lvl.random_share and slip.random() < lvl.random_share:
        move = slip.choice(legal)
        return SearchResult(move, [MoveStats(move, 0, 0.5)], 0)
    samples = _Samples(game, seat, random.Random(seed))
    if lvl.own_moves:  # on the search's first sample: no extra resample where it has none
        own = samples.get(0)[0].level_action(seat, lvl.name, random.Random(seed + 5))
        if own is not None and own in legal:
            return SearchResult(own, [MoveStats(own, 0, 0.5)], 0)
    if not game.worth_search(seat):  # a routine choice: the policy's move on a sample
        routine = samples.get(0)[0].rollout_action(seat, random.Random(seed + 2))
        if routine in legal:
            return SearchResult(routine, [MoveStats(routine, 0, 0.5)], 0)
    default = None
    if lvl.policy_margin is not None:
        default = _policy_move(game, seat, legal, samples, random.Random(seed + 2))
    legal = _candidates(game, seat, legal, lvl, samples, random.Random(seed + 1), default)
    pinned = None if default is None else legal.index(default)
    totals = [0.0] * len(legal)
    counts = [0] * len(legal)
    alive = list(range(len(legal)))
    rounds = max(1, math.ceil(math.log2(len(legal))))
    spent = 0
    for r in range(rounds):
        share = max(1, lvl.simulations // (rounds * len(alive)))
        if r == rounds - 1:
            share = max(share, (lvl.simulations - spent) // len(alive))
        for i in alive:
            for k in range(counts[i], counts[i] + share):
                totals[i] += simulate(samples.get(k), seat, legal[i], lvl)
            counts[i] += share
            spent += share
        alive.sort(key=lambda i: (-totals[i] / counts[i], i))
        alive = alive[: max(1, math.ceil(len(alive) / 2))]
        if pinned is not None and pinned not in alive:
            alive.append(pinned)
    ranked = sorted(range(len(legal)), key=lambda i: (-counts[i], -totals[i] / counts[i], i))
    moves = [MoveStats(legal[i], counts[i], totals[i] / counts[i]) for i in ranked]
    best = alive[0]
    if pinned is not None and lvl.policy_margin is not None:
        gain = (totals[best] - totals[pinned]) / counts[best]
        best = best if gain > lvl.policy_margin else pinned
    return SearchResult(legal[best], moves, spent)


def compare_all(game: Game, seat: int, lvl: Level, seed: int, min_samples: int) -> SearchResult:
    """Every legal move on the same samples, no halving: comparable values, best first.

    ``lvl.simulations`` is shared among the moves, at least ``min_samples`` each. Unlike
    :func:`search`, no move is dropped early, so the best move has the highest value (hints).
    """
    legal = _legal(game, seat)
    samples = _Samples(game, seat, random.Random(seed))
    per_move = max(min_samples, lvl.simulations // len(legal))
    values = [
        sum(simulate(samples.get(k), seat, action, lvl) for k in range(per_move)) / per_move
        for action in legal
    ]
    order = sorted(range(len(legal)), key=lambda i: (-values[i], i))
    moves = [MoveStats(legal[i], per_move, values[i]) for i in order]
    return SearchResult(moves[0].action, moves, per_move * len(legal))


def values_on_samples(
    game: Game, seat: int, actions: list[Action], lvl: Level, seed: int, samples: int
) -> list[float]:
    """Each action's average value for ``seat`` on the same ``samples`` determinizations."""
    drawn = _Samples(game, seat, random.Random(seed))
    return [
        sum(simulate(drawn.get(k), seat, action, lvl) for k in range(samples)) / samples
        for action in actions
    ]


def searchable(game: Game) -> bool:
    """Whether the game samples what a seat cannot see (its own ``Game.resample``).

    Searching a game that keeps the default ``resample`` (a plain copy) would read its hidden
    truth, so such games get their playout policy instead, at every level, until they have one.
    """
    return type(game).resample is not Game.resample


def _legal(game: Game, seat: int) -> list[Action]:
    """The seat's moves; ValueError for a finished game or a seat with no move now."""
    if game.is_over:
        raise ValueError("The game is over: there is no move to choose.")
    legal = game.legal_actions(seat)
    if not legal:
        raise ValueError(f"Seat {seat} has no move now.")
    return legal


def _policy_move(
    game: Game, seat: int, legal: list[Action], samples: _Samples, rng: random.Random
) -> Action:
    """The move the policy proposes most often on the first samples (ties: the first legal).

    Proposed on the samples, never on the real game, so it reads nothing hidden.
    """
    encode = type(game).encode
    index = {encode(action): i for i, action in enumerate(legal)}
    votes = [0] * len(legal)
    for k in range(POLICY_VOTES):
        proposal = index.get(encode(samples.get(k)[0].rollout_action(seat, rng)))
        if proposal is not None:
            votes[proposal] += 1
    return legal[max(range(len(legal)), key=lambda i: (votes[i], -i))]


def _candidates(
    game: Game,
    seat: int,
    legal: list[Action],
    lvl: Level,
    samples: _Samples,
    rng: random.Random,
    keep: Action | None = None,
) -> list[Action]:
    """At most ``lvl.candidates`` root moves: ``keep``, the policy's proposals, random others.

    The policy proposes on the samples (never on the real game, so it reads nothing hidden);
    the moves keep their order in ``legal``.
    """
    limit = lvl.candidates
    if limit is None or len(legal) <= limit:
        return legal
    encode = type(game).encode
    index = {encode(action): i for i, action in enumerate(legal)}
    chosen: set[int] = set() if keep is None else {legal.index(keep)}
    for k in range(2 * limit):
        if len(chosen) >= (limit + 1) // 2:
            break
        proposal = index.get(encode(samples.get(k)[0].rollout_action(seat, rng)))
        if proposal is not None:
            chosen.add(proposal)
    others = [i for i in range(len(legal)) if i not in chosen]
    rng.shuffle(others)
    chosen.update(others[: limit - len(chosen)])
    return [legal[i] for i in sorted(chosen)]


def simulate(sample: tuple[Game, int], seat: int, action: Action, lvl: Level) -> float:
    """Play ``action`` on a copy of the sample, then ``lvl.horizon`` moves; the value for seat."""
    deal, playout_seed = sample
    game = deal.copy()
    rng = random.Random(playout_seed)
    game.apply_unchecked(seat, action)
    moves = 0
    while not game.is_over and (lvl.horizon is None or moves < lvl.horizon):
        moves += 1
        actors = game.to_act()
        if not actors:  # a sample stuck without a seat to act: score it as it stands
            break
        actor = actors[0]
        if lvl.smart_playouts:
            game.apply_unchecked(actor, game.rollout_action(actor, rng))
        else:
            game.apply_unchecked(actor, rng.choice(game.legal_actions(actor)))
    return game.evaluate(seat)
