"""Views: what the player (seat 0) or a spectator may see, as their own models.

The deck is only ever a count; the hand is a count for spectators. The seed is never shown.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from engines.gondolin.cards import (
    AchievementCard,
    Card,
    DefenderCard,
    EnemyCard,
    LocationCard,
)
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.modifiers import Mods, attack, defence, mods_for, stats
from engines.gondolin.siege import attack_turn
from engines.gondolin.state import GondolinState, InPlay, Sieger


class CardView(BaseModel):
    """A card's printed data (fields that do not apply are None)."""

    id: str
    name: str
    kind: str
    text: str
    flavour: str
    d: int | None = None
    r: int | None = None
    m: int | None = None
    px: int | None = None
    a: int | None = None
    siege: int | None = None
    s: int | None = None
    p: int | None = None
    anti_flying: bool = False
    flying: bool = False
    use: str | None = None


class TableCardView(CardView):
    """A Defender, Improvement or Continuous event in play."""

    uid: int
    current_d: int | None = None
    used_this_turn: bool = False


class EnemyView(CardView):
    """A sieging enemy with its countdown."""

    uid: int
    current_a: int
    arrived: int
    attack_turn: int
    turns_left: int
    delayed: bool


class StoryEventView(BaseModel):
    """A fixed story event."""

    name: str
    text: str


class TurnView(BaseModel):
    """One turn on the story's track."""

    turn: int
    status: Literal["passed", "current", "coming"]
    events: list[StoryEventView]


class StoryView(BaseModel):
    """The Story card and where we are on it."""

    id: str
    name: str
    difficulty: str
    text: str
    turns: int
    current_turn: int
    hand_size: int
    score_text: str
    track: list[TurnView]


class StatsView(BaseModel):
    """The stats panel."""

    r: int
    s: int
    m: int
    p: int
    td: int
    ta: int
    income: int
    anti_flying: bool


class SiegeView(BaseModel):
    """The siege: its enemies, and when they all attack."""

    under_siege: bool
    attack_turn: int | None
    turns_left: int | None
    flying: bool
    enemies: list[EnemyView]


class PendingView(BaseModel):
    """The decision the game waits for."""

    phase: str
    prompt: str


class ResultView(BaseModel):
    """How the story ended."""

    outcome: Literal["survived", "destroyed"]
    score: int
    text: str


class GondolinView(BaseModel):
    """Everything a renderer needs for one audience."""

    game: Literal["gondolin"] = "gondolin"
    audience: Literal["player", "spectator"]
    mode: str
    turn: int
    phase: str
    status: str
    story: StoryView
    location: CardView
    stats: StatsView
    defenders: list[TableCardView]
    improvements: list[TableCardView]
    continuous: list[TableCardView]
    siege: SiegeView
    hand: list[CardView] | None
    hand_count: int
    deck_count: int
    played_count: int
    played: list[str]
    pending: PendingView | None
    result: ResultView | None


def card_view(card: Card) -> dict[str, object]:
    """The printed fields of a card, for :class:`CardView` and its subclasses."""
    data: dict[str, object] = {
        "id": card.id,
        "name": card.name,
        "kind": card.kind_label,
        "text": card.text,
        "flavour": card.flavour,
    }
    if isinstance(card, DefenderCard):
        data |= {"d": card.d, "r": card.r, "m": card.m, "anti_flying": card.anti_flying}
    elif isinstance(card, AchievementCard):
        data |= {"px": card.px, "r": card.r, "m": card.m}
    elif isinstance(card, EnemyCard):
        data |= {"a": card.a, "siege": card.siege, "flying": card.flying}
    elif isinstance(card, LocationCard):
        data |= {"s": card.s, "r": card.r, "p": card.p}
    if card.use:
        data["use"] = (f"R{card.use.cost}: " if card.use.cost else "") + card.use.text
    return data


def _table(state: GondolinState, group: list[InPlay], mods: Mods) -> list[TableCardView]:
    out = []
    for x in group:
        card = CATALOGUE.card(x.card)
        d = defence(card, mods) if isinstance(card, DefenderCard) else None
        out.append(
            TableCardView(
                **card_view(card), uid=x.uid, current_d=d, used_this_turn=x.uid in state.used
            )
        )
    return out


