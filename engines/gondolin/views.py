"""Views: what the player (seat 0) or a spectator may see, as their own models.

The deck is only ever a count, and the seed is never shown. In this solo game the hand is
face-up to the table (the board's buttons name its cards), so both views hold it.
"""

from __future__ import annotations

from functools import cache
from typing import Literal, NotRequired, TypedDict

from pydantic import BaseModel, Field

from engines.gondolin.cards import (
    AchievementCard,
    Card,
    DefenderCard,
    EnemyCard,
    LocationCard,
    StoryEvent,
)
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.effects import card_of
from engines.gondolin.modifiers import Mods, Stats, attack, cost, defence, mods_for, stats
from engines.gondolin.siege import attack_turn
from engines.gondolin.state import GondolinState, InPlay, Sieger
from engines.gondolin.story import enemy_a_at, spawned_enemy, with_a
from engines.lookup import CardLookup
from engines.text import join_and, plural


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


class EnemyPreview(BaseModel):
    """The enemy a story event brings: printed A and its A as things stand now."""

    id: str
    name: str
    a: int
    current_a: int
    siege: int
    flying: bool
    relentless: bool


class StoryEventView(BaseModel):
    """A fixed story event; its text names the enemy's current A, not the printed one."""

    name: str
    text: str
    enemy: EnemyPreview | None = None


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


class HandCardView(CardView):
    """A card in the hand with what it would be now: current D and price in R."""

    current_d: int | None = None
    price: int | None = None


class PendingView(BaseModel):
    """The decision the game waits for."""

    phase: str
    prompt: str


class ResultView(BaseModel):
    """How the story ended."""

    outcome: Literal["survived", "destroyed"]
    score: int
    text: str


GOAL = (
    "Survive every turn of the story: an attack (TA) your total defence (TD) cannot match ends "
    "the game as a loss; after the last turn the story's formula gives your score."
)
"""How to win and how the game ends, in one line (rules: the game in one paragraph)."""


class GondolinView(BaseModel):
    """Everything a renderer needs for one audience."""

    game: Literal["gondolin"] = "gondolin"
    goal: str = GOAL
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
    hand: list[HandCardView]
    hand_count: int
    deck_count: int
    played_count: int
    played: list[str]
    pending: PendingView | None
    result: ResultView | None


class SheetCardView(CardView):
    """A card on a card sheet or lookup page (``engines.gondolin.sheet.sheet_card``)."""

    num: int
    type: Literal["location", "defender", "achievement", "occurrence", "continuous", "enemy"]
    copies: int
    hero: bool | None = None
    eminent: bool | None = None


SHEET_MAX_CARDS = 9
"""A card sheet holds at most this many cards: three rows of three keep it wider than tall."""


class SheetView(BaseModel):
    """One page of a card list (``engines.gondolin.sheet.card_sheet_view``)."""

    title: str
    page: int
    pages: int
    total: int
    distinct: int
    per_page: int
    cards: list[SheetCardView] = Field(max_length=SHEET_MAX_CARDS)


class GondolinSheetView(BaseModel):
    """A card sheet, as the card-list commands send it to the renderer."""

    game: Literal["gondolin"] = "gondolin"
    sheet: SheetView


class GondolinLookupView(BaseModel):
    """A card lookup view, as the lookup command sends it to the renderer."""

    game: Literal["gondolin"] = "gondolin"
    lookup: CardLookup[SheetCardView]


class CardFields(TypedDict):
    """The printed fields of a card that :func:`card_view` fills."""

    id: str
    name: str
    kind: str
    text: str
    flavour: str
    d: NotRequired[int]
    r: NotRequired[int]
    m: NotRequired[int]
    px: NotRequired[int]
    a: NotRequired[int]
    siege: NotRequired[int]
    s: NotRequired[int]
    p: NotRequired[int]
    anti_flying: NotRequired[bool]
    flying: NotRequired[bool]
    use: NotRequired[str]


