"""Instant effects, and cards entering and leaving play.

Each instant effect is a small function ``(state, effect) -> list of log lines`` registered in
:data:`INSTANT` under the name the data uses. Rules code never mentions a card by name.
"""

from __future__ import annotations

from collections.abc import Callable

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
from engines.gondolin.modifiers import STATIC, attack, defence, mods_for
from engines.gondolin.state import GondolinState, InPlay, Sieger

Lines = list[str]


def _sign(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _gain(state: GondolinState, eff: Effect) -> Lines:
    """R, S or P changes by ``amount`` for good (never below 0)."""
    field = (eff.stat or "").lower()
    setattr(state, field, max(0, getattr(state, field) + eff.amount))
    return [f"{eff.stat} {_sign(eff.amount)}."]


def _delay_sieges(state: GondolinState, eff: Effect) -> Lines:
    """Every sieging enemy not delayed before (and not the story's own) waits longer."""
    moved = [x for x in state.enemies if not x.delayed and not CATALOGUE.enemy(x.card).story_only]
    for x in moved:
        x.attack_turn += eff.amount
        x.delayed = True
    names = ", ".join(CATALOGUE.card(x.card).name for x in moved) or "No enemy"
    return [f"{names} wait{'s' if len(moved) == 1 else ''} {eff.amount} more turn(s)."]


def _destroy_defender(state: GondolinState, strongest: bool) -> Lines:
    if not state.defenders:
        return ["No Defender to lose."]
    mods = mods_for(state)

    def strength(x: InPlay) -> tuple[int, int]:
        d = defence(CATALOGUE.defender(x.card), mods)
        return (d, -x.uid) if strongest else (-d, -x.uid)

    victim = max(state.defenders, key=strength)
    return destroy(state, victim.uid)


def _destroy_strongest_defender(state: GondolinState, eff: Effect) -> Lines:
    """The Defender with the highest D is destroyed."""
    return _destroy_defender(state, strongest=True)


def _destroy_weakest_defender(state: GondolinState, eff: Effect) -> Lines:
    """The Defender with the lowest D is destroyed."""
    return _destroy_defender(state, strongest=False)


def _spawn_enemy(state: GondolinState, eff: Effect) -> Lines:
    """The enemy ``card`` enters play and joins the siege."""
    return enter_play(state, eff.card or "")


def _rout_weakest_enemy(state: GondolinState, eff: Effect) -> Lines:
    """The sieging enemy with the lowest A (not the story's own) leaves, without bonuses."""
    targets = [x for x in state.enemies if not CATALOGUE.enemy(x.card).story_only]
    if not targets:
        return ["No enemy can be driven off."]
    mods = mods_for(state)
    victim = min(targets, key=lambda x: (attack(CATALOGUE.enemy(x.card), mods), x.uid))
    return [f"{CATALOGUE.card(victim.card).name} is driven off.", *destroy(state, victim.uid)]


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
    "destroy_strongest_defender": _destroy_strongest_defender,
    "destroy_weakest_defender": _destroy_weakest_defender,
    "spawn_enemy": _spawn_enemy,
    "rout_weakest_enemy": _rout_weakest_enemy,
    "td_this_turn": _td_this_turn,
    "td_next_attack": _td_next_attack,
    "draw_defender": _draw_defender,
    "recover_defender": _recover_defender,
}


def run(state: GondolinState, effects: tuple[Effect, ...], when: Trigger) -> Lines:
    """Apply the instant effects of one trigger, in order."""
    lines: Lines = []
    for eff in effects:
        if eff.when == when:
            lines += INSTANT[eff.do](state, eff)
    return lines


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
        wait = card.siege + (0 if card.story_only else mods_for(state).siege_extension)
        uid = state.new_uid()
        state.enemies.append(
            Sieger(uid=uid, card=card_id, arrived=state.turn, attack_turn=state.turn + wait)
        )
        flying = ", flying" if card.flying else ""
        head = (
            f"{card.name} (A{card.a}{flying}) lays siege; it attacks by turn {state.turn + wait}."
        )
    elif table is not None:
        table.append(InPlay(uid=state.new_uid(), card=card_id))
        head = f"{card.name} enters play."
    else:
        head = f"{card.name} takes effect."
    lines = [head, *run(state, card.effects, "enter")]
    if table is None and not isinstance(card, EnemyCard):
        state.played.append(card_id)
    return lines


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


def check_effect_names(catalogue: Catalogue) -> None:
    """Fail loudly if the data names an effect no function implements, or misuses one."""
    effects = [e for c in catalogue.cards.values() for e in c.effects]
    effects += [e for s in catalogue.stories.values() for ev in s.events for e in ev.effects]
    bad = {e.do for e in effects if e.do not in (STATIC if e.when == "static" else INSTANT)}
    bad |= {
        f"{e.do}({e.stat or e.card})" for e in effects if e.do in PARAMS and not PARAMS[e.do](e)
    }
    if bad:
        raise ValueError(f"unknown or misused effects in data/gondolin: {sorted(bad)}")


check_effect_names(CATALOGUE)
