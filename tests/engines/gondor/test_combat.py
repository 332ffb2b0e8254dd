"""Combat Phases D and G (7.0-7.6, 7.37, 9.1, 16.47): segments, missile fire, melee, results.

Hex notes: 2620 is open Pelennor (2619 and 2721 are Rough farms); columns run South->North and
rows West->East, so 2620-2621-2622 is a line eastward. 2624 is on the East edge. 0903 (level 3)
stands on the wall above 0802 (level 2). 3010 and 3211 see each other only over Mountain.
"""

import random

import pytest

from engines.gondor import effects
from engines.gondor.actions import counter_name
from engines.gondor.combat.actions import Advance, Challenge, Fire, Melee, Rally, Retreat
from engines.gondor.combat.odds import apr, morale_row, strike_class
from engines.gondor.data import COUNTERS, MAP
from engines.gondor.hexes import distance
from engines.gondor.state import ActiveSpell

from .play import deployed
from .scene import counter, index, kinds, load, play, scene


def test_segments_skip_what_offers_nothing():
    """7.0: missile fire, individual combat, melee in order; a segment with nothing to do is
    skipped, and the view says which segment is on."""
    game = scene({"orc-archers-1": "2620", "gondor-spearmen-1": "2622"})
    assert game.state.segment == "missile"
    assert game.view(0)["segment"] == "missile"
    assert kinds(game) == ["fire", "end_segment"]
    play(game, "end_segment")
    assert game.state.segment == "melee"  # no leaders: individual combat skipped
    assert kinds(game) == ["end_phase"]
    play(game, "end_phase")
    assert game.state.segment is None and game.state.phase == "magic-2"


def test_missile_range_two_and_the_missile_line(monkeypatch):
    """7.1: range 2 counting the target, not the firer's hex; CPT row e; a hit makes the target
    roll on the missile line (7.4: R2 -> D, no retreat)."""
    game = scene(
        {"orc-archers-1": "2620", "gondor-spearmen-1": "2622", "gondor-spearmen-2": "2623"}
    )
    shots = [a for a in game.legal_actions(0) if a.kind == "fire"]
    assert [a.target_unit for a in shots] == [index(game, "gondor-spearmen-1")]
    assert shots[0].need == 4  # e against APR 3
    assert shots[0].label() == (
        "Orc Archers 1 shoot Gondor Spearmen 1 in 2622, Pelennor fields (hit on <= 4)"
    )
    load(monkeypatch, 2, 2, 4, 4)  # a hit on 4; Morale X 8 = R2 -> D on the missile line
    events = play(game, "fire")
    assert "2+2 = 4 against 4, a hit" in events[0].text
    spear = counter(game, "gondor-spearmen-1")
    assert spear.disrupted and spear.hex == "2622" and game.state.pending is None
    assert game.state.segment == "melee"  # the archers have fired: nothing left to shoot


def test_mountain_blocks_missile_fire():
    """7.1: not through a Mountain hex (walls do not block)."""
    game = scene({"orc-archers-1": "3211", "gondor-spearmen-1": "3010"})
    assert distance("3211", "3010") == 2
    assert "fire" not in kinds(game)


def test_a_catapult_fires_once_per_game_turn():
    """16.12: a catapult fires once per Game-Turn, in the Siege Phase or a Combat Phase."""
    where = {"sauron-catapult-1": "2620", "gondor-spearmen-1": "2622"}
    game = scene(where)
    assert [a.unit for a in game.legal_actions(0) if a.kind == "fire"] == [
        index(game, "sauron-catapult-1")
    ]
    game = scene(where)
    game.state.fired.append(index(game, "sauron-catapult-1"))  # fired in the Siege Phase
    game.state.step += 1
    assert "fire" not in kinds(game)


