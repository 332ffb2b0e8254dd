"""Guardians actions outside combat: small frozen models with labels and details.

Labels are shown only to the acting seat, so they may name that seat's own cards. Cards are
named by uid (``a07``) plus their catalogue id (``card``) so a label needs no state.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engines.base import Action
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.combat import COMBAT_ACTIONS
from engines.text import plural

Uid = Annotated[str, Field(pattern=r"^[ab][0-9]{2,3}$")]
CardId = Annotated[str, Field(pattern=r"^[a-z0-9_]{1,40}$")]
SpaceId = Annotated[str, Field(pattern=r"^[LCR][0-3]$")]
COLUMN = {"L": "Left", "C": "Centre", "R": "Right"}


def _n(card_id: str) -> str:
    found = CATALOGUE.cards.get(card_id)
    return found.name if found is not None else card_id


def _target(target: str) -> str:
    if target.startswith("u"):
        return f"under {COLUMN[target[1]]} (channel)"
    if target.startswith("x"):
        return f"beside {COLUMN[target[1]]}"
    if target.startswith("p"):
        return f"in reserve beside {COLUMN[target[1]]}"
    return f"on {COLUMN[target]}"


# ---- Draw & Organize ------------------------------------------------------------------------
class KeepUp(Action):
    """Tes Let: draw the old Up-card as the first card."""

    kind: Literal["keepup"] = "keepup"
    card: CardId

    def label(self) -> str:
        """E.g. ``Draw Swordsman first``."""
        return f"Draw {_n(self.card)} first"

    def detail(self) -> str:
        """What it does."""
        return "Your last Up-card is the first card you draw."


class SkipUp(Action):
    """Tes Let: discard the old Up-card and draw from the next card."""

    kind: Literal["skipup"] = "skipup"
    card: CardId

    def label(self) -> str:
        """E.g. ``Discard Swordsman, draw the next``."""
        return f"Discard {_n(self.card)}, draw the next"

    def detail(self) -> str:
        """What it does."""
        return "Tes Let's ability: the old Up-card goes to your discard pile."


class Redraw(Action):
    """No Shield drawn: spend a stone, reshuffle and draw again."""

    kind: Literal["redraw"] = "redraw"
    count: int

    def label(self) -> str:
        """Button text."""
        return "Redraw (1 stone)"

    def detail(self) -> str:
        """What it costs."""
        return f"No Shield drawn: shuffle the {self.count} cards back and draw again."


class Place(Action):
    """Put a drawn or penned card on, under or beside a Stronghold."""

    kind: Literal["place"] = "place"
    uid: Uid
    card: CardId
    target: Annotated[str, Field(pattern=r"^[uxp]?[LCR]$")]
    used: int  # points on the space after this placement

    def label(self) -> str:
        """E.g. ``Place Swordsman on Left``."""
        return f"Place {_n(self.card)} {_target(self.target)}"

    def detail(self) -> str:
        """The points the space holds afterwards."""
        column = COLUMN[self.target[-1]]
        if self.target.startswith("x"):
            return f"A permanent Stronghold upgrade beside {column}."
        if self.target.startswith("p"):
            return f"It may join a combat for a power stone; {column} {self.used}/30 after this."
        return (
            "A Stronghold space holds at most 30 points of creatures: "
            f"{column} {self.used}/30 after this."
        )


class TakeBack(Action):
    """Take a card from on or under a Stronghold back to the Creature Pen (placed again at will)."""

    kind: Literal["takeback"] = "takeback"
    uid: Uid
    card: CardId
    source: Annotated[str, Field(pattern=r"^[up]?[LCR]$")]

    def label(self) -> str:
        """E.g. ``Take Mystic back from under Left``."""
        where = {"u": "under ", "p": "the reserve beside "}.get(self.source[0], "")
        where += COLUMN[self.source[-1]]
        return f"Take {_n(self.card)} back from {where}"

    def detail(self) -> str:
        """Where it goes."""
        return "To your Creature Pen: place it again this turn or leave it there."


class AutoPlace(Action):
    """Place every remaining card by a simple plan."""

    kind: Literal["auto"] = "auto"

    def label(self) -> str:
        """Button text."""
        return "Auto-place the rest"

    def detail(self) -> str:
        """The heuristic."""
        return "Channelers under, biggest creatures on the Strongholds, a Shield on each stack."


class Discard(Action):
    """Storage Hand over 7: discard a double-bordered card."""

    kind: Literal["discard"] = "discard"
    uid: Uid
    card: CardId
    held: int

    def label(self) -> str:
        """E.g. ``Discard Beer``."""
        return f"Discard {_n(self.card)}"

    def detail(self) -> str:
        """Why."""
        return f"Your Storage Hand holds {self.held} cards; you may keep 7."


class Done(Action):
    """Finish organising (the rest go to the Creature Pen and the Storage Hand)."""

    kind: Literal["done"] = "done"

    def label(self) -> str:
        """Button text."""
        return "Done organising"

    def detail(self) -> str:
        """Where the rest goes."""
        return "Unplaced cards go to your Creature Pen or Storage Hand."


class OfferDraw(Action):
    """From turn 20 on: offer the opponent a draw (once a turn)."""

    kind: Literal["offerdraw"] = "offerdraw"

    def label(self) -> str:
        """Button text."""
        return "Offer a draw"

    def detail(self) -> str:
        """What follows."""
        return "Your opponent accepts (the game ends in a draw) or declines (play goes on)."


class AcceptDraw(Action):
    """Accept the opponent's draw offer: the game ends in a draw."""

    kind: Literal["acceptdraw"] = "acceptdraw"

    def label(self) -> str:
        """Button text."""
        return "Accept the draw"

    def detail(self) -> str:
        """What follows."""
        return "The game ends now in a draw."


