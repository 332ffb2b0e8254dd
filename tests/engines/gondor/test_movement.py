"""engines.gondor.movement: rules 3.0, 5.1, 6.0, 14.0, 14.31, 15.1, 16.1, 16.4 on the real map.

Hex notes: columns run South->North, rows West->East; 2620 is open Pelennor (2619 is a farm,
Rough); 2020-2124 is the Road to Osgiliath; 2213/2214 is the Gate of the Second Level with the
wall 2213/2314 beside it; 0903 (level 3) stands on the wall above 0802 (level 2), far from any gate.
"""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.gondor import hexes
from engines.gondor.data import MAP
from engines.gondor.movement import MoveError, group_of, reach, reachable
from engines.gondor.zoc import zoc

from .helpers import board, piece


def test_infantry_in_the_open_spends_4():
    """3.1: infantry 4; 4.2: Clear 1, Rough 2."""
    costs = reachable(board(piece("orc", "orc-infantry", "2620")), "orc")
    assert costs["2621"] == 1 and costs["2619"] == 2  # Rough
    assert costs["2618"] == 3  # 2520-2519-2618 or through the farm 2619: 3 either way
    assert costs["2624"] == 4 and costs["2617"] == 4
    assert "2616" not in costs  # 5 MP
    assert "2620" not in costs and max(costs.values()) == 4


def test_cavalry_spends_6_and_pays_3_for_rough():
    """3.1: cavalry 6; 4.2: Rough costs cavalry 3."""
    costs = reachable(board(piece("cav", "mordor-cavalry", "2620")), "cav")
    assert costs["2619"] == 3 and costs["2616"] == 5 and costs["2615"] == 6
    assert max(costs.values()) == 6


def test_roads_cost_half_along_the_chain():
    """3.3: from a road hex to the next hex of the same chain, 1/2 MP."""
    r = reach(board(piece("orc", "orc-infantry", "2020")), "orc")
    assert r.path("2124") == ("2021", "2022", "2123", "2124") and r.costs["2124"] == 2
    assert r.costs["1918"] == 1.5  # 2019, 1919, 1918 along the road
    assert r.costs["1817"] == 2  # and on along the road south of the Outer Wall
    assert "1917" not in r.costs  # the Main Gate is Westernesse's (15.15)


def test_entering_an_enemy_zoc_ends_the_move():
    """5.1: entering an enemy ZOC ends the move."""
    b = board(piece("orc", "orc-infantry", "2620"), piece("spear", "gondor-spearmen", "2622"))
    r = reach(b, "orc")
    assert r.costs["2621"] == 1 and r.path("2621") == ("2621",)
    assert "2623" not in r.costs  # every way to it runs through the ZOC
    controlled = zoc(b, "westernesse")
    assert all(not controlled & set(r.path(h)[:-1]) for h in r.costs)


def test_leaving_a_zoc_costs_2_and_only_to_a_free_hex():
    """5.1: a unit that starts in an enemy ZOC may leave it to a hex free of enemy ZOC at +2
    MP, never straight into another enemy ZOC hex."""
    b = board(piece("orc", "orc-infantry", "2621"), piece("spear", "gondor-spearmen", "2622"))
    costs = reachable(b, "orc")
    assert costs["2620"] == 3 and costs["2521"] == 3 and costs["2721"] == 4  # 1 + 2, Rough 2 + 2
    assert costs["2520"] == 4  # and on, once free
    assert costs["2522"] == 4 and reach(b, "orc").path("2522") == ("2521", "2522")
    assert "2722" not in costs  # straight from ZOC to ZOC
    assert "2622" not in costs  # never into enemy units (3.2)


def test_westernesse_passes_its_gates():
    """15.15: a side moves freely through Gates it controls; 15.21: 5 MP inside the city."""
    b = board(piece("spear", "gondor-spearmen", "2213"))
    costs = reachable(b, "spear")
    assert costs["2214"] == 1 and costs["2314"] == 2
    assert max(costs.values()) == 5
    assert costs["2114"] == 2  # a Tower hex costs 2 (4.2), entered by its stairs from its level


def test_an_uncontrolled_gate_is_a_wall():
    """15.12, 15.15: no unit moves up through a Wall; a Gate only if controlled."""
    b = board(piece("orc", "orc-infantry", "2214"))
    assert all(MAP.hexes[h].level <= 1 for h in reachable(b, "orc"))
    taken = board(*b.pieces, gates={"2213/2214": "sauron"})
    assert reachable(taken, "orc")["2213"] == 1


