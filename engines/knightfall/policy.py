"""A cheap playout policy and a position estimate for computer players.

The policy reads only what the acting seat may see (its own camp and hand, public statuses and
WEAK cards); it never looks at the opponent's pending choice. Each stage has one small rule;
anything else is a random legal move.
"""

from __future__ import annotations

import math

from engines.base import Action
from engines.knightfall import powers
from engines.knightfall.actions import (
    Attack,
    BattleWith,
    ChooseKnight,
    Defend,
    Discard,
    MoveKnight,
    Pass,
    Place,
    Replace,
    UsePower,
)
from engines.knightfall.camp import LAYOUT
from engines.knightfall.cards import Card
from engines.knightfall.rules import attackers_of
from engines.knightfall.state import KnightfallState
from engines.rng import Random

SCORE_SCALE = 12.0
"""A total-power lead of this much estimates about a 88 % chance to win (tanh(1) ≈ 0.76)."""


def _power(card_id: int) -> int:
    return Card.from_id(card_id).power


def rollout_action(state: KnightfallState, seat: int, rng: Random) -> Action | None:
    """A quick move for the common stages, built without listing every legal move.

    None where the caller should list the legal moves and use ``choose_among``.
    """
    player = state.players[seat]
    if state.stage == "draw" and player.hand and player.draw_choice is None:
        free = player.free_slots()
        card = player.hand[0].id
        if free and LAYOUT.knight not in free:
            fighting = [sid for sid in free if LAYOUT.role(sid) != "reserve"]
            return Place(card=card, slot=rng.choice(fighting or free))
        if not free:
            return _keep_best(state, seat)
    if state.stage == "coins" and player.coin is None:
        return _coin(state, seat, rng)
    if state.stage == "powers" and state.shooting is None and not powers.can_reverse(state):
        return Pass()
    return None


def choose_among(state: KnightfallState, seat: int, legal: list[Action], rng: Random) -> Action:
    """A sensible move for ``seat`` among ``legal``."""
    first = legal[0]
    if isinstance(first, ChooseKnight):
        return max(legal, key=lambda a: _power(a.card) if isinstance(a, ChooseKnight) else 0)
    if isinstance(first, Place):
        places = [a for a in legal if isinstance(a, Place)]
        fighting = [a for a in places if LAYOUT.role(a.slot) != "reserve"]
        return rng.choice(fighting or places)
    if isinstance(first, BattleWith):
        return max(legal, key=lambda a: _power(a.card) if isinstance(a, BattleWith) else 0)
    if isinstance(first, UsePower | Pass):
        return _power_or_pass(state, seat, legal)
    if isinstance(first, MoveKnight):
        return _new_knight(state, seat, legal)
    return rng.choice(legal)


def _keep_best(state: KnightfallState, seat: int) -> Action:
    """A full troop: replace the weakest STRONG card by a stronger draw, else discard it."""
    player = state.players[seat]
    drawn = player.hand[0]
    strong = [
        (sc.card.power, sid, sc.card.id) for sid, sc in player.troop() if sc.status == "strong"
    ]
    if strong:
        power, sid, old = min(strong)
        if drawn.power > power:
            return Replace(slot=sid, old=old, card=drawn.id)
    return Discard(card=drawn.id)


def _coin(state: KnightfallState, seat: int, rng: Random) -> Action:
    """Attack more often the stronger the best attacker, never into a Knight that cannot die."""
    attackers = attackers_of(state.players[seat])
    if not attackers:
        return Defend()
    enemy_knight = state.players[1 - seat].slots[LAYOUT.knight]
    best = max(card.power for _, card in attackers)
    chance = min(0.9, max(0.05, (best - 6) / 8))
    if enemy_knight is None or enemy_knight.status == "weak":
        chance = 0.05
    return Attack() if rng.random() < chance else Defend()


def _power_or_pass(state: KnightfallState, seat: int, legal: list[Action]) -> Action:
    """Use the Mages only when the reversal wins back more power than the three cards cost."""
    best: Action = legal[-1]
    best_gain = 0
    for action in legal:
        if not isinstance(action, UsePower) or action.power != "mage":
            continue
        gain = mage_gain(state, seat, action) - sum(_power(c) for c in action.cards)
        if gain > best_gain:
            best, best_gain = action, gain
    return best


def mage_gain(state: KnightfallState, seat: int, action: UsePower) -> int:
    """The power a Mage reversal wins back: the enemy winner discarded, our loser back."""
    record = state.battle
    if record is None or record.winner is None or record.winner.seat == seat:
        return 0
    return sum(_power(c) for c in (action.out, action.back) if c is not None)


def _new_knight(state: KnightfallState, seat: int, legal: list[Action]) -> Action:
    """The strongest STRONG card defends best; with none, the strongest card."""
    slots = state.players[seat].slots

    def strength(action: Action) -> tuple[bool, int]:
        assert isinstance(action, MoveKnight)
        held = slots[action.slot]
        return (held is not None and held.status == "strong", _power(action.card))

    return max(legal, key=strength)


def evaluate(state: KnightfallState, seat: int) -> float:
    """0..1 from the total-power lead (the final count decides the game)."""
    lead = state.players[seat].score() - state.players[1 - seat].score()
    if state.stage == "over":
        return 1.0 if lead > 0 else 0.0 if lead < 0 else 0.5
    return 0.5 + 0.5 * math.tanh(lead / SCORE_SCALE)
