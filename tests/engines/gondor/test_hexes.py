"""engines.gondor.hexes: the grid of rules 1.2 (flat-topped columns, even columns shifted)."""

import itertools

import pytest

from engines.gondor import hexes
from engines.gondor.data import MAP, TABLES

GRID = MAP.grid


def test_ids_and_coordinates():
    assert hexes.to_cr("1903") == (19, 3) and hexes.hex_id(2, 24) == "0224"
    for h in ("0101", "1903", "3224", "1612"):
        x, _, z = hexes.cube(h)
        assert hexes.hex_id(*hexes.from_cube(x, z)) == h


def test_neighbours_follow_1_2():
    """1.2: (c, r-1), (c, r+1); odd c: (c±1, r-1), (c±1, r); even c: (c±1, r), (c±1, r+1)."""
    assert GRID.neighbours("1510") == ("1409", "1410", "1509", "1511", "1609", "1610")  # odd
    assert GRID.neighbours("1610") == ("1510", "1511", "1609", "1611", "1710", "1711")  # even
    assert GRID.neighbours("0101") == ("0102", "0201")  # South-West corner
    assert GRID.neighbours("3224") == ("3124", "3223")  # North-East corner (even column)
    assert GRID.neighbours("3201") == ("3101", "3102", "3202")
    assert GRID.neighbours("0124") == ("0123", "0223", "0224")  # South-East corner (odd)
    assert len(GRID.neighbours("1624")) == 3 and len(GRID.neighbours("1724")) == 5
    assert all(len(MAP.neighbours[h]) >= 2 for h in MAP.hexes)


def test_distance():
    assert hexes.distance("1903", "1903") == 0
    assert hexes.distance("1903", "2124") == 22  # from the Citadel to the road's East end
    assert hexes.distance("0101", "3201") == 31 and hexes.distance("0101", "0124") == 23
    assert hexes.distance("2124", "2324") == 2  # 14.1: 2324 is within two hexes of 2124
    assert hexes.distance("2124", "2524") == 4
    for a in ("0101", "1510", "3224"):
        assert all(hexes.distance(a, n) == 1 for n in GRID.neighbours(a))


def test_hexside_ids():
    assert hexes.hexside_id("1918", "1917") == "1917/1918" == hexes.hexside_id("1917", "1918")
    with pytest.raises(ValueError, match="not adjacent"):
        hexes.hexside_id("1917", "1919")


def test_within_and_ring():
    assert len(GRID.within("1510", 1)) == 7 and len(GRID.within("1510", 2)) == 19
    assert len(GRID.ring("1510", 2)) == 12 and "1510" not in GRID.ring("1510", 2)
    assert GRID.within("0101", 1) == ("0101", "0102", "0201")
    # 13.1: Sauron's area, rows 21-24, is 4 rows of 32 hexes; 14.1: five hexes within 2 of 2124
    assert [h for h in GRID.within("2124", 2) if h.endswith("24")] == [
        "1924",
        "2024",
        "2124",
        "2224",
        "2324",
    ]


def test_scatter_step_of_16_63():
    """16.63: a Head aimed at 2906 that scatters on a 4 lands in 2907."""
    d = TABLES.directions[TABLES.scatter[4]]
    assert hexes.step("2906", d.column, d.odd_row, d.even_row) == (29, 7)
    for n, name in TABLES.scatter.items():  # every die face steps to a neighbour
        d = TABLES.directions[name]
        c, r = hexes.step("1510", d.column, d.odd_row, d.even_row)
        assert hexes.hex_id(c, r) in GRID.neighbours("1510"), n
        c, r = hexes.step("1610", d.column, d.odd_row, d.even_row)
        assert hexes.hex_id(c, r) in GRID.neighbours("1610"), n


def test_line_through_hex_centres():
    assert GRID.line("1903", "1907") == (("1903",), ("1904",), ("1905",), ("1906",), ("1907",))
    assert GRID.line("1510", "1510") == (("1510",),)
    assert GRID.line("2020", "2221") == (("2020",), ("2121",), ("2221",))


def test_line_along_a_hexside_gives_both_hexes():
    """A line running along hexsides lists both hexes at those steps (7.1 looks at both)."""
    assert GRID.line("1903", "2103") == (("1903",), ("2002", "2003"), ("2103",))
    assert GRID.line("1903", "1503") == (
        ("1903",),
        ("1802", "1803"),
        ("1703",),
        ("1602", "1603"),
        ("1503",),
    )
    assert GRID.fire_line("1903", "1503") == ("1903", "1802", "1703", "1602", "1503")
    # off the map: 0101 -> 0301 runs between 0201 and a hex beyond the West edge
    assert GRID.line("0101", "0301") == (("0101",), ("0201",), ("0301",))


def test_lines_are_symmetric_connected_and_as_long_as_the_distance():
    for a, b in (("1903", "2124"), ("0101", "3224"), ("2906", "2520"), ("0512", "3005")):
        steps = GRID.line(a, b)
        assert len(steps) == hexes.distance(a, b) + 1
        assert steps[0] == (a,) and steps[-1] == (b,)
        assert tuple(reversed(GRID.line(b, a))) == steps
        path = GRID.fire_line(a, b)
        assert all(hexes.adjacent(p, q) for p, q in itertools.pairwise(path))
        assert all(hexes.distance(a, h) == i for i, h in enumerate(path))
