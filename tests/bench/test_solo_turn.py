"""The solo games' turn bench (bench/solo_turn.py)."""

import re

from bench.solo_turn import main, solo_games


def test_the_solo_games_are_the_one_player_games():
    assert set(solo_games()) == {"galdors_grip", "gondolin"}


def test_the_bench_plays_whole_games_and_reports_cpu_per_click(capsys, tmp_path):
    for game in solo_games():
        main(["--game", game, "--games", "1", "--repeat", "2", "--profile", str(tmp_path / game)])
        line = capsys.readouterr().out.strip()
        found = re.fullmatch(
            rf"{game}: (\d+) clicks, ms CPU per click: least \d+\.\d+ \(\d+\.\d+ \d+\.\d+\)", line
        )
        assert found, line
        assert int(found.group(1)) > 1
        assert (tmp_path / game).stat().st_size > 0