def _enemy(state: GondolinState, x: Sieger, mods: Mods) -> EnemyView:
    card = CATALOGUE.enemy(x.card)
    return EnemyView(
        **card_view(card),
        uid=x.uid,
        current_a=attack(card, mods),
        arrived=x.arrived,
        attack_turn=x.attack_turn,
        turns_left=max(0, x.attack_turn - state.turn),
        delayed=x.delayed,
    )


def _story(state: GondolinState) -> StoryView:
    story = CATALOGUE.stories[state.story]
    track = []
    for turn in range(1, story.turns + 1):
        status = "passed" if turn < state.turn else "current" if turn == state.turn else "coming"
        events = [StoryEventView(name=e.name, text=e.text) for e in story.events_on(turn)]
        track.append(TurnView(turn=turn, status=status, events=events))
    return StoryView(
        id=story.id,
        name=story.name,
        difficulty=story.difficulty,
        text=story.text,
        turns=story.turns,
        current_turn=state.turn,
        hand_size=story.hand,
        score_text=story.score_text,
        track=track,
    )


def _status_and_prompt(state: GondolinState) -> tuple[str, PendingView | None]:
    story = CATALOGUE.stories[state.story]
    head = f"Turn {state.turn} of {story.turns}"
    now = stats(state)
    if state.phase == "over":
        return state.end_text, None
    if state.phase == "choose_hand":
        prompt = f"Take {state.hand_left} more card(s) from the deck into the starting hand."
        return f"Founding the settlement: {prompt}", PendingView(phase=state.phase, prompt=prompt)
    if state.phase == "maintenance":
        prompt = f"R is {state.r}: destroy a card that adds to M."
        return f"{head}, maintenance check: {prompt}", PendingView(phase=state.phase, prompt=prompt)
    if state.phase == "defence":
        when = attack_turn(state)
        due = "this turn" if when is not None and when <= state.turn else f"on turn {when}"
        prompt = "Play cards or use abilities, then end the Defence phase."
        status = (
            f"{head}, Defence phase: {len(state.enemies)} enemy card(s) besiege the settlement, "
            f"TA {now.ta} vs TD {now.td}, attacking {due}."
        )
        return status, PendingView(phase=state.phase, prompt=prompt)
    prompt = "Play cards or use abilities, then end the turn."
    status = f"{head}, Main phase: R {now.r}, TD {now.td}, next income {now.income:+d}."
    return status, PendingView(phase=state.phase, prompt=prompt)


def build_view(state: GondolinState, seat: int | None) -> dict[str, object]:
    """The view for the player (seat 0) or a spectator (None)."""
    mods = mods_for(state)
    now = stats(state)
    when = attack_turn(state)
    enemies = [_enemy(state, x, mods) for x in state.enemies]
    status, pending = _status_and_prompt(state)
    player = seat == 0
    result = None
    if state.outcome is not None:
        result = ResultView(outcome=state.outcome, score=state.score, text=state.end_text)
    view = GondolinView(
        audience="player" if player else "spectator",
        mode=state.mode,
        turn=state.turn,
        phase=state.phase,
        status=status,
        story=_story(state),
        location=CardView(**card_view(CATALOGUE.card(state.location))),
        stats=StatsView(
            r=now.r,
            s=now.s,
            m=now.m,
            p=now.p,
            td=now.td,
            ta=now.ta,
            income=now.income,
            anti_flying=now.anti_flying,
        ),
        defenders=_table(state, state.defenders, mods),
        improvements=_table(state, state.improvements, mods),
        continuous=_table(state, state.continuous, mods),
        siege=SiegeView(
            under_siege=bool(state.enemies),
            attack_turn=when,
            turns_left=None if when is None else max(0, when - state.turn),
            flying=any(e.flying for e in enemies),
            enemies=enemies,
        ),
        hand=[CardView(**card_view(CATALOGUE.card(c))) for c in state.hand] if player else None,
        hand_count=len(state.hand),
        deck_count=len(state.deck),
        played_count=len(state.played),
        played=[CATALOGUE.card(c).name for c in state.played],
        pending=pending,
        result=result,
    )
    return view.model_dump(mode="json")
