"""What the player sees: the deck in order, face-up cards in full, face-down ones as backs.

Built as its own models from the state, never as a filtered dump: a face-down card shows only
its position (and, once peeked at with Feragot's Fortress, what the player saw). Nothing here
depends on the order of unpeeked face-down cards, so the deck order stays secret.
"""

from __future__ import annotations

import tomllib
from functools import cache, lru_cache
from typing import Any, Literal

from pydantic import BaseModel

from engines.galdors_grip.cards import (
    ATTRIBUTE_NAMES,
    CARDS,
    DATA_DIR,
    TRIGGER_NAMES,
    Side,
)
from engines.galdors_grip.deck import name_of, show
from engines.galdors_grip.rules import available_stars, needs_order, target
from engines.galdors_grip.scoring import tally
from engines.galdors_grip.setup import DECK_SIZE, ESSENTIAL
from engines.galdors_grip.state import CardState, GripState
from engines.lookup import CardLookup
from engines.text import join_and, plural, sentence


class AbilityView(BaseModel):
    """An ability as printed: its trigger bar and its text."""

    trigger: str
    text: str


class SideView(BaseModel):
    """One orientation of a face."""

    value: str
    rotate: bool
    stars: int
    abilities: list[AbilityView]


class FaceView(BaseModel):
    """A printed front (Forked Path cards have two)."""

    title: str | None
    upright: SideView
    inverted: SideView


class CardView(BaseModel):
    """One position of the deck; the card fields are None for an unpeeked face-down card."""

    position: int
    role: Literal["top", "next", "deck"]
    face_up: bool
    peeked: bool
    id: str | None = None
    name: str | None = None
    set: str | None = None
    attributes: list[str] = []
    face: int | None = None
    orientation: Literal["upright", "upside-down"] | None = None
    active: SideView | None = None
    other: SideView | None = None
    faces: list[FaceView] = []


class PendingView(BaseModel):
    """The decision the game waits for."""

    kind: Literal["build", "setup", "explore", "place", "order", "choice", "over"]
    prompt: str


class BuildView(BaseModel):
    """Deck building in progress (before the deal): the player's choices so far."""

    swapped_out: list[str]
    chosen: list[str]
    drawn: int


class GripView(BaseModel):
    """Everything needed to draw the game and explain the next decision."""

    game_id: str = "galdors_grip"
    goal: str = ""
    """How to win and how the game ends (``goal_line``)."""
    turn: int
    method: str
    threshold: int
    allstar: bool
    target: int | None
    stars: int
    star_lines: list[str]
    max_stars: int | None
    deck: list[CardView]
    building: BuildView | None
    repeats: list[int]
    face_down: int
    deck_list: list[str]
    unknown_cards: int
    pending: PendingView
    status: str
    outcome: Literal["won", "lost"] | None
    reason: str


class GripLookupView(BaseModel):
    """A card lookup view, as the lookup command sends it to the renderer."""

    game: Literal["galdors_grip"] = "galdors_grip"
    lookup: CardLookup[CardView]


def _side(side: Side) -> SideView:
    abilities = [AbilityView(trigger=TRIGGER_NAMES[a.trigger], text=a.text) for a in side.abilities]
    return SideView(
        value=show(side.value), rotate=side.rotate, stars=side.stars, abilities=abilities
    )


@cache
def _printed_side(card_id: str, face: int, inverted: bool) -> SideView:
    """A printed side's view, built once (views share it and never change it)."""
    return _side(CARDS[card_id].faces[face].side(inverted))


@cache
def _faces(card_id: str) -> list[FaceView]:
    """A card's faces' views, built once (views share them and never change them)."""
    return [
        FaceView(title=f.title, upright=_side(f.upright), inverted=_side(f.inverted))
        for f in CARDS[card_id].faces
    ]


def _role(pos: int) -> Literal["top", "next", "deck"]:
    return ("top", "next")[pos] if pos < 2 else "deck"


def card_view(cs: CardState, pos: int) -> CardView:
    """A deck position as the player sees it."""
    if not (cs.face_up or cs.peeked):
        return _card_view(pos, "", 0, False, False, False)
    return _card_view(pos, cs.id, cs.face, cs.inverted, cs.face_up, cs.peeked)


@lru_cache(maxsize=4096)
def _card_view(
    pos: int, card_id: str, face: int, inverted: bool, face_up: bool, peeked: bool
) -> CardView:
    """A card at ``pos`` as the player sees it, built once (views share it, never change it).

    Only what the view shows is in the key: a face-down card not peeked at is its back.
    """
    role = _role(pos)
    if not (face_up or peeked):
        return CardView(position=pos + 1, role=role, face_up=False, peeked=False)
    card = CARDS[card_id]
    return CardView(
        position=pos + 1,
        role=role,
        face_up=face_up,
        peeked=peeked,
        id=card_id,
        name=card.face_name(face),
        set=card.set,
        attributes=[ATTRIBUTE_NAMES[a] for a in card.attributes],
        face=face,
        orientation="upside-down" if inverted else "upright",
        active=_printed_side(card_id, face, inverted),
        other=_printed_side(card_id, face, not inverted),
        faces=_faces(card_id),
    )


def _deck(state: GripState) -> list[CardView]:
    """The deck top first; while it is being built, the 18 backs it will be dealt as."""
    if state.build is not None:
        hidden = CardState(id=ESSENTIAL[0])
        return [card_view(hidden, i) for i in range(DECK_SIZE)]
    return [card_view(cs, i) for i, cs in enumerate(state.deck)]


