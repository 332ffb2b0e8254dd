"""The effect registry: every ``effect`` name used in the card data, mapped to its logic.

Effects never test card names: what they act on comes from their parameters and from the
card that carries them. ``action`` effects change the game, ``score`` effects gain ⭐ at End of
Game (see scoring.py) and ``static`` effects are Anywhere in Deck rules read by rules.py.
Every ability in the catalogue is checked against this registry at import.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.base import Event
from engines.galdors_grip.actions import FATE_RANK, Fate
from engines.galdors_grip.cards import CATALOGUE
from engines.galdors_grip.deck import (
    ability_of,
    can_rotate,
    find,
    flip_up,
    get,
    lose,
    name_of,
    rotate,
    side_of,
)
from engines.galdors_grip.scoring import OBJECTIVES, dangerous_count, objective_stars
from engines.galdors_grip.state import CardState, Choice, Fired, GripState

Kind = Literal["action", "score", "static"]


class _Params(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class NoParams(_Params):
    """An effect without parameters."""


class Since(_Params):
    """``side``: this side was active before this turn; ``top``: met on an earlier turn."""

    since: Literal["side", "top"]


class RotateToo(_Params):
    """Whether the card also rotates."""

    rotate: bool = False


class Count(_Params):
    """How many cards the effect reaches."""

    count: int = Field(ge=1, le=17)


class NameCount(_Params):
    """At least ``at_least`` face-up cards of that name showing their upside-down side."""

    name: str
    at_least: int = Field(ge=1)


class Depth(_Params):
    """The deck position (1 = top) of an extra moving option."""

    depth: int = Field(ge=3, le=6)


Run = Callable[[GripState, Fired, Any], list[Event]]
Foresee = Callable[[GripState, CardState, Any], Fate]
"""What an On Top of Deck effect will do when its card is met on the next turn."""


@dataclass(frozen=True)
class Effect:
    """An effect: its kind, its parameter model, how it resolves and what it foretells."""

    kind: Kind
    params: type[BaseModel]
    run: Run | None = None
    foresee: Foresee | None = None


def rotate_if_seen(state: GripState, fired: Fired, params: NoParams) -> list[Event]:
    """Figments of Feragot, Orzumal's Eye: rotate if face-up before this turn."""
    cs = get(state, fired.card)
    if not (cs.face_up and cs.revealed_turn < state.turn):
        return [Event(text=f"{name_of(cs)} is met for the first time: nothing happens.")]
    rotate(state, cs)
    return [Event(text=f"{name_of(cs)} was already face-up, so it rotates.")]


def lose_if_seen(state: GripState, fired: Fired, params: Since) -> list[Event]:
    """Lose if this side was already active (or the card already on top) on an earlier turn."""
    cs = get(state, fired.card)
    seen = cs.changed_turn < state.turn if params.since == "side" else cs.tops >= 2
    if not seen:
        return [Event(text=f"{name_of(cs)} stirs, but nothing happens yet.")]
    lose(state, f"{name_of(cs)} was met once too often")
    return [Event(text=f"{name_of(cs)} was met once too often: you lose!")]


def end_game(state: GripState, fired: Fired, params: NoParams) -> list[Event]:
    """Galdor's Grip, rotated on an earlier turn: the game ends (End of Game abilities)."""
    cs = get(state, fired.card)
    if cs.changed_turn >= state.turn:
        return []
    state.ending = True
    return [Event(text=f"{name_of(cs)} closes on the intruder: the game ends.")]


def to_bottom_end_turn(state: GripState, fired: Fired, params: RotateToo) -> list[Event]:
    """Frenzied Flame: (rotate and) move this card to the bottom, then end this turn."""
    cs = state.deck.pop(find(state, fired.card))
    state.deck.append(cs)
    if params.rotate:
        rotate(state, cs)
    state.moved = [cs.id]
    state.end_turn = True
    return [Event(text=f"{name_of(cs)} leaps to the bottom of the deck and ends this turn.")]


def peek(state: GripState, fired: Fired, params: Count) -> list[Event]:
    """Feragot's Fortress: look at the cards below this one without turning them."""
    start = find(state, fired.card) + 1
    seen = []
    for offset, cs in enumerate(state.deck[start : start + params.count]):
        if not cs.face_up:
            cs.peeked = True
            seen.append(f"{start + offset + 1}: {name_of(cs)}")
    text = "You peek at " + "; ".join(seen) if seen else "Nothing face-down to peek at."
    return [Event(text=text, seat=0)]


def lose_if_count(state: GripState, fired: Fired, params: NameCount) -> list[Event]:
    """Lose if enough cards of a name show their upside-down side."""
    shown = dangerous_count(state, params.name)
    if shown < params.at_least:
        return [Event(text=f"{name_of(get(state, fired.card))} holds ({shown} dangerous).")]
    lose(state, f"{name_of(get(state, fired.card))} fell with {shown} × {params.name} dangerous")
    return [Event(text=f"{shown} × {params.name} show their dangerous side: you lose!")]


def flip_below(state: GripState, fired: Fired, params: Count) -> list[Event]:
    """Turn the cards directly below this one face up."""
    start = find(state, fired.card) + 1
    flipped = [name_of(cs) for cs in state.deck[start : start + params.count] if flip_up(state, cs)]
    if not flipped:
        return []
    return [Event(text=f"{name_of(get(state, fired.card))} reveals {', '.join(flipped)}.")]


