"""engines.gondor.combat.tables: each row of the CPT (7.3), Morale (7.4) and leader (7.2) tables."""

import pytest

from engines.gondor.combat.tables import (
    cpt_number,
    individual_column,
    individual_result,
    missile_row,
    morale_result,
    shift_class,
    shift_morale,
    unit_points,
)

CPT = {  # 7.3, as printed in docs/rules/gondor.md
    "A": [10, 9, 8, 7],
    "B": [9, 8, 7, 6],
    "C": [8, 7, 6, 5],
    "D": [7, 6, 5, 4],
    "E": [6, 5, 4, 3],
    "F": [5, 4, 3, 2],  # below E: a class-E unit or missile fire lowered by a spell
    "e": [6, 5, 4, 3],
}


@pytest.mark.parametrize("letter", sorted(CPT))
def test_every_cpt_row(letter):
    """7.3: a hit if 2d6 <= the number; APR 0 or less uses column 1 with +1, above 4 column 4
    with -1."""
    assert [cpt_number(letter, apr) for apr in (1, 2, 3, 4)] == CPT[letter]
    assert cpt_number(letter, 0) == CPT[letter][0] + 1
    assert cpt_number(letter, -1) == CPT[letter][0] + 1
    assert cpt_number(letter, 5) == CPT[letter][3] - 1


MORALE = {  # 7.4: bands 2-4, 5-6, 7-8, 9-10, 11-12
    "W": ["-", "-", "R1", "R2", "D"],
    "X": ["-", "R1", "R2", "D", "E"],
    "Y": ["R1", "R2", "D", "D", "E"],
    "Z": ["R2", "D", "D", "E", "E"],
}
BANDS = [(2, 4), (5, 6), (7, 8), (9, 10), (11, 12)]


@pytest.mark.parametrize("row", sorted(MORALE))
def test_every_morale_row(row):
    """7.4: the Morale Table, each band at both ends; rolls beyond 2-12 count as 2 or 12."""
    for (low, high), result in zip(BANDS, MORALE[row], strict=True):
        assert morale_result(row, low, missile=False) == result
        assert morale_result(row, high, missile=False) == result
    assert morale_result(row, 0, missile=False) == MORALE[row][0]
    assert morale_result(row, 14, missile=False) == MORALE[row][-1]


def test_missile_line():
    """7.4: after missile fire R1 -> no effect, R2 -> D, D -> D, E -> E (no retreat)."""
    assert morale_result("X", 5, missile=True) == "-"  # R1
    assert morale_result("X", 7, missile=True) == "D"  # R2
    assert morale_result("X", 9, missile=True) == "D"
    assert morale_result("X", 11, missile=True) == "E"


def test_individual_combat_table():
    """7.2: 1d6 against the rating difference band."""
    assert individual_column(-3) == ["A2", "A1", "A1", "-", "-", "-"]
    assert individual_column(-1) == ["A1", "-", "-", "-", "-", "D1"]
    assert individual_column(0) == ["A1", "-", "-", "D1", "D1", "D2"]
    assert individual_column(2) == ["-", "D1", "D1", "D1", "D1", "D2"]
    assert individual_column(5) == ["D1", "D1", "D1", "D2", "D2", "K"]
    assert individual_result(-7, 1) == "A2" and individual_result(3, 6) == "K"


def test_shifts_and_points():
    """7.3: classes one letter worse, E to F (17.11, 17.21), F stays F; missile fire lowered
    strikes on F; 1.3.1: Z stays Z; 9.1: W 8, X 6, Y 4, Z 2."""
    assert shift_class("B", 1) == "C" and shift_class("E", 1) == "F" and shift_class("A", -1) == "A"
    assert shift_class("C", -1) == "B" and shift_class("F", 1) == "F"
    assert missile_row(0) == "e" and missile_row(1) == "F"
    assert shift_morale("W", 1) == "X" and shift_morale("Z", 2) == "Z"
    assert [unit_points(m) for m in "WXYZ"] == [8, 6, 4, 2]
