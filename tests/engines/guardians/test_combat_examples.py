"""The worked combat examples of the text: secondaries, example 1, examples 2a-2d."""

from engines.guardians.combat.matchup import needed_to_kill
from tests.engines.guardians.card_scenarios import shows
from tests.engines.guardians.test_combat_helpers import Table


def needs(t: Table) -> dict[str, int]:
    return {
        t.cards[f.uid].id: needed_to_kill(t.c, t.cards, f)
        for f in t.c.table
        if f.fate is None and f.role != "out"
    }


def chris_vs_bill(chris_extra=(), bill_extra=()) -> Table:
    """Chris: Sorcerer (command), Sand Lord, Devil Dog. Bill: Iron Crag Baggler (command),
    Swordsman plus an Archer as ranged attack, Fire Walker."""
    t = Table(
        ["sorcerer", "sand_lord", "devil_dog", *chris_extra],
        ["iron_crag_baggler", "swordsman", "archer", "fire_walker", *bill_extra],
    )
    t.do(0, "cdecl", yes=True)
    t.do(1, "cdecl", yes=True)
    t.do(0, "ccmd", card="sorcerer")
    t.do(1, "ccmd", card="iron_crag_baggler")
    t.passes()
    t.primaries("sand_lord", "swordsman")
    t.no_bribes()
    t.do(0, "cpass")
    t.do(1, "crange", card="archer")
    t.passes()
    t.primaries("devil_dog", "fire_walker")
    t.no_bribes()
    t.passes()
    return t


@shows("devil_dog", "immune")
@shows("fire_walker", "attack")
def test_secondary_options_for_chris():
    """'five points ... to kill [the Baggler]', 'the Archer ... seven', 'the Fire Walker ...
    only four because the Devil Dog already did 6 points', 'the Swordsman outright with any
    creature that attacks, even a Vitality 0 Idiot'."""
    t = chris_vs_bill(chris_extra=["village_idiot"])
    assert t.fighter("sand_lord").fate == "beaten"  # 6 + 3 OCB + 3 ranged = 12 vs 11
    assert t.fighter("fire_walker").no_damage  # the Devil Dog is immune to fire
    assert t.c.step == "secondary" and t.to_act() == [0]
    n = needs(t)
    assert (n["iron_crag_baggler"], n["archer"], n["fire_walker"], n["swordsman"]) == (5, 7, 4, 0)
    t.do(0, "csec", card="village_idiot", target_card="swordsman")
    t.no_bribes()
    t.passes()
    assert t.fighter("swordsman").fate == "beaten"


def test_secondary_options_for_bill():
    """'he can attack the Sorceror, but needs nine points' and 'the Devil Dog, but need a full
    seven points because the Fire Walker didn't do any damage'."""
    t = chris_vs_bill(bill_extra=["gnomish_gnomes"])
    assert t.to_act() == [1]
    n = needs(t)
    assert (n["sorcerer"], n["devil_dog"]) == (9, 7)


def test_power_lunch_question_sand_lord_secondary_needs_six():
    """'If the Sand Lord had been Power Lunched and then received channeling to beat the
    Swordsman ... the Sand Lord is an 11, the Swordsman is a 6. He needs another six.'"""
    t = Table(
        ["sand_lord"],
        ["swordsman", "archer", "wild_nymph"],
        storage=(["power_lunch"], []),
        stones=(3, 0),
    )
    t.no_commands()
    t.primaries("sand_lord", "swordsman")
    t.no_bribes()
    t.do(0, "ccast", card="power_lunch")
    t.do(1, "crange", card="archer")
    t.do(0, "cstone")  # Rak Nam: 9 more, 20 vs 12
    t.passes()
    assert t.fighter("swordsman").fate == "beaten"
    assert t.c.step == "secondary" and needs(t)["sand_lord"] == 6


def example_1_table() -> Table:
    """Example 1's cards: Chris (attacker) against Bill in Swamps."""
    return Table(
        ["super_model", "snogwart", "archer", "wraith", "wild_nymph"],
        [
            "floyd",
            "ugly_wart_fiend",
            "baal_a_gog",
            "devil_dog",
            "ice_spirit",
            "gnomish_gnomes",
        ],
        storage=(["vitales_dark_cloud"], ["dispel_magic"]),
        guardians=("tes_let", "rak_nam"),
        stones=(6, 6),
    )


def example_1_commands(t: Table) -> None:
    """Vitales Dark Cloud against Floyd; Bill dispels the cloud."""
    t.do(0, "cdecl", yes=True)
    t.do(1, "cdecl", yes=True)
    t.do(0, "ccmd", card="vitales_dark_cloud")
    t.do(1, "ccmd", card="floyd")
    t.do(0, "cpass")
    t.do(1, "ccast", card="dispel_magic")
    t.passes()  # Vitales fizzles; Floyd: +2 to Bill's primaries, Floyd destroyed


