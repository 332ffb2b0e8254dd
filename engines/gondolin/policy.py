"""A cheap playout policy for hints: bank R, build the economy, raise TD just in time.

It reads only what the player sees (the hand, the table, the siege, the stats); a compact
version of the heuristic player of ``bench/gondolin_balance.py`` without its search over sets
of cards: each rule below picks one action, else the phase ends.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.base import Action
from engines.gondolin.actions import ChooseTarget, PickCard, PlayCard, UseCard
from engines.gondolin.cards import AchievementCard, Card, DefenderCard
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.modifiers import defence, mods_for, stats
from engines.gondolin.siege import attack_turn
from engines.gondolin.state import GondolinState
from engines.rng import Random

ECONOMY = {"stat", "income", "defender_discount", "achievement_discount"}
"""Effects of Achievements worth playing as soon as they are affordable."""


def _card(action: Action) -> Card:
    return CATALOGUE.card(action.card)  # type: ignore[attr-defined]


def _defender(action: Action) -> DefenderCard:
    """The Defender card of an action already filtered to Defenders."""
    card = _card(action)
    assert isinstance(card, DefenderCard), card.id
    return card


def _price(action: Action) -> int:
    if isinstance(action, PlayCard):
        return action.cost
    use = _card(action).use
    return use.cost if use else 0


def _td_gain(state: GondolinState, action: Action) -> int:
    """How much TD an action adds now (0 if none)."""
    card = _card(action)
    gain = 0
    if isinstance(action, PlayCard) and isinstance(card, DefenderCard):
        gain = defence(card, mods_for(state))
    whens = ("activate",) if isinstance(action, UseCard) else ("static", "enter", "activate")
    for e in card.effects:
        if e.when not in whens:
            continue
        if (e.do == "stat" and e.stat == "TD") or e.do in ("td_this_turn", "td_next_attack"):
            gain += e.amount
        elif e.do == "defender_d":
            gain += e.amount * (len(state.defenders) + isinstance(card, DefenderCard))
    return gain


def _is_economy(card: Card) -> bool:
    return any(
        e.do in ECONOMY and e.amount > 0 and (e.do != "stat" or e.stat in ("S", "P"))
        for e in card.effects
    ) or any(e.when == "enter" and e.do == "gain" and e.stat in ("R", "S") for e in card.effects)


def _defender_worth(card: Card) -> float:
    if isinstance(card, DefenderCard):
        return card.d - card.m + (10 if card.anti_flying else 0)
    return -len(card.effects)


def _pick(state: GondolinState, legal: list[Action]) -> Action:
    """Starting hand: a flying defence first, then the best D per R."""
    hand = [CATALOGUE.card(c) for c in state.hand]
    has_anti = any(isinstance(c, DefenderCard) and c.anti_flying for c in hand)
    defenders = [a for a in legal if isinstance(_card(a), DefenderCard)]
    anti = [a for a in defenders if _defender(a).anti_flying]
    if anti and not has_anti:
        return min(anti, key=lambda a: (_defender(a).r, -_defender(a).d))
    if defenders:
        return max(
            defenders,
            key=lambda a: _defender(a).d / max(_defender(a).r, 1) - 0.3 * _defender(a).m,
        )
    return legal[0]


def _cheapest(actions: Sequence[Action]) -> Action | None:
    return min(actions, key=_price) if actions else None


def _cover(state: GondolinState, plays: Sequence[Action], gap: int) -> Action | None:
    """The cheapest single action closing the TD gap, else the one adding the most TD."""
    boosts = [(a, _td_gain(state, a)) for a in plays]
    boosts = [(a, g) for a, g in boosts if g > 0]
    closing = [a for a, g in boosts if g >= gap]
    if closing:
        return _cheapest(closing)
    return max(boosts, key=lambda ag: ag[1])[0] if boosts else None


def rollout_action(state: GondolinState, legal: list[Action], rng: Random) -> Action:
    """A quick sensible move among ``legal`` (the game's legal actions now)."""
    phase = state.phase
    if phase == "choose_location":
        return rng.choice(legal)
    if phase == "choose_target":
        return min(
            (a for a in legal if isinstance(a, ChooseTarget)),
            key=lambda a: _defender_worth(_card(a)),
        )
    if phase == "choose_hand":
        return _pick(state, [a for a in legal if isinstance(a, PickCard)])
    if phase == "maintenance":
        return min(legal, key=lambda a: _defender_worth(_card(a)))
    end = legal[-1]
    plays: list[Action] = [a for a in legal if isinstance(a, PlayCard)]
    uses: list[Action] = [a for a in legal if isinstance(a, UseCard) and not _card(a).use.sacrifice]  # type: ignore[union-attr]
    now = stats(state)
    defenders = [a for a in plays if isinstance(_card(a), DefenderCard)]
    flyers = any(CATALOGUE.enemy(x.card).flying for x in state.enemies)
    anti = [a for a in defenders if _defender(a).anti_flying]
    anti += [a for a in plays if any(e.do == "anti_flying" for e in _card(a).effects)]
    if flyers and not now.anti_flying and anti:
        return _cheapest(anti) or end
    if (state.enemies or phase == "main") and not state.defenders and defenders:
        return _cheapest(defenders) or end
    due = attack_turn(state)
    if phase == "defence" and due is not None and due <= state.turn and now.td <= now.ta:
        return _cover(state, plays + uses, now.ta + 1 - now.td) or end
    economy = [a for a in plays if isinstance(_card(a), AchievementCard) and _is_economy(_card(a))]
    return _cheapest(economy) or end
