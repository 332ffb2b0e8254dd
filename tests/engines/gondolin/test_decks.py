"""Deck building: validation sentences, deck codes, ready-made decks."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines import EngineError
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.decks import (
    DeckCodeError,
    deck_code,
    parse_deck_code,
    ready_decks,
    validate_deck,
)


def vale_deck():
    return ready_decks("hidden_vale")[0].card_list()


def test_every_ready_made_deck_is_legal_for_its_story_and_every_story_has_one():
    for deck in ready_decks():
        assert validate_deck(deck.card_list(), deck.story) == []
    assert {d.story for d in ready_decks()} == set(CATALOGUE.stories)


def test_a_legal_deck_has_no_violations():
    assert validate_deck(vale_deck(), "hidden_vale") == []


def test_copy_limits_are_reported_per_card_type():
    deck = [*vale_deck(), "spear_warden", "tarnil", "good_harvest", "fire_drake", "iron_captain"]
    problems = validate_deck(deck, "hidden_vale")
    assert "Spear-warden: 4 copies, but a deck may hold at most 3 of a Defender." in problems
    assert "Tarnil of the Wells: 2 copies, but a deck may hold at most 1 of a Hero." in problems
    assert "Good Harvest: 2 copies, but a deck may hold at most 1 of an Occurrence." in problems
    assert "The Hidden Vale allows at most 1 Eminent Enemies; this deck has 2." in problems


def test_story_rules_are_reported_as_sentences():
    deck = [c for c in vale_deck() if not CATALOGUE.card(c).is_event][:12]
    problems = validate_deck(deck, "hidden_vale")
    assert "The Hidden Vale needs a deck of 20 to 30 cards; this one has 12." in problems
    assert "The Hidden Vale needs at least 6 Events; this deck has 0." in problems
    assert (
        "The Hidden Vale needs at least 4 Enemies (Eminent ones count); this deck has 0."
        in problems
    )


def test_required_cards_minimum_eminent_and_locations_are_checked():
    deck = [
        c
        for c in ready_decks("seventh_gate")[0].card_list()
        if c != "cold_drake" and CATALOGUE.card(c).type != "location"
    ]
    problems = validate_deck(deck, "seventh_gate")
    assert "The Fall of the Seventh Gate requires The Cold-drake in the deck." in problems
    assert (
        "The Fall of the Seventh Gate needs at least 2 Eminent Enemies; this deck has 1."
        in problems
    )
    assert (
        "The Fall of the Seventh Gate needs exactly 1 Location in a deck; this one has 0."
        in problems
    )


def test_unknown_ids_story_cards_and_unknown_stories_are_reported():
    problems = validate_deck([*vale_deck(), "dragon_host", "no_such_card"], "hidden_vale")
    assert "There is no card with the id 'no_such_card'." in problems
    assert "The Dragon Host belongs to a story and cannot be put in a deck." in problems
    assert validate_deck(vale_deck(), "nope") == ["There is no story with the id 'nope'."]


def test_the_starting_hand_must_be_fillable():
    deck = ["seven_springs", "spear_warden", "spear_warden"] + ["orc_raiders"] * 3
    problems = validate_deck(deck, "hidden_vale")
    assert "The starting hand needs 5 Defenders or Achievements; this deck has 2." in problems


def test_deck_codes_round_trip_and_are_short_and_url_safe():
    for deck in ready_decks():
        code = deck_code(deck.card_list())
        assert len(code) <= 40
        assert all(ch.isalnum() or ch in "-_" for ch in code)
        assert sorted(parse_deck_code(code)) == sorted(deck.card_list())


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(sorted(CATALOGUE.cards)), max_size=45))
def test_any_deck_within_copy_limit_3_round_trips(cards):
    if any(cards.count(c) > 3 for c in cards):
        with pytest.raises(DeckCodeError):
            deck_code(cards)
        return
    assert sorted(parse_deck_code(deck_code(cards))) == sorted(cards)


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("", "short text"),
        ("hello world!", "short text"),
        ("x" * 300, "short text"),
        ("A", "damaged"),
        ("AQGwA4FABAQQBAARAACAFAQ8", "checksum"),
    ],
)
def test_garbage_codes_are_rejected_with_a_clear_error(code, message):
    with pytest.raises(DeckCodeError, match=message):
        parse_deck_code(code)


def test_deck_code_errors_are_engine_errors_safe_to_show():
    assert issubclass(DeckCodeError, EngineError)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_parsing_any_text_gives_cards_or_a_deck_code_error(text):
    try:
        cards = parse_deck_code(text)
    except DeckCodeError:
        return
    assert all(c in CATALOGUE.cards for c in cards)


def test_a_code_for_more_cards_than_a_deck_holds_is_refused():
    everything = [cid for cid in CATALOGUE.cards for _ in range(3)]
    code = deck_code(everything)
    with pytest.raises(DeckCodeError, match=f"holds {len(everything)} cards; .* at most 100"):
        parse_deck_code(code)
    assert sorted(parse_deck_code(code, max_cards=len(everything))) == sorted(everything)
