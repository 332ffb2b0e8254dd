"""Initialising a game (4A): options, the Location, and the starting hand in easy or hard mode."""

from __future__ import annotations

from typing import Any

from engines.base import EngineError
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.decks import ready_decks, validate_deck
from engines.gondolin.effects import Lines
from engines.gondolin.state import GondolinState, Mode
from engines.rng import rng_for

DEFAULT_STORY = next(iter(CATALOGUE.stories))
DEFAULT_MODE: Mode = "easy"
OPTION_KEYS = {"story", "deck", "mode"}


def parse_options(options: dict[str, Any]) -> tuple[str, list[str], Mode]:
    """Story id, deck and mode from the options; EngineError when unusable.

    ``story``: a story id (default: the first story). ``deck``: card ids (default: the story's
    first ready-made deck). ``mode``: "easy" (choose the starting hand; default) or "hard".
    """
    unknown = sorted(set(options) - OPTION_KEYS)
    if unknown:
        raise EngineError(f"Unknown options: {', '.join(unknown)}.")
    story = options.get("story", DEFAULT_STORY)
    if story not in CATALOGUE.stories:
        known = ", ".join(CATALOGUE.stories)
        raise EngineError(f"Unknown story {story!r}; choose one of: {known}.")
    mode = options.get("mode", DEFAULT_MODE)
    if mode not in ("easy", "hard"):
        raise EngineError("The mode must be 'easy' or 'hard'.")
    deck = options.get("deck")
    if deck is None:
        deck = ready_decks(story)[0].card_list()
    if not isinstance(deck, list | tuple) or not all(isinstance(c, str) for c in deck):
        raise EngineError("The deck must be a list of card ids.")
    problems = validate_deck(list(deck), story)
    if problems:
        raise EngineError("This deck cannot play the story: " + " ".join(problems))
    return story, list(deck), mode


def shuffle(state: GondolinState) -> None:
    """Shuffle the deck with the next generator derived from the seed."""
    state.shuffles += 1
    rng_for(state.seed, f"shuffle:{state.shuffles}").shuffle(state.deck)


def initial_state(seed: int, options: dict[str, Any]) -> GondolinState:
    """Set aside the deck's Locations; play the only one, or let the player choose."""
    story_id, deck, mode = parse_options(options)
    locations = [c for c in CATALOGUE.cards if c in deck and CATALOGUE.card(c).type == "location"]
    state = GondolinState(
        seed=seed,
        story=story_id,
        mode=mode,
        location=None,
        phase="choose_location",
        r=0,
        s=0,
        p=0,
        deck=[c for c in deck if c not in locations],
        hand_left=CATALOGUE.stories[story_id].hand,
        locations=locations,
    )
    if len(locations) == 1:
        found_at(state, locations[0])
    return state


def found_at(state: GondolinState, location_id: str) -> Lines:
    """Play the Location (its S, R and P become the stats), then take the starting hand.

    The deck's other Locations stay set aside: only one settlement is founded.
    """
    location = CATALOGUE.location(location_id)
    state.location = location_id
    state.locations = []
    state.r, state.s, state.p = location.r, location.s, location.p
    state.phase = "choose_hand"
    lines = [f"The settlement will be founded at {location.name}."]
    if state.mode == "hard":
        return lines + _draw_hard_hand(state)
    if not hand_choices(state):
        return lines + _finish_hand(state)
    return lines


def _draw_hard_hand(state: GondolinState) -> Lines:
    """Hard mode: draw from the shuffled deck, skipping events; put those back and reshuffle."""
    shuffle(state)
    skipped = []
    while state.hand_left and state.deck:
        card = state.deck.pop(0)
        if CATALOGUE.card(card).goes_to_hand:
            state.hand.append(card)
            state.hand_left -= 1
        else:
            skipped.append(card)
    state.deck += skipped
    return _finish_hand(state)


def hand_choices(state: GondolinState) -> list[str]:
    """Easy mode: distinct cards in the deck that may be taken into the hand."""
    if not state.hand_left:
        return []
    return [c for c in CATALOGUE.cards if c in state.deck and CATALOGUE.card(c).goes_to_hand]


def pick_card(state: GondolinState, card_id: str) -> Lines:
    """Easy mode: take one card from the deck into the starting hand."""
    state.deck.remove(card_id)
    state.hand.append(card_id)
    state.hand_left -= 1
    if hand_choices(state):
        return [f"A card is taken into the hand; {state.hand_left} to go."]
    return _finish_hand(state)


def _finish_hand(state: GondolinState) -> Lines:
    state.hand_left = 0
    shuffle(state)
    state.phase = "main"
    name = CATALOGUE.card(state.location or "").name
    return [f"The settlement is founded at {name}. Turn 1: Main phase."]


def location_choices(state: GondolinState) -> list[str]:
    """Setup with several Locations in the deck: the ones to choose from."""
    return list(state.locations) if state.phase == "choose_location" else []
