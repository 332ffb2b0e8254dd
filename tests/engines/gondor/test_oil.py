"""Cauldrons and oil (16.7, hidden information): pick-up, the oil question, pouring."""

import json
import random
import re

import pytest

from engines.gondor.movement import piece_allowance
from engines.gondor.siege.actions import HoldOil, LeaveOil, NoLadder, PickUpOil, PourOil
from engines.gondor.victory import total
from tests.engines.gondor.positions import empty_game, legal, move, put

TRUTH_WORDS = re.compile(r"\b(dummy|dummies|real)\b", re.IGNORECASE)


def carrier(state, counter_id, hex_ref, dummy=False):
    i = put(state, counter_id, hex_ref)
    state.counters[i].carries_oil = True
    state.counters[i].dummy = dummy
    return i


def _carrying(game, seat):
    stacks = game.view(seat)["stacks"]
    spear = [c for s in stacks for c in s["counters"] if c["id"] == "gondor-spearmen-1"]
    return spear[0]["carrying"]


def test_16_75_a_unit_entering_a_cauldron_hex_may_pick_up_one_oil():
    """16.75 (with 16.71-16.72): a Westernesse combat unit entering a cauldron's hex may pick
    up one oil counter, free; one per unit; the carrier's MA -1."""
    game = empty_game(1, "westernesse-movement")
    spear = put(game.state, "gondor-spearmen-1", "2511")
    cauldron = put(game.state, "cauldron-1", "2512")
    game.state.counters[cauldron].dummy, game.state.counters[cauldron].oil = False, 3
    move(game, [spear], "2512")
    assert game.state.pending is not None and game.state.pending.kind == "oil-pickup"
    assert legal(game, 1) == [PickUpOil(counter=spear), LeaveOil()]
    assert game.auto_play_reveals(1)
    events = game.apply(1, PickUpOil(counter=spear))
    assert game.state.counters[spear].carries_oil
    assert game.state.counters[cauldron].oil == 2
    assert [e.text for e in events if e.seat is None] == ["Gondor Spearmen 1 picks up oil."]
    assert [e.text for e in events if e.seat == 1] == [
        "(Only you see this: in 2512, city level 2, real oil.)"
    ]
    assert (_carrying(game, 1), _carrying(game, 0)) == ("oil", "?")
    piece = game.state.counters[spear].piece()
    assert piece_allowance(piece, "2512") == 4  # 5 in the city (15.21), -1 with oil (16.75)


def test_16_72_a_unit_picks_up_oil_on_its_way_and_moves_off():
    """16.72: "a Westernesse combat unit simply enters the same hex as a Cauldron, 'picks up'
    an Oil counter (dummy or otherwise) and moves off. There is no cost": the pick-up is part
    of the move, not its end."""
    game = empty_game(1, "westernesse-movement")
    spear = put(game.state, "gondor-spearmen-1", "2511")
    pot = put(game.state, "cauldron-1", "2411")  # the way to 2212: 2411, 2312, 2212
    game.state.counters[pot].dummy, game.state.counters[pot].oil = False, 3
    move(game, [spear], "2212")
    assert game.state.pending is not None and game.state.pending.kind == "oil-pickup"
    assert legal(game, 1) == [PickUpOil(counter=spear), LeaveOil()]
    events = game.apply(1, PickUpOil(counter=spear))
    assert game.state.counters[spear].hex == "2212" and game.state.counters[spear].carries_oil
    assert game.state.counters[pot].oil == 2
    assert [e.text for e in events if e.seat == 1] == [
        "(Only you see this: in 2411, city level 2, real oil.)"
    ]
    assert not any("2411" in e.text for e in events if e.seat is None)


def test_16_75_one_oil_per_unit():
    """16.75: one oil counter per unit: a carrier is not asked again."""
    game = empty_game(1, "westernesse-movement")
    spear = carrier(game.state, "gondor-spearmen-1", "2511")
    put(game.state, "cauldron-1", "2512")
    move(game, [spear], "2512")
    assert game.state.pending is None


