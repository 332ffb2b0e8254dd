"""Creature traits card by card: flying, immunities and attack kinds, terrain bonuses, ranged.

Each table row is one card's scenario, registered under its id.
"""

import pytest

from .card_scenarios import show
from .scenario import labels, movement_game, play, shield
from .test_cards_mortals import fight, strengths
from .test_combat_helpers import Table

FLIERS = [
    "arnath",
    "bramble_fairy",
    "captain_south_america",
    "floyd",
    "gargoyle",
    "glimmer_fairy",
    "nightmare_steed",
    "old_nick",
    "pit_imp",
    "succubus",
    "vampire",
    "wailing_specter",
]
for _cid in FLIERS:
    show(_cid, "flies", by="test_a_shield_of_one_flier_flies_over_a_terrainless_land")


@pytest.mark.parametrize("cid", FLIERS)
def test_a_shield_of_one_flier_flies_over_a_terrainless_land(cid):
    """Text: "fly a shield one or two spaces (if it only contains fliers)"; walking, it may
    not pass a space without terrain. With a Swordsman beside it, the Shield cannot fly."""
    game = movement_game()
    shield(game, 0, "C0", [cid])
    play(game, 0, "Turn Shield on C0")
    assert "Fly to C2 via C1" in labels(game, 0) and "Move to C2" not in labels(game, 0)
    game = movement_game()
    shield(game, 0, "C0", [cid, "swordsman"])
    play(game, 0, "Turn Shield on C0")
    assert not [a for a in labels(game, 0) if a.startswith("Fly")]


# (immune card, its immunity, an attacker it is immune to, the attacker's extra channeling)
IMMUNE = [
    ("azgoth", "fire", "magma_elemental", 13),
    ("banshee", "fear", "nightmare_steed", 0),
    ("barrow_wight", "fear", "nightmare_steed", 7),
    ("brimstone_demon", "fire", "magma_elemental", 13),
    ("captain", "fear", "nightmare_steed", 7),
    ("champs", "fear", "nightmare_steed", 7),
    ("corporal", "fear", "nightmare_steed", 0),
    ("fire_walker", "fire", "brimstone_demon", 4),
    ("flame_geyser", "fire", "sun_spirit", 0),
    ("gargoyle", "fire", "magma_elemental", 0),
    ("knight_eater", "mortal", "captain", 0),
    ("magma_elemental", "fire", "roving_force_inferno", 12),
    ("mist_veiler", "flying", "succubus", 0),
    ("mummy", "fear", "nightmare_steed", 7),
    ("roaming_steam_geyser", "fire", "magma_elemental", 0),
    ("roving_force_inferno", "fire", "magma_elemental", 13),
    ("vesuvious_rex", "fire", "magma_elemental", 13),
    ("wailing_specter", "fear", "nightmare_steed", 0),
]
ATTACKS = {"magma_elemental", "nightmare_steed", "brimstone_demon", "sun_spirit"}
"""The attackers above whose fire- or fear-based attack the rows show."""
for _cid, *_ in IMMUNE:
    show(_cid, "immune", by="test_an_immune_creature_takes_no_damage_from_what_it_is_immune_to")
for _cid in sorted(ATTACKS | {"roving_force_inferno"}):
    show(_cid, "attack", by="test_an_immune_creature_takes_no_damage_from_what_it_is_immune_to")


@pytest.mark.parametrize(("cid", "immunity", "attacker", "boost"), IMMUNE)
def test_an_immune_creature_takes_no_damage_from_what_it_is_immune_to(
    cid, immunity, attacker, boost
):
    """Text: "If one creature is immune to its attacker, turn the attacker around ... no damage
    has been done." The attacker (channelled where it needs to be stronger) outdoes the immune
    creature but does it no damage; against the Village Idiot, not immune, it kills."""
    t = Table([attacker], [cid], terrain="woods")
    t.no_commands()
    fight(t, attacker, cid)
    t.fighter(attacker).channel_free = boost  # as if channelled
    mine, theirs = strengths(t)
    assert mine > theirs, (mine, theirs)
    t.passes()
    assert t.fighter(attacker).no_damage and t.fighter(cid).fate is None, immunity
    t = Table([attacker], ["village_idiot"], terrain="woods")
    t.no_commands()
    fight(t, attacker, "village_idiot")
    t.passes()
    assert t.fighter("village_idiot").fate == "beaten"


# (card, the terrain of its bonus, the bonus)
TERRAIN = [
    ("bramble_fairy", "woods", 2),
    ("champs", "woods", 2),
    ("great_bate", "rivers_lakes", 2),
    ("knight_eater", "swamps", 3),
    ("mist_veiler", "swamps", 2),
    ("prince_of_the_lost", "dry_heaps", 2),
    ("roaming_steam_geyser", "rivers_lakes", 3),
    ("snogwart", "dry_heaps", 4),
    ("water_nymph", "rivers_lakes", 3),
    ("wood_nymph", "woods", 3),
]
for _cid, *_ in TERRAIN:
    show(_cid, "terrain_bonus", by="test_a_terrain_bonus_counts_only_on_its_terrain")


@pytest.mark.parametrize(("cid", "terrain", "bonus"), TERRAIN)
def test_a_terrain_bonus_counts_only_on_its_terrain(cid, terrain, bonus):
    """Text: "Some creatures get a bonus based on the terrain the battle is taking place on."
    The same match-up on Spirit Mountain and on the card's terrain differs by the bonus."""
    found = []
    for here in ("spirit_mountain", terrain):
        t = Table([cid], ["village_idiot"], terrain=here)
        t.no_commands()
        found.append(fight(t, cid, "village_idiot")[0])
    assert found[1] - found[0] == bonus


RANGED = [("gunner", 4), ("spine_thrower", 3), ("stone_hurler", 2)]
for _cid, _ in RANGED:
    show(_cid, "ranged", by="test_a_ranged_attacker_adds_its_points_except_in_the_woods")


@pytest.mark.parametrize(("cid", "points"), RANGED)
def test_a_ranged_attacker_adds_its_points_except_in_the_woods(cid, points):
    """Text: "The amount of your ranged-attack is added to the Vitality of your primary
    attacker" ... "If your fighting in any terrain other than Woods"."""
    t = Table(["village_idiot", cid], ["village_idiot"], terrain="swamps")
    t.no_commands()
    before = fight(t, "village_idiot", "village_idiot")[0]
    t.do(0, "crange", card=cid, amount=points)
    assert strengths(t)[0] == before + points
    t = Table(["village_idiot", cid], ["village_idiot"], terrain="woods")
    t.no_commands()
    fight(t, "village_idiot", "village_idiot")
    assert not [a for a in t.legal(0) if a.kind == "crange"]
