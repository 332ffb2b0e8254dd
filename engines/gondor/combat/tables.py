"""Gondor's combat tables read from tables.toml: CPT (7.3), Morale (7.4), leaders (7.2), 9.1."""

from __future__ import annotations

from typing import Any, cast

from engines.gondor.data import TABLES

CLASSES = "ABCDEF"  # melee classes, best first (1.3.1); F only below E by a spell (17.11, 17.21)
MISSILE = "e"  # the CPT row of missile fire (7.1), the numbers of E's row
MORALES = "WXYZ"  # morale rows, best first (1.3.1)
NO_EFFECT = "-"

_CPT = cast(dict[str, Any], TABLES.cpt)
_MORALE = cast(dict[str, Any], TABLES.morale)
_INDIVIDUAL = cast(dict[str, Any], TABLES.individual)
_RALLY = cast(dict[str, Any], TABLES.rally)
MORALE_MODIFIERS: dict[str, int] = _MORALE["roll_modifiers"]
RALLY_PER_LEADER = int(_RALLY["units_per_leader"])
RALLY_Z_MODIFIER = int(_RALLY["morale_z_modifier"])


def shift_class(letter: str, steps: int) -> str:
    """A melee class ``steps`` letters worse (negative: better), held within A-F (7.3).

    F, the row below E, is reached only by a spell lowering a class-E unit (17.11, 17.21).
    """
    return CLASSES[min(max(CLASSES.index(letter) + steps, 0), len(CLASSES) - 1)]


def missile_row(lowered: int) -> str:
    """The CPT row of missile fire lowered ``lowered`` times by spells (7.1, 17.11, 17.21).

    Missile fire strikes on E's numbers, so lowered once it strikes on F's.
    """
    return MISSILE if lowered <= 0 else shift_class("E", lowered)


def shift_morale(letter: str, rows: int) -> str:
    """A morale row ``rows`` lines worse, Z staying Z (1.3.1, 7.4)."""
    return MORALES[min(MORALES.index(letter) + rows, len(MORALES) - 1)]


def cpt_number(strike: str, apr: int) -> int:
    """The CPT number a striker of class ``strike`` ("e" = missile) needs on 2d6 (7.3).

    A modified APR below the first column uses it with ``below_1`` added; above the last,
    the last column with ``above_4`` added.
    """
    columns: list[int] = _CPT["columns"]
    row: list[int] = _CPT["rows"][strike]
    if apr < columns[0]:
        return row[0] + int(_CPT["below_1"])
    if apr > columns[-1]:
        return row[-1] + int(_CPT["above_4"])
    return row[columns.index(apr)]


def _band_index(bands: list[str], value: int) -> int:
    """The index of the band ("2-4", "<=-3", "-2..-1", "0", ">=+3") holding ``value``."""
    for i, band in enumerate(bands):
        if band.startswith("<="):
            ok = value <= int(band[2:])
        elif band.startswith(">="):
            ok = value >= int(band[2:])
        elif ".." in band:
            low, high = band.split("..")
            ok = int(low) <= value <= int(high)
        elif "-" in band[1:]:
            low, high = band.split("-")
            ok = int(low) <= value <= int(high)
        else:
            ok = value == int(band)
        if ok:
            return i
    raise ValueError(f"{value} is in no band of {bands}")


def morale_result(row: str, roll: int, missile: bool) -> str:
    """The Morale Table result (7.4) for a modified 2d6 roll (held within 2-12) on ``row``."""
    result: str = _MORALE["rows"][row][_band_index(_MORALE["bands"], min(max(roll, 2), 12))]
    return _MORALE["missile"][result] if missile else result


def individual_result(difference: int, die: int) -> str:
    """The individual combat result (7.2): "-", A1, A2, D1, D2 or K."""
    return str(_INDIVIDUAL["rows"][str(die)][_band_index(_INDIVIDUAL["bands"], difference)])


def individual_column(difference: int) -> list[str]:
    """The six results of the individual combat column for ``difference`` (die 1-6)."""
    i = _band_index(_INDIVIDUAL["bands"], difference)
    return [str(_INDIVIDUAL["rows"][str(d)][i]) for d in range(1, 7)]


def unit_points(morale: str) -> int:
    """Demoralization points for an eliminated unit of this printed morale (9.1)."""
    return TABLES.demoralization[morale]


LEADER_POINT = TABLES.demoralization["leader_rally_point"]  # 19.2: per Rally Point lost