class DeclineDraw(Action):
    """Decline the opponent's draw offer: play goes on."""

    kind: Literal["declinedraw"] = "declinedraw"

    def label(self) -> str:
        """Button text."""
        return "Decline the draw"

    def detail(self) -> str:
        """What follows."""
        return "The game goes on; you may offer a draw yourself in a later turn."


# ---- Movement ------------------------------------------------------------------------------
class TurnShield(Action):
    """Turn one of your Shields: the start of a shield turn."""

    kind: Literal["turn"] = "turn"
    shield: Uid
    card: CardId
    space: SpaceId

    def label(self) -> str:
        """E.g. ``Turn Shield on C1``."""
        return f"Turn {_n(self.card)} on {self.space}"


Note = Literal["end", "combat", "siege", "pass"]
_NOTES = {
    "end": "One space; go on from there if the way allows.",
    "combat": "An enemy Shield is there: combat starts at once.",
    "siege": "Attacks the enemy Stronghold: its creatures and bonus defend it.",
    "pass": "You may go on from there (you cannot stop on your own Shield).",
}


class Step(Action):
    """Walk the turned Shield one space."""

    kind: Literal["step"] = "step"
    to: SpaceId
    note: Note = "end"

    def label(self) -> str:
        """E.g. ``Move to C2``."""
        return f"Move to {self.to}"

    def detail(self) -> str:
        """What happens there."""
        return _NOTES[self.note]


class Fly(Action):
    """Fly the turned Shield (fliers only) 1-2 spaces; its contents are revealed."""

    kind: Literal["fly"] = "fly"
    to: SpaceId
    via: SpaceId | None = None
    note: Note = "end"

    def label(self) -> str:
        """E.g. ``Fly to C2 via C1``."""
        return f"Fly to {self.to}" + (f" via {self.via}" if self.via else "")

    def detail(self) -> str:
        """The cost in secrecy and what happens there."""
        return "Shows the Shield's creatures. " + _NOTES[self.note]


class Load(Action):
    """Pick up a creature from the Stronghold space the Shield is on."""

    kind: Literal["load"] = "load"
    uid: Uid
    card: CardId
    points: int

    def label(self) -> str:
        """E.g. ``Pick up Swordsman``."""
        return f"Pick up {_n(self.card)}"

    def detail(self) -> str:
        """The Shield's points afterwards."""
        return f"The Shield holds {self.points}/30 points afterwards."


