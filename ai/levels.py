"""The computer's levels: a search budget and a playout policy each (docs/design/ai.md)."""

from __future__ import annotations

from dataclasses import dataclass, replace


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


LEVELS: dict[str, Level] = {
    "easy": Level("easy", simulations=24, horizon=4, smart_playouts=False, random_share=0.7),
    "normal": Level("normal", simulations=80, horizon=8, smart_playouts=True),
    "hard": Level("hard", simulations=240, horizon=12, smart_playouts=True),
}
"""The levels a player chooses from, with the budgets of games that keep the defaults."""

GONDOR_MARGIN = 0.1
"""Gondor's policy margin: six moves see little of a melee's or a shot's effect on a siege of
thousands of moves, and at 0.02 the few departures from the policy (1.5 % of searched choices,
which garrison unit to strike first) lost games the policy won (docs/rules/gondor.md)."""

HINT = "hint"
"""The budget ``ai.hint`` uses: playouts to the end, so a value is a chance to win."""

GAME_LEVELS: dict[str, dict[str, Level]] = {
    "galdors_grip": {HINT: Level(HINT, simulations=120, horizon=None, smart_playouts=True)},
    "gondolin": {HINT: Level(HINT, simulations=160, horizon=None, smart_playouts=True)},
    "gondor": {  # a Gondor move is ~1.5 ms and a game thousands of them (docs/rules/gondor.md)
        "easy": Level("easy", simulations=6, horizon=2, smart_playouts=False, candidates=3),
        "normal": Level(
            "normal", 12, horizon=4, smart_playouts=True, candidates=4, policy_margin=GONDOR_MARGIN
        ),
        "hard": Level(
            "hard", 24, horizon=6, smart_playouts=True, candidates=6, policy_margin=GONDOR_MARGIN
        ),
    },
    "guardians": {  # a simulation costs ~6 ms (docs/rules/guardians.md, "Computer player")
        "easy": Level("easy", 24, horizon=4, smart_playouts=False, random_share=0.95),
        "normal": Level(
            "normal", 48, horizon=8, smart_playouts=True, candidates=8, policy_margin=0.02
        ),
        "hard": Level(
            "hard", 112, horizon=12, smart_playouts=True, candidates=10, policy_margin=0.02
        ),
    },
}
"""Per-game budgets, for games whose simulations cost more (a move stays under 1 s at p95),
and the solo games' hint budgets: ``simulations`` shared among the legal moves, a hint under
2 s at p95 (docs/design/ai.md, "Hints")."""


REVIEW = Level("review", simulations=24, horizon=8, smart_playouts=True, candidates=6)
"""The budget ``ai.review`` spends on each reviewed move of a game that keeps the defaults."""

REVIEW_LEVELS: dict[str, Level] = {
    "galdors_grip": Level("review", 16, horizon=None, smart_playouts=True, candidates=4),
    "gondolin": Level("review", 24, horizon=None, smart_playouts=True, candidates=4),
    "guardians": Level("review", 12, horizon=6, smart_playouts=True, candidates=4),
    # some 500 reviewed moves a game: one move and the estimate (docs/design/ai.md, "Reviews")
    "gondor": Level("review", 4, horizon=0, smart_playouts=True, candidates=3),
}
"""Per-game review budgets: the solo games play to the end (a chance to reach the goal);
the budgets keep a whole game's review within a minute on two cores (bench/review.py)."""


def review_level(game_id: str, simulations: int | None = None) -> Level:
    """The review's budget for ``game_id``; ``simulations`` overrides its count (tests)."""
    lvl = REVIEW_LEVELS.get(game_id, REVIEW)
    if simulations is None:
        return lvl
    return replace(lvl, simulations=max(2, simulations))


COACH_LEVELS: dict[str, Level] = {
    "galdors_grip": Level("coach", 32, horizon=None, smart_playouts=True, candidates=4),
    "gondolin": Level("coach", 32, horizon=None, smart_playouts=True, candidates=4),
    "guardians": Level(
        "coach", 80, horizon=8, smart_playouts=True, candidates=10, policy_margin=0.02
    ),
}
"""The coach's budgets for the solo games (played to the end, as a hint) and Guardians (its
``normal`` search with more simulations and candidates: a newcomer taking every suggestion of
``normal``'s own budget won 1 of 6 against ``normal``); another two-player game's coach
suggests what its ``normal`` level would play. Each within ~300 ms of CPU
(``python -m bench.suggest``, docs/design/ai.md, "The coach")."""


def coach_level(game_id: str) -> Level:
    """The budget ``ai.suggest`` spends for ``game_id``: its solo budget, else ``normal``."""
    return COACH_LEVELS.get(game_id) or get_level("normal", game_id)


def get_level(name: str, game_id: str | None = None) -> Level:
    """The level called ``name`` (as tuned for ``game_id``); ValueError naming the choices."""
    tuned = GAME_LEVELS.get(game_id or "", {})
    if name in tuned:
        return tuned[name]
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown level {name!r}; choose one of {', '.join(LEVELS)}") from None
