"""Knightfall actions: small frozen models with a button label.

Labels are shown only to the acting player, so they may name that player's own cards.
Card parameters are card ids (see ``cards.Card.id``); slots are layout ids such as ``"A2"``.
"""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import Field, model_validator

from engines.base import Action
from engines.knightfall.camp import LAYOUT
from engines.knightfall.cards import CardId, card_label
from engines.text import join_and, sentence

SlotId = Annotated[str, Field(pattern=r"^[A-Za-z0-9]{1,4}$")]


def _name(slot: str) -> str:
    return LAYOUT.name(slot)


class ChooseKnight(Action):
    """Muster: the card at ``index`` of the five drawn becomes the Knight."""

    kind: Literal["knight"] = "knight"
    index: int = Field(ge=0, le=4)
    card: CardId

    def label(self) -> str:
        """E.g. ``Knight: 9♥``."""
        return f"Knight: {card_label(self.card)}"

    def detail(self) -> str:
        """What the Knight does."""
        return (
            f"{card_label(self.card)} defends your camp with +1 power; "
            "you place the other four cards next."
        )


class Muster(Action):
    """Muster: every card still to place at once, as suggested (``muster.suggest``).

    ``cards`` are the cards still to place, in the order dealt. ``knight`` is the index among
    them of the new Knight (None once the Knight is chosen); ``slots`` are the slots of the
    others, in the same order.
    """

    kind: Literal["muster"] = "muster"
    knight: int | None = Field(default=None, ge=0, le=4)
    slots: tuple[SlotId, ...] = Field(max_length=4)
    cards: tuple[CardId, ...] = Field(min_length=1, max_length=5)

    @model_validator(mode="after")
    def _one_slot_per_card(self) -> Self:
        if self.knight is not None and self.knight >= len(self.cards):
            raise ValueError("the Knight is one of the cards")
        if len(self.slots) != len(self.cards) - (self.knight is not None):
            raise ValueError("one slot for every card but the Knight")
        return self

    def placed(self) -> list[tuple[str, int]]:
        """(slot, card id) for every card, the Knight first."""
        rest = [c for i, c in enumerate(self.cards) if i != self.knight]
        knight = [] if self.knight is None else [(LAYOUT.knight, self.cards[self.knight])]
        return knight + list(zip(self.slots, rest, strict=True))

    def label(self) -> str:
        """E.g. ``Muster: Knight 9♥, Archer 1 7♣, Archer 2 5♦, Archer 3 3♠, Mage 2 2♥``."""
        head = "Muster" if self.knight is not None else "Place the rest"
        placed = sorted(self.placed(), key=lambda p: LAYOUT.ids.index(p[0]))
        cards = ", ".join(f"{_name(sid)} {card_label(c)}" for sid, c in placed)
        return f"{head}: {cards}"

    def detail(self) -> str:
        """Where the suggestion puts the cards, and why."""
        return (
            "Archers 1-3, then Mage 2: your Knight's colour first (linked, for the powers), "
            "strongest first."
        )


class Place(Action):
    """Muster or stage 2: put a drawn card in a free slot."""

    kind: Literal["place"] = "place"
    card: CardId
    slot: SlotId

    def label(self) -> str:
        """E.g. ``Place 7♣ in Mage 2``."""
        return f"Place {card_label(self.card)} in {_name(self.slot)}"


class Exchange(Action):
    """Stage 2: swap two of your cards; the drawn card is discarded."""

    kind: Literal["exchange"] = "exchange"
    slot: SlotId
    other: SlotId
    card: CardId

    def label(self) -> str:
        """E.g. ``Exchange Archer 1 ↔ Mage 3 (discard 7♣)``."""
        return (
            f"Exchange {_name(self.slot)} ↔ {_name(self.other)} (discard {card_label(self.card)})"
        )

    def detail(self) -> str:
        """The swap keeps statuses; the drawn card is lost."""
        return (
            "The two cards swap places, each keeping its status; "
            f"the drawn {card_label(self.card)} is discarded face-up."
        )


class Discard(Action):
    """Stage 2 with a full troop: discard the drawn card."""

    kind: Literal["discard"] = "discard"
    card: CardId

    def label(self) -> str:
        """E.g. ``Discard 7♣``."""
        return f"Discard {card_label(self.card)}"

    def detail(self) -> str:
        """The drawn card is lost, face-up."""
        return (
            f"The drawn {card_label(self.card)} goes face-up to the discard pile; your camp stays."
        )


class Replace(Action):
    """Stage 2 with a full troop: the drawn card takes a STRONG card's slot; that card dies."""

    kind: Literal["replace"] = "replace"
    slot: SlotId
    old: CardId
    card: CardId

    def label(self) -> str:
        """E.g. ``Replace 5♦ (Mage 2) with 7♣``."""
        return f"Replace {card_label(self.old)} ({_name(self.slot)}) with {card_label(self.card)}"

    def detail(self) -> str:
        """The old card dies face-up."""
        return (
            f"{card_label(self.old)} is discarded face-up and {card_label(self.card)} "
            f"takes {_name(self.slot)}, STRONG."
        )


