"""Removing terrain in the Terrain Settlement phase: Hammer of Doom, Ancient Tome of Dispansation.

"You CANNOT replace your own terrain card, unless you have some means of removing the existing
one ... If you place a terrain card and your opponent plays Hammer of Doom before the end of the
phase, you are required to play another card (or drop a creature)." Once every land is settled,
each seat with a Storage Hand is asked (a public condition, so asking tells nothing) whether it
removes a terrain card or is done; a removed card under a Shield makes the land due again, and
laying new terrain asks both seats again.
"""

from __future__ import annotations

from engines.base import Event
from engines.guardians.actions import RemoveTerrain, SettleDone
from engines.guardians.board import card, name
from engines.guardians.cards import HandItem, Spell
from engines.guardians.combat.effects import removes_terrain_in_settlement
from engines.guardians.state import GuardiansState


def asked(state: GuardiansState, seat: int) -> bool:
    """Whether ``seat`` is asked now: lands settled, terrain on the table, cards in hand."""
    return (
        not state.settle
        and bool(state.lands)
        and bool(state.seats[seat].storage)
        and seat not in state.settle_done
    )


def removal_actions(state: GuardiansState, seat: int) -> list[RemoveTerrain | SettleDone]:
    """Each remover the seat can pay for on each terrain card, and done."""
    s = state.seats[seat]
    out: list[RemoveTerrain | SettleDone] = []
    seen: set[str] = set()
    for uid in s.storage:
        c = card(state, uid)
        if not isinstance(c, Spell | HandItem) or c.cost > s.stones or c.id in seen:
            continue
        if removes_terrain_in_settlement(c):
            seen.add(c.id)
            out += [RemoveTerrain(space=sp, uid=uid, card=c.id) for sp in sorted(state.lands)]
    return [*out, SettleDone()]


def apply_removal(state: GuardiansState, seat: int, action: RemoveTerrain | SettleDone) -> Event:
    """Pass, or discard the remover and the terrain card; a Shield there must settle again."""
    if isinstance(action, SettleDone):
        state.settle_done.append(seat)
        return Event(text=f"Player {seat + 1} removes no terrain.")
    s = state.seats[seat]
    remover = card(state, action.uid)
    assert isinstance(remover, Spell | HandItem)
    s.storage.remove(action.uid)
    s.discard.append(action.uid)
    s.stones -= remover.cost
    land = state.lands.pop(action.space)
    state.seats[land.owner].discard.append(land.uid)
    what = "a face-down card" if land.face_down else name(state, land.uid)
    stacks = state.stacks_at(action.space)
    if stacks:
        state.settle[action.space] = stacks[0].owner
    text = f"Player {seat + 1} casts {remover.name}: {what} on {action.space} is removed."
    return Event(text=text)


def laid(state: GuardiansState) -> None:
    """New terrain on the table: both seats may answer it again."""
    state.settle_done = []
