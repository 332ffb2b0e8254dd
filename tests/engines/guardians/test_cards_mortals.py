"""Scenarios for the Mortals' texts (white border) not shown by the text's worked examples."""

from engines.guardians.combat.matchup import strength

from .card_scenarios import shows
from .test_combat_helpers import Table


def strengths(t: Table) -> tuple[int, int]:
    """The attacker's and the defender's strength in the current match-up."""
    att, dfd = (next(f for f in t.c.current() if f.side == s) for s in (0, 1))
    return strength(t.c, t.cards, att), strength(t.c, t.cards, dfd)


def fight(t: Table, a: str, d: str) -> tuple[int, int]:
    """Lay down ``a`` against ``d`` and pass bribery: both strengths in the window."""
    t.primaries(a, d)
    t.no_bribes()
    return strengths(t)


@shows("marshal", "team_bonus")
def test_marshal_gives_the_other_knights_plus_one_once_played():
    """Marshal: "Once played, your other Knights get +1 in their match-ups this combat." """
    t = Table(["marshal", "swordsman", "gnomish_gnomes"], ["swordsman"] * 3)
    t.no_commands()
    assert fight(t, "marshal", "swordsman") == (11, 6)  # not to itself
    t.passes()
    assert fight(t, "swordsman", "swordsman") == (6 + 1, 6)
    t.passes()
    assert fight(t, "gnomish_gnomes", "swordsman") == (4, 6)  # a Gnome is no Knight


def test_a_marshal_bribed_away_gives_nothing():
    t = Table(["marshal", "swordsman"], ["swordsman", "swordsman"], storage=((), ("beer",)))
    t.no_commands()
    t.primaries("marshal", "swordsman")
    t.do(1, "cbribe", card="beer", target_card="marshal")
    t.no_bribes()
    t.passes()
    assert fight(t, "swordsman", "swordsman") == (6, 6)


@shows("paladin", "team_bonus", "immune")
def test_paladin_gives_the_other_knights_plus_two_and_is_immune_to_fear():
    """Paladin: "Immune to fear. Once played, your other Knights get +2 this combat." A
    Power-Lunched Nightmare Steed (fear-based attack) outdoes it but does it no damage."""
    t = Table(
        ["paladin", "axeman"], ["nightmare_steed", "swordsman"], storage=((), ["power_lunch"])
    )
    t.no_commands()
    assert fight(t, "paladin", "nightmare_steed") == (14, 7 + 2)
    t.do(0, "cpass")
    t.do(1, "ccast", card="power_lunch")
    t.do(0, "cpass")
    t.do(1, "cstone", amount=7)
    assert strengths(t) == (14, 9 + 7)
    t.passes()
    assert "Nightmare Steed does no damage; both survive." in t.events[-1]
    assert fight(t, "axeman", "swordsman") == (7 + 2, 6)


@shows("arnath", "destroys")
def test_arnath_destroys_fliers_and_nothing_else():
    """Arnath, Lord of the Skies: "Flies. Destroys flying creatures." A Swordsman does not fly:
    6 vs 6, a push; a Succubus flies: destroyed before the strengths count."""
    t = Table(["arnath"], ["swordsman"])
    t.no_commands()
    assert fight(t, "arnath", "swordsman") == (6, 6)
    t.passes()
    assert t.fighter("swordsman").fate is None and "a push" in t.events[-2]
    t = Table(["arnath"], ["succubus"])
    t.no_commands()
    t.primaries("arnath", "succubus")
    t.no_bribes()
    assert t.c.step == "prestrike"  # spells may still come before the destruction
    t.passes()
    assert t.fighter("succubus").fate == "destroyed" and t.fighter("arnath").fate is None
