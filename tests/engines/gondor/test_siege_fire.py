"""Fireballs (16.6) and Severed Heads (16.8): range, scatter, fire, heads."""

from engines.gondor.combat.odds import morale_row
from engines.gondor.movement import reachable
from engines.gondor.siege import fireballs
from engines.gondor.siege.actions import Hurl
from engines.gondor.siege.fireballs import fireball_orders, targets
from engines.gondor.victory import total
from tests.engines.gondor.play import end_phase
from tests.engines.gondor.positions import Dice, empty_game, legal, put


def hurl(game, counter, hex_ref, head=False):
    order = next(
        a
        for a in legal(game, game.to_act()[0])
        if isinstance(a, Hurl) and a.counter == counter and a.hex == hex_ref and a.head == head
    )
    game.apply(game.to_act()[0], order)
    return order


def test_16_61_range_up_to_four_counting_the_target_and_never_over_mountain():
    """16.61: range up to four hexes, counting the target hex but not the firer's."""
    reach = dict(targets("2517"))
    assert reach["2513"] == 4
    assert "2512" not in reach  # five hexes away
    assert "2517" not in reach
    near_mountain = dict(targets("0704"))
    assert all(h[:2] != "07" or int(h[2:]) > 3 for h in near_mountain)  # 0701-0703 Mountain


def test_16_63_a_fireball_at_range_three_scatters_on_a_four(monkeypatch):
    """16.63: at range 3-4 roll a die: 1-3 on target, 4-6 scatters one hex by the Scatter
    Diagram; the seed's example sends a fireball aimed at 2906 to 2907 on a 4."""
    game = empty_game()
    cat = put(game.state, "sauron-catapult-1", "2909")
    monkeypatch.setattr(fireballs, "rng_for", Dice(4))
    order = hurl(game, cat, "2906")
    assert order.range == 3
    assert game.state.fires == ["2907"]
    assert "Die 4: it scatters E to 2907" in game.state.log[-2]


def test_16_63_on_target_on_one_to_three(monkeypatch):
    """16.63: 1-3, it lands on the target."""
    game = empty_game()
    cat = put(game.state, "sauron-catapult-1", "2909")
    monkeypatch.setattr(fireballs, "rng_for", Dice(3))
    hurl(game, cat, "2906")
    assert game.state.fires == ["2906"]


def test_16_64_a_scattered_fireball_may_land_five_hexes_away(monkeypatch):
    """16.64: a fireball at range four that scatters may land five hexes from the catapult."""
    game = empty_game()
    cat = put(game.state, "sauron-catapult-1", "2902")
    monkeypatch.setattr(fireballs, "rng_for", Dice(4))  # 4 = east: row + 1
    order = hurl(game, cat, "2906")
    assert order.range == 4
    assert game.state.fires == ["2907"]  # five hexes from 2902


def test_16_65_fire_destroys_catapults_cauldrons_towers_and_units_with_towers(monkeypatch):
    """16.65: the fire destroys a catapult, cauldron or siege tower in the hex, and a combat
    unit stacked with a siege tower; no other effect on units."""
    game = empty_game()
    cat = put(game.state, "sauron-catapult-1", "2517")
    enemy_cat = put(game.state, "gondor-catapult-1", "2515")
    spear = put(game.state, "gondor-spearmen-1", "2515")
    tower = put(game.state, "siege-tower-1", "2516")
    orc = put(game.state, "orc-infantry-1", "2516")
    hurl(game, cat, "2515")
    assert game.state.counters[enemy_cat].hex is None
    assert game.state.counters[spear].hex == "2515"  # no effect on a unit without a tower
    game.state.fired.clear()
    garrison = total(game.state, "sauron")
    hurl(game, cat, "2516")
    assert game.state.counters[tower].hex is None
    assert game.state.counters[orc].hex is None
    assert total(game.state, "sauron") == garrison + 4  # Orc Infantry E-2-Y: 4 points (9.1)


