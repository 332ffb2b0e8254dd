"""The computer's levels: a search budget and a playout policy each (docs/design/ai.md)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace

from engines.plugins import Budget, Budgets, find


@dataclass(frozen=True)
class Level:
    """How hard the computer tries: simulations, playout length, policy and breadth."""

    name: str
    simulations: int
    """Simulations per move (one candidate move on one determinization, then a playout)."""
    horizon: int | None
    """Playout moves (every seat) after the candidate, before ``evaluate``; None: to the end."""
    smart_playouts: bool
    """Playouts use the game's ``rollout_action``; otherwise uniformly random moves."""
    candidates: int | None = None
    """At most this many root moves are searched (the policy's proposals first); None: all."""
    policy_margin: float | None = None
    """The policy's move is played unless another root move beats its value by more than this
    on the same samples; None: the best-scoring move, whatever the policy would play."""
    random_share: float = 0.0
    """The share of its choices (of two or more moves) the level plays uniformly at random, as
    a beginner might: the mistakes that let a newcomer win (docs/design/ai.md, "Levels")."""
    own_moves: bool = False
    """The game plays this level's moves itself where it has its own (``Game.level_action``
    on a resample, unsearched: a beginner's defence); the search plays the others."""


LEVELS: dict[str, Level] = {
    "easy": Level("easy", simulations=24, horizon=4, smart_playouts=False, random_share=0.7),
    "normal": Level("normal", simulations=80, horizon=8, smart_playouts=True),
    "hard": Level("hard", simulations=240, horizon=12, smart_playouts=True),
}
"""The levels a player chooses from, with the budgets of games that keep the defaults (a game
tunes its own in its plugin)."""

HINT = "hint"
"""The budget ``ai.hint`` uses: playouts to the end, so a value is a chance to win."""

REVIEW = Level("review", simulations=24, horizon=8, smart_playouts=True, candidates=6)
"""The budget ``ai.review`` spends on each reviewed move of a game that keeps the defaults."""


def _level(name: str, budget: Budget) -> Level:
    return Level(name, **asdict(budget))


def _budgets(game_id: str | None) -> Budgets:
    """The game's budgets as its plugin declares them (an unknown game: the defaults).

    A plugin holds them as plain data (``engines.plugins.Budgets``): tuned levels for games
    whose simulations cost more (a move stays under 1 s at p95), the solo games' hint budgets
    (``simulations`` shared among the legal moves, a hint under 2 s at p95, docs/design/ai.md,
    "Hints"), review budgets that keep a whole game's review within a minute on two cores
    (bench/review.py; the solo games play to the end: a chance to reach the goal), and coach
    budgets within ~300 ms of CPU (``python -m bench.suggest``, docs/design/ai.md, "The coach").
    """
    found = find(game_id) if game_id else None
    return found.budgets if found else Budgets()


def hint_level(game_id: str) -> Level | None:
    """The budget ``ai.hint`` spends for ``game_id``; None: the game has no hints."""
    budget = _budgets(game_id).hint
    return _level(HINT, budget) if budget else None


def review_level(game_id: str, simulations: int | None = None) -> Level:
    """The review's budget for ``game_id``; ``simulations`` overrides its count (tests)."""
    budget = _budgets(game_id).review
    lvl = _level("review", budget) if budget else REVIEW
    if simulations is None:
        return lvl
    return replace(lvl, simulations=max(2, simulations))


def coach_level(game_id: str) -> Level:
    """The budget ``ai.suggest`` spends for ``game_id``: its own, else its ``normal`` level."""
    budget = _budgets(game_id).coach
    return _level("coach", budget) if budget else get_level("normal", game_id)


def get_level(name: str, game_id: str | None = None) -> Level:
    """The level called ``name`` (as tuned for ``game_id``); ValueError naming the choices."""
    tuned = _budgets(game_id).levels.get(name)
    if tuned is not None:
        return _level(name, tuned)
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown level {name!r}; choose one of {', '.join(LEVELS)}") from None
