"""The render pool draws the same images as ``render_png``, off the event loop, and survives."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

import engines
from bot.settings import Settings
from bot.surface import render_pool
from bot.surface.render_pool import HEAVY_NICE, WORKER_NICE, RenderPool
from render import alt_text, render_png


def gondolin_view(steps: int = 0, seat: int | None = None) -> dict:
    game = engines.get_game("gondolin").new(1, seed=3)
    for _ in range(steps):
        game.apply(0, game.legal_actions(0)[0])
    return {**game.view(seat), "seat_names": ["Alice"]}


@pytest.fixture(params=["process", "thread"])
def pool(request):
    pool = RenderPool(request.param, workers=2)
    yield pool
    pool.close()


async def test_the_pool_draws_the_images_and_alt_texts_render_draws(pool):
    views = [gondolin_view(0), gondolin_view(3, seat=0), gondolin_view(5)]
    pictures = await asyncio.gather(*(pool.picture("gondolin", v) for v in views))
    assert [p.png for p in pictures] == [render_png("gondolin", v) for v in views]
    assert [p.alt for p in pictures] == [alt_text("gondolin", v) for v in views]
    assert len({p.png for p in pictures}) == 3


async def test_a_view_shown_again_is_not_drawn_again(pool, monkeypatch):
    view = gondolin_view(2)
    first = await pool.picture("gondolin", view)
    monkeypatch.setattr(pool, "executor", object())  # any drawing now would fail
    assert await pool.picture("gondolin", dict(view)) == first
    with pytest.raises(AttributeError):
        await pool.picture("gondolin", {**view, "seat_names": ["Bob"]})


async def test_a_killed_worker_is_replaced_and_the_image_still_comes():
    pool = RenderPool("process", workers=1)
    try:
        await pool.picture("gondolin", gondolin_view(0))
        broken = pool.executor
        for pid in list(broken._processes):  # type: ignore[attr-defined]
            os.kill(pid, signal.SIGKILL)
        view = gondolin_view(4)
        assert (await pool.picture("gondolin", view)).png == render_png("gondolin", view)
        assert pool.executor is not broken
    finally:
        pool.close()


async def test_workers_yield_the_cpu_to_the_event_loop():
    pool = RenderPool("process", workers=1)
    try:
        mine = os.nice(0)
        assert pool.executor.submit(os.nice, 0).result(timeout=60) == min(19, mine + WORKER_NICE)
    finally:
        pool.close()


async def test_without_a_pool_images_are_drawn_in_a_thread():
    render_pool.use(None)
    view = gondolin_view(1)
    assert (await render_pool.picture("gondolin", view)).png == render_png("gondolin", view)


def test_render_pool_setting(monkeypatch):
    assert Settings(_env_file=None).render_pool == "process"
    monkeypatch.setenv("RENDER_POOL", "thread")
    monkeypatch.setenv("RENDER_WORKERS", "3")
    settings = Settings(_env_file=None)
    assert (settings.render_pool, settings.render_workers) == ("thread", 3)
    monkeypatch.setenv("RENDER_POOL", "gpu")
    with pytest.raises(ValueError):
        Settings(_env_file=None)


async def test_the_heavy_worker_yields_the_cpu_to_the_pictures_too():
    pool = RenderPool("process", workers=1)
    try:
        mine = os.nice(0)
        heavy, pictures = await pool.run_heavy(os.nice, 0), await pool.run(os.nice, 0)
        assert heavy == min(19, mine + HEAVY_NICE) and pictures == min(19, mine + WORKER_NICE)
        assert heavy > pictures or heavy == 19
    finally:
        pool.close()
