"""Deck lists: the starter decks, the text's deck limits, and the plain-text format."""

from __future__ import annotations

import pytest

from engines.guardians.cards import OCB_TARGET, Creature
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.decks import (
    DeckList,
    DeckTextError,
    check_deck,
    find_card,
    format_deck,
    parse_deck,
    starter,
)

STARTERS = ("starter_1", "starter_2")


def cards_of(deck: DeckList) -> list:
    """The deck's card models, one per copy."""
    return [CATALOGUE.cards[cid] for cid in deck.card_list()]


def legal_deck(**changes: int) -> DeckList:
    """Starter 1 with some counts changed (0 removes a card)."""
    deck = starter("starter_1")
    cards = {**deck.cards, **changes}
    return deck.model_copy(update={"cards": {k: v for k, v in cards.items() if v}})


@pytest.mark.parametrize("deck_id", STARTERS)
def test_the_starter_decks_are_legal_and_follow_the_advice(deck_id):
    deck = starter(deck_id)
    cards = cards_of(deck)
    check = check_deck(deck)
    assert check.ok and check.warnings == [], check
    assert len(cards) >= 55
    shields = [c for c in cards if c.kind == "shield"]
    assert 6 <= len(shields) <= 10
    assert sum(c.standard_bearer for c in shields) == 1
    assert len({c.terrain for c in cards if c.kind == "terrain"}) >= 4
    assert {c.bribe for c in cards if c.kind == "bribery"} == {"beer", "gold", "babes"}
    assert any(c.kind == "spell" for c in cards)
    assert {c.family for c in cards if isinstance(c, Creature)} == {
        "mortal",
        "elemental",
        "external",
    }


def test_the_two_starters_are_roughly_balanced_on_paper():
    vit = [
        sum(c.vitality for c in cards_of(starter(d)) if isinstance(c, Creature)) for d in STARTERS
    ]
    assert abs(vit[0] - vit[1]) <= 0.15 * max(vit), vit
    counts = [len(cards_of(starter(d))) for d in STARTERS]
    assert counts[0] == counts[1]
    guardians = [CATALOGUE.guardians[starter(d).guardian] for d in STARTERS]
    assert guardians[0].id != guardians[1].id


def test_the_average_match_up_between_the_starters_is_within_one_point():
    def strength(me: Creature, them: Creature) -> int:
        return me.vitality + (me.ocb if OCB_TARGET[me.family] == them.family else 0)

    ones, twos = ([c for c in cards_of(starter(d)) if isinstance(c, Creature)] for d in STARTERS)
    edge = sum(strength(a, b) - strength(b, a) for a in ones for b in twos)
    assert abs(edge / (len(ones) * len(twos))) <= 1


def test_too_few_cards_is_an_error_that_says_how_many_are_missing():
    deck = legal_deck(shield_of_dawn=7, swordsman=0, axeman=0, corporal=0, woods=0, dry_heaps=0)
    # 64 - 3 - 2 - 2 - 3 - 3 = 51
    assert check_deck(deck).errors == ["The deck has 51 cards; it needs at least 55 (4 more)."]


def test_at_most_five_of_a_card_except_terrain_and_shields():
    deck = legal_deck(swordsman=6, woods=9, shield_of_dawn=8)
    check = check_deck(deck)
    assert check.errors == [
        "At most 5 copies of a card (terrain and shields excepted): Swordsman has 6."
    ]


def test_champs_is_the_only_restricted_card():
    assert check_deck(legal_deck(champs=1)).ok
    assert check_deck(legal_deck(champs=2)).errors == [
        "Champs, the Wonder Dog is restricted: at most 1 copy (the deck has 2)."
    ]


def test_a_deck_needs_one_known_guardian_and_stronghold_set():
    deck = legal_deck().model_copy(update={"guardian": None, "strongholds": "nowhere"})
    assert check_deck(deck).errors == [
        "Choose a Guardian (a line like “Guardian: Rak Nam”).",
        "There is no Stronghold set “nowhere”.",
    ]


def test_unknown_card_ids_are_named():
    deck = legal_deck(zzz=1)
    assert check_deck(deck).errors == ["Unknown card ids: zzz."]


