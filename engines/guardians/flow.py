"""Turn flow shared by the phase modules: whose shield turn comes next."""

from __future__ import annotations

from engines.base import Event
from engines.guardians.settlement import start_settle
from engines.guardians.state import GuardiansState


def has_unturned(state: GuardiansState, seat: int) -> bool:
    """Whether ``seat`` has a Shield on the board still to turn."""
    return any(s.owner == seat and not s.turned for s in state.stacks)


def next_mover(state: GuardiansState, after: int) -> list[Event]:
    """Alternate shield turns; a seat with nothing to turn is skipped; then settlement."""
    state.move = None
    for seat in (1 - after, after):
        if has_unturned(state, seat):
            state.phase, state.mover = "move", seat
            return []
    return start_settle(state)
