"""Siege Phase B (16.2-16.5): breach fire, ranges, Grond, advance during siege."""

from engines.gondor.actions import EndPhase
from engines.gondor.data import MAP
from engines.gondor.siege import phase as siege_phase
from engines.gondor.siege.actions import BreachFire, GrondBreach, Hurl, SiegeAdvance, StayPut
from engines.gondor.siege.phase import activate_grond, breach_targets
from engines.gondor.victory import total
from tests.engines.gondor.play import end_phase
from tests.engines.gondor.positions import Dice, empty_game, legal, put

WALL = "2512/2513"  # inner wall: lower 2513 (level 1), upper 2512 (level 2)


def breach_orders(game):
    return [a for a in legal(game, 0) if isinstance(a, BreachFire | GrondBreach)]


def test_16_22_a_catapult_at_range_two_breaches_a_wall_only_on_a_nine(monkeypatch):
    """16.22: "a Catapult firing at a wall hexside at a range of two breaches it on a 9";
    any other number, no effect."""
    game = empty_game()
    cat = put(game.state, "sauron-catapult-1", "2514")
    order = BreachFire(counter=cat, a="2512", b="2513", range=2)
    assert order in game.legal_actions(0)
    assert order.label() == (
        "Catapult 1 at the wall 2512/2513 of city level 2 (range 2: breaches on 9)"
    )
    assert "4 in 36" in (order.detail() or "")
    monkeypatch.setattr(siege_phase, "rng_for", Dice(5, 5))
    game.apply(0, order)
    assert WALL not in game.state.breaches
    assert "rolls 5+5 = 10, no effect" in game.state.log[-1]
    game.state.fired.clear()
    monkeypatch.setattr(siege_phase, "rng_for", Dice(4, 5))
    game.apply(0, order)
    assert WALL in game.state.breaches
    assert game.view(0)["breaches"] == [["2512", "2513"]]


def test_16_23_range_is_one_plus_the_distance_to_the_nearer_hex():
    """16.23: range counts from the catapult to the nearer hex of the hexside; adjacent = 1."""
    assert dict(breach_targets("2513"))[WALL] == 1  # in a hex of the hexside
    assert dict(breach_targets("2514"))[WALL] == 2
    assert dict(breach_targets("2515"))[WALL] == 3
    assert dict(breach_targets("2516"))[WALL] == 4
    assert WALL not in dict(breach_targets("2517"))  # 16.21: range 1-4 only


def test_15_23_the_outer_wall_and_the_main_gate_are_never_catapult_targets():
    """15.23: the Outer Wall is never breached; only Grond may breach the Main Gate."""
    targets = dict(breach_targets("1918"))
    assert targets  # inner walls within range
    assert "1917/1918" not in targets
    assert all(MAP.hexsides[w].wall != "outer" for w in targets)


def test_each_catapult_fires_once_per_game_turn():
    """16.12: a catapult fires once per Game-Turn."""
    game = empty_game()
    cat = put(game.state, "sauron-catapult-1", "2514")
    order = BreachFire(counter=cat, a="2512", b="2513", range=2)
    game.apply(0, order)
    assert cat in game.state.fired
    assert breach_orders(game) == []
    assert game.legal_actions(0) == [EndPhase()]


def test_16_28_grond_breaches_only_once_activated_and_the_main_gate_adds_five(monkeypatch):
    """16.28, 17.13: Grond, carried by Trolls, batters an adjacent hexside once activated;
    19.11: a Main Gate breached by Grond adds +5 to the garrison."""
    game = empty_game()
    grond = put(game.state, "grond-1", "1918")
    put(game.state, "trolls-1", "1918")
    assert breach_orders(game) == []
    activate_grond(game.state)
    gate = GrondBreach(counter=grond, a="1917", b="1918")
    assert gate in breach_orders(game)
    assert gate.label() == "Grond 1 at the Main Gate 1917/1918 (breaches on 4-10)"
    before = total(game.state, "garrison")
    monkeypatch.setattr(siege_phase, "rng_for", Dice(2, 2))
    game.apply(0, gate)
    assert "1917/1918" in game.state.breaches
    assert total(game.state, "garrison") == before + 5
    assert breach_orders(game) == []  # once per Siege Phase [R]


