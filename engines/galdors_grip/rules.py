"""The turn: setup choices, Encounter, Explore, triggered abilities and the end of the game.

``advance`` runs everything that needs no decision, and stops when the player must choose
(a deck-building choice, a Forked Path face, how far to explore, where the top card goes,
which of several abilities resolves first, or an ability's optional rotations) or when the
game is over.
"""

from __future__ import annotations

import hashlib

from engines.base import Action, Event
from engines.galdors_grip.actions import (
    SOURCES,
    Done,
    Move,
    Pick,
    Place,
    Resolve,
    Rotate,
    StartFace,
    Stop,
)
from engines.galdors_grip.cards import CARDS
from engines.galdors_grip.deck import (
    can_rotate,
    designations,
    fired_for,
    flip_up,
    get,
    lose,
    name_of,
    rotate,
    shown_value,
    side_of,
    static_abilities,
)
from engines.galdors_grip.effects import EFFECTS, Depth, foresee, kind_of, resolve
from engines.galdors_grip.scoring import potential, tally
from engines.galdors_grip.setup import apply_build, build_actions
from engines.galdors_grip.state import Fired, GripState

MAX_ROTATIONS = 2
"""Rotating the top card twice in a turn restores it; more would only loop."""


# ---- what the player may do -------------------------------------------------------------


def needs_order(state: GripState) -> bool:
    """Several abilities await resolution and at least one changes the game."""
    return len(state.queue) >= 2 and any(kind_of(f) == "action" for f in state.queue)


def move_options(state: GripState) -> list[Move]:
    """Explore options: the top card's value, the next card's if face-up, and extras."""
    depth = 2
    for _, ability in static_abilities(state, "extra_option"):
        params = EFFECTS["extra_option"].params.model_validate(ability.params)
        assert isinstance(params, Depth)
        depth = max(depth, params.depth)
    moves: dict[int, Move] = {}
    for pos, cs in enumerate(state.deck[:depth]):
        value = shown_value(cs)
        for count in designations(value):
            if count not in moves:
                lands = count % len(state.deck)
                moves[count] = Move(
                    count=count,
                    source=SOURCES[pos],
                    wild=value == "*",
                    lands=_known(state, lands),
                    fate=foresee(state, lands),
                )
    return [moves[c] for c in sorted(moves)]


def _known(state: GripState, pos: int) -> str | None:
    cs = state.deck[pos]
    return cs.id if cs.face_up or cs.peeked else None


def _moves_if_rotated(state: GripState) -> bool:
    """Whether some moving option would exist with the top card rotated."""
    top = state.deck[0]
    top.inverted = not top.inverted
    found = bool(move_options(state))
    top.inverted = not top.inverted
    return found


def may_rotate(state: GripState) -> bool:
    """Whether the top card may be rotated now.

    It shows a Rotate symbol, has turned fewer than twice this turn and, while the value is
    still to choose, rotating it leaves a moving option.
    """
    top = state.deck[0]
    if not can_rotate(top) or state.rotations >= MAX_ROTATIONS:
        return False
    return state.step == "place" or _moves_if_rotated(state)


def legal(state: GripState) -> list[Action]:
    """Every legal action now, in a fixed order."""
    if state.outcome is not None:
        return []
    if state.choice is not None:
        return [*(Pick(card=c) for c in state.choice.options), Done()]
    if needs_order(state):
        return [Resolve(card=f.card, index=f.index) for f in state.queue]
    if state.step == "build":
        return build_actions(state)
    if state.step == "setup":
        card = state.faces_to_choose[0]
        return [StartFace(card=card, face=i) for i in range(len(CARDS[card].faces))]
    rotations: list[Action] = [Rotate(card=state.deck[0].id)] if may_rotate(state) else []
    if state.step == "explore":
        stop: list[Action] = [Stop()] if state.repeats else []
        return [*rotations, *move_options(state), *stop]
    if state.step == "place":
        return [*rotations, *(Place(position=p) for p in range(1, state.stack + 1))]
    return []


# ---- applying the player's decisions ------------------------------------------------------


def apply(state: GripState, action: Action) -> list[Event]:
    """Apply a legal action, then run the game on to the next decision."""
    events: list[Event] = []
    if state.step == "build":
        events += apply_build(state, action)
        if state.step == "start":
            _start_of_game(state)
        return events + advance(state)
    match action:
        case StartFace(card=card, face=face):
            get(state, card).face = face
            state.faces_to_choose.remove(card)
            events.append(Event(text=f"{name_of(get(state, card))} starts face up."))
            if not state.faces_to_choose:
                _start_of_game(state)
        case Rotate():
            rotate(state, state.deck[0])
            state.rotations += 1
            top = state.deck[0]
            events.append(Event(text=f"You rotate {name_of(top)}."))
        case Move(count=count):
            events.append(Event(text=f"You explore: {action.what().lower()}."))
            if count == 1:
                events += _move(state, 1, 1)
            else:
                state.stack, state.step = count, "place"
        case Place(position=position):
            events += _move(state, state.stack, position)
        case Resolve(card=card, index=index):
            fired = next(f for f in state.queue if f.card == card and f.index == index)
            state.queue.remove(fired)
            events += _resolve(state, fired)
        case Pick(card=card):
            assert state.choice is not None
            rotate(state, get(state, card))
            state.choice.options.remove(card)
            state.choice.picks_left -= 1
            events.append(Event(text=f"You rotate {name_of(get(state, card))}."))
            if not state.choice.options or not state.choice.picks_left:
                state.choice = None
        case Done():
            state.choice = None
        case Stop():
            since = state.repeats[0]
            lose(state, f"you ended the game: no progress since turn {since}")
            events.append(Event(text="You end the game: the deck had made no progress. You lose."))
    return events + advance(state)