def test_up_a_breach_a_ladder_or_a_siege_tower():
    """4.2: up a Wall only if breached (+1), from a Siege Tower (+1, 16.41), by Ladder (+3,
    16.43); never cavalry or Mûmakil (15.22)."""
    orc = piece("orc", "orc-infantry", "2314")
    for extra, mp in (
        ({"breaches": frozenset({"2213/2314"})}, 2),
        ({"ready_towers": {"2213/2314": "sauron"}}, 2),
        ({"ready_ladders": {"2213/2314": "sauron"}}, 4),
        ({"ready_ladders": {"2213/2314": "westernesse"}}, None),
        ({"ladders": {"2213/2314": "sauron"}}, None),  # placed this Game-Turn (16.43)
        ({}, None),
    ):
        assert reachable(board(orc, **extra), "orc").get("2213") == mp, extra
    cav = piece("cav", "mordor-cavalry", "2314")
    ladder = {"ready_ladders": {"2213/2314": "sauron"}}
    for extra in ({"breaches": frozenset({"2213/2314"})}, ladder):
        assert "2213" not in reachable(board(cav, **extra), "cav"), extra


def test_climbing_down_a_wall_takes_the_whole_move():
    """15.13: moving down through a Wall costs the whole MA and may not enter an enemy ZOC."""
    r = reach(board(piece("spear", "gondor-spearmen", "0903")), "spear")
    assert r.costs["0802"] == 5 and r.path("0802") == ("0802",)
    assert "0702" not in r.costs  # nothing left after the climb
    guarded = board(piece("spear", "gondor-spearmen", "0903"), piece("orc", "orc-infantry", "0801"))
    assert "0802" not in reachable(guarded, "spear")
    later = reachable(board(piece("spear", "gondor-spearmen", "0904")), "spear")
    assert "0802" not in later  # only as the whole move, not after a first step


def test_the_spur_wall_is_climbed_from_both_sides():
    """4.2 [I]: the spur wall 2101/2201 (errata) is a wall upward from both sides."""
    for here, there in (("2101", "2201"), ("2201", "2101")):
        assert there not in reachable(board(piece("s", "gondor-spearmen", here)), "s")
        breached = board(piece("s", "gondor-spearmen", here), breaches=frozenset({"2101/2201"}))
        assert reachable(breached, "s")[there] == 2


def test_cavalry_changes_level_only_through_gates():
    """15.22: cavalry never cross a Wall or Tower hexside, breached or not."""
    b = board(piece("knight", "gondor-mounted-knight", "0903"))
    assert "0802" not in reachable(b, "knight")
    b = board(piece("knight", "gondor-mounted-knight", "2213"), breaches=frozenset({"2213/2314"}))
    r = reach(b, "knight")
    assert r.costs["2314"] == 2 and r.path("2314") == ("2214", "2314")  # round by the gate


def test_movement_allowances_of_3_1_and_15_21():
    """3.1 and 15.21: Westernesse combat units starting inside Minas Tirith have 5, leaders 6."""
    assert group_of(board(piece("s", "gondor-spearmen", "1903")), "s").allowance == 5
    assert group_of(board(piece("s", "gondor-spearmen", "2620")), "s").allowance == 4
    assert group_of(board(piece("k", "gondor-lance-knight", "1903")), "k").allowance == 5
    assert group_of(board(piece("k", "gondor-lance-knight", "2620")), "k").allowance == 6
    assert group_of(board(piece("g", "gandalf", "1903")), "g").allowance == 6
    assert group_of(board(piece("m", "mumakil", "2620")), "m").allowance == 5
    assert group_of(board(piece("o", "orc-infantry", "1903")), "o").allowance == 4  # Sauron's
    assert group_of(board(piece("o", "orc-infantry", "2620", disrupted=True)), "o").allowance == 2
    assert group_of(board(piece("s", "gondor-spearmen", "1903", oil=True)), "s").allowance == 4


def test_a_stack_moves_at_its_slowest():
    """3.1: a stack moves at the slowest member's allowance."""
    b = board(piece("orc", "orc-infantry", "2620"), piece("gothmog", "gothmog", "2620"))
    assert max(reachable(b, ["orc", "gothmog"]).values()) == 4
    assert max(reachable(b, "gothmog").values()) == 6


