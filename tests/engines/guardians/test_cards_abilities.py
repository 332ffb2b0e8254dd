"""Creatures' text-box abilities card by card, and the command cards not in the text's
examples: each test plays the card where its text says it acts, and where it does not."""

from .card_scenarios import shows
from .test_cards_aoe import command
from .test_cards_mortals import fight
from .test_combat_helpers import Table


@shows("devil_dog", "bonus")
def test_the_devil_dog_gets_plus_three_as_a_secondary_attacker():
    """Devil Dog: "+3 when used as a secondary attacker." The Swordsman, which beat the
    Village Idiot, needs 7: the Devil Dog's 6 would not do, its 9 does."""
    t = Table(["village_idiot", "devil_dog"], ["swordsman"])
    t.no_commands()
    fight(t, "village_idiot", "swordsman")
    t.passes()
    t.do(0, "csec", card="devil_dog", target_card="swordsman", need=7)
    t.no_bribes()
    assert strengths_of(t, "devil_dog") == 6 + 3
    t.passes()
    assert t.fighter("swordsman").fate == "beaten"
    t = Table(["devil_dog"], ["village_idiot"])
    t.no_commands()
    assert fight(t, "devil_dog", "village_idiot")[0] == 6  # not in a primary match-up


def strengths_of(t: Table, cid: str) -> int:
    """The strength of ``cid`` in the attack under way."""
    from engines.guardians.combat.matchup import strength

    return strength(t.c, t.cards, t.fighter(cid))


@shows("gargoyle", "bonus")
def test_the_gargoyle_gets_plus_two_more_against_mortals():
    """Gargoyle: "+2 more against Mortals" (on top of its off-colour bonus)."""
    t = Table(["gargoyle"], ["swordsman"])
    t.no_commands()
    assert fight(t, "gargoyle", "swordsman")[0] == 9 + 2 + 2
    t = Table(["gargoyle"], ["wild_nymph"])
    t.no_commands()
    assert fight(t, "gargoyle", "wild_nymph")[0] == 9


@shows("mummy", "bonus")
def test_the_mummy_gets_plus_two_in_the_dry_heaps():
    """Mummy: "+2 when the battle is in the Dry Heaps." """
    found = []
    for here in ("swamps", "dry_heaps"):
        t = Table(["mummy"], ["wild_nymph"], terrain=here)
        t.no_commands()
        found.append(fight(t, "mummy", "wild_nymph")[0])
    assert found == [8, 8 + 2]


@shows("lancer", "destroys", "bonus")
def test_the_lancer_destroys_mammoths_and_is_weak_against_small_creatures():
    """Lancer: "Destroys Mammoth creatures. -3 against Small creatures." """
    t = Table(["lancer"], ["vesuvious_rex"])
    t.no_commands()
    fight(t, "lancer", "vesuvious_rex")
    t.passes()
    assert t.fighter("vesuvious_rex").fate == "destroyed"
    t = Table(["lancer"], ["gnomish_gnomes"])
    t.no_commands()
    assert fight(t, "lancer", "gnomish_gnomes")[0] == 10 - 3
    t = Table(["lancer"], ["swordsman"])
    t.no_commands()
    assert fight(t, "lancer", "swordsman")[0] == 10
    assert t.c.step == "window"  # no destruction pending: a Swordsman is no Mammoth


@shows("exorcist", "destroys")
def test_the_exorcist_destroys_undead():
    """Exorcist: "Destroys Undead." """
    t = Table(["exorcist"], ["skeletal_minion"])
    t.no_commands()
    fight(t, "exorcist", "skeletal_minion")
    t.passes()
    assert t.fighter("skeletal_minion").fate == "destroyed"
    t = Table(["exorcist"], ["swordsman"])
    t.no_commands()
    fight(t, "exorcist", "swordsman")
    assert t.c.step == "window"


@shows("greedy_fiend", "immune_bribe_block")
@shows("mad_fiend", "immune_bribe_block")
def test_the_greedy_and_mad_fiends_block_gold_and_beer():
    """Greedy Fiend: "your opponent may not use Gold unless this Fiend is bribed first"; Mad
    Fiend: the same for Beer. The Swordsman (gold) and the Snogwart (beer) are protected."""
    cases = (("greedy_fiend", "gold", "swordsman"), ("mad_fiend", "beer", "snogwart"))
    for fiend, bribe, guarded in cases:
        t = Table(["village_idiot"] * 2, [fiend, guarded], storage=([bribe, bribe], []))
        t.no_commands()
        t.primaries("village_idiot", fiend)
        assert t.find(0, "cbribe", target_card=fiend)  # the Fiend itself may be bribed
        t.no_bribes()
        t.passes()
        t.primaries("village_idiot", guarded)
        assert 0 not in t.to_act() or not [a for a in t.legal(0) if a.kind == "cbribe"]


