"""Terrain settlement, destroyed Shields, the win checks and the end of a turn."""

from __future__ import annotations

from engines.base import Event
from engines.guardians import board, removal
from engines.guardians.actions import DropCreature, FaceDown, PlayTerrain, RemoveTerrain, SettleDone
from engines.guardians.board import card, name
from engines.guardians.cards import Creature
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.organize import start_organize
from engines.guardians.state import GuardiansState, Land, Stack

SHIELD_GOAL = 5


# ---- Shields lost ------------------------------------------------------------------------------
def destroy_stack(state: GuardiansState, stack: Stack) -> Event:
    """Discard a Shield and everything under it; it counts for the opponent's goal."""
    seat = state.seats[stack.owner]
    seat.discard += [*stack.cards, stack.shield]
    seat.shields_lost += 1
    state.stacks.remove(stack)
    shield = name(state, stack.shield)
    return Event(text=f"Player {stack.owner + 1}'s {shield} on {stack.space} is destroyed.")


def trim(state: GuardiansState, stack: Stack) -> list[str]:
    """Discard the weakest creatures until the Shield (and its space) fits 30 points.

    Extra creature items go too, so that there are never more items than creatures.
    """
    dropped: list[str] = []

    def over() -> bool:
        return board.space_points(state, stack.space, stack.owner) > board.LIMIT

    def vitality(uid: str) -> tuple[int, str]:
        c = card(state, uid)
        return (c.vitality if isinstance(c, Creature) else 0, uid)

    while over() and has_creature(state, stack):
        weakest = min((u for u in stack.cards if board.is_creature(state, u)), key=vitality)
        stack.cards.remove(weakest)
        dropped.append(weakest)
    while not board.stack_ok(state, stack.cards):
        item = next(u for u in stack.cards if not board.is_creature(state, u))
        stack.cards.remove(item)
        dropped.append(item)
    state.seats[stack.owner].discard += dropped
    return dropped


def has_creature(state: GuardiansState, stack: Stack) -> bool:
    """A Shield with no creature left is destroyed."""
    return any(board.is_creature(state, u) for u in stack.cards)


# ---- the end -----------------------------------------------------------------------------------
def finish(state: GuardiansState, winners: list[int], summary: str) -> None:
    """End the game."""
    state.phase, state.winners, state.summary = "over", winners, summary
    state.move = state.combat = state.fight = state.retreat = state.challenge = None
    state.settle, state.settle_done = {}, []


def check_end(state: GuardiansState) -> list[Event]:
    """Five Shields destroyed or a dead Guardian ends the game at once."""
    if state.phase == "over":
        return []
    out = [s.shields_lost >= SHIELD_GOAL or s.vitality <= 0 for s in state.seats]
    if not any(out):
        return []
    if all(out):
        finish(state, [], "Both sides fall at once: a draw.")
    else:
        loser = out.index(True)
        s = state.seats[loser]
        why = (
            f"{CATALOGUE.guardians[s.guardian].name} is dead"
            if s.vitality <= 0
            else f"five of Player {loser + 1}'s Shields are destroyed"
        )
        finish(state, [1 - loser], f"Player {2 - loser} wins: {why}.")
    return [Event(text=state.summary)]


def _six_lands(state: GuardiansState) -> list[Event]:
    """All six lands held and no enemy Shield in the disputed lands."""
    for seat in (0, 1):
        enemy = any(s.owner != seat and s.space in board.DISPUTED for s in state.stacks)
        if not enemy and board.lands_of(state, seat) == len(board.DISPUTED):
            finish(state, [seat], f"Player {seat + 1} wins, holding all six lands.")
            return [Event(text=state.summary)]
    return []


