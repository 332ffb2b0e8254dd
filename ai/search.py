"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS) over the engine contract.

Each iteration samples a full game consistent with what the searching seat knows
(``Game.resample``), walks one shared tree of that seat's own decisions (UCB with availability
counts, since a move may be legal in some samples only), expands one node, plays on for a few
moves with the game's playout policy and scores the end position with ``Game.evaluate``. The
other seats are part of the environment: they move by the playout policy, so simultaneous
choices stay independent. The tree is keyed by encoded actions, so it never holds game state.
Deterministic: every random draw comes from one generator seeded by the caller.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from ai.levels import Level
from engines.base import Action, Game


@dataclass
class Node:
    """Statistics of one of the searching seat's decisions (reached by the codes above it)."""

    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[str, Node] = field(default_factory=dict)

    def mean(self) -> float:
        """Average value for the searching seat, 0..1."""
        return self.total / self.visits if self.visits else 0.0


@dataclass(frozen=True)
class MoveStats:
    """One root move: how often it was tried and its average value (0..1)."""

    action: Action
    visits: int
    value: float


@dataclass(frozen=True)
class SearchResult:
    """The chosen move and the statistics of every root move, most visited first."""

    action: Action
    moves: list[MoveStats]
    iterations: int


def search(game: Game, seat: int, lvl: Level, seed: int) -> SearchResult:
    """Search ``lvl.iterations`` determinizations and pick the most visited move for ``seat``."""
    if game.is_over:
        raise ValueError("The game is over: there is no move to choose.")
    legal = game.legal_actions(seat)
    if not legal:
        raise ValueError(f"Seat {seat} has no move now.")
    encode = type(game).encode
    by_code = {encode(a): a for a in legal}
    if len(legal) == 1:
        return SearchResult(legal[0], [MoveStats(legal[0], 0, 0.5)], 0)
    rng = random.Random(seed)
    root = Node()
    for _ in range(lvl.iterations):
        _iterate(game.resample(seat, rng), seat, root, lvl, rng)
    order = {code: i for i, code in enumerate(by_code)}
    ranked = sorted(
        (code for code in root.children if code in by_code),
        key=lambda c: (-root.children[c].visits, -root.children[c].mean(), order[c]),
    )
    moves = [
        MoveStats(by_code[c], root.children[c].visits, root.children[c].mean()) for c in ranked
    ]
    return SearchResult(moves[0].action, moves, lvl.iterations)


def _iterate(sample: Game, seat: int, root: Node, lvl: Level, rng: random.Random) -> None:
    """One descent through the tree and one playout on ``sample`` (which it consumes)."""
    path = [root]
    node = root
    in_tree = True
    left = lvl.horizon
    while not sample.is_over and left > 0:
        actor = next((s for s in sample.to_act() if s != seat), seat)
        if actor == seat and in_tree:
            action, node, in_tree = _select(
                type(sample), sample.legal_actions(seat), node, lvl, rng
            )
            path.append(node)
        else:
            if lvl.smart_playouts:
                action = sample.rollout_action(actor, rng)
            else:
                action = rng.choice(sample.legal_actions(actor))
            left -= not in_tree
        sample.apply_unchecked(actor, action)
    value = sample.evaluate(seat)
    for visited in path:
        visited.visits += 1
        visited.total += value


def _select(
    cls: type[Game], legal: list[Action], node: Node, lvl: Level, rng: random.Random
) -> tuple[Action, Node, bool]:
    """UCB over the moves legal in this sample, or expand an untried one.

    Returns the move, its node and whether the walk stays in the tree (False once expanded).
    """
    codes = [cls.encode(a) for a in legal]
    for code in codes:
        if code in node.children:
            node.children[code].available += 1
    untried = [i for i, code in enumerate(codes) if code not in node.children]
    if untried:
        i = rng.choice(untried)
        child = node.children[codes[i]] = Node(available=1)
        return legal[i], child, False

    def ucb(i: int) -> float:
        child = node.children[codes[i]]
        return child.mean() + lvl.exploration * math.sqrt(math.log(child.available) / child.visits)

    best = max(range(len(codes)), key=ucb)
    return legal[best], node.children[codes[best]], True
