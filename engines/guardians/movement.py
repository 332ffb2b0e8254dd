"""Up-cards and the movement phase: turning Shields, walking, flying, reinforcing.

A shield turn is several small actions: turn a Shield, then walk it step by step (picking up
and dropping off at your Strongholds), or fly it, or reinforce turned Shields, then end it.
"""

from __future__ import annotations

from engines.base import Event
from engines.guardians import board
from engines.guardians.actions import (
    ChallengeWith,
    EndMove,
    Fly,
    Load,
    Note,
    Reinforce,
    Step,
    TurnShield,
    Unload,
)
from engines.guardians.board import card, name
from engines.guardians.cards import Creature
from engines.guardians.clash import start_fight
from engines.guardians.flow import has_unturned, next_mover
from engines.guardians.organize import shuffle
from engines.guardians.state import GuardiansState, MoveState, Stack
from engines.guardians.stronghold import begin_challenge
from engines.rng import rng_for

MAX_UP_TIES = 5
"""After this many tied Up-cards in a row a seeded coin decides who moves first."""


# ---- Up-cards --------------------------------------------------------------------------------
def up_number(state: GuardiansState, uid: str | None) -> int:
    """Creatures use their Vitality (not the red number); other cards print an Up number."""
    if uid is None:
        return 0
    c = card(state, uid)
    return c.vitality if isinstance(c, Creature) else c.up


def _turn_up(state: GuardiansState, seat: int) -> None:
    """Turn the top card; out of cards, a random card of the discard pile (not drawn)."""
    s = state.seats[seat]
    if s.deck:
        s.up, s.up_from_discard = s.deck.pop(0), False
    elif s.discard:
        pick = shuffle(state, s.discard)[0]
        s.discard.remove(pick)
        s.up, s.up_from_discard = pick, True
    else:
        s.up, s.up_from_discard = None, False


def _bottom(state: GuardiansState, seat: int) -> None:
    s = state.seats[seat]
    if s.up is not None:
        (s.discard if s.up_from_discard else s.deck).append(s.up)
    s.up, s.up_from_discard = None, False


def start_up(state: GuardiansState) -> list[Event]:
    """Both turn Up-cards; ties go to the bottom and both turn again; higher moves first."""
    state.phase = "up"
    events = []
    for tie in range(MAX_UP_TIES + 1):
        for seat in (0, 1):
            _turn_up(state, seat)
        ups = [up_number(state, s.up) for s in state.seats]
        names = [name(state, s.up) if s.up else "no card" for s in state.seats]
        text = f"Up-cards: {names[0]} ({ups[0]}) and {names[1]} ({ups[1]})"
        if ups[0] != ups[1]:
            first = 0 if ups[0] > ups[1] else 1
            break
        if tie == MAX_UP_TIES:
            first = rng_for(state.seed, f"coin{state.turn}").randrange(2)
            text += "; still tied, a coin decides"
            break
        events.append(Event(text=f"{text}: a tie, both turn again."))
        for seat in (0, 1):
            _bottom(state, seat)
    state.first = first
    for seat, s in enumerate(state.seats):
        s.lower_up = seat != first
    events.append(Event(text=f"{text}: Player {first + 1} moves first."))
    if not has_unturned(state, first) and has_unturned(state, 1 - first):
        events.append(
            Event(text=f"Player {first + 1} has no Shield to turn: Player {2 - first} moves.")
        )
    events += next_mover(state, 1 - first)
    return events


# ---- where a Shield may go ---------------------------------------------------------------------
def _others(state: GuardiansState, space: str, stack: Stack) -> list[Stack]:
    return [s for s in board.own_shields(state, space, stack.owner) if s is not stack]


def can_stop(
    state: GuardiansState, stack: Stack, space: str, cards: list[str] | None = None
) -> bool:
    """Not on another of your Shields; on your Stronghold only within its 30 points.

    ``cards``: what the Shield would hold (default: what it holds now).
    """
    if _others(state, space, stack):
        return False
    found = board.hold_of(space)
    if found is None or found[0] != stack.owner:
        return True
    here = board.space_points(state, space, stack.owner)
    if space == stack.space:
        here -= board.points(state, stack.cards)
    return here + board.points(state, stack.cards if cards is None else cards) <= board.LIMIT


def _attack_note(state: GuardiansState, stack: Stack, space: str) -> Note | None:
    if board.enemy_shield(state, space, stack.owner) is not None:
        return "siege" if board.enemy_hold(state, space, stack.owner) else "combat"
    if board.enemy_hold(state, space, stack.owner):
        return "siege"
    return None


def _step_note(
    state: GuardiansState, stack: Stack, to: str, steps_left: int, cards: list[str] | None = None
) -> Note | None:
    """Why stepping onto ``to`` is legal ("end", "pass", "combat", "siege"), or None.

    ``cards``: what the Shield would hold (default: what it holds now).
    """
    note = _attack_note(state, stack, to)
    if note is not None:
        return note
    if can_stop(state, stack, to, cards):
        return "end"
    if steps_left > 0 and board.passable(state, to, stack.owner):
        for nxt in board.neighbours(to):
            if _attack_note(state, stack, nxt) or can_stop(state, stack, nxt, cards):
                return "pass"
    return None