def test_16_65_a_burnt_cauldron_keeps_its_secret():
    """16.65: a fireball destroys a cauldron; 16.71: nothing in the text reveals whether it
    was a dummy, so only Westernesse reads it."""
    game = empty_game()
    cat = put(game.state, "sauron-catapult-1", "2514")
    cauldron = put(game.state, "cauldron-1", "2512")
    game.state.counters[cauldron].dummy = True
    order = Hurl(counter=cat, hex="2512", head=False, range=2)
    assert order in legal(game, 0)
    events = game.apply(0, order)
    assert game.state.counters[cauldron].hex is None
    assert game.state.log[-1] == "The cauldron in 2512, city level 2 burns."
    assert not any("dummy" in line or "real" in line for line in game.state.log)
    private = [(e.seat, e.text) for e in events if e.seat is not None]
    assert private == [(1, "(Only you see this: it was a dummy.)")]


def test_16_66_fire_outside_the_city_goes_out_at_the_next_siege_phase_inside_it_stays():
    """16.66: inside the city a fire burns for the rest of the game; outside it is removed
    at the start of the next Siege Phase."""
    game = empty_game()
    game.state.fires = ["2512", "2516"]  # level 2, and the plain
    while (game.state.turn, game.state.phase) != (2, "siege"):
        end_phase(game)
    assert game.state.fires == ["2512"]
    assert game.view(None)["fires"] == ["2512"]


def test_16_67_a_fire_costs_three_more_mp():
    """16.67: +3 MP to enter or pass a hex with a fire counter."""
    game = empty_game()
    put(game.state, "mordor-orcs-1", "2519")
    before = reachable(game.state.board(), "mordor-orcs-1")["2518"]
    game.state.fires = ["2518"]
    assert reachable(game.state.board(), "mordor-orcs-1")["2518"] == before + 3


def test_16_83_a_head_in_the_city_adds_one_and_shakes_the_hex(monkeypatch):
    """16.83: each Head landing in the city adds 1 to the garrison; 16.84: Westernesse units
    in its hex are one morale row worse that Game-Turn."""
    game = empty_game()
    cat = put(game.state, "sauron-catapult-1", "2514")
    before = total(game.state, "garrison")
    hurl(game, cat, "2512", head=True)
    assert game.state.heads == ["2512"]
    assert game.state.heads_left == 11
    assert total(game.state, "garrison") == before + 1
    assert game.view(1)["heads"] == ["2512"]


def test_16_84_16_86_a_head_from_an_earlier_turn_still_lowers_morale():
    """16.84: units in the same hex as a Severed Head have their Morale lowered one level "for
    the Game-Turn they are in such a hex"; 16.86: "Heads may be removed only by fire". A unit
    entering a Head's hex on a later Game-Turn is shaken; a fireball there ends it."""
    game = empty_game()
    cat = put(game.state, "sauron-catapult-1", "2514")
    hurl(game, cat, "2512", head=True)
    while (game.state.turn, game.state.phase) != (3, "siege"):
        end_phase(game)
    spear = put(game.state, "gondor-spearmen-1", "2512")
    assert game.state.heads == ["2512"]
    assert morale_row(game.state, spear) == "Y"  # printed X, one level lower
    game.state.fired.clear()
    hurl(game, cat, "2512")
    assert game.state.heads == [] and morale_row(game.state, spear) == "X"


def test_16_85_a_head_outside_the_city_is_removed():
    """16.85: a Head landing outside the city is removed (no point)."""
    game = empty_game()
    cat = put(game.state, "sauron-catapult-1", "2517")
    before = total(game.state, "garrison")
    hurl(game, cat, "2516", head=True)
    assert game.state.heads == []
    assert total(game.state, "garrison") == before


