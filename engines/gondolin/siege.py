"""Siege and Attack (chapter 5): countdowns, the no-defence check and the battle."""

from __future__ import annotations

from typing import Literal

from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.effects import Lines, destroy, in_play_cards, run
from engines.gondolin.modifiers import attack, mods_for, stats
from engines.gondolin.state import GondolinState

Cause = Literal["no_defenders", "flying", "overrun"]


def attack_turn(state: GondolinState) -> int | None:
    """The turn the siege becomes an attack: the earliest last siege turn of any enemy."""
    return min((x.attack_turn for x in state.enemies), default=None)


def lose(state: GondolinState, cause: Cause, why: str) -> Lines:
    """The settlement is destroyed; the game is over."""
    state.phase = "over"
    state.outcome = "destroyed"
    state.cause = cause
    state.end_text = f"The settlement fell on turn {state.turn}: {why}"
    return [state.end_text]


def siege_report(state: GondolinState) -> Lines:
    """The Siege phase: every enemy's last siege turn and when they all attack."""
    when = attack_turn(state)
    if when is None:
        return []
    mods = mods_for(state)
    parts = [
        f"{CATALOGUE.card(x.card).name} (A{attack(CATALOGUE.enemy(x.card), mods)}) "
        f"by turn {x.attack_turn}"
        for x in state.enemies
    ]
    head = "Siege: " + "; ".join(parts) + "."
    if when <= state.turn:
        return [head, "The siege turns into an attack this turn."]
    who = "They attack together" if len(state.enemies) > 1 else "It attacks"
    return [head, f"{who} on turn {when} unless more enemies join."]


def defence_check(state: GondolinState) -> Lines:
    """After the Defence phase: still under siege with no Defender in play loses."""
    if state.enemies and not state.defenders:
        return lose(state, "no_defenders", "the besiegers found no Defender on the walls.")
    return []


def resolve_attack(state: GondolinState) -> Lines:
    """The Attack phase: every enemy in play attacks together (5B)."""
    now = stats(state)
    names = [CATALOGUE.card(x.card).name for x in state.enemies]
    lines = [f"Attack! {', '.join(names)}: TA {now.ta} against TD {now.td}."]
    flyers = [CATALOGUE.enemy(x.card) for x in state.enemies if CATALOGUE.enemy(x.card).flying]
    if flyers and not now.anti_flying:
        who = ", ".join(f.name for f in flyers)
        return lines + lose(
            state,
            "flying",
            f"{who} came over the walls and nobody could defend against flying enemies.",
        )
    if now.td < now.ta:
        return lines + lose(state, "overrun", f"TA {now.ta} overran TD {now.td}.")
    state.next_attack_td = 0
    beaten = list(state.enemies)
    if now.td == now.ta:
        lines.append("TD equals TA: all Defenders and all attacking enemies are destroyed.")
        for d in list(state.defenders):
            lines += destroy(state, d.uid)
    else:
        lines.append(f"The defenders win (TD {now.td} > TA {now.ta}).")
    for x in beaten:
        lines += destroy(state, x.uid)
        state.defeated.append(x.card)
        bonus = run(state, f"card:{x.card}", "defeat")
        if bonus:
            lines.append(f"Bonus for {CATALOGUE.card(x.card).name}: {' '.join(bonus)}")
    if now.td > now.ta:
        for _uid, card in in_play_cards(state):
            lines += run(state, f"card:{card.id}", "win")
    return lines
