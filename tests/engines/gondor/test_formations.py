"""Special Formations (6.0), arriving formed and attacking from off the map (14.2), hints."""

from engines.gondor.arrivals import beyond
from engines.gondor.combat.odds import strike_class
from engines.gondor.formation_actions import BreakFormation, EdgeMelee, Form
from engines.gondor.state import ActiveSpell

from .scene import counter, index, kinds, load, play, scene

W_MOVE, W_COMBAT = "westernesse-movement", "westernesse-combat"


def _acts(game, kind):
    return [a for a in game.legal_actions(game.to_act()[0]) if a.kind == kind]


def test_a_leader_forms_a_shieldwall_the_joining_unit_steps_in():
    """6.0: "A leader not frozen (17.12) may form one formation of two combat units stacked in
    its hex ... Shieldwall: two infantry: APR +1, moves at most 1 hex." The adjacent unit steps
    in (its move); both units count as moved; one formation per leader per phase."""
    game = scene(
        {
            "imrahil": "2620",
            "gondor-spearmen-1": "2620",
            "gondor-spearmen-2": "2621",
            "gondor-spearmen-3": "2619",
        },
        phase=W_MOVE,
    )
    forms = _acts(game, "form")
    assert {(a.formation, a.joins) for a in forms} == {
        ("shieldwall", index(game, "gondor-spearmen-2")),
        ("shieldwall", index(game, "gondor-spearmen-3")),
    }  # 2620 is not on a road: no Column
    spear2 = index(game, "gondor-spearmen-2")
    events = play(game, "form", joins=spear2)
    assert "steps in from 2621" in events[0].text
    s = game.state
    assert counter(game, "gondor-spearmen-2").hex == "2620"
    assert {counter(game, f"gondor-spearmen-{n}").formation for n in (1, 2)} == {"shieldwall"}
    assert index(game, "gondor-spearmen-1") in s.moved and spear2 in s.moved
    assert _acts(game, "form") == []  # Imrahil has formed this phase
    assert not any(index(game, "gondor-spearmen-1") in a.counters for a in _acts(game, "select"))


def test_column_on_a_road_wedge_for_two_cavalry_never_frozen():
    """6.0: "Column: two units on a road ... Wedge: two cavalry"; 17.12: frozen leaders may not
    "form special formations"."""
    where = {"imrahil": "2020", "gondor-mounted-knight-1": "2020", "gondor-lance-knight-1": "2021"}
    game = scene(where, phase=W_MOVE)
    assert {a.formation for a in _acts(game, "form")} == {"column", "wedge"}
    game = scene({**where, "nazgul-lord": "2023"}, phase=W_MOVE)  # Imrahil within 3 of him
    spell = ActiveSpell(id="freeze-leader-1", family="freeze-leader", phase="magic-1", ends=2)
    game.state.spells.append(spell)
    game.state.step += 1
    assert _acts(game, "form") == []


def test_a_column_moves_as_one_with_two_more_mp():
    """6.0 / 3.1: a Column gets +2 MP for the stack and moves as one group (never split)."""
    game = scene({"gondor-spearmen-1": "2020", "gondor-spearmen-2": "2020"}, phase=W_MOVE)
    for n in (1, 2):
        counter(game, f"gondor-spearmen-{n}").formation = "column"
    game.state.step += 1
    selects = [a.counters for a in _acts(game, "select")]
    assert selects == [(index(game, "gondor-spearmen-1"), index(game, "gondor-spearmen-2"))]
    play(game, "select", hex="2020")
    assert max(a.mp for a in _acts(game, "move")) > 8  # beyond an infantry unit's 4 MP


def test_a_shieldwall_moves_one_hex_and_cannot_be_left_stacked_when_broken():
    """6.0: a Shieldwall "moves at most 1 hex"; breaking it moves a unit out at once (5.2)."""
    game = scene({"gondor-spearmen-1": "2620", "gondor-spearmen-2": "2620"}, phase=W_MOVE)
    for n in (1, 2):
        counter(game, f"gondor-spearmen-{n}").formation = "shieldwall"
    game.state.step += 1
    play(game, "select", hex="2620")
    assert {a.hex for a in _acts(game, "move")} <= {"2520", "2521", "2619", "2621", "2720", "2721"}
    play(game, "deselect")
    spear2 = index(game, "gondor-spearmen-2")
    breaks = _acts(game, "break_formation")
    assert {a.unit for a in breaks} == {index(game, "gondor-spearmen-1"), spear2}
    play(game, "break_formation", unit=spear2)
    assert set(kinds(game)) == {"move"}  # no "choose another group": it must move out
    play(game, "move", hex="2621")
    assert game.state.pending is None and counter(game, "gondor-spearmen-2").hex == "2621"
    assert counter(game, "gondor-spearmen-1").formation is None