def test_equipment_moves_2_and_only_with_a_pusher():
    """16.11-16.13: siege equipment and Grond MA 2, only with a combat unit; Grond only with a
    Troll or Uruk-Hai; cauldrons never move (16.71)."""
    b = board(
        piece("cat", "sauron-catapult", "2620"),
        piece("orc", "orc-infantry", "2620"),
        piece("grond", "grond", "2020"),
        piece("orc2", "orc-infantry", "2020"),
        piece("troll", "trolls", "2020", formation="column"),
        piece("cauldron", "cauldron", "1505"),
    )
    with pytest.raises(MoveError, match="only with a combat unit"):
        reachable(b, "cat")
    costs = reachable(b, ["orc", "cat"])
    assert max(costs.values()) == 2 and "2619" in costs and "2618" not in costs
    with pytest.raises(MoveError, match="Trolls or Uruk-Hai"):
        reachable(board(*b.pieces[2:4]), ["grond", "orc2"])
    assert max(reachable(board(*b.pieces[2:5:2]), ["grond", "troll"]).values()) == 2
    with pytest.raises(MoveError, match="never move"):
        reachable(b, "cauldron")


def test_equipment_crosses_walls_only_through_open_gates():
    """16.48: equipment crosses walls only through breached or controlled Gates."""
    kit = (piece("t", "siege-tower", "2314"), piece("orc", "orc-infantry", "2314"))
    b = board(*kit, breaches=frozenset({"2213/2314"}))
    assert "2213" not in reachable(b, ["orc", "t"])
    b = board(*kit, breaches=frozenset({"2213/2214"}))  # a breached gate is open to both
    assert reachable(b, ["orc", "t"])["2213"] == 2


def test_reinforcements_enter_in_a_chain():
    """14.0: each unit entering through the same entry hex pays 1 MP more than the one before."""
    b = board(piece("orcs", "mordor-orcs", None))
    assert reachable(b, "orcs", entry=("2124", 0))["2124"] == 1
    assert reachable(b, "orcs", entry=("2124", 0))["2123"] == 1.5  # then on along the road
    assert reachable(b, "orcs", entry=("2124", 1))["2124"] == 2
    assert reachable(b, "orcs", entry=("2124", 3))["2124"] == 4
    assert reachable(b, "orcs", entry=("2124", 4)) == {}
    assert reachable(b, "orcs", entry=("2020", 0)) == {}  # not an edge hex
    with pytest.raises(MoveError, match="only by entering"):
        reachable(b, "orcs")
    blocked = board(*b.pieces, piece("spear", "gondor-spearmen", "2223"))
    assert reachable(blocked, "orcs", entry=("2124", 0)) == {"2124": 1}  # in the ZOC: stop


def test_cavalry_and_mumakil_never_move_adjacent():
    """14.31: no cavalry unit may move adjacent to a Mûmakil, friend or foe, and vice versa."""
    b = board(piece("mumak", "mumakil", "2620"), piece("cav", "harad-heavy-cavalry", "2820"))
    near = set(MAP.neighbours["2620"])
    assert not near & set(reachable(b, "cav"))
    assert not set(MAP.neighbours["2820"]) & set(reachable(b, "mumak"))
    assert "2720" in reachable(board(b.pieces[1]), "cav")  # next to 2620: open without it


def test_fire_adds_3():
    """16.67: +3 MP to enter or pass a hex with a Fire counter."""
    b = board(piece("orc", "orc-infantry", "2620"), fires=frozenset({"2621"}))
    assert reachable(b, "orc")["2621"] == 4


def test_shieldwall_moves_one_hex_and_column_gets_2():
    """6.0: Shieldwall moves at most 1 hex; Column +2 MP."""
    wall = [piece(f"s{i}", "gondor-spearmen", "2620", formation="shieldwall") for i in (1, 2)]
    costs = reachable(board(*wall), ["s1", "s2"])
    assert set(costs) == set(MAP.neighbours["2620"])
    column = [piece(f"s{i}", "gondor-spearmen", "2020", formation="column") for i in (1, 2)]
    assert group_of(board(*column), ["s1", "s2"]).allowance == 6


def test_groups_must_share_a_hex_and_stack_legally():
    b = board(piece("o1", "orc-infantry", "2620"), piece("o2", "orc-infantry", "2620"))
    with pytest.raises(MoveError, match="Special Formation"):
        reachable(b, ["o1", "o2"])
    b = board(piece("o1", "orc-infantry", "2620"), piece("o2", "orc-infantry", "2621"))
    with pytest.raises(MoveError, match="one hex"):
        reachable(b, ["o1", "o2"])


