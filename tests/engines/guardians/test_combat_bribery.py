"""Bribery: 'Bribery must be the first thing you do in a primary match-up' (possibilities 1-4)."""

from tests.engines.guardians.card_scenarios import shows
from tests.engines.guardians.test_combat_helpers import Table

SL, SW = "sand_lord", "swordsman"


def matchup(a_store=(), d_store=(), **kw) -> Table:
    """Sand Lord (seat 0) vs Swordsman (seat 1); both are then asked about bribery at once."""
    t = Table([SL], [SW], storage=(list(a_store), list(d_store)), **kw)
    t.no_commands()
    t.primaries(SL, SW)
    assert t.c.step == "bribe" and t.to_act() == [0, 1]
    return t


@shows("babes", "bribe")
@shows("gold", "bribe")
def test_possibility_1_swordsman_bribes_sand_lord_with_babes_and_is_bribed_too():
    """'Swordsman bribes Sand Lord with Babes. Sand Lord player may also bribe Swordsman with
    Gold or leave him unchallenged.'"""
    t = matchup(["gold"], ["babes"])
    t.do(1, "cbribe", card="babes", target_card=SL)
    assert t.view(0)["sides"][1]["decided"] and t.view(0)["sides"][1]["choice"] is None
    t.do(0, "cbribe", card="gold", target_card=SW)
    assert t.fighter(SL).fate == "bribed" and t.fighter(SW).fate == "bribed"
    assert t.outcome is not None and t.outcome.attacker_total == t.outcome.defender_total == 0
    assert set(t.outcome.discarded) >= {t.uid(SL), t.uid(SW), t.uid("gold"), t.uid("babes")}


def test_possibility_1_left_unchallenged():
    t = matchup(["gold"], ["babes"])
    t.do(1, "cbribe", card="babes", target_card=SL)
    t.do(0, "cnobribe")
    assert t.c.step == "answer" and t.to_act() == [0]
    t.do(0, "cleave")
    assert t.fighter(SL).fate == "bribed" and t.fighter(SW).fate is None
    assert t.outcome.winner == 1 and t.outcome.defender_total == 6


def test_possibility_1_the_bribed_side_answers_after_saying_no_bribe():
    """'Swordsman bribes Sand Lord with Babes. Sand Lord player may also bribe Swordsman with
    Gold or leave him unchallenged': the Sand Lord player, who chose "No bribe" before he saw
    the bribe, is asked again once his creature is bribed away."""
    t = matchup(["gold"], ["babes"])
    t.do(0, "cnobribe")
    t.do(1, "cbribe", card="babes", target_card=SL)
    assert t.c.step == "answer" and t.to_act() == [0]
    assert [a.label() for a in t.legal(0)] == ["Bribe Swordsman with Gold", "Leave it unbribed"]
    assert t.view(1)["status"] == "Bribery: the attacker may bribe back or leave it"
    t.do(0, "cbribe", card="gold", target_card=SW)
    assert t.fighter(SL).fate == "bribed" and t.fighter(SW).fate == "bribed"
    assert t.outcome.attacker_total == t.outcome.defender_total == 0


def test_possibility_2_swordsman_can_bribe_or_not_but_nothing_else():
    """'Sand Lord player bribes Swordsman with Gold. Swordsman can bribe or not, but he can't
    do anything else.'"""
    t = matchup(["gold"], ["power_lunch"])
    assert [a.kind for a in t.legal(1)] == ["cnobribe"]  # no spell during bribery
    t.do(0, "cbribe", card="gold", target_card=SW)
    t.do(1, "cnobribe")
    assert [a.kind for a in t.legal(1)] == ["cleave"]  # asked again; still no spell
    t.do(1, "cleave")
    assert t.fighter(SW).fate == "bribed" and t.outcome.winner == 0


def test_possibility_2_swordsman_bribes_back():
    """'Sand Lord player bribes Swordsman with Gold. Swordsman can bribe or not': he answers
    with Babes after the Gold is shown."""
    t = matchup(["gold"], ["babes"])
    t.do(0, "cbribe", card="gold", target_card=SW)
    t.do(1, "cnobribe")
    assert t.to_act() == [1]
    t.do(1, "cbribe", card="babes", target_card=SL)
    assert t.fighter(SL).fate == "bribed" and t.fighter(SW).fate == "bribed"


def test_nobody_answers_when_both_bribed_or_neither_did():
    t = matchup(["gold"], ["babes"])
    t.do(0, "cbribe", card="gold", target_card=SW)
    t.do(1, "cbribe", card="babes", target_card=SL)
    assert t.outcome is not None
    t = matchup(["gold"], ["babes"])
    t.no_bribes()
    assert t.c.step == "window"


