"""Drawing again what one side cannot see, for computer players (``Game.resample``).

Hidden from Sauron: which cauldrons on the map are real and which are dummies, and so which
carried oil is real (16.71-16.74). Revealed to him: a destroyed cauldron (16.71 [R]) and a
cauldron whose oil was poured (only real oil pours). Where each carrier picked its oil up is
public (``Counter.oil_from``), so a carrier's oil shares its cauldron's sampled truth.
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


def revealed(state: GondorState, index: int) -> bool:
    """Whether Sauron knows cauldron ``index``'s truth: destroyed, or its oil was poured."""
    return state.counters[index].group == GONE or index in state.proven


def redraw(state: GondorState, side: str, rng: Random) -> GondorState:
    """A copy with fresh dice and, for Sauron, every unrevealed cauldron's truth drawn again.

    The truths still unknown (three real and three dummies, less the revealed ones) are listed
    real first and shuffled by ``rng`` onto the placed unrevealed cauldrons in counter order, so
    the sample depends only on what ``side`` knows and on ``rng``.
    """
    copy = copy_state(state)
    copy.seed = rng.randrange(SEED_RANGE)
    if side == "westernesse":
        return copy
    cauldrons = [i for i, c in enumerate(copy.counters) if c.is_cauldron]
    known = [copy.counters[i].dummy for i in cauldrons if revealed(copy, i)]
    unknown = [i for i in cauldrons if not revealed(copy, i) and copy.counters[i].hex]
    pool = [False] * (REAL - known.count(False)) + [True] * (DUMMIES - known.count(True))
    rng.shuffle(pool)
    for i, dummy in zip(unknown, pool, strict=False):
        _set_truth(copy.counters[i], dummy)
    for c in copy.counters:
        if c.kind != "unit":
            continue
        if not c.carries_oil:
            c.dummy = None  # a truth no longer carried is no one's business
        elif c.oil_from is not None:
            c.dummy = copy.counters[c.oil_from].dummy
        else:  # picked up before the state remembered where (older saves)
            c.dummy = rng.random() < DUMMIES / (REAL + DUMMIES)
    return copy


def _set_truth(cauldron: Counter, dummy: bool) -> None:
    cauldron.dummy = dummy
    cauldron.type = "dummy-cauldron" if dummy else "cauldron"