def test_16_86_a_head_on_a_fire_or_cauldron_is_removed_and_fire_burns_heads():
    """16.86: a Head landing on a fire or a cauldron is removed with no point; a fireball in
    a Head's hex removes the Head, the point stays."""
    game = empty_game()
    cat = put(game.state, "sauron-catapult-1", "2514")
    put(game.state, "cauldron-2", "2513")
    game.state.fires = ["2512"]
    before = total(game.state, "garrison")
    hurl(game, cat, "2512", head=True)
    game.state.fired.clear()
    hurl(game, cat, "2513", head=True)
    assert game.state.heads == []
    assert total(game.state, "garrison") == before
    game.state.fired.clear()
    hurl(game, cat, "2412", head=True)
    game.state.fired.clear()
    hurl(game, cat, "2412")
    assert game.state.heads == []
    assert total(game.state, "garrison") == before + 1


def test_16_81_twelve_heads_in_all():
    """16.81: twelve Severed Heads; with none left no Head is offered."""
    game = empty_game()
    put(game.state, "sauron-catapult-1", "2514")
    game.state.heads_left = 0
    assert not any(isinstance(a, Hurl) and a.head for a in legal(game, 0))


def test_16_6_westernesse_fireball_orders_are_fireballs_only():
    """16.6, 16.8: Westernesse catapults hurl fireballs, never Heads."""
    game = empty_game()
    cat = put(game.state, "gondor-catapult-1", "2512")
    orders = fireball_orders(game.state)
    assert orders and all(isinstance(a, Hurl) and not a.head for a in orders)
    assert {a.counter for a in orders} == {cat}
    game.state.fired.append(cat)
    assert fireball_orders(game.state) == []


def test_16_6_fireballs_are_always_hurled_in_the_siege_phase():
    """16.6: "Fireballs are always hurled in the Siege Phase and constitute a firing": after
    Sauron's firing Westernesse's catapults may hurl theirs there (16.12: once a Game-Turn),
    and never in Westernesse's Combat Phase."""
    game = empty_game()
    cat = put(game.state, "gondor-catapult-1", "2512")
    put(game.state, "gondor-spearmen-1", "2512")
    put(game.state, "siege-tower-1", "2514")
    put(game.state, "orc-infantry-1", "2515")
    assert game.to_act() == [0]
    end_phase(game)  # Sauron ends his firing
    assert (game.state.phase, game.to_act()) == ("siege", [1])
    order = Hurl(counter=cat, hex="2514", head=False, range=2)
    assert order in legal(game, 1)
    game.apply(1, order)
    assert "2514" in game.state.fires
    while game.state.phase != "westernesse-combat":
        end_phase(game)
    game.state.fired.clear()  # were it ready again, still no fireball in a Combat Phase
    game._cache = None
    assert not any(isinstance(a, Hurl) for a in legal(game, 1))


def test_16_63_16_86_a_heads_chance_counts_where_its_scatter_may_land():
    """16.63: from range 3 half the rolls scatter one hex; 16.85-16.86: a Head scores only in
    the city off fires and cauldrons. 2514 (range 3 from 2517) may scatter out of the city;
    2513 (range 4) may not, until a cauldron stands on one of the hexes it may scatter to."""
    game = empty_game()
    cat = put(game.state, "sauron-catapult-1", "2517")

    def chance(hex_ref):
        order = next(
            a for a in legal(game, 0) if isinstance(a, Hurl) and a.head and a.hex == hex_ref
        )
        return fireballs.head_chance(game.state, order)

    assert chance("2514") == 5 / 6
    assert chance("2513") == 1
    assert chance("2516") == 0  # outside the city (16.85)
    put(game.state, "cauldron-2", "2413")
    assert chance("2413") == 1 / 2  # on target it lands on the cauldron (16.86)
    assert chance("2513") < 1
    game.state.counters[cat].hex = "2514"
    assert chance("2512") == 1  # range 2: no scatter
    game.state.fires = ["2512"]
    assert chance("2512") == 0
