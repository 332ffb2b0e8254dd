"""Builders for mid-game Knightfall states: cards as text ("QS", "10H", "~9D" for WEAK)."""

from __future__ import annotations

import random

from engines.knightfall import Knightfall
from engines.knightfall.cards import Card, full_deck
from engines.knightfall.state import BattleRecord, KnightfallState, PlayerState, SlotCard

SUITS = "CDHS"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def card(text: str) -> Card:
    """ "QS" -> Q♠, "10H" -> 10♥, "AD" -> A♦."""
    return Card(rank=RANKS.index(text[:-1]) + 1, suit=text[-1])


def camp(**slots: str) -> PlayerState:
    """A camp from slot=card text; a leading "~" marks a WEAK card."""
    player = PlayerState(knight_chosen=True)
    for sid, text in slots.items():
        weak = text.startswith("~")
        player.slots[sid] = SlotCard(
            card=card(text.lstrip("~")), status="weak" if weak else "strong"
        )
    return player


def make_game(
    p0: PlayerState,
    p1: PlayerState,
    *,
    stage: str = "coins",
    round: int = 3,
    deck: int | list[str] = 20,
    discard: tuple[str, ...] = (),
    battle: BattleRecord | None = None,
) -> Knightfall:
    """A game in ``stage`` with the given camps; the deck holds unused cards in a fixed order."""
    used = {c for p in (p0, p1) for _, sc in p.troop() for c in [sc.card]}
    used |= {c for p in (p0, p1) for c in p.hand}
    used |= {card(t) for t in discard}
    if isinstance(deck, int):
        spare = [c for c in full_deck() if c not in used]
        random.Random(0).shuffle(spare)
        cards = spare[:deck]
    else:
        cards = [card(t) for t in deck]
    state = KnightfallState(
        round=round,
        stage=stage,
        deck=cards,
        discard=[card(t) for t in discard],
        players=[p0, p1],
        battle=battle,
    )
    return Knightfall(state)


def act(game: Knightfall, seat: int, label: str) -> list:
    """Apply the legal action of ``seat`` whose label is ``label``."""
    for action in game.legal_actions(seat):
        if action.label() == label:
            return game.apply(seat, action)
    labels = [a.label() for a in game.legal_actions(seat)]
    raise AssertionError(f"{label!r} not among {labels}")


def labels(game: Knightfall, seat: int) -> list[str]:
    """Labels of the legal actions of ``seat``."""
    return [a.label() for a in game.legal_actions(seat)]


def slot(game: Knightfall, seat: int, sid: str) -> str | None:
    """The slot as text: "QS", "~QS" (WEAK) or None."""
    held = game.state.players[seat].slots[sid]
    if held is None:
        return None
    text = f"{held.card.rank_name}{held.card.suit}"
    return "~" + text if held.status == "weak" else text


def discard(game: Knightfall) -> list[str]:
    """The discard pile as text, oldest first."""
    return [f"{c.rank_name}{c.suit}" for c in game.state.discard]


def play_random(seed: int, rng: random.Random, on_step=None) -> tuple[Knightfall, list]:
    """Play a random game; call ``on_step(game, events)`` after each action."""
    game = Knightfall.new(2, seed=seed)
    codes = []
    while not game.is_over:
        seat = rng.choice(game.to_act())
        action = rng.choice(game.legal_actions(seat))
        codes.append((seat, Knightfall.encode(action)))
        events = game.apply(seat, action)
        if on_step is not None:
            on_step(game, events)
    return game, codes