class Unload(Action):
    """Drop a creature off onto the Stronghold space the Shield is on."""

    kind: Literal["unload"] = "unload"
    uid: Uid
    card: CardId

    def label(self) -> str:
        """E.g. ``Drop off Swordsman``."""
        return f"Drop off {_n(self.card)}"


class Reinforce(Action):
    """Move a creature from a Stronghold into a turned Shield."""

    kind: Literal["reinforce"] = "reinforce"
    uid: Uid
    card: CardId
    shield: Uid
    space: SpaceId
    points: int

    def label(self) -> str:
        """E.g. ``Reinforce C1 with Swordsman``."""
        return f"Reinforce {self.space} with {_n(self.card)}"

    def detail(self) -> str:
        """The Shield's points afterwards."""
        return f"The Shield on {self.space} holds {self.points}/30 points afterwards."


class EndMove(Action):
    """End this shield turn."""

    kind: Literal["stay"] = "stay"

    def label(self) -> str:
        """Button text."""
        return "End the move"


class Retreat(Action):
    """The beaten Shield retreats to this space."""

    kind: Literal["retreat"] = "retreat"
    to: SpaceId
    combine: bool

    def label(self) -> str:
        """E.g. ``Retreat to C1``."""
        return f"Retreat to {self.to}"

    def detail(self) -> str:
        """Combining costs a Shield."""
        if self.combine:
            return "Your Shield there absorbs it: this Shield is discarded, 30 points kept."
        return "The Shield and its creatures fall back there."


class DestroyShield(Action):
    """The loser destroys its own Shield and everything under it."""

    kind: Literal["destroy"] = "destroy"

    def label(self) -> str:
        """Button text."""
        return "Destroy the Shield"

    def detail(self) -> str:
        """The cost."""
        return "The Shield and its creatures are discarded; it counts for the opponent's goal."


class KeepShield(Action):
    """Retreated onto your own Shield: keep this one, discard the other."""

    kind: Literal["keep"] = "keep"
    shield: Uid
    card: CardId

    def label(self) -> str:
        """E.g. ``Keep Angelic Standard Bearer``."""
        return f"Keep {_n(self.card)}"

    def detail(self) -> str:
        """The cost."""
        return "The other Shield is discarded (it counts for the opponent); creatures join."


class TrimCard(Action):
    """Discard a card from the combined Shield: over 30 points, or more items than creatures."""

    kind: Literal["trim"] = "trim"
    uid: Uid
    card: CardId

    def label(self) -> str:
        """E.g. ``Let Swordsman go (30 points)``."""
        return f"Let {_n(self.card)} go (30 points)"

    def detail(self) -> str:
        """Why."""
        return "A Shield holds at most 30 points and never more items than creatures."


# ---- Guardian challenge ----------------------------------------------------------------------
class ChallengeWith(Action):
    """Challenge the enemy Guardian with one creature of the Shield."""

    kind: Literal["challenge"] = "challenge"
    uid: Uid
    card: CardId

    def label(self) -> str:
        """E.g. ``Challenge the Guardian with Swordsman``."""
        return f"Challenge the Guardian with {_n(self.card)}"

    def detail(self) -> str:
        """The stakes."""
        return "More than the Guardian's Vitality kills it; else it is wounded, the creature lost."


class Decline(Action):
    """Do not challenge the Guardian now."""

    kind: Literal["decline"] = "decline"

    def label(self) -> str:
        """Button text."""
        return "Do not challenge"


class ChannelStone(Action):
    """Spend a power stone: the Guardian's CMP channelled into the challenge."""

    kind: Literal["chan"] = "chan"
    cmp: int

    def label(self) -> str:
        """E.g. ``Channel a stone (+9)``."""
        return f"Channel a stone (+{self.cmp})"


class ChallengeChannel(Action):
    """Reveal a channeler under your Stronghold: its CMP into the challenge."""

    kind: Literal["chchan"] = "chchan"
    uid: Uid
    card: CardId
    amount: int = Field(ge=0)

    def label(self) -> str:
        """E.g. ``Channel 3: Court Mage``."""
        return f"Channel {self.amount}: {_n(self.card)}"

    def detail(self) -> str:
        """Once per turn."""
        return f"{_n(self.card)} is revealed and used for this turn."


