"""Re-dealing what one player cannot see, for computer players (``Game.resample``).

Hidden from a seat: the opponent's STRONG cards and the cards in their hand, the deck order,
and the opponent's pending secret choice (draw decision, coin, battle card). Everything else
(slots, statuses, WEAK cards, the discard pile, revealed battles and powers) is public.
"""

from __future__ import annotations

from engines.knightfall.camp import LAYOUT
from engines.knightfall.cards import Card, full_deck
from engines.knightfall.state import KnightfallState, PlayerState
from engines.rng import Random

DECK = tuple((card.id, card) for card in full_deck())
KNIGHT_CHOICES = 5
"""The muster Knight is chosen from five cards."""


def seen_cards(state: KnightfallState, seat: int) -> set[int]:
    """Ids of every card ``seat`` can see: its own camp and hand, the discard pile, WEAK cards."""
    me = state.players[seat]
    seen = {sc.card.id for _, sc in me.troop()} | {c.id for c in me.hand}
    seen |= {c.id for c in state.discard}
    for other, player in enumerate(state.players):
        if other != seat:
            seen |= {sc.card.id for _, sc in player.troop() if sc.status == "weak"}
    return seen


def redeal(state: KnightfallState, seat: int, rng: Random) -> tuple[KnightfallState, list[int]]:
    """A copy with every card hidden from ``seat`` dealt again from the unseen ones.

    Returns the copy and the seats whose pending secret choice was cleared (they must choose
    again). The unseen cards are listed in id order before shuffling, so the sample depends only
    on what ``seat`` knows and on ``rng``.
    """
    copy = KnightfallState.model_validate_json(state.model_dump_json())
    seen = seen_cards(state, seat)
    unseen = [card for card_id, card in DECK if card_id not in seen]
    rng.shuffle(unseen)
    cleared = []
    for other, player in enumerate(copy.players):
        if other == seat:
            continue
        for sid, held in player.troop():
            if held.status == "strong":
                held.card = _knight_card(unseen, rng) if sid == LAYOUT.knight else unseen.pop()
        player.hand = [unseen.pop() for _ in player.hand]
        if _clear_pending(copy, player):
            cleared.append(other)
    copy.deck = [unseen.pop() for _ in copy.deck]
    assert not unseen, "every unseen card is dealt again"
    return copy, cleared


def _knight_card(unseen: list[Card], rng: Random) -> Card:
    """[D] A hidden Knight is dealt as the best of five unseen cards (players pick a strong one).

    The others go back and the pool is shuffled again.
    """
    drawn = [unseen.pop() for _ in range(min(KNIGHT_CHOICES, len(unseen)))]
    best = max(drawn, key=lambda card: card.power)
    drawn.remove(best)
    unseen += drawn
    rng.shuffle(unseen)
    return best


def _clear_pending(state: KnightfallState, player: PlayerState) -> bool:
    """Forget a secret choice the others have not seen yet; whether there was one."""
    if state.stage == "draw" and player.draw_choice is not None:
        player.draw_choice = None
        return True
    if state.stage == "coins" and player.coin is not None:
        player.coin = None
        player.battle_slot = None  # a card named with the coin (``AttackWith``)
        return True
    if state.stage == "battle" and player.battle_slot is not None:
        player.battle_slot = None
        return True
    return False