def test_fanatical_at_night_always_hits(monkeypatch):
    """7.37: on Night Game-Turns (2-6) Sauron's attacks skip the CPT and always hit; 7.4:
    Westernesse units roll +1 for Morale at night."""
    game = scene({"orc-archers-1": "2620", "gondor-spearmen-1": "2622"}, turn=2)
    shot = next(a for a in game.legal_actions(0) if a.kind == "fire")
    assert shot.need == 12 and "always hit" in shot.label()
    load(monkeypatch, 1, 1)  # only the Morale roll: 2 + 1 (night) = 3, no effect on row X
    events = play(game, "fire")
    assert "fanatical, a hit (7.37)" in events[0].text
    assert "1+1+1 = 3, no effect" in events[1].text


def test_melee_is_mandatory_in_an_enemy_zoc(monkeypatch):
    """7.31: every phasing unit in an enemy ZOC must melee exactly one of the units exerting
    it before the phase may end; a disrupted enemy exerts no ZOC (7.6)."""
    game = scene({"trolls-1": "2620", "gondor-spearmen-1": "2621", "gondor-spearmen-2": "2520"})
    counter(game, "gondor-spearmen-2").disrupted = True
    game.state.step += 1
    assert game.state.segment == "melee"
    attacks = [a for a in game.legal_actions(0) if a.kind == "melee"]
    assert [a.target_unit for a in attacks] == [index(game, "gondor-spearmen-1")]
    assert "end_phase" not in kinds(game)
    assert "must attack (7.31): Trolls 1" in game.view(0)["pending"]
    assert attacks[0].need == 7 and attacks[0].back == 5  # B vs APR 3; D vs APR 3
    assert attacks[0].label() == (
        "Trolls 1 melee Gondor Spearmen 1 (you hit on <= 7, they on <= 5)"
    )
    load(monkeypatch, 6, 6, 6, 6)  # both miss
    play(game, "melee")
    assert game.state.pending is None and kinds(game) == ["end_phase"]


def test_free_melee_against_any_adjacent_enemy():
    """7.31: a unit in no enemy ZOC may melee any adjacent enemy unit (here a disrupted one);
    a defender with no melee letter does not strike back (7.3)."""
    game = scene({"trolls-1": "2620", "gondor-bowman-1": "2621"})
    counter(game, "gondor-bowman-1").disrupted = True
    game.state.step += 1
    attack = next(a for a in game.legal_actions(0) if a.kind == "melee")
    assert attack.back == 0 and "no strike back" in attack.label()
    assert "end_phase" in kinds(game)


def test_retreat_options_then_advance(monkeypatch):
    """7.4-7.5: R1: the owner retreats the unit one hex further from the attacker, leaders
    with it; then the attacker may advance into the emptied hex."""
    game = scene({"trolls-1": "2620", "gondor-spearmen-1": "2621", "imrahil": "2621"})
    # trolls hit (2), spearmen miss (12); Morale X: 3+3-1 (leader) = 5 -> R1
    load(monkeypatch, 1, 1, 6, 6, 3, 3)
    play(game, "melee")
    assert game.to_act() == [1] and game.state.pending.kind == "retreat"
    ends = sorted(a.hex for a in game.legal_actions(1))
    expected = sorted(n for n in MAP.neighbours["2621"] if distance("2620", n) == 2)
    assert ends == expected
    play(game, "retreat", hex=ends[0])
    assert counter(game, "gondor-spearmen-1").hex == ends[0]
    assert counter(game, "imrahil").hex == ends[0]
    assert game.to_act() == [0] and kinds(game) == ["advance", "stay"]
    play(game, "advance")
    assert counter(game, "trolls-1").hex == "2621" and game.state.pending is None


def test_no_retreat_means_elimination_and_demoralization(monkeypatch):
    """7.5: a unit that cannot retreat is eliminated; 9.1: its force scores by printed morale
    (X = 6); 8.3: its leader rolls 2d6 <= rating or loses a Rally Point, then joins the nearest
    friendly unit within six hexes."""
    game = scene(
        {
            "trolls-1": "2623",
            "gondor-spearmen-1": "2624",
            "imrahil": "2624",
            "gondor-axeman-1": "2620",
        }
    )
    before = game.state.totals["garrison"]
    # hit (2), miss (12); Morale 3+3-1 = 5 -> R1 with nowhere to go (the East edge);
    # Imrahil's 8.3 roll 6+6 = 12 > 8: he loses a Rally Point
    load(monkeypatch, 1, 1, 6, 6, 3, 3, 6, 6)
    events = play(game, "melee")
    assert counter(game, "gondor-spearmen-1").hex is None
    assert any("no way to retreat" in e.text for e in events)
    assert game.state.totals["garrison"] == before + 6 + 1  # 9.1 X, 19.2 one Rally Point
    assert game.state.rating_lost == {"imrahil": 1}
    assert counter(game, "imrahil").hex == "2620"
    assert game.state.pending.kind == "advance"


