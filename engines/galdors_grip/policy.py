"""A cheap playout policy for hints: one look at each moving option, no search.

It reads only what the player sees: a move's ``fate`` is foreseen from face-up and peeked cards,
and the ⭐ tally counts face-up cards. Exploring: never into a card that loses, end the game
only with enough ⭐, prefer a card that comes up harmlessly, rotate the top card when every
option is bad (and now and then to try its other side); placing the top card in the moved stack
is random (built directly, without listing the legal moves); anything else is a random legal
move. A deck starting its third turn alike ends the playout ("no progress"): the rules let a
player loop for ever, a playout must end.
"""

from __future__ import annotations

from engines.base import Action
from engines.galdors_grip.actions import Move, Place, Rotate, Stop, Suggest
from engines.galdors_grip.rules import current_stars, needs_order, target
from engines.galdors_grip.state import GripState
from engines.rng import Random

FATE_SCORE = {"safe": 3, "peek": 3, "unseen": 2, "rotate": 2, "skip": 1, "end": -5, "lose": -10}
"""How welcome each fate is (``end`` with enough ⭐ scores as a win instead)."""
WIN = 10
TRY_ROTATING = 0.15
"""The chance to rotate the top card before moving although a good move exists."""
GIVE_UP = 2
"""Earlier turns that started with this deck after which a playout ends the game."""


def gives_up(state: GripState) -> bool:
    """The deck started two earlier turns alike: a playout stops rather than loop."""
    return len(state.repeats) >= GIVE_UP


def quick_place(state: GripState, rng: Random) -> Action | None:
    """While placing (no ability pending), a random place in the stack, without listing moves."""
    if state.step != "place" or state.choice is not None or needs_order(state):
        return None
    return Place(position=rng.randint(1, state.stack))


def rollout_action(state: GripState, legal: list[Action], rng: Random) -> Action:
    """A quick sensible move among ``legal`` (the game's legal actions now)."""
    suggested = [a for a in legal if isinstance(a, Suggest)]
    if suggested:
        return suggested[0]
    if gives_up(state) and Stop() in legal:
        return Stop()
    moves = [a for a in legal if isinstance(a, Move)]
    if not moves:
        return rng.choice(legal)
    enough = any(m.fate == "end" for m in moves) and current_stars(state) >= target(state)
    scored = [(WIN if m.fate == "end" and enough else FATE_SCORE[m.fate], m) for m in moves]
    best = max(score for score, _ in scored)
    rotations = [a for a in legal if isinstance(a, Rotate)]
    if rotations and (best <= 0 or rng.random() < TRY_ROTATING):
        return rotations[0]
    return rng.choice([m for score, m in scored if score == best])