def test_16_74_pouring_real_oil_destroys_the_unit_and_tower_below():
    """16.74: a unit carrying oil, adjacent to and higher than a hex with a Sauron combat unit
    or Siege Tower, may pour it during the Sauron Movement Phase, eliminating that unit and/or
    tower."""
    game = empty_game(1, "sauron-movement")
    spear = carrier(game.state, "gondor-spearmen-1", "2512")
    orc = put(game.state, "orc-infantry-1", "2514")
    tower = put(game.state, "siege-tower-1", "2514")
    move(game, [orc, tower], "2513")
    game.apply(0, NoLadder())  # the Ladder question comes first
    assert game.state.pending is not None and game.state.pending.kind == "oil"
    assert game.to_act() == [1]
    assert game.view(0)["to_act"] == ["westernesse"]
    assert legal(game, 1) == [PourOil(counter=spear, hex="2513"), HoldOil()]
    before = total(game.state, "sauron")
    game.apply(1, PourOil(counter=spear, hex="2513"))
    assert game.state.counters[orc].hex is None
    assert game.state.counters[tower].hex is None
    assert not game.state.counters[spear].carries_oil
    assert total(game.state, "sauron") == before + 4
    assert game.state.pending is None and game.to_act() == [0]
    assert "pours oil from Gondor Spearmen 1 on 2513" in game.state.log[-1]


def test_16_74_dummy_oil_is_asked_alike_and_can_only_hold():
    """16.74 [R]: the question is asked whether the oil is real or not, never auto-answered."""
    game = empty_game(1, "sauron-movement")
    carrier(game.state, "gondor-spearmen-1", "2512", dummy=True)
    orc = put(game.state, "orc-infantry-1", "2514")
    move(game, [orc], "2513")
    game.apply(0, NoLadder())
    assert game.state.pending is not None and game.state.pending.kind == "oil"
    assert legal(game, 1) == [HoldOil()]
    assert game.auto_play_reveals(1)
    game.apply(1, HoldOil())
    assert game.state.counters[orc].hex == "2513"
    assert game.state.pending is None


def test_16_74_oil_is_poured_on_a_stack_as_it_passes_below():
    """16.74: "The Westernesse unit may use his oil on any Sauron combat unit or Siege Tower
    *during* the Sauron Movement Phase": on a stack passing below it, not only one that stops
    there."""
    game = empty_game(1, "sauron-movement")
    spear = carrier(game.state, "gondor-spearmen-1", "2512")
    orc = put(game.state, "orc-infantry-1", "2514")
    move(game, [orc], "2811")  # by 2513 and 2612, both below the wall hex 2512
    assert game.state.pending is not None and game.state.pending.kind == "oil-passing"
    assert game.to_act() == [1]
    pours = [PourOil(counter=spear, hex="2513"), PourOil(counter=spear, hex="2612")]
    assert legal(game, 1) == [*pours, HoldOil()]
    game.apply(1, pours[1])
    assert game.state.counters[orc].hex is None
    assert not game.state.counters[spear].carries_oil
    assert "on the stack passing 2612, city level 1: Orc Infantry 1 destroyed" in game.state.log[-1]
    assert game.state.pending is None and game.to_act() == [0]


def test_16_74_a_stack_passing_dummy_oil_is_asked_alike_and_goes_on():
    """16.74 [R]: the passing question is asked for dummy oil too; holding lets it arrive."""
    game = empty_game(1, "sauron-movement")
    carrier(game.state, "gondor-spearmen-1", "2512", dummy=True)
    orc = put(game.state, "orc-infantry-1", "2514")
    move(game, [orc], "2811")
    assert game.state.pending is not None and game.state.pending.kind == "oil-passing"
    assert legal(game, 1) == [HoldOil()] and game.auto_play_reveals(1)
    game.apply(1, HoldOil())
    assert game.state.counters[orc].hex == "2811"
    assert not TRUTH_WORDS.search(" ".join(game.state.log))


def test_16_74_a_tower_hex_is_higher_than_every_neighbour_and_level_ground_is_not():
    """15.14: Towers are higher than every adjacent hex; a unit on its own level is not."""
    game = empty_game(1, "sauron-movement")
    carrier(game.state, "gondor-spearmen-1", "2114")
    carrier(game.state, "gondor-spearmen-2", "2214")
    orc = put(game.state, "orc-infantry-1", "2116")
    move(game, [orc], "2115")
    while game.state.pending is not None and game.state.pending.kind == "ladder":
        game.apply(0, NoLadder())
    spear = next(i for i, c in enumerate(game.state.counters) if c.id == "gondor-spearmen-1")
    assert legal(game, 1) == [PourOil(counter=spear, hex="2115"), HoldOil()]