def _goes_on(state: GuardiansState, stack: Stack, cards: list[str]) -> bool:
    """Whether the Shield, holding ``cards``, may end its move here or step on from here."""
    if can_stop(state, stack, stack.space, cards):
        return True
    mv = state.move
    steps_left = 2 - (len(mv.path) - 1) if mv is not None else 0
    return steps_left > 0 and any(
        _step_note(state, stack, to, steps_left - 1, cards) for to in board.neighbours(stack.space)
    )


def _fly_targets(state: GuardiansState, stack: Stack) -> list[Fly]:
    out = []
    start = stack.space
    for to in board.SPACES:
        d = board.distance(start, to)
        if d == 0 or d > 2:
            continue
        note = _attack_note(state, stack, to) or ("end" if can_stop(state, stack, to) else None)
        if note is None:
            continue
        if d == 1:
            out.append(Fly(to=to, via=None, note=note))
        else:
            mids = sorted(set(board.neighbours(start)) & set(board.neighbours(to)))
            out += [Fly(to=to, via=m, note=note) for m in mids]
    return out


def all_fly(state: GuardiansState, uids: list[str]) -> bool:
    """A Shield flies only if every creature under it flies."""
    creatures = [card(state, u) for u in uids if board.is_creature(state, u)]
    return bool(creatures) and all(getattr(c, "flies", False) for c in creatures)


def _walk_path(state: GuardiansState, seat: int, src: str, dst: str, flies: bool) -> bool:
    """A reinforcing creature's way: at most two steps, through passable spaces unless flying."""
    d = board.distance(src, dst)
    if d > 2:
        return False
    if d <= 1 or flies:
        return True
    mids = set(board.neighbours(src)) & set(board.neighbours(dst))
    return any(board.passable(state, m, seat) for m in mids)


# ---- legal actions -------------------------------------------------------------------------------
def move_actions(state: GuardiansState, seat: int) -> list:
    """Turn a Shield, or continue the shield turn in progress."""
    if state.move is None:
        return [
            TurnShield(shield=s.shield, card=state.cards[s.shield], space=s.space)
            for s in sorted(state.stacks, key=lambda s: (s.space, s.shield))
            if s.owner == seat and not s.turned
        ]
    mv = state.move
    stack = state.stack(mv.shield)
    here = stack.space
    out: list = []
    steps_left = 2 - (len(mv.path) - 1)
    leave = here == mv.path[0] or board.passable(state, here, seat)
    if mv.mode in ("choose", "walk") and steps_left > 0 and leave:
        for to in board.neighbours(here):
            note = _step_note(state, stack, to, steps_left - 1)
            if note is not None:
                out.append(Step(to=to, note=note))
    if mv.mode == "choose" and not state.seats[seat].flew and all_fly(state, stack.cards):
        out += _fly_targets(state, stack)
    if mv.mode in ("choose", "walk"):
        out += _load_actions(state, stack)
    if mv.mode in ("choose", "reinforce"):
        out += _reinforce_actions(state, seat)
    if mv.mode == "choose" and _on_enemy_rubble(state, stack):
        seen: set[str] = set()
        for uid in stack.cards:
            cid = state.cards[uid]
            if board.is_creature(state, uid) and cid not in seen:
                seen.add(cid)
                out.append(ChallengeWith(uid=uid, card=cid))
    if can_stop(state, stack, here):
        out.append(EndMove())
    return out


def _on_enemy_rubble(state: GuardiansState, stack: Stack) -> bool:
    found = board.hold_of(stack.space)
    return (
        found is not None
        and found[0] != stack.owner
        and (state.seats[found[0]].holds[found[1]].rubbled)
    )


def _load_actions(state: GuardiansState, stack: Stack) -> list:
    """Pick up from / drop off onto the own Stronghold space the Shield is on or passes.

    Text: "You cannot drop a creature onto a space that has an UNTURNED shield, and you cannot
    pick up a creature from a space that has a TURNED shield." A pick-up takes a creature lying
    on the Stronghold or under an unturned Shield there (never its last); a drop-off lays it on
    the Stronghold. Each is offered only if the Shield can still end its move or go on, so a
    Shield passing through never strands.
    """
    found = board.hold_of(stack.space)
    if found is None or found[0] != stack.owner:
        return []
    h = state.seats[stack.owner].holds[found[1]]
    if h.rubbled:
        return []
    others = _others(state, stack.space, stack)
    out: list = []
    if not any(o.turned for o in others):
        piles = [h.on, *(o.cards for o in others)]
        for pile in piles:
            for uid in pile:
                after, rest = [*stack.cards, uid], [u for u in pile if u != uid]
                if pile is not h.on and not any(board.is_creature(state, u) for u in rest):
                    continue  # the unturned Shield keeps a creature
                if (
                    uid not in state.moved
                    and board.stack_ok(state, after)
                    and board.stack_ok(state, rest)
                    and _goes_on(state, stack, after)
                ):
                    pts = board.points(state, after)
                    out.append(Load(uid=uid, card=state.cards[uid], points=pts))
    resident = board.space_points(state, stack.space, stack.owner) - board.points(
        state, stack.cards
    )
    if not any(not o.turned for o in others):
        for uid in stack.cards:
            rest = [u for u in stack.cards if u != uid]
            if (
                uid not in state.moved
                and any(board.is_creature(state, u) for u in rest)
                and board.stack_ok(state, rest)
                and board.stack_ok(state, [*h.on, uid])
                and resident + board.points(state, [uid]) <= board.LIMIT
                and _goes_on(state, stack, rest)
            ):
                out.append(Unload(uid=uid, card=state.cards[uid]))
    return out


