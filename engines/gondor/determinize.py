"""Drawing again what one side cannot see, for computer players (``Game.resample``).

Hidden from Sauron: which cauldrons are real and which are dummies, destroyed ones too, where
each carrier picked its oil up, and so which carried oil is real (16.71-16.74). A pour shows
only that the poured oil was real, and it is gone.
Westernesse sees everything. Neither side knows the future dice: they come from
``state.seed``, which a sample draws afresh. Gondor has no simultaneous secret choice.
"""

from __future__ import annotations

from engines.gondor.data import COUNTERS
from engines.gondor.removal import GONE
from engines.gondor.state import Counter, GondorState
from engines.rng import Random

SEED_RANGE = 2**31
REAL = COUNTERS.equipment["cauldron"].count
DUMMIES = COUNTERS.equipment["dummy-cauldron"].count


def copy_state(state: GondorState) -> GondorState:
    """A fast independent copy (``GondorState.__deepcopy__``: no JSON round trip)."""
    return state.__deepcopy__()


def redraw(state: GondorState, side: str, rng: Random) -> GondorState:
    """A copy with fresh dice and, for Sauron, every cauldron's truth and carried oil drawn again.

    The six truths (three real, three dummies) are shuffled by ``rng`` onto the cauldrons
    placed so far, destroyed ones too, in counter order; each carried oil is real with the
    odds of a cauldron's, as Sauron does not know where it came from. The sample depends only
    on what ``side`` knows and on ``rng``.
    """
    copy = copy_state(state)
    copy.seed = rng.randrange(SEED_RANGE)
    if side == "westernesse":
        return copy
    placed = [c for c in copy.counters if c.is_cauldron and (c.hex is not None or c.group == GONE)]
    pool = [False] * REAL + [True] * DUMMIES
    rng.shuffle(pool)
    for c, dummy in zip(placed, pool, strict=False):
        _set_truth(c, dummy)
    for c in copy.counters:
        if c.kind == "unit":
            c.dummy = rng.random() < DUMMIES / (REAL + DUMMIES) if c.carries_oil else None
    return copy


def _set_truth(cauldron: Counter, dummy: bool) -> None:
    cauldron.dummy = dummy
    cauldron.type = "dummy-cauldron" if dummy else "cauldron"
