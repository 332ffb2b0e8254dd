"""The turn cycle (chapter 4B): automatic phases between the player's decisions.

Decisions happen in three phases: ``maintenance`` (destroy an M-adding card), ``defence`` and
``main`` (play cards, use abilities, end the phase). Everything else runs here by itself.
"""

from __future__ import annotations

from engines.gondolin.cards import AchievementCard, DefenderCard
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.effects import (
    Lines,
    choose_target,
    destroy,
    enter_play,
    in_play_cards,
    pointless,
    run,
)
from engines.gondolin.modifiers import cost, mods_for, stats
from engines.gondolin.scoring import final_score
from engines.gondolin.siege import attack_turn, defence_check, resolve_attack, siege_report
from engines.gondolin.state import GondolinState, InPlay
from engines.gondolin.story import event_text


def start_turn(state: GondolinState) -> Lines:
    """A new turn: Resource phase, then the maintenance check and onwards."""
    state.turn += 1
    state.used.clear()
    state.turn_td = 0
    now = stats(state)
    state.r_before = state.r
    state.r += now.income
    extra = now.income - (now.s // 2 - now.m)
    bonus = f", other income {extra:+d}" if extra else ""
    lines = [
        f"Turn {state.turn}. Resources: S {now.s} gives {now.s // 2}, M {now.m} costs {now.m}"
        f"{bonus}: R {state.r_before} → {state.r}."
    ]
    return lines + _maintenance_check(state)


def upkeep_cards(state: GondolinState) -> list[InPlay]:
    """Defenders and Improvements that add to M (the maintenance check's choices)."""
    return [
        x
        for x in (*state.defenders, *state.improvements)
        if isinstance(card := CATALOGUE.card(x.card), DefenderCard | AchievementCard) and card.m
    ]


def _maintenance_check(state: GondolinState) -> Lines:
    if state.r >= 0:
        return _draw_and_events(state)
    if upkeep_cards(state):
        state.phase = "maintenance"
        return [f"R is {state.r}: destroy cards that add to M, one at a time, until R ≥ 0."]
    state.r = 0
    return ["R is below 0 and nothing adds to M any more: R is set to 0.", *_draw_and_events(state)]


def destroy_for_upkeep(state: GondolinState, uid: int) -> Lines:
    """Maintenance check: destroy one M-adding card; this turn's R is recomputed."""
    lines = destroy(state, uid)
    state.r = state.r_before + stats(state).income
    lines.append(f"With the lower M, R is now {state.r}.")
    return lines + _maintenance_check(state)


def _draw_and_events(state: GondolinState) -> Lines:
    """Draw phase, then the Event phase (which may stop for a choice of target)."""
    lines: Lines = []
    drawn = state.deck.pop(0) if state.deck else None
    if drawn is None:
        lines.append("The deck is empty: no draw.")
    elif CATALOGUE.card(drawn).goes_to_hand:
        state.hand.append(drawn)
        lines.append("A card is drawn to the hand.")
    else:
        state.drawn_event = drawn
    state.phase = "events"
    state.event_step = 0
    state.story_done = state.turn
    return lines + event_phase(state)


def event_phase(state: GondolinState) -> Lines:
    """The Event phase from where it stopped: the story's events, the drawn event, the siege.

    Steps are the story's events for this turn (in order), then the drawn event. A step that
    waits for a choice of target leaves ``event_step`` on the next step.
    """
    story = CATALOGUE.stories[state.story]
    steps = [i for i, e in enumerate(story.events) if e.turn == state.turn]
    lines: Lines = []
    while state.phase == "events" and state.event_step <= len(steps):
        k = state.event_step
        state.event_step += 1
        if k < len(steps):
            event = story.events[steps[k]]
            text = event_text(state, event)
            lines.append(f"Story, turn {state.turn}: {event.name}. {text}")
            lines += run(state, f"story:{steps[k]}", "enter")
        elif state.drawn_event is not None:
            card = CATALOGUE.card(state.drawn_event)
            state.drawn_event = None
            if card.type != "enemy":
                lines.append(f"Event drawn: {card.name} ({card.kind_label}).")
            lines += enter_play(state, card.id)
    if state.phase != "events":
        return lines
    if state.enemies:
        state.phase = "defence"
        lines += siege_report(state)
    else:
        state.phase = "main"
    return lines


def choose(state: GondolinState, uid: int) -> Lines:
    """The player's choice among tied targets; the interrupted phase carries on."""
    lines = choose_target(state, uid)
    if state.phase == "events":
        lines += event_phase(state)
    return lines


def end_defence(state: GondolinState) -> Lines:
    """After the Defence phase: the no-defence check, the Attack phase if due, Main phase."""
    lines = defence_check(state)
    when = attack_turn(state)
    if state.phase != "over" and when is not None and when <= state.turn:
        lines += resolve_attack(state)
    if state.phase != "over":
        state.phase = "main"
    return lines


def end_turn(state: GondolinState) -> Lines:
    """After the Main phase: the next turn, or the end of the story."""
    story = CATALOGUE.stories[state.story]
    if state.turn < story.turns:
        return start_turn(state)
    state.phase = "over"
    state.outcome = "survived"
    state.score = final_score(state)
    state.end_text = (
        f"The settlement survived {story.name}! Score {state.score} ({story.score_text})."
    )
    return [state.end_text]


def hand_options(state: GondolinState) -> list[tuple[str, int, str | None]]:
    """Distinct hand cards in catalogue order: price, and why not now (None: playable)."""
    mods = mods_for(state)
    p = stats(state, mods).p
    out = []
    for cid in CATALOGUE.cards:
        if cid not in state.hand:
            continue
        card = CATALOGUE.card(cid)
        assert isinstance(card, DefenderCard | AchievementCard)
        price = cost(card, mods)
        why = None
        if isinstance(card, AchievementCard) and p < card.px:
            why = f"needs P{card.px}, you have P{p}"
        elif price > state.r:
            why = f"needs R{price}, you have R{state.r}"
        else:
            why = pointless(state, card, "enter")
        out.append((cid, price, why))
    return out


def playable(state: GondolinState) -> list[tuple[str, int]]:
    """Distinct hand cards that may be played now, with their R cost, in catalogue order."""
    return [(cid, price) for cid, price, why in hand_options(state) if why is None]


def play_card(state: GondolinState, card_id: str, price: int) -> Lines:
    """Pay R and put a card from the hand into play."""
    state.hand.remove(card_id)
    state.r -= price
    return [f"Paid R{price}.", *enter_play(state, card_id)]


def use_options(state: GondolinState) -> list[tuple[InPlay, str | None]]:
    """Cards in play with an activated ability, and why it cannot be used now (None: it can)."""
    out = []
    for uid, card in in_play_cards(state):
        if card.use is None:
            continue
        why = None
        if uid in state.used:
            why = "already used this turn"
        elif card.use.cost > state.r:
            why = f"needs R{card.use.cost}, you have R{state.r}"
        else:
            why = pointless(state, card, "activate")
        out.append((InPlay(uid=uid, card=card.id), why))
    return out


def usable(state: GondolinState) -> list[InPlay]:
    """Cards in play whose activated ability may be used now."""
    return [x for x, why in use_options(state) if why is None]


def use_card(state: GondolinState, uid: int, card_id: str) -> Lines:
    """Use an activated ability: pay, perhaps sacrifice the card, apply its effects."""
    card = CATALOGUE.card(card_id)
    assert card.use is not None
    state.r -= card.use.cost
    state.used.append(uid)
    lines = [f"{card.name}: {card.use.text}."]
    if card.use.sacrifice:
        lines += destroy(state, uid)
    return lines + run(state, f"card:{card_id}", "activate")