def card_view(card: Card) -> CardFields:
    """The printed fields of a card, for :class:`CardView` and its subclasses."""
    data: CardFields = {
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


def _event(state: GondolinState, event: StoryEvent, mods: Mods) -> StoryEventView:
    """A story event as things stand now (``mods``: the modifiers in force now)."""
    enemy_id = spawned_enemy(event.effects)
    if enemy_id is None:
        return StoryEventView(name=event.name, text=event.text)
    enemy = CATALOGUE.enemy(enemy_id)
    current_a = enemy_a_at(state, enemy_id, event.turn, mods)
    preview = EnemyPreview(
        id=enemy.id,
        name=enemy.name,
        a=enemy.a,
        current_a=current_a,
        siege=enemy.siege,
        flying=enemy.flying,
        relentless=enemy.relentless,
    )
    return StoryEventView(name=event.name, text=with_a(event, current_a), enemy=preview)


@cache
def _events_by_turn(story_id: str) -> dict[int, list[StoryEvent]]:
    """A story's events by turn, in the story's order (printed: sorted once)."""
    by_turn: dict[int, list[StoryEvent]] = {}
    for event in CATALOGUE.stories[story_id].events:
        by_turn.setdefault(event.turn, []).append(event)
    return by_turn


def _story(state: GondolinState, mods: Mods) -> StoryView:
    story = CATALOGUE.stories[state.story]
    by_turn = _events_by_turn(story.id)
    track = []
    for turn in range(1, story.turns + 1):
        status: Literal["passed", "current", "coming"] = (
            "passed" if turn < state.turn else "current" if turn == state.turn else "coming"
        )
        events = [_event(state, e, mods) for e in by_turn.get(turn, ())]
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


def income_text(state: GondolinState, now: Stats | None = None) -> str:
    """The next Resource phase's R change, explained: '+3 (S 8 gives 4, M 1 costs 1)'.

    ``now``: the current stats where the caller has them already.
    """
    now = stats(state) if now is None else now
    extra = now.income - (now.s // 2 - now.m)
    other = f", other income {extra:+d}" if extra else ""
    return f"{now.income:+d} (S {now.s} gives {now.s // 2}, M {now.m} costs {now.m}{other})"


def _prompt(state: GondolinState) -> str:
    """What the player is asked to do now."""
    phase = state.phase
    if phase == "choose_location":
        return "Choose the Location where the settlement is founded."
    if phase == "choose_hand":
        left = plural(state.hand_left, "more card")
        return f"Take {left} from the deck into the starting hand."
    if phase == "choose_target" and state.target is not None:
        names = join_and([CATALOGUE.card(card_of(state, u)).name for u in state.target.uids])
        what = "is driven off" if state.target.do == "rout_weakest_enemy" else "is destroyed"
        return f"{names} are tied: choose which one {what}."
    if phase == "maintenance":
        return f"R is {state.r}: destroy a card that adds to M."
    if phase == "defence":
        return "Play cards or use abilities, then end the Defence phase."
    return "Play cards or use abilities, then end the turn."


def _status(state: GondolinState, now: Stats) -> str:
    story = CATALOGUE.stories[state.story]
    head = f"Turn {state.turn} of {story.turns}"
    prompt = _prompt(state)
    if state.phase in ("choose_location", "choose_hand"):
        return f"Founding the settlement: {prompt}"
    if state.phase == "choose_target":
        return f"{head}, a choice: {prompt}"
    if state.phase == "maintenance":
        return f"{head}, maintenance check: {prompt}"
    if state.phase == "defence":
        when = attack_turn(state)
        due = "this turn" if when is not None and when <= state.turn else f"on turn {when}"
        cards = plural(len(state.enemies), "enemy card")
        verb = "besieges" if len(state.enemies) == 1 else "besiege"
        return (
            f"{head}, Defence phase: {cards} {verb} the settlement, "
            f"TA {now.ta} vs TD {now.td}, attacking {due}."
        )
    return f"{head}, Main phase: R {now.r}, TD {now.td}, next income {income_text(state, now)}."


def _location(state: GondolinState) -> CardView:
    if state.location is not None:
        return CardView(**card_view(CATALOGUE.card(state.location)))
    names = join_and([CATALOGUE.card(c).name for c in state.locations])
    return CardView(
        id="", name="Location to choose", kind="Location", text=f"One of {names}.", flavour=""
    )


def _hand(state: GondolinState, mods: Mods) -> list[HandCardView]:
    out = []
    for cid in state.hand:
        card = CATALOGUE.card(cid)
        assert isinstance(card, DefenderCard | AchievementCard)
        d = defence(card, mods) if isinstance(card, DefenderCard) else None
        out.append(HandCardView(**card_view(card), current_d=d, price=cost(card, mods)))
    return out


def build_view(state: GondolinState, seat: int | None) -> dict[str, object]:
    """The view for the player (seat 0) or a spectator (None); the hand is face-up in both."""
    return audience_view(view_model(state), seat)


def audience_view(view: GondolinView, seat: int | None) -> dict[str, object]:
    """``view`` for the player (seat 0) or a spectator (None), as JSON-ready data."""
    audience = "player" if seat == 0 else "spectator"
    return view.model_copy(update={"audience": audience}).model_dump(mode="json")


def view_model(state: GondolinState) -> GondolinView:
    """The view as its model, its audience the player's: the other views differ only in it."""
    mods = mods_for(state)
    now = stats(state, mods)
    when = attack_turn(state)
    enemies = [_enemy(state, x, mods) for x in state.enemies]
    over = state.phase == "over"
    result = None
    if state.outcome is not None:
        result = ResultView(outcome=state.outcome, score=state.score, text=state.end_text)
    return GondolinView(
        audience="player",
        mode=state.mode,
        turn=state.turn,
        phase=state.phase,
        status=state.end_text if over else _status(state, now),
        story=_story(state, mods),
        location=_location(state),
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
        hand=_hand(state, mods),
        hand_count=len(state.hand),
        deck_count=len(state.deck),
        played_count=len(state.played),
        played=[CATALOGUE.card(c).name for c in state.played],
        pending=None if over else PendingView(phase=state.phase, prompt=_prompt(state)),
        result=result,
    )