@pytest.mark.parametrize(("wound", "added"), [((1, 1), 8), ((6, 6), 1 + 7)])
def test_19_2_a_leader_lost_with_his_unit_adds_every_rally_point_he_had(monkeypatch, wound, added):
    """19.2: "Any Leader Rally Points lost as a result of combat are added": Imrahil (8),
    left alone when his Spearmen die and with no friendly unit within six hexes (8.3), is
    eliminated with them and adds all 8 points to the garrison's total, on top of the
    Spearmen's 6 (9.1): safe on his wound roll, 8; wounded first (one point), 1 + 7."""
    game = scene({"trolls-1": "2623", "gondor-spearmen-1": "2624", "imrahil": "2624"})
    before = game.state.totals["garrison"]
    # hit (2), miss (12); Morale 3+3-1 = 5 -> R1 with nowhere to go (the East edge); 8.3 roll
    load(monkeypatch, 1, 1, 6, 6, 3, 3, *wound)
    events = play(game, "melee")
    assert counter(game, "imrahil").hex is None
    assert game.state.totals["garrison"] == before + 6 + added
    assert game.state.rating_lost == {"imrahil": 8}
    assert any("Imrahil finds no friendly unit" in e.text for e in events)


def test_disrupted_again_is_eliminated(monkeypatch):
    """7.4: a disrupted unit disrupted again is eliminated."""
    game = scene({"trolls-1": "2620", "gondor-spearmen-1": "2621"})
    counter(game, "gondor-spearmen-1").disrupted = True
    game.state.step += 1
    load(monkeypatch, 1, 1, 6, 6, 4, 4)  # Morale X: 8 + 1 (disrupted) = 9 -> D
    events = play(game, "melee")
    assert counter(game, "gondor-spearmen-1").hex is None
    assert any("disrupted again" in e.text for e in events)


def test_walls_need_a_siege_tower_and_it_falls_with_its_unit(monkeypatch):
    """7.3 [R]: across an unbreached wall melee only from a Siege Tower or Ladder facing it;
    4.2: the higher defender APR +1; 16.42: a unit with a Siege Tower APR -1 in melee; 16.47:
    an adverse melee result there destroys the tower."""
    game = scene({"trolls-1": "0802", "gondor-spearmen-1": "0903"})
    assert "melee" not in kinds(game)
    game = scene({"trolls-1": "0802", "siege-tower-1": "0802", "gondor-spearmen-1": "0903"})
    attack = next(a for a in game.legal_actions(0) if a.kind == "melee")
    assert attack.need == 6  # B against APR 3 + 1 (higher)
    assert attack.back == 6  # D against APR 3 - 1 (Siege Tower)
    load(monkeypatch, 6, 6, 1, 1, 2, 2)  # trolls miss; spearmen hit; Morale Z: 4 -> R2
    events = play(game, "melee")
    assert counter(game, "siege-tower-1").hex is None
    assert any("(16.47)" in e.text for e in events)
    # R2 from 0802: 0801 is one step further from 0903, but nothing beyond it but Mountain
    assert counter(game, "trolls-1").hex is None
    assert any("no way to retreat" in e.text for e in events)