def test_a_wedge_charges_once_one_class_better(monkeypatch):
    """6.0: "Wedge: two cavalry: their first melee is made with the melee class one letter
    better" [R: the charge is spent; the two stay stacked as a Wedge until it breaks]."""
    game = scene(
        {
            "rohan-heavy-cavalry-1": "2620",
            "rohan-heavy-cavalry-2": "2620",
            "trolls-1": "2621",
            "trolls-2": "2519",
        },
        phase=W_COMBAT,
    )
    for n in (1, 2):
        counter(game, f"rohan-heavy-cavalry-{n}").formation = "wedge"
    s = game.state
    rider1, rider2 = index(game, "rohan-heavy-cavalry-1"), index(game, "rohan-heavy-cavalry-2")
    assert strike_class(s, rider1) == "A" and strike_class(s, rider1, attack=False) == "B"
    s.step += 1
    load(monkeypatch, 6, 6, 6, 6)  # both miss
    first = next(a for a in _acts(game, "melee") if a.unit == rider1)
    assert first.need == 8  # A against APR 3
    game.apply(1, first)
    s = game.state
    assert set(s.charged) == {rider1, rider2}
    assert strike_class(s, rider2) == "B" and counter(game, "rohan-heavy-cavalry-2").formation
    assert [a.need for a in _acts(game, "melee")] == [7]  # B against APR 3 (Trolls), not A


def test_reinforcements_arrive_formed_a_shieldwall_stops_on_its_entry_hex():
    """14.2: "Westernesse Reinforcements may arrive in Special Formations"; Aragorn's host
    (Game-Turn ten, Southern edge) with Aragorn forms two Spearmen into a Shieldwall that enters
    together, its one hex being the entry hex."""
    game = scene({}, phase=W_MOVE, turn=10)
    forms = [a for a in _acts(game, "form") if a.leader == index(game, "aragorn")]
    assert {a.formation for a in forms} == {"column", "wedge", "shieldwall"}  # 0113 is a road
    assert all(a.hex is None for a in forms)
    assert all(len(a.label()) <= 80 and len(a.detail() or "") <= 100 for a in forms)
    wall = next(a for a in forms if a.formation == "shieldwall")
    game.apply(1, wall)
    assert game.state.selected == [wall.unit, wall.joins, wall.leader]
    moves = _acts(game, "move")
    assert moves and all(a.hex == a.entry for a in moves)
    play(game, "move", hex="0110")
    for i in (wall.unit, wall.joins, wall.leader):
        assert game.state.counters[i].hex == "0110"
    assert game.state.counters[wall.unit].formation == "shieldwall"


def test_a_waiting_formation_enters_as_one_or_breaks():
    """14.2: a formed pair waiting off the map is selected together; breaking it off the map
    just unforms it."""
    game = scene({}, phase=W_MOVE, turn=10)
    wall = next(
        a
        for a in _acts(game, "form")
        if a.formation == "wedge" and a.leader == index(game, "aragorn")
    )
    game.apply(1, wall)
    play(game, "deselect")
    pairs = [a.counters for a in _acts(game, "select") if wall.unit in a.counters]
    assert pairs == [(wall.unit, wall.joins)]
    assert [a for a in _acts(game, "break_formation") if a.hex is None]
    play(game, "break_formation", unit=wall.unit)
    assert game.state.counters[wall.joins].formation is None


def _blocked(turn: int = 10):
    """Aragorn's host has arrived; Trolls stand on its entry hex 0110 (Westernesse Combat)."""
    game = scene({"trolls-1": "0110"}, phase=W_COMBAT, turn=turn)
    game.state.arrived.append("aragorn")
    game.state.step += 1
    return game


