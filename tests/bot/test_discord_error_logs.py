"""A click that fails unexpectedly is logged without the clicked component's label or options:
discord.py names the failed item in its error line, and a player's buttons show their hand."""

import logging

import pytest

from tests.bot.harness import assert_no_leak, hidden_labels, move_controls

pytestmark = pytest.mark.asyncio(loop_scope="module")


def logged(records: list[logging.LogRecord]) -> list[str]:
    """Each record as the log shows it: its line and its traceback."""
    formatter = logging.Formatter("%(levelname)s %(name)s: %(message)s")
    return [formatter.format(r) for r in records]


def failed(records: list[logging.LogRecord]) -> list[str]:
    """The logged lines of the failed clicks."""
    return [line for line in logged(records) if "the click failed" in line]


async def test_a_failed_click_on_a_hand_logs_no_card(world, caplog, monkeypatch):
    session = await world.knightfall_duel()
    user = world.user(session, session.game.to_act()[0])
    message = world.controls_message(user) or await world.hand(user.name, session)
    controls = move_controls(message)
    assert {kind for kind, _, _ in controls} == {"button", "select"}

    async def failing(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the click failed")

    monkeypatch.setattr(world.bot.sessions, "act", failing)
    caplog.set_level(logging.INFO)
    for n, kind in enumerate(("button", "select"), start=1):
        _, custom_id, value = next(c for c in controls if c[0] == kind)
        if kind == "button":
            await world.emu.click(user, message, custom_id)
        else:
            await world.emu.select(user, message, custom_id, [value])
        await world.emu.wait_for(lambda n=n: len(failed(caplog.records)) == n, timeout=10)
    lines = logged(caplog.records)
    failures = failed(caplog.records)
    assert_no_leak(lines, hidden_labels(session.game, None))
    assert "ActionButton session=" in failures[0] and "ActionSelect session=" in failures[1]
    assert not [line for line in failures if custom_id in line or "label=" in line], failures
