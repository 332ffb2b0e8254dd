"""Scenarios for the spells' and magic items' texts not shown by the text's worked examples."""

from .card_scenarios import shows
from .test_cards_mortals import fight
from .test_combat_helpers import Table


@shows("rocks_of_skull_cracking", "destroys")
def test_rocks_of_skull_cracking_destroy_an_opposing_flier():
    """Rocks of Skull Cracking: "Use at any time in a match-up: destroys the opposing creature
    if it flies." Offered against a flier only, and only in a primary match-up."""
    rocks = ["rocks_of_skull_cracking"]
    t = Table(["swordsman"], ["succubus"], storage=(rocks, ()))
    t.no_commands()
    assert fight(t, "swordsman", "succubus") == (6 + 3, 7)
    t.do(0, "ccast", card="rocks_of_skull_cracking", target_card="succubus")
    t.passes()
    assert t.fighter("succubus").fate == "destroyed" and t.fighter("swordsman").fate is None
    assert t.outcome.winner == 0 and t.uid("rocks_of_skull_cracking") in t.outcome.discarded
    t = Table(["swordsman"], ["sand_lord"], storage=(rocks, ()))
    t.no_commands()
    fight(t, "swordsman", "sand_lord")
    assert [a.kind for a in t.legal(0)] == ["cpass"]  # the Sand Lord does not fly


def test_rocks_of_skull_cracking_can_be_dispelled():
    rocks, dispel = ["rocks_of_skull_cracking"], ["dispel_magic"]
    t = Table(["swordsman"], ["succubus"], storage=(rocks, dispel))
    t.no_commands()
    fight(t, "swordsman", "succubus")
    t.do(0, "ccast", card="rocks_of_skull_cracking", target_card="succubus")
    t.do(1, "ccast", card="dispel_magic", target_card="rocks_of_skull_cracking")
    t.passes()
    assert t.fighter("succubus").fate == "beaten"  # 9 vs 7: beaten, not destroyed


@shows("holy_ground", "stronghold_bonus")
def test_holy_ground_gives_a_strongholds_defenders_plus_three():
    """Holy Ground: "Cast at any time: +3 to your creatures defending a Stronghold this
    combat." Only the Stronghold's defender may cast it, for every match-up after."""
    t = Table(
        ["swordsman"] * 2,
        ["swordsman"] * 2,
        storage=(["holy_ground"], ["holy_ground"]),
        space="C3",
        stronghold_defence=7,
    )
    t.no_commands()
    assert fight(t, "swordsman", "swordsman") == (6, 6 + 7)
    assert [a.kind for a in t.legal(0)] == ["cpass"]  # the attacker defends no Stronghold
    t.do(0, "cpass")
    t.do(1, "ccast", card="holy_ground")
    t.passes()
    assert fight(t, "swordsman", "swordsman") == (6, 6 + 7 + 3)
    t = Table(["swordsman"], ["swordsman"], storage=((), ["holy_ground"]))  # a disputed land
    t.no_commands()
    fight(t, "swordsman", "swordsman")
    t.do(0, "cpass")
    assert [a.kind for a in t.legal(1)] == ["cpass"]


@shows("elixir_of_kabod", "heal")
def test_elixir_of_kabod_heals_one_beaten_creature_after_a_won_combat():
    """Elixir of Kabod: "After a won combat: heal 1 of your beaten creatures." """
    t = Table(
        ["sand_lord", "gnomish_gnomes"],
        ["swordsman", "swordsman"],
        storage=(["elixir_of_kabod"], ["elixir_of_kabod"]),
    )
    t.no_commands()
    for a in ("sand_lord", "gnomish_gnomes"):
        fight(t, a, "swordsman")
        t.passes()
    assert t.c.totals == [11, 6] and t.c.step == "heal" and t.to_act() == [0]
    assert [a.label() for a in t.legal(0)] == [
        "Heal Gn'Omish Gnomes with Elixir of Kabod",
        "Stop healing",
    ]
    t.do(0, "celixir", card="elixir_of_kabod")
    out = t.outcome  # the loser's Elixir heals nothing
    assert t.uid("gnomish_gnomes") in out.survivors[0]
    assert t.uid("elixir_of_kabod", 0) in out.discarded
    assert t.uid("elixir_of_kabod", 1) not in out.discarded


def test_a_winner_with_a_storage_hand_is_asked_to_heal_elixir_or_not():
    """Asking a winner who holds any Storage Hand card (a public count) reveals no Elixir."""
    t = Table(["sand_lord", "gnomish_gnomes"], ["swordsman", "swordsman"], storage=(["beer"], ()))
    t.no_commands()
    for a in ("sand_lord", "gnomish_gnomes"):
        fight(t, a, "swordsman")
        t.passes()
    assert t.c.step == "heal" and [a.label() for a in t.legal(0)] == ["Stop healing"]