@shows("lawyer", "counts_as")
def test_the_lawyer_counts_twenty_one_for_control():
    """Lawyer: "Counts as 21 Vitality for control of the space." Alone against the Sand
    Lord's 11 left in hand, the attacking Lawyer takes the space."""
    t = Table(["lawyer"], ["village_idiot", "sand_lord"])
    t.no_commands()
    fight(t, "lawyer", "village_idiot")
    t.passes()
    t.do(1, "cnomore")
    assert (t.outcome.attacker_total, t.outcome.defender_total, t.outcome.winner) == (21, 11, 0)


@shows("battle_cleric", "heal")
def test_the_battle_cleric_heals_one_after_a_won_combat_unless_beaten():
    """Battle Cleric: "If you win the combat, heal 1 of your beaten creatures (not if this
    Cleric was beaten)." """
    t = Table(["battle_cleric", "village_idiot", "sand_lord"], ["gnomish_gnomes", "swordsman"])
    t.no_commands()
    fight(t, "battle_cleric", "gnomish_gnomes")  # 4 vs 4: a push
    t.passes()
    fight(t, "village_idiot", "swordsman")
    t.passes()
    t.do(0, "cnomore")  # the Sand Lord stays in hand: 4 + 11 against 4 + 6
    assert t.c.step == "heal" and [a.label() for a in t.legal(0)] == [
        "Heal Village Idiot",
        "Stop healing",
    ]
    t = Table(["battle_cleric", "sand_lord"], ["swordsman"])
    t.no_commands()
    fight(t, "battle_cleric", "swordsman")
    t.passes()
    t.do(0, "cnomore")
    assert t.outcome is not None  # the beaten Cleric heals nobody, itself included


@shows("rock_spirit", "command", "stronghold_bonus")
def test_the_rock_spirit_gives_a_strongholds_defenders_plus_five():
    """Rock Spirit: "Command: +5 to your creatures defending a Stronghold this combat." The
    text's example 2 does not play it: "only applies to Strongholds, which this isn't"."""
    t = Table(["swordsman"], ["rock_spirit", "swordsman"], space="C3", stronghold_defence=7)
    t.do(0, "cdecl", yes=False)
    t.do(1, "cdecl", yes=True)
    t.do(1, "ccmd", card="rock_spirit")
    t.passes()
    assert fight(t, "swordsman", "swordsman") == (6, 6 + 7 + 5)
    t = Table(["rock_spirit", "swordsman"], ["swordsman"])
    t.do(0, "cdecl", yes=True)
    t.do(1, "cdecl", yes=False)
    t.do(0, "ccmd", card="rock_spirit")
    t.passes()
    assert fight(t, "swordsman", "swordsman") == (6, 6)  # the attacker defends nothing


@shows("uras", "command", "terrain_change")
def test_uras_turns_the_terrain_into_spirit_mountain():
    """Uras, Overlord of the Mountains: "Command: the terrain becomes Spirit Mountain for the
    rest of the combat." The Sand Lord's Woods penalty goes with the Woods."""
    t = command("uras", ["uras", "village_idiot"], ["sand_lord"], terrain="woods")
    assert t.view(None)["terrain"] == "spirit_mountain"
    assert fight(t, "village_idiot", "sand_lord")[1] == 11


@shows("shifting_sands", "terrain_change")
def test_shifting_sands_turn_the_terrain_into_the_dry_heaps():
    """Shifting Sands: "Command card: the terrain becomes the Dry Heaps for the rest of the
    combat." """
    t = command("shifting_sands", ["village_idiot"], ["sand_lord"], terrain="woods")
    assert t.view(None)["terrain"] == "dry_heaps"
    assert fight(t, "village_idiot", "sand_lord")[1] == 11 + 6


@shows("visionary", "command", "announce")
@shows("seer", "command", "announce")
def test_the_visionary_and_the_seer_make_the_opponent_announce():
    """Visionary: "your opponent announces the family of each creature in the combat hand";
    Seer: "the class". Only the caster is told."""
    for card, told in (("visionary", ["elemental", "mortal"]), ("seer", ["knight", "lord"])):
        t = command(card, [card], ["swordsman", "sand_lord"])
        assert t.view(0)["announced"] == told and t.view(1)["announced"] is None


@shows("medallion_of_skyphos", "team_bonus")
def test_the_medallion_of_skyphos_gives_each_primary_plus_one():
    """Medallion of Skyphos: "H. Command card: +1 to each of your primary attackers this
    combat." """
    t = command("medallion_of_skyphos", ["swordsman", "village_idiot"], ["swordsman"] * 2)
    assert fight(t, "swordsman", "swordsman") == (6 + 1, 6)
    t.passes()
    assert fight(t, "village_idiot", "swordsman") == (0 + 1, 6)


@shows("sun_spirit", "attack")
def test_the_sun_spirits_fire_attack_does_no_damage_to_the_devil_dog():
    """Sun Spirit: "Fire-based attack." The Devil Dog is immune to fire (the text's "Sun
    Spirit does know damage do a Devil Dog")."""
    t = Table(["sun_spirit"], ["devil_dog"])
    t.no_commands()
    assert fight(t, "sun_spirit", "devil_dog") == (12, 6)
    t.passes()
    assert t.fighter("sun_spirit").no_damage and t.fighter("devil_dog").fate is None
