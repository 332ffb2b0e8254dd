"""Instant effects, and cards entering and leaving play.

Each instant effect is a small function ``(state, effect) -> list of log lines`` registered in
:data:`INSTANT` under the name the data uses. Rules code never mentions a card by name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engines.gondolin.cards import (
    AchievementCard,
    Card,
    ContinuousCard,
    DefenderCard,
    Effect,
    EnemyCard,
    Trigger,
)
from engines.gondolin.catalogue import CATALOGUE, Catalogue
from engines.gondolin.modifiers import STATIC, Mods, attack, defence, mods_for
from engines.gondolin.state import GondolinState, InPlay, Sieger, TargetChoice
from engines.text import join_and, plural

Lines = list[str]


def _sign(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _gain(state: GondolinState, eff: Effect) -> Lines:
    """R, S or P changes by ``amount`` for good (never below 0)."""
    field = (eff.stat or "").lower()
    setattr(state, field, max(0, getattr(state, field) + eff.amount))
    return [f"{eff.stat} {_sign(eff.amount)}."]


def can_delay(state: GondolinState) -> list[Sieger]:
    """Sieging enemies a delay would move: not delayed before and not relentless."""
    return [x for x in state.enemies if not x.delayed and not CATALOGUE.enemy(x.card).relentless]


def can_rout(state: GondolinState) -> list[Sieger]:
    """Sieging enemies that may be driven off (every one but a relentless enemy)."""
    return [x for x in state.enemies if not CATALOGUE.enemy(x.card).relentless]


def _delay_sieges(state: GondolinState, eff: Effect) -> Lines:
    """Every sieging enemy not delayed before (and not relentless) waits longer."""
    moved = can_delay(state)
    for x in moved:
        x.attack_turn += eff.amount
        x.delayed = True
    if not moved:
        return ["No enemy can be delayed."]
    names = join_and([CATALOGUE.card(x.card).name for x in moved])
    verb = "waits" if len(moved) == 1 else "wait"
    return [f"{names} {verb} {plural(eff.amount, 'more turn')}."]


@dataclass(frozen=True)
class Targeting:
    """An effect that hits one card chosen by a rank (ties between different cards: ask)."""

    candidates: Callable[[GondolinState], list[InPlay] | list[Sieger]]
    rank: Callable[[GondolinState, Mods, str], int]
    highest: bool
    hit: Callable[[GondolinState, int], Lines]
    verb: str


def _d_rank(state: GondolinState, mods: Mods, card_id: str) -> int:
    return defence(CATALOGUE.defender(card_id), mods)


def _a_rank(state: GondolinState, mods: Mods, card_id: str) -> int:
    return attack(CATALOGUE.enemy(card_id), mods)


def _rout(state: GondolinState, uid: int) -> Lines:
    (victim,) = [x for x in state.enemies if x.uid == uid]
    return [f"{CATALOGUE.card(victim.card).name} is driven off.", *destroy(state, uid)]


TARGETED: dict[str, Targeting] = {
    "destroy_strongest_defender": Targeting(
        lambda st: st.defenders, _d_rank, True, lambda st, uid: destroy(st, uid), "Lose"
    ),
    "destroy_weakest_defender": Targeting(
        lambda st: st.defenders, _d_rank, False, lambda st, uid: destroy(st, uid), "Lose"
    ),
    "rout_weakest_enemy": Targeting(can_rout, _a_rank, False, _rout, "Drive off"),
}
"""Targeted effects: the Defender with the highest (Treachery) or lowest (Grey Fever) D, the
enemy with the lowest A (Secret Paths)."""


def tied_targets(state: GondolinState, do: str) -> list[int]:
    """The uids tied for an effect's target, in the order they entered play."""
    rule = TARGETED[do]
    mods = mods_for(state)
    pool = rule.candidates(state)
    if not pool:
        return []
    ranks = {x.uid: rule.rank(state, mods, x.card) for x in pool}
    best = max(ranks.values()) if rule.highest else min(ranks.values())
    return sorted(uid for uid, r in ranks.items() if r == best)


def card_of(state: GondolinState, uid: int) -> str:
    """The card id of a card in play (a Defender, Improvement, Continuous event or Enemy)."""
    for group in (state.defenders, state.improvements, state.continuous, state.enemies):
        for x in group:
            if x.uid == uid:
                return x.card
    raise KeyError(uid)