def pending(state: GripState) -> PendingView:
    """The decision the game waits for, and its prompt."""
    if state.outcome is not None:
        return PendingView(kind="over", prompt="The game is over.")
    if state.choice is not None:
        who = CARDS[state.choice.fired.card].name
        return PendingView(kind="choice", prompt=f"{who}: rotate any of the offered cards.")
    if needs_order(state):
        return PendingView(kind="order", prompt="Abilities triggered together: pick one first.")
    if state.step == "build":
        return PendingView(kind="build", prompt=_build_prompt(state))
    if state.step == "setup":
        card = CARDS[state.faces_to_choose[0]]
        return PendingView(kind="setup", prompt=f"Choose the starting face of {card.name}.")
    if state.step == "place":
        moving = plural(state.stack, "card")
        prompt = f"Moving {moving}: choose where the top card goes in the stack."
        return PendingView(kind="place", prompt=prompt)
    top = name_of(state.deck[0])
    prompt = f"Explore: how many cards to move past {top}?"
    if state.repeats:
        prompt += f" The deck is as on turn {state.repeats[0]}."
    return PendingView(kind="explore", prompt=prompt)


def _build_prompt(state: GripState) -> str:
    build, method = state.build, state.options.method
    assert build is not None
    if method == "a" and len(build.out) > len(build.into):
        out = CARDS[build.out[-1]].name
        return f"Build the deck: choose the expansion card replacing {out}."
    if method == "a":
        done = plural(len(build.out), "swap")
        return f"Build the deck: swap out a Core card, or deal ({done} so far)."
    if method == "b":
        left = plural(3 - len(build.into), "expansion card")
        return f"Build the deck: choose {left} more."
    return "Build the deck: look at the 6 drawn cards, or play them unseen?"


def _building(state: GripState) -> BuildView | None:
    build = state.build
    if build is None:
        return None
    return BuildView(
        swapped_out=[CARDS[c].name for c in build.out],
        chosen=[CARDS[c].name for c in build.into],
        drawn=len(build.drawn),
    )


def _deck_list(state: GripState) -> tuple[list[str], int]:
    """The deck's composition as far as the player knows it (catalogue order, not deck order).

    While the deck is being built: the essential cards, the Core cards kept and the chosen
    expansion cards; cards still to draw count as unknown.
    """
    if state.build is not None:
        build = state.build
        if state.options.method == "a":
            kept = [c for c in CARDS if CARDS[c].set == "core" and c not in build.out]
            in_deck = set(kept) | set(build.into)
        else:
            in_deck = set(ESSENTIAL) | set(build.into)
        return [CARDS[c].name for c in CARDS if c in in_deck], DECK_SIZE - len(in_deck)
    unknown = {cs.id for cs in state.deck if cs.id in state.blind and not (cs.face_up or cs.peeked)}
    in_deck = {cs.id for cs in state.deck} - unknown
    return [CARDS[c].name for c in CARDS if c in in_deck], len(unknown)


def _target(state: GripState, unknown: int) -> int | None:
    """The ⭐ needed; hidden in the Allstar challenge while the deck's cards are unknown."""
    building = state.build is not None
    return None if state.options.allstar and (unknown or building) else target(state)


GOAL_TEXT: dict[str, str] = tomllib.loads((DATA_DIR / "text" / "goal.toml").read_text("utf-8"))


def goal_line(state: GripState) -> str:
    """How to win and how the game ends, in one line (rules: End of the game)."""
    need = GOAL_TEXT["every"] if state.options.allstar else f"{target(state)} ⭐"
    return GOAL_TEXT["goal"].format(need=need)


def score_words(stars: int, need: int | None) -> str:
    """The score against the target in words: "2 ⭐ of the 9 needed to win"."""
    if need is None:
        return f"{stars} ⭐ (every ⭐ the deck can give is needed to win)"
    return f"{stars} ⭐ of the {need} needed to win"


def _status(state: GripState, stars: int, need: int | None) -> str:
    if state.outcome == "won":
        return f"Won on turn {state.turn} with {stars} ⭐ of the {target(state)} needed."
    if state.outcome == "lost":
        return sentence(f"Lost on turn {state.turn}: {state.reason}")
    if state.turn == 0:
        return f"Setup · {'every' if need is None else need} ⭐ needed to win"
    top = state.deck[0]
    top_name = name_of(top) if top.face_up or top.peeked else "a face-down card"
    face_down = sum(not cs.face_up for cs in state.deck)
    score = score_words(stars, need)
    status = f"Turn {state.turn} · {score} · top: {top_name} · {face_down} face-down"
    if state.repeats:
        status += f" · same deck as turn {join_and([str(t) for t in state.repeats])}"
    return status


def build_view(state: GripState) -> dict[str, Any]:
    """The player's (and spectators') view as JSON-ready data."""
    return view_model(state).model_dump(mode="json")


def view_model(state: GripState) -> GripView:
    """The player's (and spectators') view, as its model."""
    counted, star_lines = tally(state)
    stars = counted if state.final_stars is None else state.final_stars  # ``current_stars``
    deck_list, unknown = _deck_list(state)
    need = _target(state, unknown)
    return GripView(
        goal=goal_line(state),
        turn=state.turn,
        method=state.options.method,
        threshold=state.options.threshold,
        allstar=state.options.allstar,
        target=need,
        stars=stars,
        star_lines=star_lines,
        max_stars=None if unknown or state.build else available_stars(state),
        deck=_deck(state),
        building=_building(state),
        repeats=state.repeats,
        face_down=DECK_SIZE if state.build else sum(not cs.face_up for cs in state.deck),
        deck_list=deck_list,
        unknown_cards=unknown,
        pending=pending(state),
        status=_status(state, stars, need),
        outcome=state.outcome,
        reason=state.reason,
    )