def _move(state: GripState, count: int, position: int) -> list[Event]:
    """Move ``count`` cards to the bottom, the top card ``position``-th in the stack."""
    stack, state.deck = state.deck[:count], state.deck[count:]
    stack.insert(position - 1, stack.pop(0))
    state.deck += stack
    state.moved = [cs.id for cs in stack]
    state.stack = 0
    state.step = "moving"
    state.queue = [f for cs in stack for f in fired_for(cs, "moving_to_bottom")]
    shown = ", ".join(name_of(cs) if cs.face_up else "a face-down card" for cs in stack)
    return [Event(text=f"To the bottom: {shown}.")]


# ---- running the game on ----------------------------------------------------------------


def _start_of_game(state: GripState) -> None:
    """After setup, before the first turn: Start of Game abilities trigger."""
    state.step = "start"
    state.queue = [f for cs in state.deck for f in fired_for(cs, "start_of_game")]


def begin(state: GripState) -> list[Event]:
    """Run the game from setup to the first decision."""
    if state.step == "start":
        _start_of_game(state)
    return advance(state)


def advance(state: GripState) -> list[Event]:
    """Resolve what needs no decision; stop at the next decision or the end of the game."""
    events: list[Event] = []
    while state.outcome is None and state.choice is None and not needs_order(state):
        if state.queue:
            events += _resolve(state, state.queue.pop(0))
        elif state.step in ("build", "setup", "explore", "place"):
            break
        elif state.step in ("start", "moving"):
            events += _next_turn(state)
        elif state.step == "encounter":
            events += _after_encounter(state)
        elif state.step == "ending":
            events += _finish(state)
    if state.outcome is not None:
        state.step, state.queue, state.choice = "over", [], None
    return events


def _resolve(state: GripState, fired: Fired) -> list[Event]:
    events = resolve(state, fired)
    if state.ending and state.step != "ending" and state.outcome is None:
        state.step = "ending"
        state.queue = [f for cs in state.deck for f in fired_for(cs, "end_of_game")]
        state.choice = None
    return events


def _next_turn(state: GripState) -> list[Event]:
    """Start a turn: encounter the top card (flip it, On Top of Deck abilities)."""
    state.turn += 1
    state.rotations, state.end_turn, state.moved = 0, False, []
    turns = state.seen.setdefault(deck_key(state), [])
    state.repeats = list(turns)  # a repeat offers Stop; the rules end no game for it
    turns.append(state.turn)
    top = state.deck[0]
    flipped = flip_up(state, top)
    top.tops += 1
    state.step = "encounter"
    state.queue = fired_for(top, "on_top")
    how = "turn face up" if flipped else "meet"
    return [Event(text=f"Turn {state.turn}: you {how} {name_of(top)}.")]


def _after_encounter(state: GripState) -> list[Event]:
    """After the On Top of Deck abilities: explore, unless the turn was ended."""
    if state.end_turn:
        state.step = "moving"
        state.queue = [f for i in state.moved for f in fired_for(get(state, i), "moving_to_bottom")]
        return []
    if not move_options(state) and not (can_rotate(state.deck[0]) and _moves_if_rotated(state)):
        lose(state, "no moving option was left")
        return [Event(text="Neither the top nor the next card gives a value: you lose!")]
    state.step = "explore"
    return []


def _finish(state: GripState) -> list[Event]:
    """End of Game: add shown ⭐ to those gained, then win or lose against the threshold."""
    shown = sum(side_of(cs).stars for cs in state.deck if cs.face_up)
    stars = shown + state.gained
    need = target(state)
    state.final_stars = stars
    state.outcome = "won" if stars >= need else "lost"
    state.reason = f"{stars} ⭐ of the {need} needed: {'enough' if stars >= need else 'not enough'}"
    verdict = "Feragot is trapped: you win!" if stars >= need else "Feragot escapes: you lose."
    return [Event(text=f"You gathered {stars} ⭐ of the {need} needed to win. {verdict}")]


def deck_key(state: GripState) -> str:
    """A fingerprint of everything about the deck that decides how play goes on from here.

    Taken at the start of a turn, when every face-up card was turned up and got its active
    side on an earlier turn, so only order, face, orientation, visibility and how often (0, 1,
    2 or more) each card has been met on top matter.
    """
    text = ";".join(
        f"{cs.id},{cs.face},{cs.inverted:d},{cs.face_up:d},{cs.peeked:d},{min(cs.tops, 2)}"
        for cs in state.deck
    )
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def available_stars(state: GripState) -> int:
    """Every ⭐ the deck can give: each card's best, on its chosen face once it has one."""
    return sum(
        potential(cs.id, None if cs.id in state.faces_to_choose else cs.face) for cs in state.deck
    )


def target(state: GripState) -> int:
    """⭐ needed to win: the threshold, or every available ⭐ in the Allstar challenge."""
    return available_stars(state) if state.options.allstar else state.options.threshold


def current_stars(state: GripState) -> int:
    """⭐ if the game ended now (after the game: the final count)."""
    if state.final_stars is not None:
        return state.final_stars
    return tally(state)[0]