def test_waiting_units_attack_a_blocker_then_advance(monkeypatch):
    """14.2: "arriving Westernesse reinforcements may attack Enemy units blocking their passage
    Onto the game-map" [I: in the melee segment, as if from just beyond the edge hex]."""
    game = _blocked()
    attacks = [a for a in _acts(game, "edge_melee") if isinstance(a, EdgeMelee)]
    spear = index(game, "men-spearmen-1")
    mine = next(a for a in attacks if a.unit == spear)
    assert (mine.need, mine.back) == (5, 7)  # D vs APR 3; B vs APR 3
    assert all(len(a.label()) <= 80 and len(a.detail() or "") <= 100 for a in attacks)
    load(monkeypatch, 1, 1, 6, 6, 6, 6)  # a hit, a miss back, Morale 12: eliminated
    play(game, "edge_melee", unit=spear, target_unit=index(game, "trolls-1"))
    assert counter(game, "trolls-1").group == "eliminated"
    assert game.state.pending and game.state.pending.kind == "advance"
    events = play(game, "advance", unit=spear)
    assert "from off the map onto 0110" in events[0].text
    assert counter(game, "men-spearmen-1").hex == "0110"


def test_an_attacker_off_the_map_never_retreats(monkeypatch):
    """14.2 [I]: a retreat result leaves the attacker off the map; the defender retreats away
    from the edge (from the hex beyond it)."""
    game = _blocked()
    spear = index(game, "men-spearmen-1")
    load(monkeypatch, 6, 6, 1, 1, 3, 3)  # a miss, a hit back, Morale 6: retreat 1 (row X)
    events = play(game, "edge_melee", unit=spear, target_unit=index(game, "trolls-1"))
    assert "stays off the map" in events[-1].text
    assert counter(game, "men-spearmen-1").hex is None and game.state.pending is None
    assert beyond("0110") == "0010" and beyond("3215") == "3315"


def test_oil_is_not_picked_up_on_a_retreat(monkeypatch):
    """Siege ruling 14 [I 16.72]: a unit "enters the same hex as a Cauldron, picks up an Oil
    counter and moves off": picking up is part of a unit's own move, so a retreat (or advance)
    ending on a cauldron asks nothing."""
    game = scene({"trolls-1": "2620", "gondor-spearmen-1": "2621", "cauldron-1": "2622"})
    cauldron = counter(game, "cauldron-1")
    cauldron.dummy, cauldron.oil = False, 3
    load(monkeypatch, 1, 1, 6, 6, 2, 3)  # a hit, a miss back, Morale 5: retreat 1 (row X)
    play(game, "melee", unit=index(game, "trolls-1"))
    play(game, "retreat", hex="2622")
    assert game.state.pending is None or game.state.pending.kind != "oil-pickup"
    assert not counter(game, "gondor-spearmen-1").carries_oil
    assert counter(game, "gondor-spearmen-1").hex == "2622" and counter(game, "cauldron-1").oil == 3


def test_end_phase_is_greyed_while_a_unit_must_melee():
    """7.31: "every phasing combat unit in an enemy ZOC must melee" before the phase ends."""
    game = scene({"trolls-1": "2620", "gondor-spearmen-1": "2621"})
    greyed = game.unavailable_actions(0)
    assert [(u.label, u.reason) for u in greyed] == [
        ("End phase", "Trolls 1 must still melee (7.31).")
    ]


def test_formation_actions_read_well():
    """Buttons: a label says exactly what happens; details stay short."""
    form = Form(leader=0, unit=1, joins=2, formation="column", hex="2020", mp=2)
    assert form.label().startswith("Form a Column: ") and "(2020, the East road" in form.label()
    assert "+2 MP" in (form.detail() or "")
    broken = BreakFormation(unit=1, formation="wedge", hex="2020")
    assert broken.label().startswith("Break the Wedge in 2020")


def test_grond_is_greyed_until_operated_and_carried():
    """16.28 / 17.13: Grond batters only once Operate Grond is cast, with a Troll or Uruk-Hai."""
    game = scene({"grond-1": "1608"}, phase="siege")
    assert [(u.label, u.reason) for u in game.unavailable_actions(0)] == [
        ("Grond 1 batters", "Operate Grond first: the Nazgûl Lord casts it (17.13).")
    ]
    game.state.grond_active = True
    game.state.step += 1
    assert "Trolls or Uruk-Hai" in game.unavailable_actions(0)[0].reason
    counter(game, "trolls-1").hex = "1608"
    game.state.step += 1
    assert game.unavailable_actions(0) == [] and "grond" in kinds(game)
