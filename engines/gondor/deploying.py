"""Initial deployment (13.0) as a phase: one counter per action, standard set-up, done.

The common path is one click ("Deploy the standard set-up and finish") or a few: the standard
set-up, then single counters taken back and placed again, then Done.
"""

from __future__ import annotations

from engines.base import Action, Event, IllegalAction
from engines.gondor import setup
from engines.gondor.actions import (
    AutoDeploy,
    Place,
    SetupDone,
    StandardDeploy,
    TakeBack,
    counter_name,
    side_name,
)
from engines.gondor.phase import PhaseRules
from engines.gondor.state import GondorState
from engines.rng import rng_for


class Deployment(PhaseRules):
    """13.0: Sauron places his start counters, then Westernesse; the next counter at a time."""

    def choices(self, state: GondorState) -> list[Action]:
        """The legal hexes of the next counter (real or dummy for a cauldron), or Done."""
        todo = setup.unplaced(state, state.acting)
        if not todo:
            back = setup.placed_back(state, state.acting)
            return [SetupDone(), *(TakeBack(counter=i, hex=h) for i, h in back)]
        index = todo[0]
        truths = setup.truths_left(state) if state.counters[index].is_cauldron else [False]
        places: list[Action] = [
            Place(counter=index, hex=h, dummy=d)
            for d in truths
            for h in setup.legal_hexes(state, index)
        ]
        standard = [StandardDeploy(done=True), StandardDeploy()]
        return [*places, *standard, AutoDeploy()]

    def apply(self, state: GondorState, action: Action) -> list[Event]:
        """Place one counter, or the rest at random."""
        if isinstance(action, Place):
            return _place(state, action)
        if isinstance(action, AutoDeploy):
            return _auto_deploy(state)
        if isinstance(action, StandardDeploy):
            return _standard(state)
        if isinstance(action, TakeBack):
            return _take_back(state, action)
        raise IllegalAction("That is not possible during deployment.")

    def finish(self, state: GondorState) -> list[Event]:
        """The side is done deploying."""
        state.placed[state.acting] = True
        return [Event(text=f"{side_name(state.acting)} has finished deploying.")]

    def reveals(self, state: GondorState) -> bool:
        """Placing a cauldron says whether it is real or a dummy (16.71)."""
        todo = setup.unplaced(state, state.acting)
        return bool(todo) and state.counters[todo[0]].is_cauldron

    def prompt(self, state: GondorState) -> str | None:
        """How many counters are left to place."""
        left = len(setup.unplaced(state, state.acting))
        counters = "counter" if left == 1 else "counters"
        return f"{side_name(state.acting)} deploys ({left} {counters} left)."


def _place(state: GondorState, action: Place) -> list[Event]:
    counter = state.counters[action.counter]
    setup.place(state, action.counter, action.hex, action.dummy)
    if not counter.is_cauldron:
        name = counter_name(action.counter)
        return [Event(text=f"{side_name(counter.side)} places {name} on {action.hex}.")]
    truth = "a dummy" if action.dummy else "a real"
    return [
        Event(text=f"Westernesse places a cauldron on {action.hex}."),
        Event(text=f"(Only you see this: it is {truth} cauldron.)", seat=1),
    ]


def _auto_deploy(state: GondorState) -> list[Event]:
    rng = rng_for(state.seed, f"deploy-{state.step}")
    count = 0
    for index in setup.unplaced(state, state.acting):
        hexes = setup.legal_hexes(state, index)
        if not hexes:
            continue
        truths = setup.truths_left(state) if state.counters[index].is_cauldron else [False]
        setup.place(state, index, rng.choice(hexes), rng.choice(truths))
        count += 1
    return [Event(text=f"{side_name(state.acting)} auto-deploys {count} counters.")]


def _standard(state: GondorState) -> list[Event]:
    """The rest in the standard set-up; cauldrons' truths drawn from the seed (16.71)."""
    rng = rng_for(state.seed, f"standard-{state.step}")
    count = 0
    for index in setup.unplaced(state, state.acting):
        hex_ref = setup.standard_hex(state, index)
        if hex_ref is None:
            continue
        truths = setup.truths_left(state) if state.counters[index].is_cauldron else [False]
        setup.place(state, index, hex_ref, rng.choice(truths))
        count += 1
    side = side_name(state.acting)
    return [Event(text=f"{side} deploys the standard set-up ({count} counters).")]


def _take_back(state: GondorState, action: TakeBack) -> list[Event]:
    """Lift a counter off to place it again; a cauldron is named only as "a cauldron"."""
    counter = state.counters[action.counter]
    name = "a cauldron" if counter.is_cauldron else counter_name(action.counter)
    setup.unplace(state, action.counter)
    return [Event(text=f"{side_name(state.acting)} takes back {name} from {action.hex}.")]
