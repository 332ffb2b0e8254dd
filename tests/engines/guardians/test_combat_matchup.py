"""The Sand Lord / Swordsman walk-through of the rule text (OCB, terrain, ranged, channeling)."""

from tests.engines.guardians.card_scenarios import shows
from tests.engines.guardians.test_combat_helpers import Table


def strengths(t: Table) -> tuple[int, int]:
    from engines.guardians.combat.matchup import strength

    return tuple(strength(t.c, t.cards, t.fighter(cid)) for cid in ("swordsman", "sand_lord"))


def walkthrough(terrain: str, extra=()) -> Table:
    t = Table(["swordsman", *extra], ["sand_lord"], terrain=terrain)
    t.no_commands()
    t.primaries("swordsman", "sand_lord")
    assert t.c.step == "bribe" and t.to_act() == [0, 1]  # both asked, even without a card
    t.no_bribes()
    return t


def test_off_colour_bonus_swordsman_six_plus_three_is_nine():
    """'the Swordsman gets a +3 bonus against all Elementals ... a Vitality of 9' (Sand Lord 11)."""
    t = walkthrough("swamps")
    assert t.c.step == "window"
    assert strengths(t) == (9, 11)


@shows("archer", "ranged")
def test_archer_ranged_attack_makes_twelve():
    """'an Archer (Vitality 6, 3 pt ranged-attack) can be played. The Swordsman now has ... 12'."""
    t = walkthrough("swamps", ["archer"])
    t.do(0, "crange", card="archer", amount=3)
    assert strengths(t) == (12, 11)
    t.passes()
    assert t.fighter("sand_lord").fate == "beaten"
    assert t.fighter("archer").fate is None


@shows("sand_lord", "terrain_bonus")
def test_woods_sand_lord_minus_six_and_no_ranged():
    """'if it were [Woods], the Sand Lord would have a penalty of -6, making him Vitality 5'."""
    t = walkthrough("woods", ["archer"])
    assert strengths(t) == (9, 5)
    assert not [a for a in t.legal(0) if a.kind == "crange"]


def test_dry_heaps_sand_lord_plus_six():
    """'If the battle is taking place on the Dry Heaps, the Sand Lord gets a big 6-point boost'."""
    assert strengths(walkthrough("dry_heaps")) == (9, 17)


def test_stronghold_bonus_only_for_the_defender_on_its_stronghold():
    """The owner of a Stronghold always defends there and only he gets its bonus (FAQ)."""
    t = Table(["swordsman"], ["sand_lord"], space="C3", stronghold_defence=7)
    t.no_commands()
    t.primaries("swordsman", "sand_lord")
    t.no_bribes()
    assert strengths(t) == (9, 18)


@shows("valkyrie_spirit", "channels_to", "cmp")
def test_channeling_within_base_vitality_valkyrie_spirits():
    """'a second Valkyrie Spirit can give another 3 points. However, a third one would be
    ineffective; the Swordsman have received as much as he could handle.'"""
    t = Table(
        ["swordsman"],
        ["sand_lord"],
        channelers=(["valkyrie_spirit"] * 3, []),
        guardians=("rak_nam", "rak_nam"),
    )
    t.no_commands()
    t.primaries("swordsman", "sand_lord")
    t.no_bribes()
    t.do(0, "cchan", uid="a80", amount=3)
    t.do(1, "cpass")
    t.do(0, "cchan", uid="a81", amount=3)
    t.do(1, "cpass")
    # The Swordsman has received 6 = its base vitality: neither a third Valkyrie nor the
    # Guardian can give more (the Swordsman has a red bar anyway).
    assert not [a for a in t.legal(0) if a.kind in ("cchan", "cstone")]
    assert strengths(t) == (15, 11)


@shows("ice_spirit", "receives")
def test_guardian_channel_costs_a_stone_and_gives_its_cmp():
    """'To use your Guardian to channel, simply spend a stone. Your creature gains the
    Guardian's CMP' (Tes Let: CMP 7)."""
    t = Table(["ice_spirit"], ["swordsman"], guardians=("tes_let", "rak_nam"), stones=(2, 0))
    t.no_commands()
    t.primaries("ice_spirit", "swordsman")
    t.no_bribes()
    action = t.find(0, "cstone")
    assert action.label() == "Channel 5 into Ice Spirit: 1 stone"  # capped at base vitality 5
    t.do(0, "cstone")
    assert t.c.stones[0] == 1 and t.fighter("ice_spirit").channel == 5


@shows("power_lunch", "allow_channel")
def test_power_lunch_lets_the_sand_lord_receive_up_to_eleven():
    """'if you first play a Power Lunch spell, the Sand Lord can receive up to 11 points of
    channeling, regardless of terrain and off-color bonuses'."""
    t = Table(
        ["swordsman"], ["sand_lord"], storage=([], ["power_lunch"]), terrain="woods", stones=(0, 3)
    )
    t.no_commands()
    t.primaries("swordsman", "sand_lord")
    t.no_bribes()
    t.do(0, "cpass")
    assert not [a for a in t.legal(1) if a.kind == "cstone"]
    t.do(1, "ccast", card="power_lunch", target=t.uid("sand_lord"))
    t.do(0, "cpass")
    assert t.find(1, "cstone").amount == 9  # Rak Nam CMP 9
    t.do(1, "cstone")
    t.do(0, "cpass")
    assert t.find(1, "cstone").amount == 2  # 11 - 9 left
    t.do(1, "cstone")
    t.do(0, "cpass")
    assert not [a for a in t.legal(1) if a.kind == "cstone"]
    assert strengths(t) == (9, 11 - 6 + 11)


@shows("ice_ogre", "no_channel_against")
def test_ice_ogre_blocks_channeling_against_it():
    """'You can't channel against Ogres'."""
    t = Table(["ice_spirit"], ["ice_ogre"], guardians=("tes_let", "rak_nam"))
    t.no_commands()
    t.primaries("ice_spirit", "ice_ogre")
    t.no_bribes()
    assert not [a for a in t.legal(0) if a.kind == "cstone"]


def test_immunity_no_damage_both_survive():
    """Wraith 8 + 7 channeled vs Ice Spirit (immune to Undead): 'Both creatures survive, but
    the Wraith is rotated 180 degrees to show that no damage has occured'."""
    t = Table(["wraith"], ["ice_spirit"], guardians=("tes_let", "rak_nam"))
    t.no_commands()
    t.primaries("wraith", "ice_spirit")
    t.no_bribes()
    t.do(0, "cstone")
    t.passes()
    assert t.fighter("wraith").no_damage
    assert t.fighter("wraith").fate is None and t.fighter("ice_spirit").fate is None
