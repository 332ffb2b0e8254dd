"""Special terrain cards and Creature Magic Items in a combat."""

from engines.guardians.combat.matchup import strength
from tests.engines.guardians.card_scenarios import shows
from tests.engines.guardians.test_combat_helpers import Table


def _strengths(t: Table) -> tuple[int, int]:
    mine = [next(f for f in t.c.current() if f.side == s) for s in (0, 1)]
    return strength(t.c, t.cards, mine[0]), strength(t.c, t.cards, mine[1])


@shows("deep_woods", "bonus")
def test_deep_woods_gives_its_owner_plus_one_when_defending():
    """Deep Woods: "Woods (no ranged attacks). The owner's creatures get +1 when defending
    here." """
    t = Table(["swordsman"], ["swordsman"], land="deep_woods", land_owner=1)
    t.no_commands()
    t.primaries("swordsman", "swordsman")
    assert t.c.setup.terrain == "woods" and _strengths(t) == (6, 7)
    t = Table(["swordsman"], ["swordsman"], land="deep_woods", land_owner=0)
    t.no_commands()
    t.primaries("swordsman", "swordsman")
    assert _strengths(t) == (6, 6)  # the owner attacks: no bonus


@shows("smouldering_heaps", "bonus")
def test_smouldering_heaps_gives_its_owner_plus_one_against_externals():
    """Smouldering Heaps: "The Dry Heaps. The owner's creatures get +1 against Externals
    here." """
    t = Table(["wraith"], ["archer"], land="smouldering_heaps", land_owner=1)
    t.no_commands()
    t.primaries("wraith", "archer")
    assert _strengths(t) == (8 + 2, 6 + 1)  # Wraith: OCB against Mortals
    t = Table(["swordsman"], ["archer"], land="smouldering_heaps", land_owner=1)
    t.no_commands()
    t.primaries("swordsman", "archer")
    assert _strengths(t) == (6, 6)  # not an External: no bonus


def test_destroyed_terrain_card_gives_nothing():
    t = Table(["swordsman"], ["swordsman"], land="deep_woods")
    t.no_commands()
    t.primaries("swordsman", "swordsman")
    t.c.terrain_destroyed = True
    assert _strengths(t) == (6, 6)


@shows("iron_crag_brew_mountain", "immune_bribe_block")
@shows("beer", "bribe")
def test_iron_crag_brew_mountain_forbids_beer_to_the_owners_opponent():
    """Iron Crag Brew Mountain: "In combats here, the owner's opponent may not use Beer." """
    t = Table(
        ["wraith"],
        ["snogwart"],
        storage=(["beer"], ["beer"]),
        land="iron_crag_brew_mountain",
        land_owner=1,
    )
    t.no_commands()
    t.primaries("wraith", "snogwart")
    assert t.to_act() == [1]  # only the owner may bribe: its Snogwart is protected
    t.do(1, "cbribe", card="beer", target_card="wraith")
    assert t.fighter("wraith").fate == "bribed"


@shows("ss_house_of_babes", "immune_bribe_block")
def test_ss_house_of_babes_forbids_babes_to_the_owners_opponent():
    """SS House of Babes: "In combats here, the owner's opponent may not use Babes." """
    t = Table(
        ["sand_lord"], ["wild_nymph"], storage=(["babes"], ["babes"]), land="ss_house_of_babes"
    )
    t.no_commands()
    t.primaries("sand_lord", "wild_nymph")
    assert t.to_act() == [1]
    assert [a.kind for a in t.legal(1)] == ["cbribe", "cnobribe"]


@shows("sword_of_the_mid_realms", "bonus")
def test_sword_of_the_mid_realms_goes_with_its_creature():
    """Sword of the Mid Realms: "C. The creature carrying it gets +2 in its match-up." [D] It
    is given in the "any time" window and shares the creature's fate."""
    t = Table(["swordsman", "sword_of_the_mid_realms"], ["swordsman"])
    t.no_commands()
    assert [a.kind for a in t.legal(0)] == ["cplay"]  # an item is not a primary attacker
    t.primaries("swordsman", "swordsman")
    t.no_bribes()
    t.do(0, "citem", card="sword_of_the_mid_realms")
    assert _strengths(t) == (8, 6)
    assert t.view(1)["table"][0]["items"][0]["id"] == "sword_of_the_mid_realms"
    t.passes()
    out = t.outcome
    assert out.winner == 0 and sorted(out.survivors[0]) == ["a00", "a01"]


def test_an_item_is_discarded_with_its_beaten_creature():
    t = Table(["archer", "sword_of_the_mid_realms"], ["sand_lord"])
    t.no_commands()
    t.primaries("archer", "sand_lord")
    t.no_bribes()
    t.do(0, "citem", card="sword_of_the_mid_realms")
    t.passes()
    out = t.outcome
    assert out.winner == 1 and {"a00", "a01"} <= set(out.discarded)


@shows("boots_of_the_heaps", "bonus")
def test_boots_of_the_heaps_only_in_the_dry_heaps():
    """Boots of the Heaps: "C. The creature carrying it gets +3 in the Dry Heaps." """
    t = Table(["swordsman", "boots_of_the_heaps"], ["swordsman"], terrain="swamps")
    t.no_commands()
    t.primaries("swordsman", "swordsman")
    t.no_bribes()
    assert not [a for a in t.legal(0) if a.kind == "citem"]  # it would do nothing here
    t = Table(["swordsman", "boots_of_the_heaps"], ["swordsman"], terrain="dry_heaps")
    t.no_commands()
    t.primaries("swordsman", "swordsman")
    t.no_bribes()
    t.do(0, "citem", card="boots_of_the_heaps")
    assert _strengths(t) == (9, 6)


@shows("ring_of_channeling", "allow_channel")
def test_ring_of_channeling_lets_its_creature_receive():
    """Ring of Channeling: "C. The creature carrying it may receive channeling up to its base
    Vitality." """
    t = Table(["swordsman", "ring_of_channeling"], ["swordsman"])
    t.no_commands()
    t.primaries("swordsman", "swordsman")
    t.no_bribes()
    assert not [a for a in t.legal(0) if a.kind == "cstone"]  # no green bar
    t.do(0, "citem", card="ring_of_channeling")
    t.do(1, "cpass")
    stone = t.find(0, "cstone")
    assert stone.amount == 6  # Rak Nam's CMP 9, up to the Swordsman's base Vitality 6
    t.do(0, "cstone")
    assert _strengths(t) == (12, 6)


def test_the_ancient_tome_is_no_second_hammer_in_a_combat():
    """Ancient Tome of Dispansation: "Terrain Settlement phase only"; Hammer of Doom is the
    text's one card that destroys terrain "in the middle of a combat"."""
    t = Table(
        ["swordsman"],
        ["swordsman"],
        storage=(["ancient_tome_of_dispansation", "hammer_of_doom"], []),
        terrain="woods",
    )
    t.no_commands()
    t.primaries("swordsman", "swordsman")
    t.no_bribes()
    cast = sorted(a.card for a in t.legal(0) if a.kind == "ccast")
    assert cast == ["hammer_of_doom"]
