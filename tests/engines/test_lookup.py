"""Card lookups: every catalogue card has a name and a view; names resolve in several forms."""

import importlib

import pytest

from engines import EngineError

GAMES = ("knightfall", "galdors_grip", "gondolin")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_card_name_gives_a_lookup_view_with_text(game_id):
    lookup = importlib.import_module(f"engines.{game_id}.lookup")
    names = lookup.card_names()
    assert len(names) == len(set(names)) > 0
    for name in names:
        view = lookup.card_view(name)["lookup"]
        assert view["title"] and view["card"] and any(s["lines"] for s in view["sections"])


@pytest.mark.parametrize("game_id", GAMES)
def test_an_unknown_card_is_refused_with_a_message(game_id):
    lookup = importlib.import_module(f"engines.{game_id}.lookup")
    with pytest.raises(EngineError):
        lookup.card_view("no such card")


@pytest.mark.parametrize("name", ["Q♠", "qs", "Queen of spades", "Queen of spades (Q♠)"])
def test_knightfall_cards_resolve_from_label_short_form_or_words(name):
    from engines.knightfall.lookup import card_view

    view = card_view(name)["lookup"]
    assert view["card"] == {"rank": "Q", "suit": "S", "label": "Q♠"}
    assert "Power 12" in view["subtitle"] and "black" in view["subtitle"]


def test_an_ace_lookup_quotes_the_ace_tie_rule():
    from engines.knightfall.lookup import card_view

    lines = [ln for s in card_view("A♥")["lookup"]["sections"] for ln in s["lines"]]
    assert any("Two Aces" in ln for ln in lines)  # "except the 'A', both 'A' ... become WEAK"
