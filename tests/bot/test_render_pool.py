"""The render pool draws the same images as ``render_png``, off the event loop, and survives."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from concurrent.futures import BrokenExecutor
from types import SimpleNamespace

import pytest

import engines
from bot.settings import Settings
from bot.surface import render_pool
from bot.surface.render_pool import HEAVY_NICE, WORKER_NICE, RenderPool
from bot.surface.shown_pictures import PictureFile, ShownPictures
from bot.surface.workers import PipeWorker
from render import alt_text, render_png


def gondolin_view(steps: int = 0, seat: int | None = None) -> dict:
    game = engines.get_game("gondolin").new(1, seed=3)
    for _ in range(steps):
        game.apply(0, game.legal_actions(0)[0])
    return {**game.view(seat), "seat_names": ["Alice"]}


@pytest.fixture(params=["process", "thread"])
async def pool(request):
    """Closed on the event loop, as the tests' own pools: its pipes closed with it."""
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
    monkeypatch.setattr(pool, "drawing", [object()] * 2)  # any drawing now would fail
    assert await pool.picture("gondolin", dict(view)) == first
    with pytest.raises(AttributeError):
        await pool.picture("gondolin", {**view, "seat_names": ["Bob"]})


async def test_a_killed_worker_is_replaced_and_the_image_still_comes():
    pool = RenderPool("process", workers=1)
    try:
        await pool.picture("gondolin", gondolin_view(0))
        broken = pool.drawing[0]
        assert isinstance(broken, PipeWorker)
        os.kill(broken.process.pid or 0, signal.SIGKILL)
        view = gondolin_view(4)
        assert (await pool.picture("gondolin", view)).png == render_png("gondolin", view)
        assert pool.drawing[0] is not broken
    finally:
        pool.close()


async def test_workers_yield_the_cpu_to_the_event_loop():
    pool = RenderPool("process", workers=1)
    try:
        mine = os.nice(0)
        assert await pool.run(os.nice, 0) == min(19, mine + WORKER_NICE)
    finally:
        pool.close()


async def test_jobs_go_to_the_first_idle_worker_and_the_next_takes_the_overflow():
    """One worker draws while it keeps up (its caches warm); the second only while it is busy."""
    pool = RenderPool("process", workers=2)
    try:
        alone = {await pool.run(os.getpid) for _ in range(12)}
        assert len(alone) == 1
        started = asyncio.create_task(pool.run(time.sleep, 0.5))
        await asyncio.sleep(0.05)
        assert await pool.run(os.getpid) not in alone  # the first worker is busy
        await started
        assert await pool.run(os.getpid) in alone
    finally:
        pool.close()


async def test_jobs_beyond_what_the_workers_hold_go_to_the_first_worker_free():
    """Under a backlog a job waits behind one job at most: past the two each worker holds, it
    waits in the pool for whichever worker frees first, not behind a slow one."""
    pool = RenderPool("process", workers=2)
    try:
        await asyncio.gather(pool.run(os.getpid), pool.run(os.getpid))  # both started
        slow = asyncio.create_task(pool.run(time.sleep, 3.0))  # the first worker
        quick = [asyncio.create_task(pool.run(time.sleep, 0.2)) for _ in range(3)]
        await asyncio.sleep(0.05)  # the second worker has one, each has one more waiting
        began = time.monotonic()
        await pool.run(time.sleep, 0.01)  # waits in the pool: the second frees first
        assert time.monotonic() - began < 2.0
        assert not slow.done()
        await asyncio.gather(slow, *quick)
    finally:
        pool.close()


async def test_a_job_given_up_holds_its_worker_until_the_worker_is_done_with_it():
    """A job whose caller gave up is still drawn (it is in its worker's pipe): the next job
    goes to whichever worker frees first, not behind it."""
    pool = RenderPool("process", workers=2)
    try:
        await asyncio.gather(pool.run(os.getpid), pool.run(os.getpid))  # both started
        slow = asyncio.create_task(pool.run(time.sleep, 3.0))  # the first worker
        quick = asyncio.create_task(pool.run(time.sleep, 0.2))  # the second
        given_up = asyncio.create_task(pool.run(time.sleep, 3.0))  # behind the slow one
        behind_quick = asyncio.create_task(pool.run(time.sleep, 0.2))
        await asyncio.sleep(0.05)
        given_up.cancel()
        began = time.monotonic()
        await pool.run(time.sleep, 0.01)  # to the second worker once it frees, not the first
        assert time.monotonic() - began < 2.0
        assert given_up.cancelled() and not slow.done()
        await asyncio.gather(quick, behind_quick)
        slow.cancel()
    finally:
        pool.close()


async def test_a_worker_raises_what_its_job_raised_and_answers_in_order():
    pool = RenderPool("process", workers=1)
    try:
        with pytest.raises(ZeroDivisionError):
            await pool.run(divmod, 1, 0)
        answers = await asyncio.gather(*(pool.run(pow, 2, n) for n in range(20)))
        assert answers == [2**n for n in range(20)]
        assert await pool.run(bytes, 3_000_000) == bytes(3_000_000)  # larger than a pipe holds
    finally:
        pool.close()


async def test_a_job_given_up_is_dropped_and_the_next_gets_its_own_answer():
    pool = RenderPool("process", workers=1)
    try:
        slow = asyncio.create_task(pool.run(time.sleep, 0.3))
        await asyncio.sleep(0.05)
        slow.cancel()  # its caller gave up: the worker still sleeps, its answer is dropped
        assert await pool.run(pow, 3, 2) == 9
        assert slow.cancelled()
    finally:
        pool.close()


