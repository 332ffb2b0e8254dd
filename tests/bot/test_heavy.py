"""Light work on the event loop, heavy work in a thread (``bot/surface/heavy.py``)."""

import logging
import threading
import time

import pytest

from bot.flow import turn
from bot.surface import heavy
from engines import get_game


def where() -> int:
    return threading.get_ident()


def spin(seconds: float) -> int:
    """Burn ``seconds`` of CPU, then say on which thread."""
    until = time.thread_time() + seconds
    while time.thread_time() < until:
        pass
    return threading.get_ident()


async def test_light_work_runs_on_the_loop_and_other_work_in_a_thread(monkeypatch):
    monkeypatch.setattr(heavy, "slow_kinds", set())
    monkeypatch.setattr(heavy, "_slow_runs", {})
    loop = threading.get_ident()
    assert await heavy.run(where, light="gondolin") == loop
    assert await heavy.run(where) != loop


async def test_light_work_found_mostly_slow_goes_to_the_thread_from_then_on(monkeypatch, caplog):
    """One slow run (a collector's pass, a cold cache) moves nothing; most of the latest do."""
    monkeypatch.setattr(heavy, "slow_kinds", set())
    monkeypatch.setattr(heavy, "_slow_runs", {})
    monkeypatch.setattr(heavy, "SLOW", 0.002)
    loop = threading.get_ident()
    assert await heavy.run(spin, 0.005, light="galdors_grip") == loop  # slow once
    for _ in range(heavy.JUDGED):
        assert await heavy.run(where, light="galdors_grip") == loop
    assert not caplog.records
    for _ in range(heavy.JUDGED // 2 + 1):
        assert await heavy.run(spin, 0.005, light="galdors_grip") == loop  # held the loop
    assert "kind=galdors_grip" in caplog.text and caplog.records[-1].levelno == logging.WARNING
    assert len(caplog.records) == 1
    assert await heavy.run(where, light="galdors_grip") != loop
    assert await heavy.run(where, light="gondolin") == loop  # another kind stays light


@pytest.mark.parametrize(
    ("game_id", "moves", "light"),
    [
        ("gondolin", [], True),
        ("gondolin", ["a"], True),
        ("galdors_grip", None, True),
        ("gondolin", ["a", "b"], False),  # the coach's phase
        ("gondolin", lambda game, seat: [], False),  # a typed order's plan
        ("knightfall", ["a"], False),
        ("gondor", ["a"], False),
    ],
)
def test_only_a_light_games_click_is_light(game_id, moves, light):
    class Session:
        game_cls = get_game(game_id)

    assert turn.light(Session(), moves) is light  # type: ignore[arg-type]
