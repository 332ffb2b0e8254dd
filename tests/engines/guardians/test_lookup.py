"""Card lookup: every deck card, Guardian and Stronghold set by name, with its numbers."""

import pytest

from engines.base import EngineError
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.lookup import card_names, card_view


def test_every_card_guardian_and_stronghold_set_can_be_looked_up():
    names = card_names()
    expected = len(CATALOGUE.cards) + len(CATALOGUE.guardians) + len(CATALOGUE.strongholds)
    assert len(names) == len(set(names)) == expected
    for name in names:
        lookup = card_view(name)["lookup"]
        assert lookup["title"] == name and lookup["card"]["name"] == name
        assert lookup["sections"] and all(s["lines"] for s in lookup["sections"])


def test_a_creature_spells_out_each_number():
    lookup = card_view("valkyrie spirit")["lookup"]  # any case
    assert lookup["subtitle"] == "Creature · Elemental spirit"
    numbers = lookup["sections"][0]["lines"]
    assert "Vitality 4 (also its Up number)." in numbers
    assert "Bribed away by Babes." in numbers
    assert any(line.startswith("CMP 3") and "only to Knights" in line for line in numbers)
    decks = lookup["sections"][-1]["lines"]
    assert "At most 5 in a deck." in decks
    assert "In the starter decks: Knights of the Keep: 2." in decks


def test_off_colour_bonus_names_the_family_it_beats():
    numbers = card_view("Swordsman")["lookup"]["sections"][0]["lines"]
    assert "Off-colour bonus: +3 against Elementals." in numbers


def test_terrain_shields_and_the_restricted_card_show_their_deck_limits():
    assert "Any number in a deck." in card_view("Woods")["lookup"]["sections"][-1]["lines"]
    champs = card_view("Champs, the Wonder Dog")["lookup"]["sections"][-1]["lines"]
    assert "Restricted: at most 1 in a deck." in champs


def test_guardian_and_stronghold_set():
    rak = card_view("Rak Nam")["lookup"]
    assert rak["subtitle"] == "Guardian (Vierkun)"
    assert "Power stones: 7 at the start." in rak["sections"][0]["lines"]
    keep = card_view("keep_of_rak_nam")["lookup"]  # ids work too
    assert keep["sections"][0]["lines"][1] == "Centre: Keep of Rak Nam (centre), defence +7."
    khnum = card_view("Khnumian Stronghold")["lookup"]["sections"][0]["lines"]
    assert "+1 CMP to each channeler placed under it." in khnum[1]


def test_an_unknown_name_is_refused():
    with pytest.raises(EngineError, match="No Guardians card"):
        card_view("Sir Not Appearing")