def test_friends_are_passed_but_not_joined():
    """5.2: stacking holds at the end of every move; 3.2: never through enemy units."""
    b = board(piece("o1", "orc-infantry", "2620"), piece("o2", "orc-infantry", "2621"))
    r = reach(b, "o1")
    assert "2621" not in r.costs and r.costs["2622"] == 2 and r.path("2622") == ("2621", "2622")
    b = board(piece("o1", "orc-infantry", "2620"), piece("g", "gothmog", "2621"))
    assert reachable(b, "o1")["2621"] == 1  # a friendly leader does not count


def test_hexes_with_only_enemy_leaders_or_cauldrons_are_entered_by_combat_units_only():
    """5.3: a hex holding only enemy leaders may be entered by a combat unit; 16.73: an enemy
    combat unit entering a cauldron's hex destroys it. [R] The move ends there."""
    b = board(piece("orc", "orc-infantry", "2620"), piece("gandalf", "gandalf", "2621"))
    r = reach(b, "orc")
    assert r.costs["2621"] == 1
    assert r.costs["2622"] == 3 and "2621" not in r.path("2622")  # round it, not through
    lone = board(piece("gothmog", "gothmog", "2620"), piece("gandalf", "gandalf", "2621"))
    assert "2621" not in reachable(lone, "gothmog")
    b = board(piece("orc", "orc-infantry", "2620"), piece("c", "dummy-cauldron", "2621"))
    assert reachable(b, "orc")["2621"] == 1


# ---- properties ---------------------------------------------------------------------------

PLAIN = sorted(h for h, x in MAP.hexes.items() if x.level == 0 and x.terrain != "mountain")
MOVERS = ("orc-infantry", "mordor-cavalry", "mumakil")


def reference_costs(start: str, type_id: str, allowance: int) -> dict[str, float]:
    """An independent Bellman-Ford for a lone Sauron unit on the plain: no wall, gate or
    Mountain is ever crossed (Sauron holds no gate; the plain is the lowest level), roads 1/2."""
    cavalry = type_id == "mordor-cavalry"
    best = {start: 0.0}
    changed = True
    while changed:
        changed = False
        for a, spent in list(best.items()):
            for b in MAP.neighbours[a]:
                if MAP.side(a, b) or MAP.hexes[b].terrain == "mountain":
                    continue
                rough = MAP.hexes[b].terrain == "rough"
                step = 3 if rough and cavalry else 2 if rough else 1
                if f"{min(a, b)}/{max(a, b)}" in MAP.road_links:
                    step = 0.5
                if spent + step <= allowance and spent + step < best.get(b, 99):
                    best[b] = spent + step
                    changed = True
    del best[start]
    return best


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PLAIN), st.sampled_from(MOVERS))
def test_reachable_matches_an_independent_search_on_the_plain(start, type_id):
    b = board(piece("u", type_id, start))
    assert reachable(b, "u") == reference_costs(start, type_id, group_of(b, "u").allowance)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(sorted(h for h, x in MAP.hexes.items() if x.terrain != "mountain")),
    st.sampled_from(("gondor-spearmen", "gondor-lance-knight", "orc-infantry", "gandalf")),
    st.lists(st.sampled_from(sorted(MAP.hexes)), max_size=6, unique=True),
    st.frozensets(st.sampled_from(sorted(MAP.hexsides)), max_size=6),
)
def test_every_reachable_hex_has_a_legal_path(start, type_id, enemy_hexes, breaches):
    """Every end has a path of adjacent hexes, entered one by one at rising cost, within the
    allowance, never through an enemy ZOC hex or an enemy unit; the result is deterministic."""
    mover = piece("u", type_id, start)
    enemy = "sauron" if mover.side == "westernesse" else "westernesse"
    foe = "orc-infantry" if enemy == "sauron" else "gondor-spearmen"
    others = [piece(f"e{i}", foe, h) for i, h in enumerate(enemy_hexes) if h != start]
    b = board(mover, *others, breaches=breaches)
    r = reach(b, "u")
    allowance = group_of(b, "u").allowance
    controlled = zoc(b, enemy)
    for end, cost in r.costs.items():
        path = r.path(end)
        assert path[-1] == end and cost <= allowance
        walk = [start, *path]
        assert all(hexes.adjacent(p, q) for p, q in itertools.pairwise(walk))
        spent = [r.spent[h] for h in path]
        assert spent == sorted(spent) and spent[-1] == cost
        assert not controlled & set(path[:-1])
        assert not {h for h in path for p in b.at(h) if p.side == enemy and p.kind == "unit"}
    again = reach(board(*reversed(b.pieces), breaches=breaches), "u")
    assert again.costs == r.costs and all(again.path(h) == r.path(h) for h in r.costs)
