"""Data models for Gondolin Cards: game cards, stories and ready-made decks.

Every number and text lives in ``data/gondolin``; these models only describe and validate it.
Effects are data too: an :class:`Effect` names a function in a registry (``modifiers.STATIC``
for ``static`` effects, ``effects.INSTANT`` for the others) plus its parameters.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Ident = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,29}$")]
Name = Annotated[str, Field(min_length=1, max_length=40)]
Trigger = Literal["static", "enter", "defeat", "win", "activate"]
StatName = Literal["R", "S", "P", "M", "TD"]
ScoreValue = Literal["P", "S", "R", "heroes", "eminent_defeated"]


class Data(BaseModel):
    """Frozen, strict base for everything loaded from the data files."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Effect(Data):
    """One effect: when it happens, which registered function does it, and its parameters.

    ``static``: a modifier while the card is in play (or, for a story event, from its turn on).
    ``enter``: once, when the card enters play (or the story event happens).
    ``defeat``: an enemy's bonus when it is destroyed in an attack.
    ``win``: whenever the settlement wins an attack (TD > TA) while the card is in play.
    ``activate``: what the card's activated use does (see :class:`Use`).
    """

    when: Trigger
    do: Ident
    amount: int = 0
    stat: StatName | None = None
    card: Ident | None = None


class Use(Data):
    """An activated ability: at most once per turn, costs R, may sacrifice the card."""

    cost: int = Field(0, ge=0)
    sacrifice: bool = False
    text: Annotated[str, Field(min_length=1, max_length=40)]


class CardBase(Data):
    """Fields shared by every game card."""

    id: Ident
    num: int = Field(ge=0, lt=1024)
    name: Name
    text: str = ""
    flavour: str = ""
    effects: tuple[Effect, ...] = ()
    use: Use | None = None

    @model_validator(mode="after")
    def _use_matches_effects(self) -> CardBase:
        has_activate = any(e.when == "activate" for e in self.effects)
        if has_activate != (self.use is not None):
            raise ValueError(f"{self.id}: 'use' and 'activate' effects must come together")
        return self

    @property
    def kind_label(self) -> str:
        """Card type as printed, with its subtype."""
        return self.type.capitalize()  # type: ignore[attr-defined]

    @property
    def max_copies(self) -> int:
        """The general copy limit in a deck."""
        return 1

    @property
    def is_event(self) -> bool:
        """Events enter play from the deck only."""
        return False

    @property
    def goes_to_hand(self) -> bool:
        """Only Defenders and Achievements may be held in the hand."""
        return False


class LocationCard(CardBase):
    """Sets the starting stats; exactly one per deck, played at initialisation."""

    type: Literal["location"]
    s: int = Field(ge=0)
    r: int = Field(ge=0)
    p: int = Field(0, ge=0)


class DefenderCard(CardBase):
    """A Defender (or Hero): D, R cost, M, perhaps defence against flying."""

    type: Literal["defender"]
    hero: bool = False
    d: int = Field(ge=0)
    r: int = Field(ge=0)
    m: int = Field(ge=0)
    anti_flying: bool = False

    @property
    def kind_label(self) -> str:
        """'Hero' or 'Defender'."""
        return "Hero" if self.hero else "Defender"

    @property
    def max_copies(self) -> int:
        """Three of a Defender, one of a Hero."""
        return 1 if self.hero else 3

    @property
    def goes_to_hand(self) -> bool:
        """Defenders are drawn to the hand."""
        return True


class AchievementCard(CardBase):
    """An Improvement (stays in play) or an Insight (instant): PX requirement and R cost."""

    type: Literal["achievement"]
    kind: Literal["improvement", "insight"]
    px: int = Field(ge=0)
    r: int = Field(ge=0)
    m: int = Field(0, ge=0)

    @model_validator(mode="after")
    def _insights_have_no_upkeep(self) -> AchievementCard:
        if self.kind == "insight" and self.m:
            raise ValueError(f"{self.id}: an Insight cannot have M")
        return self

    @property
    def kind_label(self) -> str:
        """'Improvement' or 'Insight'."""
        return self.kind.capitalize()

    @property
    def goes_to_hand(self) -> bool:
        """Achievements are drawn to the hand."""
        return True