def test_the_shield_count_is_advice_not_an_error():
    few = check_deck(legal_deck(shield_of_dawn=4, woods=6))
    assert few.ok
    assert few.warnings == [
        "The deck has 5 shields; 6 to 10 are advised (creatures move only under shields)."
    ]
    assert check_deck(legal_deck(shield_of_dawn=11)).warnings != []


@pytest.mark.parametrize("deck_id", STARTERS)
def test_text_export_and_import_round_trip(deck_id):
    deck = starter(deck_id)
    text = format_deck(deck)
    assert text.splitlines()[:2] == [
        f"Guardian: {CATALOGUE.guardians[deck.guardian].name}",
        f"Strongholds: {CATALOGUE.strongholds[deck.strongholds].name}",
    ]
    assert parse_deck(text) == deck


def test_import_is_forgiving_about_case_spacing_and_apostrophes():
    deck = parse_deck(
        "# my deck\n\nguardian:  rak nam\nSTRONGHOLDS: keep of rak nam\n"
        "3x swordsman\n2 GN’OMISH GNOMES\n1 Swordsman\n"
    )
    assert deck.guardian == "rak_nam" and deck.strongholds == "keep_of_rak_nam"
    assert deck.cards == {"swordsman": 4, "gnomish_gnomes": 2}


def test_import_errors_name_every_wrong_line():
    text = "Guardian: Rak Nom\n3 Swordsmen\n2 Rak Nam\nArcher\n0 Archer\nGuardian: Gaar\n"
    with pytest.raises(DeckTextError) as err:
        parse_deck("Guardian: Tes Let\n" + text)
    assert err.value.problems == [
        "Line 2 (“Guardian: Rak Nom”): there is no Guardian “Rak Nom” "
        "(known: Rak Nam, Tes Let, Gaar).",
        "Line 3 (“3 Swordsmen”): no card is called “Swordsmen” (did you mean Swordsman?).",
        "Line 4 (“2 Rak Nam”): Rak Nam is a Guardian; write “Guardian: Rak Nam”.",
        "Line 5 (“Archer”): write a count and a card name, like “3 Swordsman”.",
        "Line 6 (“0 Archer”): the count must be at least 1.",
        "Line 7 (“Guardian: Gaar”): a deck has one Guardian only.",
    ]


def test_lookup_by_name_is_case_insensitive():
    assert find_card("ice ogre").id == "ice_ogre"
    assert find_card("ST. BALLANTINE'S EVOCATION").id == "st_ballantines_evocation"
    assert find_card("floyd, the flying pig").id == "floyd"
    assert find_card("sand_lord").id == "sand_lord"
    assert find_card("Rak Nam") is None
    assert find_card("Nothing at all") is None


def test_a_deck_list_from_card_ids():
    deck = DeckList.from_ids(["beer", "gold", "beer"], "gaar", "khnumian_stronghold")
    assert deck.cards == {"beer": 2, "gold": 1}
    assert sorted(deck.card_list()) == ["beer", "beer", "gold"]


def test_counts_are_bounded_while_the_text_is_read():
    """A count no deck can hold is refused per line, before any list of cards exists."""
    digits = "9" * 4000  # more digits than int() converts by default
    text = f"Guardian: Rak Nam\n9999999999 Swordsman\n{digits} Woods\n0000000003 Swordsman\n"
    with pytest.raises(DeckTextError) as err:
        parse_deck(text)
    too_many = "that count is more than a deck holds (at most 200 cards)."
    assert err.value.problems == [
        f"Line 2 (“9999999999 Swordsman”): {too_many}",
        f"Line 3 (“{'9' * 79}…”): {too_many}",
    ]
    assert parse_deck("200 Woods", max_cards=200).cards == {"woods": 200}
    with pytest.raises(DeckTextError, match="at most 5 cards"):
        parse_deck("6 Woods", max_cards=5)


def test_counts_adding_up_past_the_limit_are_refused_once():
    with pytest.raises(DeckTextError) as err:
        parse_deck("150 Woods\n50 Swamps\n1 Woods\n7 Swamps\n")
    assert err.value.problems == [
        "Line 3 (“1 Woods”): that makes 201 cards; a deck holds at most 200."
    ]


def test_reading_stops_after_twenty_unreadable_lines():
    with pytest.raises(DeckTextError) as err:
        parse_deck("1 Nothing\n" * 1000)
    assert len(err.value.problems) == 21
    assert err.value.problems[-1] == "(Reading stopped there; fix these lines first.)"
