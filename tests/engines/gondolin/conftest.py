import pytest

from engines.gondolin.cards import DefenderCard, EnemyCard
from engines.gondolin.catalogue import CATALOGUE


def _enemy(cid, num, a, flying=False):
    return EnemyCard(
        type="enemy",
        id=cid,
        num=num,
        name=cid.replace("_", " ").title(),
        a=a,
        siege=0,
        flying=flying,
    )


def _defender(cid, num, d, anti=False):
    return DefenderCard(
        type="defender",
        id=cid,
        num=num,
        name=cid.replace("_", " ").title(),
        d=d,
        r=0,
        m=0,
        anti_flying=anti,
    )


@pytest.fixture
def example_cards(monkeypatch):
    """The exact cards of the rule text's attack examples (5B2, 5B3), added for one test."""
    cards = [
        _enemy("enemy_x", 1001, 3, flying=True),
        _enemy("enemy_l", 1002, 6, flying=True),
        _enemy("enemy_m", 1003, 3, flying=True),
        _enemy("enemy_n", 1004, 6),
        _defender("defender_y_small", 1005, 2, anti=True),
        _defender("defender_y", 1006, 6, anti=True),
        _defender("defender_z", 1007, 10),
    ]
    for card in cards:
        monkeypatch.setitem(CATALOGUE.cards, card.id, card)
