"""Guardians card models: every card kind as a typed, frozen pydantic model, loaded from data.

Rules, rulings and the card pool: docs/rules/guardians.md. Numbers a card prints are fields
here; what a card *does* beyond its numbers is a list of named effects (``Effect``) that the
engine's effect functions interpret, keyed by ``Effect.kind``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

Family = Literal["mortal", "elemental", "external"]
"""Border colours: white Mortals beat brown Elementals beat black Externals beat Mortals."""
Bribe = Literal["beer", "gold", "babes"]
TerrainType = Literal["woods", "swamps", "dry_heaps", "rivers_lakes", "spirit_mountain"]
Size = Literal["small", "medium", "large", "mammoth"]
AttackKind = Literal["normal", "fire", "fear", "methane"]

OCB_TARGET: dict[Family, Family] = {
    "mortal": "elemental",
    "elemental": "external",
    "external": "mortal",
}
"""The family a creature's off-colour bonus applies against."""


EFFECTS: dict[str, str] = {
    # combat: the match-up and the creature's own numbers
    "bonus": "+amount vitality when every given condition holds (family/klass/size of the "
    "opponent, terrain of the battle); when=secondary: only as a secondary attacker; "
    "target='attacking'/'defending': only for that side; klass='guardian': against a Guardian",
    "team_bonus": "+amount to each of your primary attackers (of klass, if given) this combat: "
    "from a command card (when=command), the Standard Bearer they fight under, or a creature "
    "of the side played earlier (when=combat); target='attacking': only while attacking "
    "(Brom's Standard Bearer)",
    "destroys": "destroys the opposing creature before anything else if it matches "
    "(bribe icon / family / klass / size / attack; target='flying': a flier)",
    "destroy_pair": "spell: destroys a creature of klass in a match-up and its opponent",
    "immune_bribe_block": "while on the table and not bribed away, the opponent may not use "
    "bribery cards of kind `bribe` (the Fiends)",
    "no_channel_against": "no channeling may be used by a creature matched against this one",
    "beaten_counts_as": "when beaten, gives `amount` (not its base vitality) as the bonus of a "
    "secondary attack on the creature that beat it",
    "counts_as": "counts `amount` vitality for control of the space at resolution",
    "heal": "after a won combat, heals up to `amount` of your beaten creatures; "
    "target='win_or_lose': also after a lost combat (Demon Hordes of Kabod)",
    "self_destroy": "the card is destroyed after its command effect",
    "dispel_command": "command: dispels the opponent's command card",
    "stronghold_bonus": "+amount to your creatures defending a Stronghold this combat",
    "terrain_change": "the battle's terrain type becomes `terrain` for the rest of the combat",
    "destroy_terrain": "destroys the terrain card of the battle space (no terrain bonus); "
    "when=always: also a terrain card in the Terrain Settlement phase; target='settlement': "
    "only there",
    "dispel": "cancels a spell or command card just cast",
    "allow_channel": "a creature may receive channeling up to its base vitality (or amount)",
    "aoe_only": "its AOE affects only creatures of `klass`",
    "aoe": "spell or item: an `amount`-pt AOE of kind `attack` (default normal) on the "
    "creatures in the opponent's combat hand",
    "announce": "command: the opponent announces `target` (e.g. sizes) before primaries",
    "first": "command: the opponent must play creatures of `klass` first",
    # outside combat
    "stones": "Stronghold upgrade: +amount power stones at the start of each Draw & Organize",
    "channel_bonus": "Stronghold: +amount CMP to channelers placed under it",
    "draw": "+amount cards drawn in each Draw & Organize",
    "reserve": "Stronghold upgrade (only beside the `target` Stronghold): creatures of `klass` "
    "may be placed in reserve under it in Draw & Organize (within the space's 30 points); for "
    "`amount` stones each joins one of your combats anywhere (into the combat hand), and a "
    "survivor goes back",
    "guardian_channel": "Guardian: for `amount` stones, channel `target` points to a creature "
    "that cannot normally receive",
    "skip_up_card": "Guardian: may discard the Up-card and start drawing from the next card",
}
"""Every effect kind a card may name, with what it does; the loader refuses any other."""


