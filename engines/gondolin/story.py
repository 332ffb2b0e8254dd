"""The Story card as it stands: event texts with the current A of the enemies they bring."""

from __future__ import annotations

from dataclasses import replace

from engines.gondolin.cards import Effect, StoryEvent
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.modifiers import STATIC, Mods, attack, mods_for
from engines.gondolin.state import GondolinState


def mods_by(state: GondolinState, turn: int, now: Mods | None = None) -> Mods:
    """The modifiers in force now plus the story's own lasting ones still due by ``turn``.

    ``now``: the modifiers in force now (``mods_for``) where the caller has them (unchanged).
    """
    mods = mods_for(state) if now is None else replace(now)
    for event in CATALOGUE.stories[state.story].events:
        if state.story_done < event.turn <= turn:
            for eff in event.effects:
                if eff.when == "static":
                    STATIC[eff.do](mods, eff)
    return mods


def spawned_enemy(effects: tuple[Effect, ...]) -> str | None:
    """The enemy a story event brings, if any."""
    return next((e.card for e in effects if e.do == "spawn_enemy"), None)


def enemy_a_at(state: GondolinState, card_id: str, turn: int, now: Mods | None = None) -> int:
    """An enemy's A if it came on ``turn``, as things stand now (printed A plus modifiers)."""
    return attack(CATALOGUE.enemy(card_id), mods_by(state, turn, now))


def event_text(state: GondolinState, event: StoryEvent) -> str:
    """The event's text with ``{a}`` filled in by the A its enemy has as things stand now."""
    enemy = spawned_enemy(event.effects)
    if enemy is None:
        return event.text
    return with_a(event, enemy_a_at(state, enemy, event.turn))


def with_a(event: StoryEvent, a: int) -> str:
    """The event's text with ``{a}`` filled in by ``a``, its enemy's A."""
    return event.text.replace("{a}", str(a))
