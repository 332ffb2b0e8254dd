"""Combat actions: every decision of a combat, with a label and what it does and costs.

Parameters are card uids (which card) and card ids (only for the wording); ``build`` shortens
an over-long id so that every code fits the 60 characters of the codec.
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import Field

from engines.base import Action, Game
from engines.guardians.catalogue import CATALOGUE
from engines.text import plural

Uid = str
A = TypeVar("A", bound=Action)


def name(card_id: str) -> str:
    """A card's printed name (a readable id when the card is not in the catalogue)."""
    card = CATALOGUE.cards.get(card_id)
    return card.name if card is not None else card_id.replace("_", " ").strip().title()


def build(cls: type[A], **values: Any) -> A:
    """The action, with the longest ``*card`` ids cut until its code fits."""
    while True:
        action = cls(**values)
        try:
            Game.encode(action)
            return action
        except ValueError:
            key = max((k for k in values if k.endswith("card")), key=lambda k: len(values[k]))
            values[key] = values[key][:-1].rstrip("_") or "x"


def _stones(cost: int) -> str:
    return f": {plural(cost, 'stone')}" if cost else ""


class CDeclare(Action):
    """Say whether you play a command card (the attacker first)."""

    kind: Literal["cdecl"] = "cdecl"
    yes: bool

    def label(self) -> str:
        """E.g. ``Play a command card``."""
        return "Play a command card" if self.yes else "No command card"

    def detail(self) -> str:
        """Only whether: the card is picked after both have declared."""
        return "You say only whether; the cards are picked next and revealed together."


class CReserve(Action):
    """Call a creature waiting in reserve (Death Pit of Djoser) into your combat hand."""

    kind: Literal["creserve"] = "creserve"
    uid: Uid
    card: str
    cost: int = Field(ge=0)

    def label(self) -> str:
        """E.g. ``Call Wraith from the reserve: 1 stone``."""
        return f"Call {name(self.card)} from the reserve{_stones(self.cost)}"

    def detail(self) -> str:
        """Where it goes."""
        return "It joins your combat hand; if it survives it goes back to the reserve."


class CCommand(Action):
    """Pick your command card (revealed together with the opponent's)."""

    kind: Literal["ccmd"] = "ccmd"
    uid: Uid
    card: str
    cost: int = Field(default=0, ge=0)

    def label(self) -> str:
        """E.g. ``Command card: Floyd the Flying Pig``."""
        return f"Command card: {name(self.card)}{_stones(self.cost)}"

    def detail(self) -> str:
        """Contradictions are settled by Up number."""
        return "Revealed with the opponent's; if they contradict, the lower Up number is dispelled."


class CPlay(Action):
    """Lay down a primary attacker (both at once)."""

    kind: Literal["cplay"] = "cplay"
    uid: Uid
    card: str

    def label(self) -> str:
        """E.g. ``Play Swordsman``."""
        return f"Play {name(self.card)}"

    def detail(self) -> str:
        """Simultaneous."""
        return "Primary attacker: laid down together with the opponent's."


class CBribe(Action):
    """Bribe an opposing creature away with a bribery card."""

    kind: Literal["cbribe"] = "cbribe"
    uid: Uid
    card: str
    target: Uid
    target_card: str

    def label(self) -> str:
        """E.g. ``Bribe Sand Lord with Babes``."""
        return f"Bribe {name(self.target_card)} with {name(self.card)}"

    def detail(self) -> str:
        """Both cards leave the combat."""
        return f"{name(self.target_card)} leaves the combat; {name(self.card)} is discarded."


class CNoBribe(Action):
    """Decline to bribe (final: you cannot change your mind later)."""

    kind: Literal["cnobribe"] = "cnobribe"

    def label(self) -> str:
        """``No bribe``."""
        return "No bribe"

    def detail(self) -> str:
        """Final."""
        return "You cannot bribe this creature later in the match-up."


class CLeave(Action):
    """Answer a bribe by leaving the opposing creature unchallenged."""

    kind: Literal["cleave"] = "cleave"

    def label(self) -> str:
        """``Leave it unbribed``."""
        return "Leave it unbribed"

    def detail(self) -> str:
        """What follows."""
        return "Your creature was bribed away; the opposing one stays in the match-up."


class CCast(Action):
    """Cast a spell or use a hand item (on a creature, or on a card it dispels)."""

    kind: Literal["ccast"] = "ccast"
    uid: Uid
    card: str
    target: Uid | None = None
    target_card: str | None = None
    cost: int = Field(default=0, ge=0)

    def label(self) -> str:
        """E.g. ``Cast Power Lunch on Sand Lord: 1 stone``."""
        on = f" on {name(self.target_card)}" if self.target_card else ""
        return f"Cast {name(self.card)}{on}{_stones(self.cost)}"

    def detail(self) -> str:
        """Its effect is in the card text; it is discarded after use."""
        text = CATALOGUE.cards[self.card].text if self.card in CATALOGUE.cards else ""
        return (text or "Discarded after use.")[:100]


