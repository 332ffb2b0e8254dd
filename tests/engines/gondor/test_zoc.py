"""engines.gondor.zoc and stacking: rules 5.1, 5.2, 15.15, 16.44, 16.73 on the real map."""

from engines.gondor.board import stacking_problem
from engines.gondor.data import MAP
from engines.gondor.zoc import exerted_on, zoc

from .helpers import board, piece


def test_a_unit_in_the_open_controls_its_six_neighbours():
    """5.1: every undisrupted combat unit exerts a ZOC into its six neighbours."""
    b = board(piece("orc", "orc-infantry", "2620"))
    assert zoc(b, "sauron") == frozenset(MAP.neighbours["2620"])
    assert zoc(b, "westernesse") == frozenset()


def test_disrupted_units_leaders_and_equipment_have_no_zoc():
    """5.1: leaders, disrupted units, siege equipment, cauldrons and markers have none."""
    b = board(
        piece("orc", "orc-infantry", "2620", disrupted=True),
        piece("gothmog", "gothmog", "2420"),
        piece("cat", "sauron-catapult", "2220"),
        piece("cauldron", "cauldron", "1505"),
    )
    assert zoc(b, "sauron") == zoc(b, "westernesse") == frozenset()


def test_no_zoc_into_mountain():
    """5.1: ... and into Mountain (0403 is the mountain's face next to 0404)."""
    assert MAP.hexes["0403"].terrain == "mountain"
    b = board(piece("spear", "gondor-spearmen", "0404"))
    assert "0403" not in zoc(b, "westernesse")
    assert zoc(b, "westernesse") == frozenset(
        n for n in MAP.neighbours["0404"] if MAP.hexes[n].terrain != "mountain"
    )


def test_walls_and_towers_block_zoc():
    """5.1: not across a wall or tower hexside (2314 lies below the wall 2213 and tower 2313)."""
    assert MAP.side("2213", "2314").kind == "wall" and MAP.side("2313", "2314").kind == "tower"
    b = board(piece("orc", "orc-infantry", "2314"), piece("spear", "gondor-spearmen", "2213"))
    assert not {"2213", "2313"} & zoc(b, "sauron")
    assert {"2214", "2315"} <= zoc(b, "sauron")
    assert "2314" not in zoc(b, "westernesse")


def test_a_gate_passes_the_zoc_of_its_controller_only():
    """5.1, 15.15: not across an uncontrolled gate (2213/2214, the Gate of the Second Level)."""
    b = board(piece("spear", "gondor-spearmen", "2213"), piece("orc", "orc-infantry", "2214"))
    assert "2214" in zoc(b, "westernesse")  # Westernesse holds the gate
    assert "2213" not in zoc(b, "sauron")
    taken = board(*b.pieces, gates={"2213/2214": "sauron"})
    assert "2213" in zoc(taken, "sauron") and "2214" not in zoc(taken, "westernesse")


def test_a_breach_opens_the_wall_to_zoc():
    """[I] A breached wall no longer stops a ZOC, either way."""
    b = board(
        piece("orc", "orc-infantry", "2314"),
        piece("spear", "gondor-spearmen", "2213"),
        breaches=frozenset({"2213/2314"}),
    )
    assert "2213" in zoc(b, "sauron") and "2314" in zoc(b, "westernesse")


def test_units_on_ladders_and_in_siege_towers_exert_zoc_through_the_wall():
    """16.44: units in Siege Towers and on Ladders exert ZOC through that wall; the
    defenders above do not exert theirs down through it."""
    pieces = (piece("orc", "orc-infantry", "2314"), piece("spear", "gondor-spearmen", "2213"))
    ladder = board(*pieces, ladders={"2213/2314": "sauron"})
    tower = board(*pieces, piece("tower", "siege-tower", "2314"))
    for b in (ladder, tower):
        assert "2213" in zoc(b, "sauron")
        assert "2314" not in zoc(b, "westernesse")
        assert [p.id for p in exerted_on(b, "sauron", "2213")] == ["orc"]


def test_16_44_a_siege_tower_carries_zoc_over_the_wall_before_it_is_ready():
    """16.44 asks no readiness: a unit in a Siege Tower's hex below a wall exerts its ZOC
    through it at once; only crossing waits for a tower that began a Siege Phase there
    (16.41). Not through a wall the tower's hex does not lie below, nor for the enemy."""
    orc, spear = piece("orc", "orc-infantry", "2314"), piece("spear", "gondor-spearmen", "2213")
    b = board(orc, spear, piece("tower", "siege-tower", "2314"))
    assert not b.ready_towers
    assert {"2213", "2313"} <= zoc(b, "sauron")  # the wall 2213/2314 and the tower 2313/2314
    above = board(piece("orc", "orc-infantry", "2213"), piece("tower", "siege-tower", "2213"))
    assert "2314" not in zoc(above, "sauron")  # from the upper side: no ZOC down the wall


def test_stacking_of_5_2():
    """5.2: one combat unit a hex (two in a Special Formation), any leaders, the Banner, one
    siege equipment counter; cauldrons never count (16.73)."""
    orc, orc2 = piece("o1", "orc-infantry", "2620"), piece("o2", "orc-infantry", "2620")
    assert stacking_problem([orc]) is None
    assert "Special Formation" in stacking_problem([orc, orc2])
    wedge = [piece(f"k{i}", "rohan-heavy-cavalry", "3215", formation="wedge") for i in (1, 2)]
    assert stacking_problem(wedge) is None
    assert stacking_problem([*wedge, piece("k3", "rohan-heavy-cavalry", "3215")]) is not None
    mixed = [wedge[0], piece("k2", "rohan-heavy-cavalry", "3215", formation="column")]
    assert stacking_problem(mixed) is not None
    leaders = [piece("g", "gothmog", "2620"), piece("n", "nazgul-lord", "2620")]
    assert stacking_problem([orc, *leaders, piece("c", "sauron-catapult", "2620")]) is None
    two_kit = [orc, piece("c", "sauron-catapult", "2620"), piece("t", "siege-tower", "2620")]
    assert "equipment" in stacking_problem(two_kit)
    cauldrons = [piece("sp", "gondor-spearmen", "1505"), piece("c", "cauldron", "1505")]
    assert stacking_problem([*cauldrons, piece("d", "dummy-cauldron", "1505")]) is None
    assert stacking_problem([*cauldrons, piece("b", "banner", "1505")]) is None
    assert "enemy" in stacking_problem([orc, piece("sp", "gondor-spearmen", "2620")])
