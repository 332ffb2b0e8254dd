"""The computer's review of a game: each decision's chance before and after the move played.

A review walks a game's moves from its start. At each *decision* (a seat with two moves or
more, on a choice the game thinks worth a search: ``Game.worth_search``) the search picks the
computer's move from what that seat knew then (``resample``: nothing hidden from it is read),
and the computer's move and the move played are scored on the same samples: the seat's chance
*before* (with the computer's move) and *after* (with the move played). The budget is the
game's ``review_level`` (docs/design/ai.md, "Reviews").

The bot cuts a game into chunks of moves, one worker call each (:func:`review_chunk`), and
hands the state on as JSON, so it can show progress between them. Pure and deterministic.

A move may be named on the public review only when it names nothing hidden from the other
seats then: it is legal in every one of ``PUBLIC_SAMPLES`` samples of what each other seat
knew (a card in a hand is legal in a sample only where the sample dealt it there).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

import engines
from ai.levels import Level, review_level
from ai.search import search, values_on_samples
from engines import Action, Game

PUBLIC_SAMPLES = 8
"""Samples of another seat's knowledge a move must be legal in to be named on the review."""
PUBLIC_ALTERNATIVES = 40
"""A move played among more legal moves than this is not named (checking would cost much)."""
TURNING_POINTS = 3
"""The review shows this many moves: those that cost their seat the most."""


@dataclass(frozen=True)
class Judgement:
    """One reviewed decision: the seat's chance with the computer's move and with its own."""

    move: int
    """The move's index in the game (0: the first move)."""
    seat: int
    played: str
    best: str
    """The computer's move (the move played when the search found nothing better)."""
    before: float
    after: float
    named: tuple[bool, bool] | None = None
    """Whether the move played and the computer's move may be named publicly; None: unchecked."""

    @property
    def loss(self) -> float:
        """The chance the move played gave away against the computer's."""
        return self.before - self.after


@dataclass(frozen=True)
class Chunk:
    """What one worker call reviewed, and the game after its moves (handed to the next)."""

    state_json: str
    judged: list[Judgement]
    final: list[float] | None
    """Each seat's value once the game is over (its result), else None."""


def judge(
    game: Game, seat: int, played: Action, lvl: Level, seed: int
) -> tuple[Action, float, float]:
    """The computer's move for ``seat`` and the seat's chance with it and with ``played``.

    Both are scored on the search's own samples (the move played is tried on them when the
    search did not take it to its last round); when the move played does as well there, it
    counts as the computer's.
    """
    result = search(game, seat, lvl, seed)
    stats = {m.action: m for m in result.moves}
    best = stats[result.action]
    mine = stats.get(played)
    if mine is not None and mine.visits == best.visits:
        after = mine.value
    else:
        after = values_on_samples(game, seat, [played], lvl, seed, best.visits)[0]
    if after >= best.value:
        return played, after, after
    return result.action, best.value, after


def is_public(
    game: Game, seat: int, action: Action, seats: int, rng: random.Random, played: bool
) -> bool:
    """Whether naming ``action`` of ``seat`` tells the other seats nothing hidden from them.

    It names nothing hidden when it is legal in every sample of what each other seat knew (a
    card in a hand is legal in a sample only where the sample dealt it there). A move that was
    *played* must also have shown itself: every other seat's view after it differs from its
    view after any other legal move (a secret choice, such as a hidden coin, does not). Among
    more than ``PUBLIC_ALTERNATIVES`` moves that is not checked, and the move is not named.
    """
    others = [other for other in range(seats) if other != seat]
    for other in others:
        for _ in range(PUBLIC_SAMPLES):
            if action not in game.resample(other, rng).legal_actions(seat):
                return False
    if not played or not others:
        return True
    alternatives = [a for a in game.legal_actions(seat) if a != action]
    if len(alternatives) > PUBLIC_ALTERNATIVES:
        return False
    shown = _views_after(game, seat, action, others)
    return all(_views_after(game, seat, a, others) != shown for a in alternatives)


def _views_after(game: Game, seat: int, action: Action, others: list[int]) -> list[object]:
    trial = game.copy()
    trial.apply_unchecked(seat, action)
    return [trial.view(other) for other in others]


def decision_seed(seed: int, move: int) -> int:
    """The review's seed for the decision at ``move`` (a review of a game is reproducible)."""
    return (seed * 1_000_003 + move * 7_919) % 2**62


def review_chunk(
    game_id: str,
    seats: int,
    game_seed: int,
    options: Mapping[str, object],
    state_json: str | None,
    moves: list[tuple[int, str]],
    first: int,
    simulations: int | None,
    reviewed: frozenset[int],
    name_above: float,
) -> Chunk:
    """In a worker: review ``moves`` (the game's moves from index ``first``).

    The game starts from ``state_json`` (the previous chunk's), or anew from ``game_seed`` and
    ``options`` when None. Decisions of ``reviewed`` seats that lose more than ``name_above``
    (the smallest loss among the turning points found so far) are checked for what may be
    named. A move the rules in force refuse raises ``IllegalAction`` (its text may name a
    hidden card: the bot never shows it).
    """
    cls = engines.get_game(game_id)
    if state_json is None:
        game = cls.new(seats, seed=game_seed, options=dict(options))
    else:
        game = cls.from_json(state_json)
    lvl = review_level(game_id, simulations)
    judged: list[Judgement] = []
    losses = [name_above]
    for index, (seat, code) in enumerate(moves, start=first):
        action = cls.decode(code)
        legal = game.legal_actions(seat)
        if action not in legal:  # a game may accept moves it does not list (another copy)
            game.check(seat, action)
        if len(legal) > 1 and game.worth_search(seat):
            seed = decision_seed(game_seed, index)
            best, before, after = judge(game, seat, action, lvl, seed)
            found = Judgement(index, seat, code, cls.encode(best), before, after)
            if seat in reviewed and found.loss > min(losses):
                rng = random.Random(seed + 2)
                shown = is_public(game, seat, action, seats, rng, played=True)
                # naming the computer's move beside a secret one would tell what it was not
                named = (shown, shown and is_public(game, seat, best, seats, rng, played=False))
                found = Judgement(index, seat, code, found.best, before, after, named)
                losses = sorted([*losses, found.loss], reverse=True)[:TURNING_POINTS]
            judged.append(found)
        game.apply_unchecked(seat, action)
    final = [game.evaluate(s) for s in range(seats)] if game.is_over else None
    return Chunk(game.to_json(), judged, final)