def test_apr_modifiers():
    """7.3: tunnel = 4 (15.24); Rough +1 against cavalry; oil carrier -1 (16.75); Shieldwall +1
    (6.0); Siege Tower +1 against missiles (16.42)."""
    game = scene(
        {
            "gondor-spearmen-1": "1910",
            "orc-infantry-1": "1911",
            "gondor-spearmen-2": "2619",
            "mordor-cavalry-1": "2620",
            "gondor-spearmen-3": "2221",
            "orc-infantry-2": "2222",
            "orc-infantry-3": "3020",
            "siege-tower-1": "3020",
        }
    )
    s, board = game.state, game.state.board()
    assert (
        apr(s, board, index(game, "gondor-spearmen-1"), index(game, "orc-infantry-1"), False) == 4
    )
    cav = index(game, "mordor-cavalry-1")
    assert apr(s, board, index(game, "gondor-spearmen-2"), cav, False) == 4
    spear3 = index(game, "gondor-spearmen-3")
    counter(game, "gondor-spearmen-3").carries_oil = True
    assert apr(s, board, spear3, index(game, "orc-infantry-2"), False) == 2
    counter(game, "gondor-spearmen-3").formation = "shieldwall"
    assert apr(s, board, spear3, index(game, "orc-infantry-2"), False) == 3
    in_tower = index(game, "orc-infantry-3")
    assert apr(s, board, in_tower, None, True) == 3 and apr(s, board, in_tower, cav, False) == 1


def test_fear_makes_westernesse_worse(monkeypatch):
    """17.11 (7.3, 7.4): under the FearSpell Westernesse classes are one letter worse and their
    morale one row worse."""
    game = scene({"trolls-1": "2620", "gondor-spearmen-1": "2621"})
    spear = index(game, "gondor-spearmen-1")
    assert strike_class(game.state, spear) == "D" and morale_row(game.state, spear) == "X"
    monkeypatch.setattr(effects, "spell_active", lambda state, spell: spell == "fear")
    assert strike_class(game.state, spear) == "E" and morale_row(game.state, spear) == "Y"


def test_severed_heads_shake_a_hex():
    """16.84: Westernesse units in the same hex as a Severed Head are one morale row worse."""
    game = scene({"trolls-1": "2620", "gondor-spearmen-1": "2621"})
    game.state.heads.append("2621")
    assert morale_row(game.state, index(game, "gondor-spearmen-1")) == "Y"


def test_a_mumak_rampages_and_tramples(monkeypatch):
    """14.32: a Mûmak given a retreat result rolls on the Scatter Diagram (4 = east), moves
    that way until adjacent to a combat unit, melees it (7.3), stops, disrupted."""
    game = scene(
        {"gondor-spearmen-1": "2520", "mumakil-1": "2620", "gondor-axeman-1": "2623"},
        phase="westernesse-combat",
    )
    # spearmen hit (2); Mûmak misses (12); Morale Y 5 -> R2 -> rampage; die 4 east;
    # it stops in 2622 next to the Axeman and melees it: C vs 3 = 6, 1+1 a hit; the Axeman
    # misses back (12); Morale X 4: -
    load(monkeypatch, 1, 1, 6, 6, 3, 2, 4, 1, 1, 6, 6, 2, 2)
    events = play(game, "melee")
    mumak = counter(game, "mumakil-1")
    assert mumak.hex == "2622" and mumak.disrupted
    assert any("rampages (14.32): die 4, E" in e.text for e in events)
    assert any("Mûmakil (Harad) 1 strikes Gondor Axeman 1" in e.text for e in events)
    assert game.state.pending.kind == "advance" and game.to_act() == [1]


def test_a_mumak_running_off_the_map_is_eliminated(monkeypatch):
    """14.32: a rampage leaving the map eliminates the Mûmak (9.1: Y = 4 for Sauron)."""
    game = scene({"gondor-spearmen-1": "2623", "mumakil-1": "2624"}, phase="westernesse-combat")
    before = game.state.totals["sauron"]
    load(monkeypatch, 1, 1, 6, 6, 3, 2, 4)  # ... R2, die 4: east, off the map
    play(game, "melee")
    assert counter(game, "mumakil-1").hex is None
    assert game.state.totals["sauron"] == before + 4