@shows("super_model", "destroys")
@shows("floyd", "team_bonus")
@shows("wraith", "receives")
@shows("ice_spirit", "immune")
def test_combat_example_1_chris_vs_bill_in_swamps():
    """Chris attacks Bill in Swamps ... 'Total vitality is 30. Bill has Ice Spirit and Gn'Omish
    Gnomes for a total vitality of 9. Bill has to retreat'."""
    t = example_1_table()
    example_1_commands(t)
    strengths = []

    def fight(a, d, *moves):
        t.primaries(a, d)
        t.no_bribes()
        for seat, kind in moves:
            t.do(seat, kind)
        if t.c.step == "window":
            from engines.guardians.combat.matchup import strength

            strengths.append(
                (strength(t.c, t.cards, t.fighter(a)), strength(t.c, t.cards, t.fighter(d)))
            )
        t.passes()

    fight("wild_nymph", "ugly_wart_fiend")  # 4 + 1 OCB vs 1 + 2 Floyd
    fight("snogwart", "devil_dog")  # 8 + 2 OCB vs 6 + 2 Floyd
    fight("wraith", "ice_spirit", (0, "cstone"))  # 8 + 7 (Tes Let) vs 5 + 2 OCB + 2 Floyd
    fight("super_model", "baal_a_gog")  # BLAM! Baal-a-Gog destroyed
    fight("archer", "gnomish_gnomes")  # 6 vs 4 + 2: push
    assert strengths == [(5, 3), (10, 8), (15, 9), (6, 6)]
    fates = {t.cards[f.uid].id: f.fate for f in t.c.table}
    assert fates["ugly_wart_fiend"] == fates["devil_dog"] == "beaten"
    assert fates["baal_a_gog"] == "destroyed" and fates["wraith"] is None
    assert t.fighter("wraith").no_damage
    out = t.outcome
    # The text says 30: that counts the Super Model at her stacking 4; its own resolution
    # rule ("NOT THE STACKING VITALITY") gives 1 + 8 + 6 + 8 + 4 = 27.
    assert (out.attacker_total, out.defender_total, out.winner) == (27, 9, 0)
    assert sorted(t.cards[u].id for u in out.survivors[1]) == ["gnomish_gnomes", "ice_spirit"]
    assert t.uid("baal_a_gog") in out.discarded and t.uid("dispel_magic") in out.discarded
    assert out.stones_spent == {0: 1, 1: 0}


def test_example_1_neither_knows_how_many_creatures_the_opponent_has():
    """'Each player has two creatures left, though neither knows how many the opponent has.'"""
    t = example_1_table()
    example_1_commands(t)
    for a, d in [("wild_nymph", "ugly_wart_fiend"), ("snogwart", "devil_dog")]:
        t.primaries(a, d)
        t.no_bribes()
        t.passes()
    t.primaries("wraith", "ice_spirit")
    t.no_bribes()
    left = [[side["creatures_left"] for side in t.view(v)["sides"]] for v in (0, 1, None)]
    assert left == [[2, None], [None, 2], [None, None]]  # attacker's count, defender's


BRIAN = ["wood_nymph", "ice_ogre", "sun_spirit"]
MATT = ["amber_well", "gorgal_skag", "black_lung", "rock_spirit"]


def example_2(pairs, secondary=None, bribe_ogre=False) -> Table:
    """Brian (attacker) vs Matt (defender) in the Woods, no ranged attacks."""
    t = Table(BRIAN, MATT, terrain="woods", storage=([], ["babes"] if bribe_ogre else []))
    t.no_commands()
    for a, d in pairs:
        t.primaries(a, d)
        if bribe_ogre and a == "ice_ogre":
            t.do(0, "cnobribe")
            t.do(1, "cbribe", card="babes", target_card="ice_ogre")
        t.no_bribes()
        t.passes()
    assert t.c.step == "secondary" and t.to_act() == [1]  # "Brian announces he's done"
    if secondary:
        t.do(1, "csec", card=secondary[0], target_card=secondary[1])
        t.no_bribes()
        t.passes()
    while t.outcome is None:
        t.do(1, "cnomore")
    return t


def test_example_2a():
    """'Sun Spirit vs Black Lung & Rock Spirit: 12 vs. 14 + 5 ... Brian has Wood Nymph and Ice
    Ogre for 17. Matt has the Rock Spirit for 5. Matt retreats.'"""
    t = example_2(
        [("wood_nymph", "amber_well"), ("ice_ogre", "gorgal_skag"), ("sun_spirit", "black_lung")],
        ("rock_spirit", "sun_spirit"),
    )
    assert "Rock Spirit 5 on Sun Spirit (needs 0): Sun Spirit is beaten." in t.events
    assert (t.outcome.attacker_total, t.outcome.defender_total, t.outcome.winner) == (17, 5, 0)


def test_example_2b_ogre_bribed():
    """'If the Ice Ogre had been bribed away ... Wood Nymph for 8 vs Rock Spirit and Gorgal
    Skag for 9. Brian has to retreat; Matt gets (or keeps) the space.'"""
    t = example_2(
        [("wood_nymph", "amber_well"), ("ice_ogre", "gorgal_skag"), ("sun_spirit", "black_lung")],
        ("rock_spirit", "sun_spirit"),
        bribe_ogre=True,
    )
    assert (t.outcome.attacker_total, t.outcome.defender_total, t.outcome.winner) == (8, 9, 1)


@shows("amber_well", "beaten_counts_as")
def test_example_2c_amber_well_counts_as_eight():
    """'the Amber Well's special ability will let the Rock Spirit beat the Ice Ogre (8 + 5 vs
    9) ... Brian has 12. Matt has 19. Matt keeps control.'"""
    t = example_2(
        [("ice_ogre", "amber_well"), ("sun_spirit", "gorgal_skag"), ("wood_nymph", "black_lung")],
        ("rock_spirit", "ice_ogre"),
    )
    assert (t.outcome.attacker_total, t.outcome.defender_total, t.outcome.winner) == (12, 19, 1)


def test_example_2d_black_lung_kills_the_sun_spirit():
    """'Black Lung vs whatever ... Brian has Wood Nymph and Ice Ogre (17); Matt has Black Lung
    (14). Matt retreats.'"""
    t = example_2(
        [("ice_ogre", "rock_spirit"), ("sun_spirit", "amber_well"), ("wood_nymph", "gorgal_skag")],
        ("black_lung", "sun_spirit"),
    )
    assert t.fighter("sun_spirit").fate == "beaten"
    assert (t.outcome.attacker_total, t.outcome.defender_total, t.outcome.winner) == (17, 14, 0)