class OccurrenceCard(CardBase):
    """An instant event: resolves and goes to the played pile."""

    type: Literal["occurrence"]

    @property
    def is_event(self) -> bool:
        """An Event."""
        return True


class ContinuousCard(CardBase):
    """A lasting event: stays in play with its effect."""

    type: Literal["continuous"]

    @property
    def is_event(self) -> bool:
        """An Event."""
        return True


class EnemyCard(CardBase):
    """An Enemy (or Eminent Enemy): A, siege turns, bonuses, perhaps flying."""

    type: Literal["enemy"]
    eminent: bool = False
    a: int = Field(ge=0)
    siege: int = Field(ge=0)
    flying: bool = False
    story_only: bool = False
    relentless: bool = False
    """Attacks the turn it arrives: siege extensions, delays and rout effects pass it by."""

    @model_validator(mode="after")
    def _relentless_attacks_at_once(self) -> EnemyCard:
        if self.relentless and self.siege:
            raise ValueError(f"{self.id}: a relentless enemy has siege 0")
        return self

    @property
    def kind_label(self) -> str:
        """'Eminent Enemy' or 'Enemy'."""
        return "Eminent Enemy" if self.eminent else "Enemy"

    @property
    def max_copies(self) -> int:
        """Three of an Enemy, one of an Eminent Enemy, none of a story's own enemy."""
        if self.story_only:
            return 0
        return 1 if self.eminent else 3

    @property
    def is_event(self) -> bool:
        """An Event."""
        return True


Card = Annotated[
    LocationCard | DefenderCard | AchievementCard | OccurrenceCard | ContinuousCard | EnemyCard,
    Field(discriminator="type"),
]


class DeckRules(Data):
    """A story's deck-construction rules. "Typically" one Location; a story may allow more."""

    min_locations: int = Field(1, ge=1)
    max_locations: int = Field(1, ge=1)
    min_cards: int = Field(ge=1)
    max_cards: int = Field(ge=1)
    min_events: int = Field(ge=0)
    min_enemies: int = Field(ge=0)
    min_eminent: int = Field(0, ge=0)
    max_eminent: int | None = None
    required: tuple[Ident, ...] = ()


class StoryEvent(Data):
    """A fixed event on the story's turn track."""

    turn: int = Field(ge=2)
    name: Name
    text: str
    effects: tuple[Effect, ...] = ()


class ScoreTerm(Data):
    """One term of a score formula: floor(value * times / per)."""

    value: ScoreValue
    times: int = 1
    per: int = Field(1, ge=1)


class Story(Data):
    """A Story card: length, hand size, deck rules, fixed events and score formula."""

    id: Ident
    name: Name
    difficulty: Literal["introductory", "hard", "very hard"]
    text: str
    turns: int = Field(ge=2, le=40)
    hand: int = Field(ge=0, le=10)
    deck: DeckRules
    events: tuple[StoryEvent, ...] = ()
    score: tuple[ScoreTerm, ...]
    score_text: str

    @model_validator(mode="after")
    def _events_within_story(self) -> Story:
        for event in self.events:
            if event.turn > self.turns:
                raise ValueError(f"{self.id}: event {event.name!r} after the last turn")
        return self

    def events_on(self, turn: int) -> tuple[StoryEvent, ...]:
        """The story's events for ``turn``."""
        return tuple(e for e in self.events if e.turn == turn)


class ReadyDeck(Data):
    """A ready-made deck for one story."""

    id: Ident
    name: Name
    story: Ident
    text: str
    cards: dict[Ident, int]

    def card_list(self) -> list[str]:
        """The deck as a list of card ids, copies repeated."""
        return [cid for cid, n in self.cards.items() for _ in range(n)]
