"""Small helpers over the deck: the active side of a card, shown values, rotating, flipping."""

from __future__ import annotations

from engines.galdors_grip.cards import CARDS, Ability, Card, Side, Value
from engines.galdors_grip.state import CardState, Fired, GripState


def card_of(cs: CardState) -> Card:
    """The catalogue card behind a deck card."""
    return CARDS[cs.id]


def side_of(cs: CardState) -> Side:
    """The active side (the left side in the card's current face and orientation)."""
    return CARDS[cs.id].faces[cs.face].side(cs.inverted)


def name_of(cs: CardState) -> str:
    """The card's name (with the face title of a Forked Path card)."""
    return CARDS[cs.id].face_name(cs.face)


def shown_value(cs: CardState) -> Value:
    """The active value if the card is face-up; face-down cards show none."""
    return side_of(cs).value if cs.face_up else None


def show(value: Value) -> str:
    """A value as printed: a number, ``*`` or ``—``."""
    return "—" if value is None else str(value)


def designations(value: Value) -> range:
    """The numbers a value may stand for: a wildcard is any of 1-6 each time it is used."""
    if value is None:
        return range(0)
    if value == "*":
        return range(1, 7)
    return range(value, value + 1)


def find(state: GripState, card_id: str) -> int:
    """The deck position (0 = top) of a card."""
    for i, cs in enumerate(state.deck):
        if cs.id == card_id:
            return i
    raise KeyError(card_id)


def get(state: GripState, card_id: str) -> CardState:
    """The deck card with that id."""
    return state.deck[find(state, card_id)]


def rotate(state: GripState, cs: CardState) -> None:
    """Turn a card 180°; rotating twice restores its original orientation."""
    cs.inverted = not cs.inverted
    cs.changed_turn = state.turn


def flip_up(state: GripState, cs: CardState) -> bool:
    """Turn a face-down card face up; False if it already was."""
    if cs.face_up:
        return False
    cs.face_up = True
    cs.peeked = False
    cs.revealed_turn = state.turn
    return True


def can_rotate(cs: CardState) -> bool:
    """Whether the card shows a Rotate symbol on its active side."""
    return cs.face_up and side_of(cs).rotate


def fired_for(cs: CardState, trigger: str) -> list[Fired]:
    """The abilities of a face-up card's active side that ``trigger`` sets off."""
    if not cs.face_up:
        return []
    return [
        Fired(card=cs.id, face=cs.face, inverted=cs.inverted, index=i)
        for i, ability in enumerate(side_of(cs).abilities)
        if ability.trigger == trigger
    ]


def ability_of(fired: Fired) -> Ability:
    """The printed ability a fired trigger refers to."""
    return CARDS[fired.card].faces[fired.face].side(fired.inverted).abilities[fired.index]


def static_abilities(state: GripState, effect: str) -> list[tuple[int, Ability]]:
    """Anywhere in Deck abilities with that effect on face-up cards, with their positions."""
    return [
        (i, a)
        for i, cs in enumerate(state.deck)
        if cs.face_up
        for a in side_of(cs).abilities
        if a.trigger == "anywhere" and a.effect == effect
    ]


def lose(state: GripState, reason: str) -> None:
    """End the game as a loss."""
    state.outcome = "lost"
    state.reason = reason