def test_a_rampaging_mumak_attacks_the_unit_its_owner_chooses_in_a_melee(monkeypatch):
    """14.32: "moves adjacent to *any* combat unit ... it attacks that unit": next to two, the
    Sauron Player chooses which; the attack is a melee (7.3), so the victim strikes back."""
    game = scene(
        {
            "gondor-spearmen-1": "2520",
            "mumakil-1": "2620",
            "gondor-axeman-1": "2623",
            "gondor-spearmen-2": "2523",
        },
        phase="westernesse-combat",
    )
    # spearmen hit (2); Mûmak misses (12); Morale Y 5 -> R2 -> rampage; die 4 east to 2622
    load(monkeypatch, 1, 1, 6, 6, 3, 2, 4)
    play(game, "melee")
    assert counter(game, "mumakil-1").hex == "2622"
    assert game.state.pending.kind == "trample" and game.to_act() == [0]
    victims = [a.target_unit for a in game.legal_actions(0)]
    assert sorted(victims) == sorted(
        index(game, u) for u in ("gondor-axeman-1", "gondor-spearmen-2")
    )
    # the Mûmak misses (12); the spearmen strike back and hit (2); its Morale Y 5: R2, taken
    # where it stands (no retreat, no new rampage)
    load(monkeypatch, 6, 6, 1, 1, 3, 2)
    events = play(game, "trample", target_unit=index(game, "gondor-spearmen-2"))
    texts = [e.text for e in events]
    assert any("Gondor Spearmen 2 strikes Mûmakil (Harad) 1: 1+1 = 2" in t for t in texts)
    mumak = counter(game, "mumakil-1")
    assert mumak.hex == "2622" and mumak.disrupted
    assert game.state.pending.kind == "advance" and game.to_act() == [1]


@pytest.mark.parametrize(
    ("mumak", "spearmen", "breach", "stops"),
    [
        ("1918", "1919", None, False),  # the Main Gate, Westernesse's: a wall (15.15)
        ("1817", "1818", None, True),  # a tower hexside
        ("0104", "0105", None, True),  # Mountain (0103)
        ("2714", "2715", "2713/2714", True),  # a breach in the outer wall
        ("2714", "2715", None, False),  # the outer wall: eliminated
    ],
)
def test_only_a_wall_eliminates_a_rampaging_mumak(monkeypatch, mumak, spearmen, breach, stops):
    """14.32: "If it runs into a Wall it is eliminated", and 15.15: "Uncontrolled gates are
    treated as walls", so a gate Sauron does not hold eliminates it too; a tower hexside,
    Mountain or a breach only stop it (it cannot go on), and it attacks the unit next to it."""
    game = scene({"gondor-spearmen-1": spearmen, "mumakil-1": mumak}, phase="westernesse-combat")
    if breach:
        game.state.breaches.append(breach)
    # spearmen hit (2); Mûmak misses (12); Morale Y 5 -> R2 -> rampage, die 1: west
    faces = [1, 1, 6, 6, 3, 2, 1] + ([6, 6, 6, 6] if stops else [])  # both miss in its melee
    load(monkeypatch, *faces)
    events = play(game, "melee")
    after = counter(game, "mumakil-1")
    assert (after.hex == mumak and after.disrupted) if stops else after.hex is None
    texts = [e.text for e in events]
    ran = next(i for i, t in enumerate(texts) if "rampages (14.32): die 1, W" in t)
    trampled = any("Mûmakil (Harad) 1 strikes Gondor Spearmen 1" in t for t in texts[ran:])
    assert trampled == stops


def test_14_32_a_rampaging_mumak_runs_through_a_gate_sauron_holds(monkeypatch):
    """15.15: units move freely through gates their side controls, so a Mûmak rampaging west
    from 1918 through the Main Gate Sauron holds runs on inside the Outer Wall (1917, 1916)
    and stops next to the Spearmen in 1815; a Westernesse gate would have eliminated it."""
    game = scene(
        {"gondor-spearmen-1": "1919", "mumakil-1": "1918", "gondor-spearmen-2": "1815"},
        phase="westernesse-combat",
    )
    game.state.gates["1917/1918"] = "sauron"
    game.state.step += 1
    # spearmen hit (2); Mûmak misses (12); Morale Y 5 -> R2 -> rampage, die 1: west; in its
    # melee both miss
    load(monkeypatch, 1, 1, 6, 6, 3, 2, 1, 6, 6, 6, 6)
    play(game, "melee", unit=index(game, "gondor-spearmen-1"))
    mumak = counter(game, "mumakil-1")
    assert mumak.hex == "1916" and mumak.disrupted


