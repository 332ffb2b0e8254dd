"""The PNG levels bench runs and prints, per game, Pillow's cost and the writer's at each level."""

import engines
from bench import png_levels


def test_a_row_per_game_with_every_level(capsys):
    game_id = engines.game_ids()[0]
    png_levels.main(["--moves", "2", "--every", "1", "--game", game_id])
    header, row = capsys.readouterr().out.splitlines()
    assert header.count("zlib-ng") == len(png_levels.LEVELS)
    assert row.startswith(game_id) and row.count(" KB") == 1 + len(png_levels.LEVELS)