class Frozen(BaseModel):
    """A card or part of one: immutable, no unknown keys in the data."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Effect(Frozen):
    """A named ability with parameters, e.g. ``{kind = "destroys", bribe = "gold"}``.

    ``kind`` selects the engine function; the other fields are that function's parameters
    (unused ones stay None). ``when`` says in which step of a combat it acts.
    """

    kind: str
    when: Literal["command", "primary", "secondary", "combat", "always", "resolution"] = "primary"
    amount: int | None = None
    bribe: Bribe | None = None
    family: Family | None = None
    klass: str | None = None
    attack: AttackKind | None = None
    terrain: TerrainType | None = None
    size: Size | None = None
    target: str | None = None
    note: str | None = None

    @field_validator("kind")
    @classmethod
    def _known(cls, kind: str) -> str:
        if kind not in EFFECTS:
            raise ValueError(f"unknown effect kind {kind!r}; known: {sorted(EFFECTS)}")
        return kind


class CardBase(Frozen):
    """What every card has: a unique id, a name, its Up number and printed text."""

    id: str
    name: str
    up: int = Field(default=0, ge=0)  # the Up number (creatures use their vitality instead)
    text: str = ""
    flavour: str = ""


class Creature(CardBase):
    """A single-bordered creature: it fights in match-ups, stacks under Shields."""

    kind: Literal["creature"] = "creature"
    family: Family
    klass: str  # its class, e.g. "knight", "fiend", "demon", "spirit"
    vitality: int = Field(ge=0)
    stacking: int | None = None  # the red penalty number; None = stacks as its vitality
    ocb: int = Field(default=0, ge=0)
    size: Size = "medium"
    bribes: tuple[Bribe, ...] = ()  # the icons: bribery cards that take it away
    cmp: int = Field(default=0, ge=0)  # channel points it gives (placed under a Stronghold)
    receives: bool = False  # green bar: may receive channeling (up to its base vitality)
    receive_limit: int | None = None  # card text overriding "up to its base vitality"
    channels_to: str | None = None  # a class it channels only to (e.g. "knight")
    flies: bool = False
    attack: AttackKind = "normal"
    immune: tuple[str, ...] = ()  # attack kinds, families, classes or "flying", "aoe"
    ranged: int = Field(default=0, ge=0)  # an n-pt ranged attack
    terrain_bonus: dict[TerrainType, int] = Field(default_factory=dict)
    aoe: int = Field(default=0, ge=0)  # an n-pt AOE (kind = ``attack``)
    command: bool = False  # has a command ability (may be played as the command card)
    effects: tuple[Effect, ...] = ()

    @property
    def up_number(self) -> int:
        """Creatures use their vitality (not the red stacking number) as the Up number."""
        return self.vitality

    @property
    def stacks_as(self) -> int:
        """Points counted against the 30-point limit of a space."""
        return self.vitality if self.stacking is None else self.stacking


class Spell(CardBase):
    """A double-bordered spell: cast from the combat hand, then discarded."""

    kind: Literal["spell"] = "spell"
    command: bool = False  # must be used as a command card
    cost: int = Field(default=0, ge=0)  # power stones
    effects: tuple[Effect, ...] = ()


class HandItem(CardBase):
    """A double-bordered 'H' Hand Magic Item, used from the hand like a spell."""

    kind: Literal["hand_item"] = "hand_item"
    command: bool = False
    cost: int = Field(default=0, ge=0)
    effects: tuple[Effect, ...] = ()


class CreatureItem(CardBase):
    """A single-bordered 'C' Creature Magic Item, stacked with creatures (never more items)."""

    kind: Literal["creature_item"] = "creature_item"
    effects: tuple[Effect, ...] = ()


class Bribery(CardBase):
    """A double-bordered bribery card: beer, gold or babes."""

    kind: Literal["bribery"] = "bribery"
    bribe: Bribe


class Terrain(CardBase):
    """A single-bordered terrain card of one basic type (special terrains add effects)."""

    kind: Literal["terrain"] = "terrain"
    terrain: TerrainType
    effects: tuple[Effect, ...] = ()


class Shield(CardBase):
    """A single-bordered Shield; a Standard Bearer adds a bonus (only one in play)."""

    kind: Literal["shield"] = "shield"
    standard_bearer: bool = False
    effects: tuple[Effect, ...] = ()


class StrongholdUpgrade(CardBase):
    """Placed beside the left or right Stronghold during Draw & Organize; never removed."""

    kind: Literal["upgrade"] = "upgrade"
    effects: tuple[Effect, ...] = ()


DeckCard = Annotated[
    Creature | Spell | HandItem | CreatureItem | Bribery | Terrain | Shield | StrongholdUpgrade,
    Field(discriminator="kind"),
]
"""Any card that can be shuffled into a deck."""


class Stronghold(Frozen):
    """One of a set's three Stronghold cards (left, centre, right)."""

    name: str
    defence: int = Field(ge=0)  # added to the owner's creatures in match-ups on this space
    text: str = ""
    effects: tuple[Effect, ...] = ()


class StrongholdSet(Frozen):
    """Three Strongholds that stand in front of a Guardian (not part of the deck)."""

    id: str
    name: str
    left: Stronghold
    centre: Stronghold
    right: Stronghold


class Guardian(Frozen):
    """A Vierkun: the player's figure, outside the deck."""

    id: str
    name: str
    vitality: int = Field(gt=0)
    stones: int = Field(ge=0)
    cmp: int = Field(ge=0)
    base_draw: int = Field(ge=0)
    ldl: int  # least disputed lands: subtracted from the draw (printed negative)
    mdl: int  # most disputed lands: added to the draw
    luc: int  # low Up-card bonus: extra cards for the lower Up-card last turn
    text: str = ""
    effects: tuple[Effect, ...] = ()


def is_double_bordered(card: DeckCard) -> bool:
    """Spells, Hand Magic Items and bribery cards go to the Storage Hand, face-down."""
    return card.kind in ("spell", "hand_item", "bribery")