def test_20_1_c_a_rampaging_mumak_passes_the_road_hex(monkeypatch):
    """20.1 C: the road goes to the last side whose units "occupy or pass through" 1918: a
    Mûmak rampaging west from 1920 passes 1919 and 1918, then runs into the Main Gate,
    Westernesse's and so a wall (15.15), and is eliminated; 1918 is Sauron's."""
    game = scene({"gondor-spearmen-1": "1921", "mumakil-1": "1920"}, phase="westernesse-combat")
    game.state.road["1918"] = "westernesse"
    # spearmen hit (2); Mûmak misses (12); Morale Y 5 -> R2 -> rampage, die 1: west
    load(monkeypatch, 1, 1, 6, 6, 3, 2, 1)
    events = play(game, "melee")
    assert counter(game, "mumakil-1").hex is None
    assert any("ran into a gate it does not hold" in e.text for e in events)
    assert game.state.road["1918"] == "sauron"


def test_individual_combat(monkeypatch):
    """7.2: the difference of ratings on 1d6; D1 costs the defender a Rally Point, which counts
    for demoralization (19.2); K kills; Éowyn +3 against the Nazgûl Lord, whose rating is 10
    at night (8.1)."""
    game = scene(
        {"gothmog": "2620", "orc-infantry-1": "2620", "imrahil": "2621", "gondor-axeman-1": "2621"}
    )
    assert game.state.segment == "individual"
    duel = next(a for a in game.legal_actions(0) if a.kind == "challenge")
    assert duel.difference == -1  # 7 - 8
    before = game.state.totals["garrison"]
    load(monkeypatch, 6)
    play(game, "challenge")
    assert game.state.rating_lost == {"imrahil": 1}
    assert game.state.totals["garrison"] == before + 1
    assert "challenge" not in kinds(game)  # once per phase
    for turn, diff in ((1, 0), (2, 1)):
        game = scene({"nazgul-lord": "2620", "eowyn": "2621"}, turn=turn)
        assert next(a for a in game.legal_actions(0) if a.kind == "challenge").difference == diff
    game = scene({"gothmog": "2620", "imrahil": "2621"})
    game.state.rating_lost["imrahil"] = 7
    game.state.step += 1
    load(monkeypatch, 6)
    play(game, "challenge")  # 7 - 1 = +6: a 6 kills
    assert counter(game, "imrahil").hex is None


def test_random_play_sees_eliminations():
    """Random play reaches combat: a unit is eliminated and its force's total rises (9.1)."""
    rng = random.Random(1)
    game = deployed(10_000_019)
    for _ in range(3000):
        before = dict(game.state.totals)
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        gone = [c for c in game.state.counters if c.kind == "unit" and c.group == "eliminated"]
        if gone:
            force = COUNTERS.units[gone[0].type].force
            assert game.state.totals[force] > before[force]
            return
    raise AssertionError("no unit was eliminated in 3000 random actions")


def test_labels_fit_buttons_and_details_fit_descriptions():
    """Every combat label fits 80 characters and every detail 100, for the longest names."""
    counters = deployed().state.counters
    by_length = sorted(range(len(counters)), key=lambda i: -len(counter_name(i)))
    units = [i for i in by_length if counters[i].kind == "unit"]
    units = [i for i in units if counters[i].side == "sauron"][:4] + [
        i for i in units if counters[i].side == "westernesse"
    ][:4]
    leaders = [i for i in by_length if counters[i].kind == "leader"][:4]
    foes = [(a, b) for a in units for b in units if counters[a].side != counters[b].side]
    actions = [
        Melee(unit=a, target_unit=b, hex="2014", need=n, back=back)
        for a, b in foes
        for n, back in ((12, 11), (10, 0), (3, 10))
    ]
    actions += [Fire(unit=a, target_unit=b, hex="2014", need=12) for a, b in foes]
    actions += [
        Challenge(leader=a, foe=b, hex="2014", mine=m, theirs=t)
        for a in leaders
        for b in leaders
        for m, t in ((0, 12), (10, 10), (13, 1))
    ]
    actions += [Rally(leader=a, unit=b, need=10) for a in leaders for b in units]
    actions += [Retreat(unit=u, hex="2014") for u in units]
    actions += [Advance(unit=u, hex="2014") for u in units]
    for action in actions:
        assert len(action.label()) <= 80, action.label()
        assert len(action.detail() or "") <= 100, action.detail()


