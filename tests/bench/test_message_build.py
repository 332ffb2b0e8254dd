"""The message bench runs and prints, per game, the CPU of a click's messages and its calls."""

import asyncio

from bench import message_build
from bot.surface import render_pool


def test_a_line_per_game_with_its_calls_counted(capsys):
    name = next(iter(message_build.GAMES))
    try:
        message_build.main(["--game", name, "--positions", "2", "--reps", "1", "--calls"])
    finally:
        render_pool.use(None)
    timed, counted = capsys.readouterr().out.splitlines()
    assert timed.startswith(f"{name}: parts ") and "Game.view" in counted


def test_each_message_of_a_click_is_serialised_once():
    """Its digest and its request share the components (``layout.Shown``)."""
    for name, game_id in message_build.GAMES.items():
        render_pool.use(message_build._Undrawn())  # type: ignore[arg-type]
        try:
            counted = asyncio.run(message_build.calls(game_id, message_build.positions(game_id, 2)))
        finally:
            render_pool.use(None)
        messages = counted["board"] + counted["private"]
        assert counted["prepare"] == counted["board"] == 1, name
        assert counted["View.to_components"] == messages, name