def _sources(state: GuardiansState, seat: int) -> list[tuple[str, str, list[str]]]:
    """(space, uid, the pile it leaves) for creatures that may reinforce."""
    out = []
    row = 0 if seat == 0 else 3
    for col, h in zip("LCR", state.seats[seat].holds, strict=True):
        space = f"{col}{row}"
        if h.rubbled:
            continue
        out += [(space, u, h.on) for u in h.on]
        for st in board.own_shields(state, space, seat):
            if not st.turned:  # a Shield keeps at least one creature
                out += [(space, u, st.cards) for u in st.cards if _creature_left(state, st, u)]
    return out


def _creature_left(state: GuardiansState, stack: Stack, uid: str) -> bool:
    """Whether ``stack`` still holds a creature without ``uid``."""
    return any(board.is_creature(state, u) for u in stack.cards if u != uid)


def _reinforce_actions(state: GuardiansState, seat: int) -> list:
    out: list = []
    targets = sorted(
        (s for s in state.stacks if s.owner == seat and s.turned), key=lambda s: s.space
    )
    for src, uid, pile in _sources(state, seat):
        if uid in state.moved or not board.is_creature(state, uid):
            continue
        rest = [u for u in pile if u != uid]
        if rest and not board.stack_ok(state, rest):
            continue
        flies = all_fly(state, [uid])
        for t in targets:
            after = [*t.cards, uid]
            if not board.stack_ok(state, after):
                continue
            if not _walk_path(state, seat, src, t.space, flies):
                continue
            found = board.hold_of(t.space)
            if found is not None and found[0] == seat and src != t.space:
                used = board.space_points(state, t.space, seat)
                if used + board.points(state, [uid]) > board.LIMIT:
                    continue
            out.append(
                Reinforce(
                    uid=uid,
                    card=state.cards[uid],
                    shield=t.shield,
                    space=t.space,
                    points=board.points(state, after),
                )
            )
    return out


# ---- applying ------------------------------------------------------------------------------------
def apply_move(state: GuardiansState, seat: int, action: object) -> list[Event]:
    """Apply one movement action."""
    if isinstance(action, TurnShield):
        stack = state.stack(action.shield)
        stack.turned = True
        state.move = MoveState(shield=stack.shield, path=[stack.space])
        return [
            Event(text=f"Player {seat + 1} turns {name(state, stack.shield)} on {stack.space}.")
        ]
    mv = state.move
    assert mv is not None
    stack = state.stack(mv.shield)
    if isinstance(action, Step | Fly):
        flying = isinstance(action, Fly)
        via = action.via if isinstance(action, Fly) else None
        came = via or stack.space
        mv.path += [x for x in (via, action.to) if x]
        stack.space = action.to
        verb = "flies" if flying else "moves"
        events = [Event(text=f"Player {seat + 1}'s Shield {verb} to {action.to}.")]
        if flying:
            stack.revealed = True
            state.seats[seat].flew = True
            mv.mode = "fly"
        else:
            mv.mode = "walk"
        if action.note in ("combat", "siege"):
            return events + start_fight(state, stack, came)
        if flying:
            return events + next_mover(state, seat)
        return events
    if isinstance(action, Load | Unload):
        h = board.hold(state, stack.space)
        assert h is not None
        src, dst = (h.on, stack.cards) if isinstance(action, Load) else (stack.cards, h.on)
        for other in _others(state, stack.space, stack):
            if action.uid in other.cards:  # picked up from under an unturned Shield
                src, other.revealed = other.cards, False
        src.remove(action.uid)
        dst.append(action.uid)
        state.moved.append(action.uid)
        stack.revealed = False
        mv.mode = "walk"
        verb = "picks up" if isinstance(action, Load) else "drops off"
        return [Event(text=f"Player {seat + 1}'s Shield {verb} a creature at {stack.space}.")]
    if isinstance(action, Reinforce):
        board.remove_everywhere(state, action.uid)
        target = state.stack(action.shield)
        target.cards.append(action.uid)
        target.revealed = False
        state.moved.append(action.uid)
        mv.mode = "reinforce"
        return [Event(text=f"Player {seat + 1} reinforces the Shield on {target.space}.")]
    if isinstance(action, ChallengeWith):
        return begin_challenge(state, seat, stack, action.uid, optional=False)
    if isinstance(action, EndMove):
        return next_mover(state, seat)
    raise AssertionError(f"not a movement action: {action!r}")