def test_grond_needs_its_carrier():
    """16.13: Grond is usable only with a Troll or Uruk-Hai in its hex."""
    game = empty_game()
    put(game.state, "grond-1", "1918")
    put(game.state, "orc-infantry-1", "1918")
    activate_grond(game.state)
    assert breach_orders(game) == []


def test_16_51_infantry_with_the_catapult_may_advance_through_a_range_one_breach(monkeypatch):
    """16.51-16.52: a breach at range 1 lets an infantry unit stacked with the equipment
    advance one hex through it at once, voluntarily."""
    game = empty_game()
    cat = put(game.state, "sauron-catapult-1", "2513")
    orc = put(game.state, "orc-infantry-1", "2513")
    monkeypatch.setattr(siege_phase, "rng_for", Dice(4, 4))
    game.apply(0, BreachFire(counter=cat, a="2512", b="2513", range=1))
    assert game.state.pending is not None and game.state.pending.kind == "siege-advance"
    assert game.legal_actions(0) == [SiegeAdvance(counter=orc, hex="2512"), StayPut()]
    game.apply(0, SiegeAdvance(counter=orc, hex="2512"))
    assert game.state.counters[orc].hex == "2512"
    assert game.state.pending is None


def test_16_52_no_advance_into_an_enemy_zoc(monkeypatch):
    """16.52: not into an enemy unit or ZOC."""
    game = empty_game()
    cat = put(game.state, "sauron-catapult-1", "2513")
    put(game.state, "orc-infantry-1", "2513")
    put(game.state, "gondor-spearmen-1", "2511")
    monkeypatch.setattr(siege_phase, "rng_for", Dice(4, 4))
    game.apply(0, BreachFire(counter=cat, a="2512", b="2513", range=1))
    assert "2512" in [h for w in game.state.breaches for h in w.split("/")]
    assert game.state.pending is None


def test_16_41_a_siege_tower_is_ready_when_it_began_the_siege_phase_at_the_wall():
    """16.41: a Siege Tower that began a Siege Phase adjacent to a wall hexside (and stayed)
    lets units cross that hexside upward."""
    game = empty_game(1, "magic-1")
    tower = put(game.state, "siege-tower-1", "2513")
    while game.state.phase != "siege":
        end_phase(game)
    assert game.state.board().ready_towers.get(WALL) == "sauron"
    game.state.counters[tower].hex = "2514"
    assert WALL not in game.state.board().ready_towers
    game.state.counters[tower].hex = "2513"
    assert game.state.board().ready_towers.get(WALL) == "sauron"


def test_16_27_a_breach_stays_and_the_board_sees_it():
    """16.27: a breach marker marks the hexside for the rest of the game."""
    game = empty_game()
    game.state.breaches.append(WALL)
    end_phase(game)
    assert WALL in game.state.board().breaches


def test_every_siege_label_and_detail_fits():
    """Labels say what the order does in at most 80 characters (a hurl, always listed under its
    catapult's heading, 100: a list's option), details in at most 100."""
    game = empty_game()
    for n, hex_ref in enumerate(("1609", "2211", "1918"), 1):
        put(game.state, f"sauron-catapult-{n}", hex_ref)
    put(game.state, "grond-1", "1612")
    put(game.state, "uruk-hai-1", "1612")
    activate_grond(game.state)
    orders = legal(game, 0)
    assert any(isinstance(a, GrondBreach) for a in orders)
    assert any(isinstance(a, BreachFire) and "Gate" in a.label() for a in orders)
    for action in orders:
        assert len(action.label()) <= (100 if isinstance(action, Hurl) else 80), action.label()
        assert len(action.detail() or "") <= 100, action.detail()
