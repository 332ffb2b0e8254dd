"""Channeling card by card: channelers, green bars and their limits, the Guardians' channel.

Text: "Creatures with a green bar ... can automatically receive channeling"; "a creature can
only receive up to it base Vitality in channeling ... unless the card says otherwise"; "Some
have restrictions on what creature type they may cast to; others allow channeling to certain
creatures including ones that normally cannot receive channeling."
"""

import pytest

from .card_scenarios import show, shows
from .test_cards_mortals import fight, strengths
from .test_combat_helpers import Table

# (channeler, its CMP, a creature it channels into)
CHANNELERS = [
    ("court_mage", 3, "ice_spirit"),
    ("glimmer_fairy", 2, "ice_spirit"),
    ("hedge_wizard", 3, "ice_spirit"),
    ("shadow_priest", 4, "ice_spirit"),
    ("stone_shaman", 4, "ice_spirit"),
    ("necromancer", 5, "barrow_wight"),  # an Undead with a red bar
    ("pit_imp", 2, "demon_hordes_of_kabod"),  # a Demon with a red bar
]
for _cid, *_ in CHANNELERS:
    show(_cid, "cmp", by="test_a_channeler_under_a_stronghold_gives_its_cmp")


@pytest.mark.parametrize(("cid", "cmp", "receiver"), CHANNELERS)
def test_a_channeler_under_a_stronghold_gives_its_cmp(cid, cmp, receiver):
    """Text: "To use a channeling creature, just reveal it. It adds the number of CMP to the
    attacking creature's Vitality." Once a turn: it is spent afterwards."""
    t = Table([receiver], ["village_idiot"], channelers=([cid], []), stones=(0, 0))
    t.no_commands()
    before = fight(t, receiver, "village_idiot")[0]
    t.do(0, "cchan", card=cid, amount=cmp)
    assert strengths(t)[0] == before + cmp
    t.do(1, "cpass")
    assert not [a for a in t.legal(0) if a.kind == "cchan"]  # spent for the turn
    assert t.c.channelers_used == [t.uid(cid)]


@shows("necromancer", "channels_to")
@shows("pit_imp", "channels_to")
def test_a_class_channeler_gives_only_to_its_class():
    """Necromancer: "channels only to Undead, even those that cannot normally receive"; Pit
    Imp: the same for Demons. Neither gives to a green-bar creature of another class."""
    for channeler, other in (("necromancer", "ice_spirit"), ("pit_imp", "ice_spirit")):
        t = Table([other], ["village_idiot"], channelers=([channeler], []), stones=(0, 0))
        t.no_commands()
        fight(t, other, "village_idiot")
        assert not [a for a in t.legal(0) if a.kind == "cchan"]


GREEN = ["azgoth", "bramble_fairy", "court_mage", "old_nick", "succubus", "vampire"]
for _cid in GREEN:
    show(_cid, "receives", by="test_a_green_bar_receives_the_guardians_channeling")


@pytest.mark.parametrize("cid", GREEN)
def test_a_green_bar_receives_the_guardians_channeling(cid):
    """A stone channels the Guardian's CMP (Tes Let: 7) into a green-bar creature, within its
    limit; a red-bar Swordsman is offered nothing."""
    t = Table([cid], ["village_idiot"], guardians=("tes_let", "rak_nam"))
    t.no_commands()
    before = fight(t, cid, "village_idiot")[0]
    stone = t.find(0, "cstone")
    t.do(0, "cstone")
    assert strengths(t)[0] == before + stone.amount > before
    t = Table(["swordsman"], ["village_idiot"], guardians=("tes_let", "rak_nam"))
    t.no_commands()
    fight(t, "swordsman", "village_idiot")
    assert not [a for a in t.legal(0) if a.kind == "cstone"]


LIMITS = [("wraith", 16), ("old_nick", 20), ("azgoth", 20)]
for _cid, _ in LIMITS:
    show(_cid, "receive_limit", by="test_a_card_may_receive_more_than_its_vitality")


@pytest.mark.parametrize(("cid", "limit"), LIMITS)
def test_a_card_may_receive_more_than_its_vitality(cid, limit):
    """Wraith: "may receive up to 16 points of channeling"; Old Nick and Azgoth: up to 20.
    Rak Nam's stones (CMP 9 each) fill it up to that, not to its base Vitality."""
    t = Table([cid], ["village_idiot"], stones=(5, 0))
    t.no_commands()
    fight(t, cid, "village_idiot")
    given = []
    while stones := [a for a in t.legal(0) if a.kind == "cstone"]:
        given.append(stones[0].amount)
        t.do(0, "cstone")
        t.do(1, "cpass")
    assert sum(given) == limit and given[0] == 9


@shows("tangle_web", "no_channel_against")
def test_nobody_channels_into_a_creature_matched_against_the_tangle_web():
    """Tangle Web: "No channeling may be used by a creature matched against it." """
    t = Table(["ice_spirit"], ["tangle_web"], channelers=(["court_mage"], []))
    t.no_commands()
    fight(t, "ice_spirit", "tangle_web")
    assert not [a for a in t.legal(0) if a.kind in ("cchan", "cstone")]


@shows("gaar", "guardian_channel")
def test_gaar_channels_five_into_a_creature_that_cannot_receive_for_two_stones():
    """Gaar: "For 2 Powerstones channel 5pts. to a non channel creature" (the text's deck
    idea). A green-bar creature gets his ordinary stone (CMP 6) instead."""
    t = Table(["swordsman"], ["village_idiot"], guardians=("gaar", "rak_nam"), stones=(2, 0))
    t.no_commands()
    fight(t, "swordsman", "village_idiot")
    assert [a.label() for a in t.legal(0) if a.kind == "cstone"] == [
        "Channel 5 into Swordsman: 2 stones"
    ]
    t.do(0, "cstone")
    assert t.c.stones[0] == 0 and t.fighter("swordsman").channel_free == 5
    t = Table(["ice_spirit"], ["village_idiot"], guardians=("gaar", "rak_nam"), stones=(2, 0))
    t.no_commands()
    fight(t, "ice_spirit", "village_idiot")
    assert [a.label() for a in t.legal(0) if a.kind == "cstone"] == [
        "Channel 5 into Ice Spirit: 1 stone"  # CMP 6, up to its Vitality 5
    ]
