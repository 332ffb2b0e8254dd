"""The newcomer benchmark runs end to end: one short game through the real bot, one line out.

The figures come from running the script (docs/benchmarks.md); this only keeps it working.
"""

from __future__ import annotations

import re

from bench import newcomer

LINE = re.compile(
    r"^newcomer knightfall easy random: (\d+) of 1 won, median turns (\d+),"
    r" clicks (\d+), boards without the goal ([0-2])$",
    re.MULTILINE,
)


def test_a_game_capped_at_a_few_clicks_is_resigned_and_reported(capsys):
    newcomer.main(["--game", "knightfall", "--games", "1", "--level", "easy", "--max-clicks", "3"])
    out = capsys.readouterr().out
    found = LINE.search(out)
    assert found, out
    won, turns, clicks, _ = map(int, found.groups())
    assert won == 0 and turns >= 1 and 3 <= clicks <= 5, out
    assert "(1 of them resigned at the cap on clicks)" in out, out


def test_the_coached_player_presses_the_coach_s_move(capsys):
    newcomer.main(
        ["--game", "knightfall", "--games", "1", "--player", "coached", "--max-clicks", "4"]
    )
    out = capsys.readouterr().out
    assert "newcomer knightfall easy coached: " in out, out
    assert "without a suggestion" not in out, out