def test_16_74_the_question_comes_at_the_start_of_the_sauron_movement_phase():
    """16.74 [R]: asked at the start of the phase if a carrier could already pour."""
    game = empty_game(1, "siege")
    carrier(game.state, "gondor-spearmen-1", "2512")
    put(game.state, "orc-infantry-1", "2513")
    game.apply(0, legal(game, 0)[-1])  # End phase
    game.apply(1, legal(game, 1)[-1])  # Westernesse's part (its fireballs, 16.6): End phase
    assert game.state.phase == "sauron-movement"
    assert game.state.pending is not None and game.state.pending.kind == "oil"


# ---- hidden information: a property over random play ------------------------------------


def test_16_72_sauron_never_learns_which_cauldron_oil_came_from():
    """16.72: a unit "picks up" an oil counter and moves off; the text never says the
    enemy learns from which cauldron: Sauron's view shows no cauldron's oil count and the
    public log names no hex."""
    game = empty_game(1, "westernesse-movement")
    spear = put(game.state, "gondor-spearmen-1", "2511")
    for n, hex_ref in enumerate(("2512", "2411"), 1):
        pot = put(game.state, f"cauldron-{n}", hex_ref)
        game.state.counters[pot].dummy, game.state.counters[pot].oil = n == 2, 3
    before = game.view(0)
    move(game, [spear], "2512")
    events = game.apply(1, PickUpOil(counter=spear))
    pots = {
        s["hex"]: c["name"]
        for s in game.view(0)["stacks"]
        for c in s["counters"]
        if c["kind"] == "cauldron"
    }
    assert pots == {"2512": "Cauldron", "2411": "Cauldron"}
    assert [c for s in before["stacks"] for c in s["counters"] if c["kind"] == "cauldron"] == [
        c for s in game.view(0)["stacks"] for c in s["counters"] if c["kind"] == "cauldron"
    ]
    assert not any("2512" in e.text for e in events if e.seat is None)
    names = [c["name"] for s in game.view(1)["stacks"] for c in s["counters"]]
    assert "Cauldron (2 oil)" in names and "Cauldron (3 oil)" in names


def _position(seed: int, swap: bool):
    """Carriers on the walls, cauldrons in the city, Sauron below; ``swap`` flips every truth."""
    game = empty_game(1, "siege")
    s = game.state
    s.seed = seed
    for n, (hex_ref, dummy) in enumerate((("2512", False), ("2412", True), ("2014", False)), 1):
        carrier(s, f"gondor-spearmen-{n}", hex_ref, dummy)
    for n, hex_ref in enumerate(("2511", "2411", "2311", "2011", "1912", "2510"), 1):
        i = put(s, f"cauldron-{n}", hex_ref)
        s.counters[i].dummy, s.counters[i].oil = n % 2 == 0, 3
    put(s, "gondor-axeman-1", "2310")
    put(s, "gondor-bowman-1", "2410")
    for n, hex_ref in enumerate(("2514", "2415", "2116", "2316", "2614"), 1):
        put(s, f"orc-infantry-{n}", hex_ref)
    put(s, "sauron-catapult-1", "2515")
    put(s, "siege-tower-1", "2514")
    if swap:
        for c in s.counters:
            if c.is_cauldron or c.carries_oil:
                c.dummy = not c.dummy
    return game


def _public(events):
    return [e.text for e in events if e.seat is None]


@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_hidden_truths_never_reach_sauron_or_spectators(seed):
    """16.71-16.74, Hidden information: Sauron's and spectators' views and the public log
    never tell real from dummy, and are the same for two games that differ only in the truth
    of cauldrons and oil, destroyed cauldrons included, until real oil pours."""
    a, b = _position(seed, False), _position(seed, True)
    rng = random.Random(seed)
    for _ in range(400):
        if a.is_over:
            break
        assert a.to_act() == b.to_act()
        for viewer in (0, None):
            va, vb = a.view(viewer), b.view(viewer)
            assert va == vb
            assert not TRUTH_WORDS.search(json.dumps(va))
        seat = a.to_act()[0]
        action = rng.choice(a.legal_actions(seat))
        if action not in b.legal_actions(seat):
            assert isinstance(action, PourOil)  # only real oil pours: that reveals it
            break
        ea, eb = a.apply(seat, action), b.apply(seat, action)
        assert _public(ea) == _public(eb)
        assert not any(TRUTH_WORDS.search(t) for t in _public(ea))