def _needs_choice(state: GondolinState, uids: list[int]) -> bool:
    """A tie matters only between different cards; copies of one card are all the same."""
    return len({card_of(state, uid) for uid in uids}) > 1


def _td_this_turn(state: GondolinState, eff: Effect) -> Lines:
    """TD +``amount`` until the end of this turn."""
    state.turn_td += eff.amount
    return [f"TD {_sign(eff.amount)} this turn."]


def _td_next_attack(state: GondolinState, eff: Effect) -> Lines:
    """TD +``amount`` in the next attack."""
    state.next_attack_td += eff.amount
    return [f"TD {_sign(eff.amount)} in the next attack."]


def _draw_defender(state: GondolinState, eff: Effect) -> Lines:
    """The first Defender in the deck goes to the hand."""
    for i, cid in enumerate(state.deck):
        if isinstance(CATALOGUE.card(cid), DefenderCard):
            state.hand.append(state.deck.pop(i))
            return ["A Defender is found in the deck and joins the hand."]
    return ["No Defender is left in the deck."]


def _recover_defender(state: GondolinState, eff: Effect) -> Lines:
    """The Defender most recently put on the played pile returns to the hand."""
    for i in range(len(state.played) - 1, -1, -1):
        cid = state.played[i]
        if isinstance(CATALOGUE.card(cid), DefenderCard):
            state.hand.append(state.played.pop(i))
            return [f"{CATALOGUE.card(cid).name} returns to the hand."]
    return ["No Defender on the played pile."]


INSTANT: dict[str, Callable[[GondolinState, Effect], Lines]] = {
    "gain": _gain,
    "delay_sieges": _delay_sieges,
    "spawn_enemy": lambda state, eff: enter_play(state, eff.card or ""),
    "td_this_turn": _td_this_turn,
    "td_next_attack": _td_next_attack,
    "draw_defender": _draw_defender,
    "recover_defender": _recover_defender,
}

USEFUL: dict[str, Callable[[GondolinState], str | None]] = {
    "delay_sieges": lambda st: None if can_delay(st) else "no sieging enemy can be delayed",
    "rout_weakest_enemy": lambda st: None if can_rout(st) else "no sieging enemy can be driven off",
    "td_this_turn": lambda st: (
        None
        if st.phase == "defence" and any(x.attack_turn <= st.turn for x in st.enemies)
        else "TD this turn only counts in an attack this turn"
    ),
    "recover_defender": lambda st: (
        None
        if any(isinstance(CATALOGUE.card(c), DefenderCard) for c in st.played)
        else "no Defender is on the played pile"
    ),
}
"""Why an effect would do nothing now (None: it would do something), from public facts."""


def pointless(state: GondolinState, card: Card, when: Trigger) -> str | None:
    """Why playing (``enter``) or using (``activate``) a card would do nothing, or None.

    Only cards that resolve at once can be pointless: a card that stays in play always adds
    something. Every one of its effects must be idle for the card to be idle.
    """
    if when == "enter" and _table(state, card) is not None:
        return None
    effects = [e for e in card.effects if e.when == when]
    reasons = [USEFUL[e.do](state) if e.do in USEFUL else None for e in effects]
    if not effects or any(r is None for r in reasons):
        return None
    return reasons[0]


def effects_of(state: GondolinState, source: str) -> tuple[Effect, ...]:
    """The effects of a source: ``card:<id>`` or ``story:<index of the story event>``."""
    kind, _, key = source.partition(":")
    if kind == "story":
        return CATALOGUE.stories[state.story].events[int(key)].effects
    return CATALOGUE.card(key).effects


def run(state: GondolinState, source: str, when: Trigger, start: int = 0) -> Lines:
    """Apply a source's effects of one trigger, in order, from index ``start``.

    A targeted effect whose target is tied between different cards stops here: it becomes
    ``state.target`` and the phase ``choose_target``; :func:`choose_target` carries on.
    """
    lines: Lines = []
    effects = effects_of(state, source)
    for i in range(start, len(effects)):
        eff = effects[i]
        if eff.when != when:
            continue
        if eff.do not in TARGETED:
            lines += INSTANT[eff.do](state, eff)
            continue
        uids = tied_targets(state, eff.do)
        if not uids:
            lines.append("There is nothing to hit.")
        elif _needs_choice(state, uids):
            names = join_and([CATALOGUE.card(card_of(state, u)).name for u in uids])
            state.target = TargetChoice(
                do=eff.do, source=source, when=when, rest=i + 1, uids=uids, resume=state.phase
            )
            state.phase = "choose_target"
            return [*lines, f"{names} are tied: choose which one."]
        else:
            lines += TARGETED[eff.do].hit(state, uids[0])
    return lines