class Unloadable(Exception):
    """Pickles (its message), but does not load: its constructor wants two arguments."""

    def __init__(self, a: int, b: int) -> None:
        super().__init__(f"{a} and {b}")


def raise_unloadable() -> None:
    raise Unloadable(1, 2)


async def test_an_exception_that_does_not_load_back_still_answers_its_caller():
    pool = RenderPool("process", workers=1)
    try:
        with pytest.raises(RuntimeError, match="Unloadable: 1 and 2"):
            await pool.run(raise_unloadable)
        assert await pool.run(pow, 2, 3) == 8  # the same worker goes on
    finally:
        pool.close()


def no_start(nice: int) -> None:
    """A worker's start that does nothing (the job runs at the bot's priority)."""


async def test_a_worker_closed_with_jobs_unsent_frees_its_pipes_for_the_next():
    """Closed on the event loop with a job still in its writer (over a pipe's 64 KB), a worker
    leaves nothing on the loop's watch: the next worker, given the same descriptors' numbers,
    gets its answers (a stale one watched in their place stalled it)."""
    loop = asyncio.get_running_loop()
    old = PipeWorker(no_start, 0)
    await old.run(os.getpid)
    descriptors = {old._jobs.fileno(), old._answers.fileno()}
    slow = asyncio.ensure_future(old.run(time.sleep, 2))
    await asyncio.sleep(0.2)
    unsent = asyncio.ensure_future(old.run(len, bytes(1_000_000)))
    await asyncio.sleep(0.1)
    old.close()
    await asyncio.gather(slow, unsent, return_exceptions=True)
    assert not descriptors & set(loop._selector.get_map())  # type: ignore[attr-defined]
    new = PipeWorker(no_start, 0)
    try:
        assert await asyncio.wait_for(new.run(len, bytes(1_000_000)), 10) == 1_000_000
    finally:
        new.close()


async def test_a_pool_closed_under_a_job_starts_no_worker_again():
    """A job under way when the pool closes (the bot stopping) fails; no new worker is
    started to run it again."""
    pool = RenderPool("process", workers=1)
    job = asyncio.create_task(pool.run(time.sleep, 5))
    await asyncio.sleep(0.5)
    first = pool.drawing[0]
    await asyncio.to_thread(pool.close)
    with pytest.raises(BrokenExecutor):
        await job
    assert pool.drawing[0] is first
    assert isinstance(first, PipeWorker) and not first.process.is_alive()


async def test_the_bot_process_runs_no_thread_for_its_drawing_workers():
    """Jobs go to the worker processes through pipes the event loop reads and writes: the
    bot's process has no pool thread (a process pool's feeder and manager threads cost about
    0.4 ms of the bot's CPU a picture)."""
    before = {t.name for t in threading.enumerate()}
    pool = RenderPool("process", workers=2)
    try:
        await asyncio.gather(*(pool.picture("gondolin", gondolin_view(n)) for n in range(4)))
        await pool.run_heavy(os.getpid)
        assert {t.name for t in threading.enumerate()} <= before
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


def knightfall_views() -> list[dict]:
    """The table and each seat's view, before and after a move, with the seats' names."""
    game = engines.get_game("knightfall").new(2, seed=5)
    names = {"seat_names": ["Alice", "Bob"]}
    views = [{**game.view(s), **names} for s in (None, 0, 1)]
    seat = game.to_act()[0]
    game.apply(seat, game.legal_actions(seat)[0])
    return views + [{**game.view(s), **names} for s in (None, 0, 1)]


async def test_a_pictures_key_changes_with_its_view_and_its_seat():
    render_pool.use(None)
    views = knightfall_views()
    keys = [(await render_pool.picture("knightfall", v)).key for v in views]
    assert len(set(keys)) == len(views)  # another seat's view, or a later one: another picture
    assert (await render_pool.picture("knightfall", dict(views[1]))).key == keys[1]
    renamed = {**views[1], "seat_names": ["Alicia", "Bob"]}
    assert (await render_pool.picture("knightfall", renamed)).key != keys[1]


def test_only_the_same_picture_under_the_same_name_on_the_same_message_is_kept():
    board, other = shown_message(7, "board.png", 70), shown_message(8, "board.png", 80)
    shown = ShownPictures()
    shown.note(board, [PictureFile(b"png", "board.png", "alt", "k1")])
    shown.note(other, [PictureFile(b"png", "board.png", "alt", "k2")])
    same, changed = (
        PictureFile(b"png", "board.png", "alt", "k1"),
        PictureFile(b"x", "board.png", "a", "k3"),
    )
    assert shown.kept(7, [same]) == {"board.png": board.attachments[0]}
    assert shown.kept(7, [changed]) == {}  # the view changed: uploaded
    assert shown.kept(8, [same]) == {}  # another message's picture: uploaded
    assert shown.kept(7, [PictureFile(b"png", "hand.png", "alt", "k1")]) == {}
    shown.forget(7)  # a failed request: the message may show anything
    assert shown.kept(7, [same]) == {}


def shown_message(message_id: int, filename: str, attachment_id: int) -> SimpleNamespace:
    """A message as Discord answered it, with one attachment."""
    attachment = SimpleNamespace(id=attachment_id, filename=filename)
    return SimpleNamespace(id=message_id, attachments=[attachment])
