"""The load test script runs end to end: a tiny load, exact accounting, nothing lost or doubled.

The figures themselves come from running the script (README, docs/design/scale.md); this only
keeps the script working: a real bot process, the emulator, double clicks refused once each.
"""

from __future__ import annotations

import re

import pytest

from bench import load
from tests.storage.postgres_server import MISSING, bin_dir


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
def test_a_small_load_loses_and_doubles_nothing(database, capsys):
    if database == "postgres" and bin_dir() is None:
        pytest.skip(MISSING)
    small = ["--servers", "2", "--games", "3", "--rate", "6", "--seconds", "4", "--double", "0.5"]
    load.main([*small, "--database", database])
    out = capsys.readouterr().out
    counts = re.search(
        r"accepted (\d+), refused (\d+) .* errors (\d+), lost (\d+), doubled (\d+)", out
    )
    assert counts, out
    accepted, refused, errors, lost, doubled = map(int, counts.groups())
    doubles = int(re.search(r"\((\d+) double clicks\)", out).group(1))
    assert (errors, lost, doubled) == (0, 0, 0), out
    assert doubles >= 3 and refused == doubles, "each double click is refused exactly once"
    assert accepted >= 10
