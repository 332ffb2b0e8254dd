"""Every card's text has a scenario test: the catalogue walk over ``card_scenarios.SHOWN``.

A card whose data gives it an ability (an effect, or a creature trait such as flying, an
immunity or a channel bar) fails here until a scenario test registered under its id shows
that ability at work. Cards with nothing beyond their printed numbers need none.
"""

from __future__ import annotations

import importlib
import pkgutil

import tests.engines.guardians as package
from engines.guardians.catalogue import CATALOGUE

from .card_scenarios import SHOWN, abilities


def _load_every_scenario() -> None:
    """Import every test module of the package, so every registration has run."""
    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"{package.__name__}.{module.name}")


def _catalogue() -> dict[str, object]:
    """Every card, Guardian and Stronghold set by id."""
    return {**CATALOGUE.cards, **CATALOGUE.guardians, **CATALOGUE.strongholds}


def test_every_ability_of_every_card_has_a_scenario():
    _load_every_scenario()
    missing = {
        cid: sorted(abilities(card) - set(SHOWN.get(cid, {})))
        for cid, card in sorted(_catalogue().items())
    }
    missing = {cid: names for cid, names in missing.items() if names}
    assert missing == {}, "cards whose abilities no scenario test shows: " + "; ".join(
        f"{cid} ({', '.join(names)})" for cid, names in missing.items()
    )


def test_every_registration_names_a_card_and_an_ability_it_has():
    _load_every_scenario()
    everything = _catalogue()
    stale = {
        cid: sorted(set(shown) - abilities(everything[cid])) if cid in everything else ["no card"]
        for cid, shown in SHOWN.items()
    }
    assert {cid: names for cid, names in stale.items() if names} == {}


def test_the_walk_sees_abilities_from_the_data():
    """The walk is not vacuous: the data gives these cards these abilities."""
    cards = CATALOGUE.cards
    assert abilities(cards["arnath"]) == {"destroys", "flies"}
    assert abilities(cards["broms_demonic_standard_bearer"]) == {"team_bonus"}
    assert abilities(cards["ice_storm"]) == {"aoe", "cost"}
    assert abilities(cards["beer"]) == {"bribe"}
    assert abilities(cards["swordsman"]) == abilities(cards["woods"]) == set()
    assert abilities(CATALOGUE.strongholds["khnumian_stronghold"]) == {"channel_bonus"}
    assert abilities(CATALOGUE.guardians["rak_nam"]) == set()