def test_possibility_3_spell_cannot_come_before_bribery():
    """'Swordsman player ... quickly plays [St. Ballantine's Evocation] ... Sand Lord player
    screams "Wait a minute: I was going to bribe you." Swordsman player has to take back the
    spell.' The spell is not a legal move until both have decided about bribery."""
    t = matchup(["gold"], ["st_ballantines_evocation"])
    assert not [a for a in t.legal(1) if a.kind == "ccast"]
    t.do(1, "cnobribe")
    t.do(0, "cbribe", card="gold", target_card=SW)
    assert [a.kind for a in t.legal(1)] == ["cleave"]  # the spell waits: bribery is not over
    t.do(1, "cleave")
    assert t.fighter(SW).fate == "bribed" and t.fighter(SL).fate is None


def test_possibility_4_no_bribe_then_bombs_away():
    """'"Are you bribing me?" Sand Lord player says "No". Bombs away. Sand Lord player can't
    change his mind now -- both creatures are destroyed.'"""
    t = matchup(["gold"], ["st_ballantines_evocation"])
    t.do(0, "cnobribe")
    t.do(1, "cnobribe")
    assert t.c.step == "window" and t.to_act() == [0]
    assert not [a for a in t.legal(0) if a.kind == "cbribe"]  # no change of mind
    t.do(0, "cpass")
    t.do(1, "ccast", card="st_ballantines_evocation", target=t.uid(SW))
    assert not [a for a in t.legal(0) if a.kind == "cbribe"]
    t.passes()
    assert t.fighter(SL).fate == "destroyed" and t.fighter(SW).fate == "destroyed"


@shows("merchant", "destroys")
def test_merchant_destroys_the_swordsman_before_anything_else():
    """'If the Merchant goes up against the Swordsman, the Swordsman is destroyed and goes
    immediately to the discard pile.'"""
    t = Table(["merchant"], [SW])
    t.no_commands()
    t.primaries("merchant", SW)
    t.no_bribes()
    assert t.c.step == "prestrike"  # spells may still come first
    t.passes()
    assert t.fighter(SW).fate == "destroyed" and t.fighter("merchant").fate is None


@shows("st_ballantines_evocation", "destroy_pair")
def test_st_ballantines_before_the_destruction_step_destroys_both():
    """'if the Swordsman had St. Ballentine's Evocation, it could have be cast prior to the
    destruction step and thus destroying both creatures.'"""
    t = Table(["merchant"], [SW], storage=([], ["st_ballantines_evocation"]))
    t.no_commands()
    t.primaries("merchant", SW)
    t.no_bribes()
    t.do(0, "cpass")
    t.do(1, "ccast", card="st_ballantines_evocation", target=t.uid(SW))
    t.passes()
    assert t.fighter(SW).fate == "destroyed" and t.fighter("merchant").fate == "destroyed"


def test_merchant_bribed_by_babes_prevents_the_destruction():
    """'Or the Merchant could have been bribed by Babes to prevent the destruction.'"""
    t = Table(["merchant"], [SW], storage=([], ["babes"]))
    t.no_commands()
    t.primaries("merchant", SW)
    t.do(0, "cnobribe")
    t.do(1, "cbribe", card="babes", target_card="merchant")
    assert t.fighter(SW).fate is None and t.fighter("merchant").fate == "bribed"


@shows("ugly_wart_fiend", "immune_bribe_block")
def test_ugly_wart_fiend_blocks_babes_unless_bribed_first():
    """'Ugly Wart Fiend (no Babes bribery unless the Ugly Wart Fiend is bribed first)'."""
    t = Table(
        ["wild_nymph", "snogwart"],
        ["ugly_wart_fiend", "baal_a_gog"],
        storage=(["babes", "babes"], []),
    )
    t.no_commands()
    t.primaries("wild_nymph", "ugly_wart_fiend")
    assert t.find(0, "cbribe", target_card="ugly_wart_fiend")  # the Fiend itself: yes
    t.do(0, "cnobribe")
    t.do(1, "cnobribe")
    t.passes()
    assert t.fighter("ugly_wart_fiend").fate == "beaten"
    t.primaries("snogwart", "baal_a_gog")
    # The beaten Fiend is still on the table: no Babes against Baal-a-Gog.
    assert 0 not in t.to_act() or not [a for a in t.legal(0) if a.kind == "cbribe"]


def test_ranged_attackers_can_be_bribed():
    """'Ranged attackers can be bribed like regular creatures.'"""
    t = Table([SW, "archer"], [SL], storage=([], ["gold"]))
    t.no_commands()
    t.primaries(SW, SL)
    t.no_bribes()
    t.do(0, "crange", card="archer")
    t.do(1, "cbribe", card="gold", target_card="archer")
    assert t.fighter("archer").fate == "bribed"
    t.passes()
    assert t.fighter(SW).fate == "beaten"  # 9 vs 11 without the Archer
