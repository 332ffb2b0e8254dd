"""Static effects and the current stats they produce.

Every ``static`` effect on the Location, on cards in play (Defenders, Improvements, Continuous
events, sieging Enemies) and on story events already passed adds into one :class:`Mods`.
All of them stack by simple addition; stats never drop below 0.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

from engines.gondolin.cards import AchievementCard, DefenderCard, Effect, EnemyCard
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.state import GondolinState


@dataclass
class Mods:
    """The sum of all static effects in force."""

    s: int = 0
    m: int = 0
    p: int = 0
    td: int = 0
    income: int = 0
    defender_d: int = 0
    enemy_a: int = 0
    flyer_a: int = 0
    defender_discount: int = 0
    achievement_discount: int = 0
    siege_extension: int = 0
    anti_flying: bool = False


def _stat(mods: Mods, eff: Effect) -> None:
    """S, M, P or TD changes by ``amount`` while in force."""
    field = (eff.stat or "").lower()
    setattr(mods, field, getattr(mods, field) + eff.amount)


def _income(mods: Mods, eff: Effect) -> None:
    """``amount`` more R in every Resource phase."""
    mods.income += eff.amount


def _defender_d(mods: Mods, eff: Effect) -> None:
    """Every Defender has ``amount`` more D."""
    mods.defender_d += eff.amount


def _enemy_a(mods: Mods, eff: Effect) -> None:
    """Every Enemy has ``amount`` more A."""
    mods.enemy_a += eff.amount


def _flyer_a(mods: Mods, eff: Effect) -> None:
    """Every flying Enemy has ``amount`` more A."""
    mods.flyer_a += eff.amount


def _defender_discount(mods: Mods, eff: Effect) -> None:
    """Defenders cost ``amount`` less R (never below 1)."""
    mods.defender_discount += eff.amount


def _achievement_discount(mods: Mods, eff: Effect) -> None:
    """Achievements cost ``amount`` less R (never below 1)."""
    mods.achievement_discount += eff.amount


def _siege_extension(mods: Mods, eff: Effect) -> None:
    """Enemies entering play siege ``amount`` more turns."""
    mods.siege_extension += eff.amount


def _anti_flying(mods: Mods, eff: Effect) -> None:
    """The settlement can defend against flying enemies."""
    mods.anti_flying = True


STATIC: dict[str, Callable[[Mods, Effect], None]] = {
    "stat": _stat,
    "income": _income,
    "defender_d": _defender_d,
    "enemy_a": _enemy_a,
    "flyer_a": _flyer_a,
    "defender_discount": _defender_discount,
    "achievement_discount": _achievement_discount,
    "siege_extension": _siege_extension,
    "anti_flying": _anti_flying,
}


def _static_effects(state: GondolinState) -> Iterator[Effect]:
    if state.location:
        yield from _statics_of(state.location)
    for group in (state.defenders, state.improvements, state.continuous, state.enemies):
        for x in group:
            yield from _statics_of(x.card)
    yield from _story_statics(state.story, state.story_done)


@cache
def _statics_of(card_id: str) -> tuple[Effect, ...]:
    """A card's static effects (printed: listed once, not on every look at the stats)."""
    return tuple(e for e in CATALOGUE.card(card_id).effects if e.when == "static")


@cache
def _story_statics(story_id: str, done: int) -> tuple[Effect, ...]:
    """The static effects of a story's events up to turn ``done``, in the story's order."""
    events = CATALOGUE.stories[story_id].events
    return tuple(e for ev in events if ev.turn <= done for e in ev.effects if e.when == "static")


def mods_for(state: GondolinState) -> Mods:
    """Sum every static effect in force now."""
    mods = Mods()
    for eff in _static_effects(state):
        STATIC[eff.do](mods, eff)
    return mods


def defence(card: DefenderCard, mods: Mods) -> int:
    """A Defender's current D."""
    return max(0, card.d + mods.defender_d)


def attack(card: EnemyCard, mods: Mods) -> int:
    """An Enemy's current A."""
    return max(0, card.a + mods.enemy_a + (mods.flyer_a if card.flying else 0))


def cost(card: DefenderCard | AchievementCard, mods: Mods) -> int:
    """The R a card costs to play now."""
    if isinstance(card, DefenderCard):
        return max(min(card.r, 1), card.r - mods.defender_discount)
    return max(min(card.r, 1), card.r - mods.achievement_discount)


@dataclass(frozen=True)
class Stats:
    """The stats panel: R, S, M, P, TD, TA and the R change of the next Resource phase."""

    r: int
    s: int
    m: int
    p: int
    td: int
    ta: int
    income: int
    anti_flying: bool


def total_defence(state: GondolinState, mods: Mods) -> int:
    """TD: the Defenders' D plus every defence bonus in force."""
    d = sum(defence(CATALOGUE.defender(x.card), mods) for x in state.defenders)
    return max(0, d + mods.td + state.turn_td + state.next_attack_td)


def stats(state: GondolinState, mods: Mods | None = None) -> Stats:
    """The current stats (``mods``: ``mods_for(state)`` where the caller has it already)."""
    mods = mods_for(state) if mods is None else mods
    s = max(0, state.s + mods.s)
    upkeep = sum(_upkeep(x.card) for x in (*state.defenders, *state.improvements))
    m = max(0, upkeep + mods.m)
    ta = sum(attack(CATALOGUE.enemy(x.card), mods) for x in state.enemies)
    anti = mods.anti_flying or any(CATALOGUE.defender(x.card).anti_flying for x in state.defenders)
    return Stats(
        r=state.r,
        s=s,
        m=m,
        p=max(0, state.p + mods.p),
        td=total_defence(state, mods),
        ta=ta,
        income=s // 2 - m + mods.income,
        anti_flying=anti,
    )


def _upkeep(card_id: str) -> int:
    card = CATALOGUE.card(card_id)
    return card.m if isinstance(card, DefenderCard | AchievementCard) else 0