class CItem(Action):
    """Give a Creature Magic Item from your combat hand to your creature in the match-up."""

    kind: Literal["citem"] = "citem"
    uid: Uid
    card: str
    target: Uid
    target_card: str

    def label(self) -> str:
        """E.g. ``Give Sword of the Mid Realms to Swordsman``."""
        return f"Give {name(self.card)} to {name(self.target_card)}"

    def detail(self) -> str:
        """Its effect is in the card text; it shares the creature's fate."""
        text = CATALOGUE.cards[self.card].text if self.card in CATALOGUE.cards else ""
        return (text or "It stays with the creature and shares its fate.")[:100]


class CRanged(Action):
    """Add a ranged attacker to your primary attacker (not in the Woods)."""

    kind: Literal["crange"] = "crange"
    uid: Uid
    card: str
    amount: int = Field(ge=0)

    def label(self) -> str:
        """E.g. ``Ranged attack: Archer (+3)``."""
        return f"Ranged attack: {name(self.card)} (+{self.amount})"

    def detail(self) -> str:
        """It can be bribed, not attacked."""
        return "Adds to your primary attacker; it can be bribed but not attacked by ranged."


class CChannel(Action):
    """Reveal a channeler under your Stronghold and channel into your creature."""

    kind: Literal["cchan"] = "cchan"
    uid: Uid
    card: str
    target: Uid
    target_card: str
    amount: int = Field(ge=0)

    def label(self) -> str:
        """E.g. ``Channel 3 into Swordsman: Valkyrie Spirit``."""
        return f"Channel {self.amount} into {name(self.target_card)}: {name(self.card)}"

    def detail(self) -> str:
        """Once per turn."""
        return f"{name(self.card)} is revealed and used for this turn."


class CStone(Action):
    """Spend power stones: your Guardian channels into your creature."""

    kind: Literal["cstone"] = "cstone"
    target: Uid
    target_card: str
    amount: int = Field(ge=0)
    stones: int = Field(ge=0)
    gift: bool = False  # the Guardian's ability: also to a creature that cannot receive

    def label(self) -> str:
        """E.g. ``Channel 7 into Wraith: 1 stone``."""
        stones = plural(self.stones, "stone")
        return f"Channel {self.amount} into {name(self.target_card)}: {stones}"

    def detail(self) -> str:
        """The Guardian's CMP."""
        return "Your Guardian's channeling; the stones are spent for good."


class CPass(Action):
    """Do nothing more now (the window closes when both pass in a row)."""

    kind: Literal["cpass"] = "cpass"

    def label(self) -> str:
        """``Pass``."""
        return "Pass"

    def detail(self) -> str:
        """Both in a row close the window."""
        return "When both pass in a row, the match-up is settled."


class CSecondary(Action):
    """Attack an opposing creature still on the table with a secondary attacker."""

    kind: Literal["csec"] = "csec"
    uid: Uid
    card: str
    target: Uid
    target_card: str
    need: int = Field(ge=0)

    def label(self) -> str:
        """E.g. ``Secondary: Rock Spirit on Sun Spirit``."""
        return f"Secondary: {name(self.card)} on {name(self.target_card)}"

    def detail(self) -> str:
        """What it needs."""
        return f"Needs {self.need} to beat {name(self.target_card)}; no ranged attacks now."


class CNoMore(Action):
    """Announce that you play no more creatures."""

    kind: Literal["cnomore"] = "cnomore"

    def label(self) -> str:
        """``No more creatures``."""
        return "No more creatures"

    def detail(self) -> str:
        """Kept creatures count for the space."""
        return "Creatures you keep go back under the Shield and count for control."


class CHeal(Action):
    """Heal one of your beaten creatures (a card ability of a survivor)."""

    kind: Literal["cheal"] = "cheal"
    uid: Uid
    card: str

    def label(self) -> str:
        """E.g. ``Heal Swordsman``."""
        return f"Heal {name(self.card)}"

    def detail(self) -> str:
        """It goes back under the Shield."""
        return "It goes back under the Shield (it did not count for control)."


class CElixir(Action):
    """Heal one of your beaten creatures with a hand item (Elixir of Kabod), after a won combat."""

    kind: Literal["celixir"] = "celixir"
    uid: Uid
    card: str
    target: Uid
    target_card: str

    def label(self) -> str:
        """E.g. ``Heal Swordsman with Elixir of Kabod``."""
        return f"Heal {name(self.target_card)} with {name(self.card)}"

    def detail(self) -> str:
        """The item is spent."""
        return f"{name(self.card)} is discarded; {name(self.target_card)} goes back with you."


class CStopHealing(Action):
    """Heal no more."""

    kind: Literal["cstop"] = "cstop"

    def label(self) -> str:
        """``Stop healing``."""
        return "Stop healing"


COMBAT_ACTIONS: tuple[type[Action], ...] = (
    CDeclare,
    CReserve,
    CCommand,
    CPlay,
    CBribe,
    CNoBribe,
    CLeave,
    CCast,
    CItem,
    CRanged,
    CChannel,
    CStone,
    CPass,
    CSecondary,
    CNoMore,
    CHeal,
    CElixir,
    CStopHealing,
)
"""Every combat action model (kinds start with "c")."""