class Attack(Action):
    """Stage 3: the ATTACK decision coin."""

    kind: Literal["attack"] = "attack"

    def label(self) -> str:
        """``Attack``."""
        return "Attack"

    def detail(self) -> str:
        """What attacking commits to."""
        return "Next you pick a STRONG Archer or Mage to fight; the winner returns WEAK."


class Defend(Action):
    """Stage 3: the DEFEND decision coin."""

    kind: Literal["defend"] = "defend"

    def label(self) -> str:
        """``Defend``."""
        return "Defend"

    def detail(self) -> str:
        """What defending means, also with a WEAK Knight."""
        return "Your Knight fights an attacker with +1; a WEAK Knight cannot, so the attacker wins."


class AttackWith(Action):
    """Stage 3: the ATTACK coin with its battle card chosen at once (stage 4 then asks nothing).

    Offered beside plain Attack with two or more STRONG Archers and Mages: choosing the card
    before the coins are revealed is the player's choice, never required.
    """

    kind: Literal["attackwith"] = "attackwith"
    slot: SlotId
    card: CardId

    def label(self) -> str:
        """E.g. ``Attack with Q♠ (Archer 2)``."""
        return f"Attack with {card_label(self.card)} ({_name(self.slot)})"

    def detail(self) -> str:
        """The card is fixed now, before the coins are revealed."""
        return (
            f"Your coin is ATTACK and {card_label(self.card)} fights, whatever the other "
            "coin; the winner returns WEAK."
        )


class BattleWith(Action):
    """Stage 4: the attacker's STRONG Archer or Mage that fights."""

    kind: Literal["battle"] = "battle"
    slot: SlotId
    card: CardId

    def label(self) -> str:
        """E.g. ``Battle with Q♠ (Archer 2)``."""
        return f"Battle with {card_label(self.card)} ({_name(self.slot)})"

    def detail(self) -> str:
        """Win or lose."""
        return (
            f"{card_label(self.card)} fights: if it wins it returns WEAK, "
            "if it loses it is discarded."
        )


POWER_NAMES = {"archer": "Archers", "mage": "Mages"}
POWER_EFFECTS = {"archer": "make 1 enemy card WEAK", "mage": "reverse the battle"}


class UsePower(Action):
    """Stage 5: discard three same-colour linked cards to use a power.

    For the Mage power ``out`` is the winning card the reversal discards and ``back`` the
    losing card it brings back WEAK (None where that part does not happen); both are None for
    the Archer power. They are facts of the current battle, written into the action so that
    its text can say what it does.
    """

    kind: Literal["power"] = "power"
    power: Literal["archer", "mage"]
    a: SlotId
    b: SlotId
    c: SlotId
    cards: tuple[CardId, CardId, CardId]
    out: CardId | None = None
    back: CardId | None = None

    def label(self) -> str:
        """E.g. ``Archers: make 1 enemy card WEAK; you pay 2♥ 3♥ 5♥, including your Knight``."""
        paid = " ".join(card_label(c) for c in self.cards)
        knight = ", including your Knight" if LAYOUT.knight in (self.a, self.b, self.c) else ""
        return f"{POWER_NAMES[self.power]}: {POWER_EFFECTS[self.power]}; you pay {paid}{knight}"

    def detail(self) -> str:
        """Which slots pay, and what follows (the Archers' aim or the reversal's effect)."""
        names = join_and([_name(s) for s in (self.a, self.b, self.c)])
        if self.power == "archer":
            then = "then you pick the enemy card"
        else:
            parts = []
            if self.out is not None:
                parts.append(f"{card_label(self.out)} is discarded")
            if self.back is not None:
                parts.append(f"{card_label(self.back)} returns WEAK")
            then = "then " + join_and(parts)
        return sentence(f"Discards your {names}; {then}")


class Shoot(Action):
    """Stage 5, after paying for the Archer power: the opponent's STRONG card to weaken."""

    kind: Literal["shoot"] = "shoot"
    slot: SlotId

    def label(self) -> str:
        """E.g. ``Shoot enemy Mage 3 (it turns WEAK)``."""
        return f"Shoot enemy {_name(self.slot)} (it turns WEAK)"

    def detail(self) -> str:
        """The effect of the shot."""
        return (
            f"Their {_name(self.slot)} card is revealed and turns WEAK: "
            "it still counts but can no longer fight."
        )


class Pass(Action):
    """Stage 5: use no (more) powers this round."""

    kind: Literal["pass"] = "pass"

    def label(self) -> str:
        """``Pass``."""
        return "Pass"

    def detail(self) -> str:
        """Passing ends your special powers for the round."""
        return "Use no more special powers this round."


class MoveKnight(Action):
    """End of stage 5: move one of your cards into the empty Knight slot."""

    kind: Literal["move"] = "move"
    slot: SlotId
    card: CardId

    def label(self) -> str:
        """E.g. ``Move Q♠ to Knight``."""
        return f"Move {card_label(self.card)} to {_name(LAYOUT.knight)}"

    def detail(self) -> str:
        """Where the card comes from; it keeps its status."""
        return (
            f"{card_label(self.card)} leaves {_name(self.slot)} for the Knight slot "
            "and keeps its status."
        )


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseKnight,
    Muster,
    Place,
    Exchange,
    Discard,
    Replace,
    Attack,
    AttackWith,
    Defend,
    BattleWith,
    UsePower,
    Shoot,
    Pass,
    MoveKnight,
)
