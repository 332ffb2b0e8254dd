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
    """Play the Location, then take the starting hand (easy: chosen; hard: drawn)."""
    story_id, deck, mode = parse_options(options)
    (location_id,) = [c for c in deck if CATALOGUE.card(c).type == "location"]
    location = CATALOGUE.location(location_id)
    deck.remove(location_id)
    story = CATALOGUE.stories[story_id]
    state = GondolinState(
        seed=seed,
        story=story_id,
        mode=mode,
        location=location_id,
        phase="choose_hand",
        r=location.r,
        s=location.s,
        p=location.p,
        deck=deck,
        hand_left=story.hand,
    )
    if mode == "hard":
        _draw_hard_hand(state)
    elif not hand_choices(state):
        _finish_hand(state)
    return state


def _draw_hard_hand(state: GondolinState) -> None:
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
    _finish_hand(state)


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
    name = CATALOGUE.card(state.location).name
    return [f"The settlement is founded at {name}. Turn 1: Main phase."]