# ---- settlement ----------------------------------------------------------------------------------
def start_settle(state: GuardiansState) -> list[Event]:
    """Win check, terrain changes hands, then terrainless lands under Shields need settling."""
    state.phase, state.move, state.settle_done = "settle", None, []
    events = _six_lands(state)
    if events:
        return events
    for space in board.DISPUTED:
        land = state.lands.get(space)
        stacks = state.stacks_at(space)
        if land is not None and stacks and stacks[0].owner != land.owner:
            state.seats[land.owner].discard.append(land.uid)
            del state.lands[space]
            events.append(Event(text=f"The terrain of {space} changes hands."))
    state.settle = {
        space: stacks[0].owner
        for space in board.DISPUTED
        if (stacks := state.stacks_at(space)) and space not in state.lands
    }
    if not settle_to_act(state):
        events += end_turn(state)
    return events


def settle_to_act(state: GuardiansState) -> list[int]:
    """The seats with a land to settle; once none is due, those asked about removing terrain."""
    if state.settle:
        return sorted(set(state.settle.values()))
    return [seat for seat in (0, 1) if removal.asked(state, seat)]


def settle_actions(state: GuardiansState, seat: int) -> list:
    """Terrain, else a face-down card for a stone; or a creature discarded: the first land due.

    Once every land is settled: Hammer of Doom or the Ancient Tome on a terrain card, or done.
    """
    if removal.asked(state, seat):
        return removal.removal_actions(state, seat)
    spaces = sorted(s for s, owner in state.settle.items() if owner == seat)
    if not spaces:
        return []
    space = spaces[0]
    s = state.seats[seat]
    out: list = []
    seen: set[str] = set()
    for uid in s.pen:
        cid = state.cards[uid]
        if card(state, uid).kind == "terrain" and cid not in seen:
            seen.add(cid)
            out.append(PlayTerrain(space=space, uid=uid, card=cid))
    if s.stones > 0 and not out:  # "If you do not have a Terrain card to play"
        seen = set()
        for uid in s.pen + s.storage:
            cid = state.cards[uid]
            if cid not in seen:
                seen.add(cid)
                out.append(FaceDown(space=space, uid=uid, card=cid))
    seen = set()
    for uid in state.stacks_at(space)[0].cards:
        cid = state.cards[uid]
        if board.is_creature(state, uid) and cid not in seen:
            seen.add(cid)
            out.append(DropCreature(space=space, uid=uid, card=cid))
    return out


def apply_settle(state: GuardiansState, seat: int, action: object) -> list[Event]:
    """Settle one land or answer about removing terrain; when nobody is due, the turn ends."""
    s = state.seats[seat]
    if isinstance(action, RemoveTerrain | SettleDone):
        events = [removal.apply_removal(state, seat, action)]
        if not settle_to_act(state):
            events += end_turn(state)
        return events
    assert isinstance(action, PlayTerrain | FaceDown | DropCreature)
    space = action.space
    del state.settle[space]
    if isinstance(action, DropCreature):
        stack = state.stacks_at(space)[0]
        stack.cards.remove(action.uid)
        s.discard.append(action.uid)
        events = [Event(text=f"Player {seat + 1} discards {name(state, action.uid)} from {space}.")]
        if not has_creature(state, stack):
            events.append(destroy_stack(state, stack))
        else:
            trim(state, stack)
    else:
        board.remove_everywhere(state, action.uid)
        face_down = isinstance(action, FaceDown)
        state.lands[space] = Land(uid=action.uid, owner=seat, face_down=face_down)
        removal.laid(state)
        if face_down:
            s.stones -= 1
            text = f"Player {seat + 1} places a face-down card on {space} (1 stone)."
        else:
            text = f"Player {seat + 1} plays {name(state, action.uid)} on {space}."
        events = [Event(text=text)]
    events += check_end(state)
    if state.phase != "over" and not settle_to_act(state):
        events += end_turn(state)
    return events


def end_turn(state: GuardiansState) -> list[Event]:
    """The turn is over: the next Draw & Organize (the text has no last turn)."""
    state.turn += 1
    return [Event(text=f"Turn {state.turn} begins."), *start_organize(state)]
