"""Command cards: declared in turn, picked at once, revealed together (examples 1-4)."""

from tests.engines.guardians.card_scenarios import shows
from tests.engines.guardians.test_combat_helpers import Table


def commands(a: str, d: str, a_hand=(), d_hand=(), **kw) -> Table:
    spells = {"vitales_dark_cloud", "dispel_magic"}
    a_store = [a] if a in spells else []
    d_store = [d] if d in spells else []
    t = Table(
        [*([] if a in spells else [a]), *a_hand],
        [*([] if d in spells else [d]), *d_hand],
        storage=(a_store + kw.pop("a_store", []), d_store + kw.pop("d_store", [])),
        **kw,
    )
    assert t.to_act() == [0]
    t.do(0, "cdecl", yes=True)
    assert t.to_act() == [1]
    t.do(1, "cdecl", yes=True)
    assert t.to_act() == [0, 1]
    t.do(1, "ccmd", card=d)
    view = t.view(0)
    assert view["sides"][1]["decided"] and view["sides"][1]["choice"] is None
    assert view["casts"] == [] and t.to_act() == [0]
    t.do(0, "ccmd", card=a)
    return t


def in_effect(t: Table) -> dict[str, bool]:
    return {x["id"]: x["in_effect"] for x in t.view(None)["casts"]}


@shows("vitales_dark_cloud", "aoe")
@shows("sorcerer", "command", "aoe")
def test_example_1_two_aoes_no_contradiction():
    """'Ex. 1: Vitales Dark Cloud vs. Sorcerer: No contradiction. Both AOEs take effect.'"""
    t = commands(
        "vitales_dark_cloud",
        "sorcerer",
        a_hand=["wild_nymph", "sand_lord"],
        d_hand=["gnomish_gnomes", "ice_spirit", "baal_a_gog"],
    )
    t.passes()
    assert in_effect(t) == {"vitales_dark_cloud": True, "sorcerer": True}
    out = {t.cards[f.uid].id for f in t.c.table if f.role == "out"}
    # Vitales (4-pt AOE) hits the Gnomes (4), not the Ice Spirit (5); the Sorcerer's 4-pt fire
    # AOE hits the Wild Nymph (4), not the Sand Lord (11).
    assert out == {"gnomish_gnomes", "wild_nymph"}


def test_example_2_visionary_vs_seer_equal_up_both_dispelled():
    """'Ex. 2: Visionary vs Seer ... Since both have Vitality 5, both are dispelled.'"""
    t = commands("visionary", "seer", a_hand=["swordsman"], d_hand=["sand_lord"])
    assert in_effect(t) == {"visionary": False, "seer": False}


@shows("trumpeter", "command", "first")
@shows("baleful_eye", "command", "announce")
def test_example_3_trumpeter_vs_baleful_eye_both_stand():
    """'Ex. 3: Trumpeter vs Baleful Eye ... these can both be done, so neither is dispelled.'"""
    t = commands(
        "trumpeter",
        "baleful_eye",
        a_hand=["swordsman", "wild_nymph"],
        d_hand=["baal_a_gog", "sand_lord"],
    )
    t.passes()
    assert in_effect(t) == {"trumpeter": True, "baleful_eye": True}
    # The Trumpeter: Demons first. Baleful Eye: the attacker announces his creatures' sizes.
    assert [a.card for a in t.legal(1) if a.kind == "cplay"] == ["baal_a_gog"]
    assert t.view(1)["announced"] == ["medium", "small"]
    assert t.view(0)["announced"] is None


@shows("slor", "command", "terrain_change")
def test_example_4_slor_dispels_uras_terrain_becomes_dry_heaps():
    """'Ex. 4: Uras vs. Slor ... Slor has the higher Up number, the terrain becomes Dry Heaps.
    Uras is dispelled.'"""
    t = commands(
        "uras",
        "slor",
        a_hand=["sand_lord"],
        d_hand=["swordsman"],
        terrain="woods",
    )
    t.passes()
    assert in_effect(t) == {
        "uras": False,
        "slor": True,
    }
    assert t.view(None)["terrain"] == "dry_heaps"


@shows("dispel_magic", "dispel")
@shows("floyd", "command", "self_destroy")
def test_dispel_magic_on_the_revealed_command_card_and_floyd():
    """Combat example 1: Vitales Dark Cloud vs Floyd; Bill casts Dispel Magic, 'Vitales
    fizzles'; Floyd gives +2 to Bill's primaries and is destroyed."""
    t = commands(
        "vitales_dark_cloud",
        "floyd",
        a_hand=["wild_nymph"],
        d_hand=["ugly_wart_fiend", "gnomish_gnomes"],
        d_store=["dispel_magic"],
    )
    t.do(0, "cpass")
    t.do(1, "ccast", card="dispel_magic", target=t.uid("vitales_dark_cloud"))
    t.passes()
    assert in_effect(t) == {
        "vitales_dark_cloud": False,
        "floyd": True,
        "dispel_magic": True,
    }
    assert not [f for f in t.c.table if f.role == "out"]
    assert t.fighter("floyd").fate == "destroyed"


@shows("iron_crag_baggler", "command", "dispel_command")
def test_iron_crag_baggler_dispels_the_sorcerer():
    """'Iron Crag Baggler (as a command card, dispels opponent's command card)'."""
    t = commands("sorcerer", "iron_crag_baggler", a_hand=["sand_lord"], d_hand=["wild_nymph"])
    t.passes()
    assert in_effect(t) == {"sorcerer": False, "iron_crag_baggler": True}
    assert not [f for f in t.c.table if f.role == "out"]


def test_no_command_card_no_declare_option():
    t = Table(["swordsman"], ["sand_lord"])
    assert [a.kind for a in t.legal(0)] == ["cdecl"] and not t.legal(0)[0].yes