class ChallengeSpell(Action):
    """Cast an "any time" bonus spell or hand item on your side of the challenge."""

    kind: Literal["chspell"] = "chspell"
    uid: Uid
    card: CardId
    amount: int = Field(ge=0)
    cost: int = Field(default=0, ge=0)

    def label(self) -> str:
        """E.g. ``Cast Shroud of Grahzue (+3): 1 stone``."""
        cost = f": {plural(self.cost, 'stone')}" if self.cost else ""
        return f"Cast {_n(self.card)} (+{self.amount}){cost}"

    def detail(self) -> str:
        """The card text."""
        text = CATALOGUE.cards[self.card].text if self.card in CATALOGUE.cards else ""
        return (text or "Discarded after use.")[:100]


class Strike(Action):
    """Stop channelling: the challenge value is final."""

    kind: Literal["strike"] = "strike"

    def label(self) -> str:
        """Button text."""
        return "Strike"


class Stand(Action):
    """The defending Guardian stops channelling: resolve the challenge."""

    kind: Literal["stand"] = "stand"

    def label(self) -> str:
        """Button text."""
        return "Stand"


# ---- Terrain settlement -----------------------------------------------------------------------
class PlayTerrain(Action):
    """Play a terrain card from the pen under a Shield on a terrainless land."""

    kind: Literal["terrain"] = "terrain"
    space: SpaceId
    uid: Uid
    card: CardId

    def label(self) -> str:
        """E.g. ``Play Woods on C1``."""
        return f"Play {_n(self.card)} on {self.space}"


class FaceDown(Action):
    """Spend a stone: any card face-down as terrain of no basic type."""

    kind: Literal["facedown"] = "facedown"
    space: SpaceId
    uid: Uid
    card: CardId

    def label(self) -> str:
        """E.g. ``Face-down Beer on C1 (1 stone)``."""
        return f"Face-down {_n(self.card)} on {self.space} (1 stone)"

    def detail(self) -> str:
        """What it is worth."""
        return "The land is yours but has no basic terrain type."


class DropCreature(Action):
    """Discard a creature from the Shield instead of playing terrain."""

    kind: Literal["drop"] = "drop"
    space: SpaceId
    uid: Uid
    card: CardId

    def label(self) -> str:
        """E.g. ``Discard Swordsman from C1``."""
        return f"Discard {_n(self.card)} from {self.space}"

    def detail(self) -> str:
        """The cost."""
        return "The land stays terrainless; the last creature takes the Shield with it."


class RemoveTerrain(Action):
    """Hammer of Doom or the Ancient Tome: remove a terrain card in Terrain Settlement."""

    kind: Literal["sremove"] = "sremove"
    space: SpaceId
    uid: Uid
    card: CardId

    def label(self) -> str:
        """E.g. ``Hammer of Doom on the terrain of C1``."""
        return f"{_n(self.card)} on the terrain of {self.space}"

    def detail(self) -> str:
        """What follows."""
        return "The terrain card is discarded; a Shield on the land must settle it again."


class SettleDone(Action):
    """Remove no (more) terrain this Terrain Settlement phase."""

    kind: Literal["sdone"] = "sdone"

    def label(self) -> str:
        """Button text."""
        return "Remove no terrain"

    def detail(self) -> str:
        """When it is asked."""
        return "Hammer of Doom or the Ancient Tome could remove a terrain card now; you pass."


ACTION_TYPES: tuple[type[Action], ...] = (
    KeepUp,
    SkipUp,
    Redraw,
    Place,
    TakeBack,
    AutoPlace,
    Discard,
    Done,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    TurnShield,
    Step,
    Fly,
    Load,
    Unload,
    Reinforce,
    EndMove,
    Retreat,
    DestroyShield,
    KeepShield,
    TrimCard,
    ChallengeWith,
    Decline,
    ChannelStone,
    ChallengeChannel,
    ChallengeSpell,
    Strike,
    Stand,
    PlayTerrain,
    FaceDown,
    DropCreature,
    RemoveTerrain,
    SettleDone,
    *COMBAT_ACTIONS,
)
