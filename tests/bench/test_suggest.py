"""The coach's timing bench (bench/suggest.py)."""

import re

from bench.suggest import main


def test_the_bench_times_suggestions_and_counts_their_reasons(capsys):
    main(["--game", "knightfall", "--suggestions", "4"])
    line = capsys.readouterr().out.strip()
    found = re.fullmatch(
        r"suggest knightfall: 4 suggestions, CPU median \d+ ms, p95 \d+ ms, max \d+ ms, "
        r"(\d) with a reason",
        line,
    )
    assert found, line
    assert int(found.group(1)) == 4
