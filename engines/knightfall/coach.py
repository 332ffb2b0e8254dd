"""Why the coach's suggested move is good, in one plain sentence (``Game.suggestion_reason``).

Reads only what the player sees: their own camp and drawn cards, the public statuses and the
revealed battle; an opponent's card is named only once the battle has shown it.
"""

from __future__ import annotations

from engines.base import Action
from engines.knightfall import actions as ka
from engines.knightfall.camp import LAYOUT
from engines.knightfall.cards import Card, card_label
from engines.knightfall.policy import mage_gain
from engines.knightfall.rules import attackers_of
from engines.knightfall.state import KnightfallState


def _power(card_id: int) -> int:
    return Card.from_id(card_id).power


def _named(card_id: int) -> str:
    return f"{card_label(card_id)} ({_power(card_id)})"


def reason(state: KnightfallState, seat: int, action: Action) -> str | None:
    """One sentence saying what ``action`` does for ``seat``; None for a move without one."""
    player = state.players[seat]
    strong = [(sc.card.power, sid) for sid, sc in player.troop() if sc.status == "strong"]
    if isinstance(action, ka.ChooseKnight):
        if _power(action.card) >= max(card.power for card in player.hand):
            return f"{_named(action.card)} is your strongest card: as Knight it defends with +1."
        return f"{card_label(action.card)} as Knight defends your camp with +1."
    if isinstance(action, ka.Muster):
        return "Places every card at once: your Knight's colour first, strongest first."
    if isinstance(action, ka.Place):
        where = LAYOUT.name(action.slot)
        if LAYOUT.role(action.slot) == "reserve":
            return f"{card_label(action.card)} waits in {where}: it counts at the end."
        return f"{card_label(action.card)} joins your fighters in {where}."
    if isinstance(action, ka.Replace):
        gain = _power(action.card) - _power(action.old)
        return f"{_named(action.card)} replaces {_named(action.old)}: {gain:+d} power."
    if isinstance(action, ka.Discard):
        weakest = min(strong, default=None)
        if weakest is not None and weakest[0] >= _power(action.card):
            return f"{_named(action.card)} is no stronger than any STRONG card of yours."
        return "Keeps your camp as it is."
    if isinstance(action, ka.Exchange):
        a, b = LAYOUT.name(action.slot), LAYOUT.name(action.other)
        return f"Swaps {a} and {b} to line up your cards for a power."
    if isinstance(action, ka.Attack | ka.AttackWith):
        return _attack(state, seat, action)
    if isinstance(action, ka.Defend):
        if not attackers_of(player):
            return "You have no STRONG Archer or Mage to attack with."
        return "Your Knight defends with +1 and no card of yours is put at risk."
    if isinstance(action, ka.BattleWith):
        best = max(card.power for _, card in attackers_of(player))
        if _power(action.card) >= best:
            return f"{_named(action.card)} is your strongest fighter."
        return f"{_named(action.card)} fights, keeping your stronger cards safe."
    if isinstance(action, ka.UsePower):
        if action.power == "archer":
            return "Makes one enemy STRONG card WEAK: it counts but can no longer fight."
        paid = sum(_power(c) for c in action.cards)
        return f"The reversal wins back {mage_gain(state, seat, action)} power for {paid} paid."
    if isinstance(action, ka.Shoot):
        return f"Their {LAYOUT.name(action.slot)} can no longer fight."
    if isinstance(action, ka.Pass):
        return "No power pays back what its three cards would cost now."
    if isinstance(action, ka.MoveKnight):
        held = player.slots[action.slot]
        if held is not None and held.status == "strong":
            return f"{_named(action.card)} is STRONG, so it can defend as your Knight."
        return f"{_named(action.card)} keeps your Knight slot filled."
    return None


def _attack(state: KnightfallState, seat: int, action: Action) -> str:
    """Attack with the strongest, or into a Knight that cannot defend."""
    attackers = attackers_of(state.players[seat])
    best = max((card.power for _, card in attackers), default=0)
    knight = state.players[1 - seat].slots[LAYOUT.knight]
    if knight is None or knight.status == "weak":
        return "Their Knight cannot defend: if they defend, your attacker wins unopposed."
    if isinstance(action, ka.AttackWith):
        return f"{_named(action.card)} is your strongest attacker."
    return f"Your best attacker has power {best}, a good chance against their Knight."