def choose_target(state: GondolinState, uid: int) -> Lines:
    """Hit the chosen target, then run the rest of the interrupted effects."""
    target = state.target
    assert target is not None and uid in target.uids
    state.target = None
    state.phase = target.resume
    lines = TARGETED[target.do].hit(state, uid)
    return lines + run(state, target.source, target.when, target.rest)  # type: ignore[arg-type]


def _table(state: GondolinState, card: Card) -> list[InPlay] | None:
    """Where a card that stays in play lies; None for cards that resolve at once."""
    if isinstance(card, DefenderCard):
        return state.defenders
    if isinstance(card, ContinuousCard):
        return state.continuous
    if isinstance(card, AchievementCard) and card.kind == "improvement":
        return state.improvements
    return None


def enter_play(state: GondolinState, card_id: str) -> Lines:
    """Put a card into play: on the table, into the siege, or resolved to the played pile."""
    card = CATALOGUE.card(card_id)
    table = _table(state, card)
    if isinstance(card, EnemyCard):
        mods = mods_for(state)
        wait = card.siege + (0 if card.relentless else mods.siege_extension)
        uid = state.new_uid()
        state.enemies.append(
            Sieger(uid=uid, card=card_id, arrived=state.turn, attack_turn=state.turn + wait)
        )
        flying = ", flying" if card.flying else ""
        a = attack(card, mods_for(state))
        head = f"{card.name} (A{a}{flying}) lays siege; it attacks by turn {state.turn + wait}."
    elif table is not None:
        table.append(InPlay(uid=state.new_uid(), card=card_id))
        head = f"{card.name} enters play."
    else:
        head = f"{card.name} takes effect."
        state.played.append(card_id)
    return [head, *run(state, f"card:{card_id}", "enter")]


def destroy(state: GondolinState, uid: int) -> Lines:
    """Move a card in play to the played pile (a story's own enemy just leaves)."""
    for group in (state.defenders, state.improvements, state.continuous, state.enemies):
        for x in group:
            if x.uid == uid:
                group.remove(x)  # type: ignore[arg-type]
                card = CATALOGUE.card(x.card)
                if not (isinstance(card, EnemyCard) and card.story_only):
                    state.played.append(x.card)
                return [f"{card.name} is destroyed."]
    raise KeyError(uid)


def in_play_cards(state: GondolinState) -> list[tuple[int, Card]]:
    """Defenders, Improvements and Continuous events on the table, with their uids."""
    groups = (state.defenders, state.improvements, state.continuous)
    return [(x.uid, CATALOGUE.card(x.card)) for g in groups for x in g]


PARAMS: dict[str, Callable[[Effect], bool]] = {
    "gain": lambda e: e.stat in ("R", "S", "P"),
    "stat": lambda e: e.stat in ("S", "M", "P", "TD"),
    "spawn_enemy": lambda e: isinstance(CATALOGUE.cards.get(e.card or ""), EnemyCard),
}
for _name in TARGETED:
    PARAMS[_name] = lambda e: e.when in ("enter", "activate")  # a choice never stops an attack


def check_effect_names(catalogue: Catalogue) -> None:
    """Fail loudly if the data names an effect no function implements, or misuses one."""
    effects = [e for c in catalogue.cards.values() for e in c.effects]
    effects += [e for s in catalogue.stories.values() for ev in s.events for e in ev.effects]
    known = {**INSTANT, **TARGETED}
    bad = {e.do for e in effects if e.do not in (STATIC if e.when == "static" else known)}
    bad |= {
        f"{e.do}({e.stat or e.card})" for e in effects if e.do in PARAMS and not PARAMS[e.do](e)
    }
    if bad:
        raise ValueError(f"unknown or misused effects in data/gondolin: {sorted(bad)}")


check_effect_names(CATALOGUE)
