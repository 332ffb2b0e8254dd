"""AOE attacks card by card: command cards, primary attackers' AOEs, immunities to them.

Text: "every creature in the opponent's hand that have a Vitality of 4 or less ... are
discarded" (set aside, out of play); "creatures with immunity to fire are immune to this
attack"; "the Blackthwaite Jumper, which is immune to ALL AOEs"; methane: "The rules for
methane are on the Cow card".
"""

from .card_scenarios import shows
from .test_cards_mortals import strengths
from .test_combat_helpers import Table


def set_aside(t: Table) -> list[str]:
    """The cards an AOE set aside, out of play."""
    return sorted(t.cards[f.uid].id for f in t.c.table if f.role == "out")


def command(card: str, hand: list[str], theirs: list[str], **kw) -> Table:
    """The attacker plays ``card`` as its command card (a spell if it is not in ``hand``)."""
    spell = card not in hand
    t = Table(hand, theirs, storage=([card] if spell else [], []), **kw)
    t.do(0, "cdecl", yes=True)
    t.do(1, "cdecl", yes=False)
    t.do(0, "ccmd", card=card)
    t.passes()
    return t


def primary(card: str, theirs: list[str]) -> Table:
    """The attacker's ``card`` fights the defender's first creature; its AOE strikes the rest."""
    t = Table([card], theirs)
    t.no_commands()
    t.primaries(card, theirs[0])
    t.no_bribes()
    t.passes()  # the spells-only window before the strikes
    return t


@shows("dread_howl", "aoe")
def test_dread_howl_is_a_four_point_fear_aoe():
    """Dread Howl: "Command card: 4 pt. fear AOE." The Swordsman (6) is too big."""
    t = command("dread_howl", ["village_idiot"], ["gnomish_gnomes", "swordsman"])
    assert set_aside(t) == ["gnomish_gnomes"]


@shows("ice_storm", "aoe", "cost")
def test_ice_storm_costs_a_stone_for_a_five_point_aoe():
    """Ice Storm: "Command card. Costs 1 power stone: 5 pt. AOE." """
    t = command("ice_storm", ["village_idiot"], ["ice_spirit", "swordsman"], stones=(1, 0))
    assert set_aside(t) == ["ice_spirit"] and t.c.stones[0] == 0
    t = Table(["village_idiot"], ["ice_spirit"], storage=(["ice_storm"], []), stones=(0, 0))
    assert [a.label() for a in t.legal(0)] == ["No command card"]  # no stone, no Ice Storm


@shows("blackthwaite_jumper", "immune")
def test_the_blackthwaite_jumper_escapes_every_aoe():
    """Vitales Dark Cloud (4 pt. AOE) sets the Gnomes (4) aside, not the Jumper (4)."""
    t = command("vitales_dark_cloud", ["village_idiot"], ["gnomish_gnomes", "blackthwaite_jumper"])
    assert set_aside(t) == ["gnomish_gnomes"]


@shows("mayor_mcevil", "command", "aoe")
def test_mayor_mcevil_is_a_command_methane_aoe():
    """Mayor McEvil: "Command: 3 pt. methane AOE." Fire immunity does not help against
    methane (the Hedge Wizard is hit, a fire-immune Devil Dog is too big anyway)."""
    t = command("mayor_mcevil", ["mayor_mcevil"], ["hedge_wizard", "glimmer_fairy", "devil_dog"])
    assert set_aside(t) == ["glimmer_fairy", "hedge_wizard"]


@shows("wailing_specter", "command", "aoe")
def test_the_wailing_specter_is_a_command_fear_aoe():
    """Wailing Specter: "Command: 3 pt. fear AOE." """
    t = command("wailing_specter", ["wailing_specter"], ["hedge_wizard", "wild_nymph"])
    assert set_aside(t) == ["hedge_wizard"]


@shows("banshee", "aoe")
def test_the_banshees_fear_aoe_strikes_in_its_match_up():
    """Banshee: "In its match-up: 4 pt. fear AOE." It strikes the rest of the opposing hand
    (the Barrow Wight is immune to fear)."""
    t = primary("banshee", ["swordsman", "gnomish_gnomes", "mad_fiend", "barrow_wight"])
    assert set_aside(t) == ["gnomish_gnomes", "mad_fiend"]


@shows("flame_geyser", "aoe")
def test_the_flame_geysers_fire_aoe_strikes_in_its_match_up():
    """Flame Geyser: "In its match-up: 3 pt. fire AOE." """
    t = primary("flame_geyser", ["swordsman", "hedge_wizard", "gnomish_gnomes"])
    assert set_aside(t) == ["hedge_wizard"]


@shows("cow", "aoe")
def test_the_cows_methane_aoe_strikes_in_its_match_up():
    """Cow: "In its match-up: 2 pt. methane AOE." """
    t = primary("cow", ["swordsman", "glimmer_fairy", "hedge_wizard"])
    assert set_aside(t) == ["glimmer_fairy"]


@shows("idiot_fiend", "aoe", "aoe_only", "bonus")
def test_the_idiot_fiends_aoe_and_bonus_are_for_fairies_only():
    """Idiot Fiend: "+4 against Fairies. In its match-up: 8 pt. fear AOE against Fairies
    only." The Gnomes (4) are no Fairy."""
    t = primary("idiot_fiend", ["swordsman", "bramble_fairy", "gnomish_gnomes"])
    assert set_aside(t) == ["bramble_fairy"]
    t = Table(["idiot_fiend"], ["glimmer_fairy"])
    t.no_commands()
    t.primaries("idiot_fiend", "glimmer_fairy")
    t.no_bribes()
    assert strengths(t) == (6 + 4, 2)
