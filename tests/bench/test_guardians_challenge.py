"""The coach's Guardian challenges, measured (bench/guardians_challenge.py)."""

import re

from bench.guardians_challenge import main


def test_the_bench_counts_suggested_challenges_and_how_they_end(capsys):
    main(["--games", "1", "--samples", "1"])
    out = capsys.readouterr().out.strip().splitlines()[-1]
    found = re.match(r"positions (\d+); challenge suggested (\d+); of those failed (\d+)", out)
    assert found, out
    positions, suggested, failed = map(int, found.groups())
    assert positions >= suggested >= failed and positions > 0
    assert "the reason claims a win" in out