def test_break_darkness_and_demoralization(monkeypatch):
    """17.21: under Break Darkness every Mordor unit's class is one letter worse (Harad units
    are not Mordor, 1.4); 19.3: a demoralized force's units are one morale row worse."""
    game = scene({"trolls-1": "2620", "mumakil-1": "2622", "gondor-spearmen-1": "2621"})
    trolls, mumak = index(game, "trolls-1"), index(game, "mumakil-1")
    monkeypatch.setattr(effects, "spell_active", lambda state, spell: spell == "break-darkness")
    assert strike_class(game.state, trolls) == "C" and strike_class(game.state, mumak) == "C"
    spear = index(game, "gondor-spearmen-1")
    assert morale_row(game.state, spear) == "X"
    game.state.totals["garrison"] = 36
    assert morale_row(game.state, spear) == "Y"


def _spell(game, spell: str) -> None:
    """Put a spell in force for the rest of this Game-Turn (8.5)."""
    s = game.state
    s.spells.append(ActiveSpell(id=spell, family=spell, phase="magic-1", ends=s.turn + 1))
    s.step += 1


def test_17_21_break_darkness_lowers_class_e_and_missile_units_too():
    """17.21: "the attack strength of *all* Mordor units is lowered by one". A class-E unit
    strikes on the row below E (F: 5 4 3 2), and missile fire on F instead of e: the Orc
    Archers (Ee-3-X) need 3, not 4, to hit the Spearmen (APR 3) by fire, and 3 by melee; so
    does the Orc Infantry (E-2-Y) next to them. The Spearmen (D) strike back as before."""
    where = {"orc-archers-1": "2620", "orc-infantry-1": "2622", "gondor-spearmen-1": "2621"}
    game = scene(where)
    archers, orcs = index(game, "orc-archers-1"), index(game, "orc-infantry-1")
    spear = index(game, "gondor-spearmen-1")
    assert [a.need for a in game.legal_actions(0) if a.kind == "fire"] == [4]
    _spell(game, "break-darkness")
    assert [a.need for a in game.legal_actions(0) if a.kind == "fire"] == [3]
    assert strike_class(game.state, archers) == strike_class(game.state, orcs) == "F"
    play(game, "end_segment")
    melee = {a.unit: (a.need, a.back) for a in game.legal_actions(0) if a.kind == "melee"}
    assert melee == {archers: (3, 5), orcs: (3, 6)}  # the Spearmen D: 5 vs APR 3, 6 vs APR 2
    assert strike_class(game.state, spear) == "D"


def test_17_11_fearspell_lowers_westernesse_missile_fire():
    """17.11: "Westernesse units reduced by 1 in Attack Strength": the Gondor Bowman (e-2-X)
    shoots the Orc Infantry (APR 2) on F, 4 instead of 5; catapults are equipment, not units,
    and keep e."""
    where = {"gondor-bowman-1": "2620", "gondor-catapult-1": "2620", "orc-infantry-1": "2622"}
    game = scene(where, phase="westernesse-combat")
    bow, cat = index(game, "gondor-bowman-1"), index(game, "gondor-catapult-1")
    shots = {a.unit: a.need for a in game.legal_actions(1) if a.kind == "fire"}
    assert shots == {bow: 5, cat: 5}
    _spell(game, "fear")
    assert {a.unit: a.need for a in game.legal_actions(1) if a.kind == "fire"} == {bow: 4, cat: 5}