def rotate_self(state: GripState, fired: Fired, params: NoParams) -> list[Event]:
    """Rotate the card carrying the ability."""
    cs = get(state, fired.card)
    rotate(state, cs)
    return [Event(text=f"{name_of(cs)} turns over.")]


def rotate_moving(state: GripState, fired: Fired, params: NoParams) -> list[Event]:
    """Deeproot Depths: any face-up Rotate cards moving with it may be rotated."""
    options = [i for i in state.moved if can_rotate(get(state, i))]
    if options:
        state.choice = Choice(fired=fired, options=options, picks_left=len(options))
    return []


def rotate_one(state: GripState, fired: Fired, params: NoParams) -> list[Event]:
    """The player may rotate one face-up card with a Rotate symbol."""
    options = [cs.id for cs in state.deck if can_rotate(cs)]
    if options:
        state.choice = Choice(fired=fired, options=options, picks_left=1)
    return []


def gain_stars(state: GripState, fired: Fired, params: BaseModel) -> list[Event]:
    """Resolve a scoring objective: gain its ⭐ if it is met now."""
    pos = find(state, fired.card)
    stars = objective_stars(state, pos, fired)
    state.gained += stars
    name = name_of(state.deck[pos])
    return [Event(text=f"{name}: +⭐{stars}." if stars else f"{name}: objective not met.")]


# ---- foresight: a card met next turn (not moving now, so its side cannot change first) ------


def _rotates_if_seen(state: GripState, cs: CardState, params: NoParams) -> Fate:
    return "rotate" if cs.face_up else "safe"


def _loses_if_seen(state: GripState, cs: CardState, params: Since) -> Fate:
    seen = cs.changed_turn <= state.turn if params.since == "side" else cs.tops >= 1
    return "lose" if seen else "safe"


def _ends_game(state: GripState, cs: CardState, params: NoParams) -> Fate:
    return "end" if cs.changed_turn <= state.turn else "safe"


def _loses_if_count(state: GripState, cs: CardState, params: NameCount) -> Fate:
    return "lose" if dangerous_count(state, params.name) >= params.at_least else "safe"


def _always(fate: Fate) -> Foresee:
    return lambda state, cs, params: fate


EFFECTS: dict[str, Effect] = {
    "rotate_if_seen": Effect("action", NoParams, rotate_if_seen, _rotates_if_seen),
    "lose_if_seen": Effect("action", Since, lose_if_seen, _loses_if_seen),
    "end_game": Effect("action", NoParams, end_game, _ends_game),
    "to_bottom_end_turn": Effect("action", RotateToo, to_bottom_end_turn, _always("skip")),
    "peek": Effect("action", Count, peek, _always("peek")),
    "lose_if_count": Effect("action", NameCount, lose_if_count, _loses_if_count),
    "flip_below": Effect("action", Count, flip_below),
    "rotate_self": Effect("action", NoParams, rotate_self),
    "rotate_moving": Effect("action", NoParams, rotate_moving),
    "rotate_one": Effect("action", NoParams, rotate_one),
    "extra_option": Effect("static", Depth),
    **{name: Effect("score", o.params, gain_stars) for name, o in OBJECTIVES.items()},
}


def kind_of(fired: Fired) -> Kind:
    """Whether a triggered ability changes the game or only scores."""
    return EFFECTS[ability_of(fired).effect].kind


@cache
def params_of(fired: Fired) -> BaseModel:
    """The validated parameters of a triggered ability."""
    ability = ability_of(fired)
    return EFFECTS[ability.effect].params.model_validate(ability.params)


def resolve(state: GripState, fired: Fired) -> list[Event]:
    """Run a triggered ability."""
    run = EFFECTS[ability_of(fired).effect].run
    assert run is not None, "static abilities never trigger"
    return run(state, fired, params_of(fired))


def foresee(state: GripState, pos: int) -> Fate:
    """What meeting the card at ``pos`` on top next turn will do (the worst if several)."""
    cs = state.deck[pos]
    if not (cs.face_up or cs.peeked):
        return "unseen"
    fates: list[Fate] = ["safe"]
    for index, ability in enumerate(side_of(cs).abilities):
        effect = EFFECTS[ability.effect]
        if ability.trigger == "on_top" and effect.foresee is not None:
            fired = Fired(card=cs.id, face=cs.face, inverted=cs.inverted, index=index)
            fates.append(effect.foresee(state, cs, params_of(fired)))
    return max(fates, key=FATE_RANK.index)


def _check_catalogue() -> None:
    """Every ability names a registered effect, fits its trigger and has valid parameters."""
    for card in CATALOGUE.cards.values():
        for ability in card.abilities():
            effect = EFFECTS.get(ability.effect)
            if effect is None:
                raise ValueError(f"{card.id}: unknown effect {ability.effect!r}")
            if (effect.kind == "static") != (ability.trigger == "anywhere"):
                raise ValueError(f"{card.id}: {ability.effect} cannot trigger {ability.trigger}")
            if effect.kind == "score" and ability.trigger != "end_of_game":
                raise ValueError(f"{card.id}: objectives score at End of Game")
            effect.params.model_validate(ability.params)


_check_catalogue()
