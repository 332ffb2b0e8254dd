"""The computer never keeps a game waiting: a slow or failing search gives way to the policy."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

import ai
from bot.flow import computer as computer_module
from bot.flow.computer import Computer, _Turns, policy_move
from engines.knightfall import Knightfall
from tests.bot.loop_watch import LIMIT, CallbackWatch


def wide_position() -> tuple[Knightfall, int]:
    game = Knightfall.new(2, seed=4)
    return game, game.to_act()[0]


@pytest.fixture
def computer():
    computer = Computer("thread", time_limit=0.3)
    yield computer
    computer.close()


@pytest.fixture
def stuck(monkeypatch):
    """Every search waits until the test sets the event (at most 10 s)."""
    release = threading.Event()

    def stuck(game, seat, level, seed):
        release.wait(10)
        return game.legal_actions(seat)[0]

    monkeypatch.setattr(ai, "choose", stuck)
    yield release
    release.set()


async def test_a_search_over_the_time_limit_plays_the_quick_move(computer, stuck):
    game, seat = wide_position()
    stuck_worker = computer.worker
    began = time.monotonic()
    action, code = await computer.choose("knightfall", game, seat, "hard", seed=7)
    assert time.monotonic() - began < 2.0
    assert action == policy_move(game, seat, 7) and action in game.legal_actions(seat)
    assert Knightfall.decode(code) == action
    assert computer.worker is not stuck_worker, "the stuck worker was replaced"


async def test_the_quick_move_after_a_timeout_is_worked_out_beside_the_loop(
    computer, stuck, monkeypatch
):
    """A quick move that computes for 200 ms (a big position) holds no callback of the bot."""
    quick = Knightfall.rollout_action

    def slow(game, seat, rng):
        began = time.thread_time()
        while time.thread_time() - began < 0.2:
            pass
        return quick(game, seat, rng)

    monkeypatch.setattr(Knightfall, "rollout_action", slow)
    game, seat = wide_position()
    with CallbackWatch() as watch:
        choosing = asyncio.create_task(computer.choose("knightfall", game, seat, "hard", seed=5))
        action, _ = await choosing
    assert action in game.legal_actions(seat)
    assert watch.longest("bot").cpu < LIMIT, f"the quick move held the loop: {watch.longest()}"


async def test_a_failed_search_plays_the_quick_move(computer, monkeypatch):
    def broken(game, seat, level, seed):
        raise RuntimeError("boom")

    monkeypatch.setattr(ai, "choose", broken)
    game, seat = wide_position()
    action, _ = await computer.choose("knightfall", game, seat, "hard", seed=8)
    assert action == policy_move(game, seat, 8)


async def test_a_search_within_the_limit_is_played(computer):
    game, seat = wide_position()
    action, _ = await computer.choose("knightfall", game, seat, "easy", seed=9)
    assert action == ai.choose(game, seat, "easy", 9)


async def test_when_the_quick_move_fails_too_the_first_legal_move_is_played(computer, monkeypatch):
    def broken(*args):
        raise RuntimeError("boom")

    monkeypatch.setattr(ai, "choose", broken)
    game, seat = wide_position()
    monkeypatch.setattr(Knightfall, "rollout_action", broken)
    action, _ = await computer.choose("knightfall", game, seat, "hard", seed=8)
    assert action == game.legal_actions(seat)[0]


async def test_searches_queued_behind_one_over_its_limit_still_get_a_move(computer, stuck):
    """One worker: a search over its limit gets its worker replaced. The searches queued
    behind it that waited out their own limits still get a move (the quick one), never a
    cancellation (that ended the game's turn with nothing played); the coach, whose limit is
    longer, thinks on the new worker."""
    game, seat = wide_position()
    first = asyncio.create_task(computer.choose("knightfall", game, seat, "hard", seed=1))
    await asyncio.sleep(0.05)  # the first search is running; these wait behind it
    queued = [
        asyncio.create_task(computer.choose("knightfall", game, seat, "hard", seed=s))
        for s in (2, 3)
    ]
    coach = asyncio.create_task(
        computer.suggest("knightfall", game.to_json(), seat, seed=4, time_limit=5.0)
    )
    moves = await asyncio.gather(first, *queued)
    assert [a for a, _ in moves] == [policy_move(game, seat, s) for s in (1, 2, 3)]
    code, _, _ = await coach
    assert Knightfall.decode(code) in game.legal_actions(seat)


async def waits_behind_another(computer: Computer) -> asyncio.Task[tuple[object, str]]:
    """A search waits behind a first one past its own 0.3 s limit: it plays the quick move and
    the worker is kept. The first search's task, still running."""
    game, seat = wide_position()
    first = asyncio.create_task(computer.choose("knightfall", game, seat, "hard", seed=1))
    await asyncio.sleep(0.05)
    worker = computer.worker
    computer.time_limit = 0.3
    second = await computer.choose("knightfall", game, seat, "hard", seed=2)
    assert second[0] == policy_move(game, seat, 2)
    assert computer.worker is worker, "a queued search replaced the worker"
    return first


async def test_a_search_that_waited_out_its_limit_in_the_queue_keeps_the_worker(computer, stuck):
    """A search that never started (it waited behind another past its own limit) plays the
    quick move without replacing the worker: only a search that ran over its limit does."""
    computer.time_limit = 1.0
    await (await waits_behind_another(computer))


def slow_think(game_id: str, state_json: str, seat: int, level: str, seed: int) -> str:
    """In a worker process: the first legal move, after a second's thought."""
    time.sleep(1.0)
    game = Knightfall.from_json(state_json)
    return Knightfall.encode(game.legal_actions(seat)[0])


async def test_with_a_worker_process_a_search_queued_behind_another_keeps_the_worker(monkeypatch):
    """As the bot runs it (a process): a process pool hands the worker its next job before it
    is free (marked running, no longer cancellable), so a search waiting there past its limit
    was taken for one that ran over and replaced the busy worker. It waits in the bot instead."""
    monkeypatch.setattr(computer_module, "think", slow_think)
    computer = Computer("process", time_limit=30.0)  # its worker first has to start
    try:
        first = await waits_behind_another(computer)
        game, seat = wide_position()
        assert (await first)[0] == game.legal_actions(seat)[0]
    finally:
        computer.close()


def endless_think(game_id: str, state_json: str, seat: int, level: str, seed: int) -> str:
    """In a worker process: a search that never ends."""
    while True:
        time.sleep(0.05)


async def test_a_worker_process_over_its_limit_is_ended_not_left_searching(monkeypatch):
    """Left running beside its replacement, a search over its limit took a core from the
    bot and its pictures until it was done; it is ended at once."""
    monkeypatch.setattr(computer_module, "think", endless_think)
    computer = Computer("process", time_limit=30.0)  # its worker first has to start
    try:
        await computer.suggest("knightfall", wide_position()[0].to_json(), 0, 1, 30.0)
        stuck = computer.worker
        computer.time_limit = 1.0
        game, seat = wide_position()
        action, _ = await computer.choose("knightfall", game, seat, "hard", seed=3)
        assert action == policy_move(game, seat, 3)
        assert computer.worker is not stuck
        assert not stuck.process.is_alive(), "the search over its limit still runs"
    finally:
        computer.close()


async def test_a_search_that_could_not_start_with_enough_of_its_limit_left_never_starts(
    computer, monkeypatch
):
    """Behind a search of 1.6 s, one with a 2 s limit would start with 0.4 s left and likely
    run over, costing its worker: it plays the quick move once 1 s is left, and nothing is
    searched."""
    searched: list[int] = []

    def slow(game, seat, level, seed):
        searched.append(seed)
        time.sleep(1.6)
        return game.legal_actions(seat)[0]

    monkeypatch.setattr(ai, "choose", slow)
    computer.time_limit = 2.0
    game, seat = wide_position()
    first = asyncio.create_task(computer.choose("knightfall", game, seat, "hard", seed=1))
    await asyncio.sleep(0.05)
    worker = computer.worker
    began = time.monotonic()
    second = await computer.choose("knightfall", game, seat, "hard", seed=2)
    assert time.monotonic() - began < 1.4, "it waited for the first search"
    assert second[0] == policy_move(game, seat, 2)
    await first
    assert searched == [1] and computer.worker is worker


async def test_a_games_move_goes_before_the_coachs_suggestions_waiting(computer, monkeypatch):
    """Under a backlog the game waiting for the computer's move is served first; the coach's
    suggestion, which nothing waits for, after it."""
    release, order = threading.Event(), []
    choose, suggest = ai.choose, ai.suggest

    def first_waits(game, seat, level, seed):
        if seed == 1:
            release.wait(10)
        order.append(f"move {seed}")
        return choose(game, seat, "easy", seed)

    def noted(game, seat, seed):
        order.append(f"suggestion {seed}")
        return suggest(game, seat, seed)

    monkeypatch.setattr(ai, "choose", first_waits)
    monkeypatch.setattr(ai, "suggest", noted)
    computer.time_limit = 10.0
    game, seat = wide_position()
    first = asyncio.create_task(computer.choose("knightfall", game, seat, "easy", seed=1))
    await asyncio.sleep(0.05)
    tip = asyncio.create_task(computer.suggest("knightfall", game.to_json(), seat, 2, 10.0))
    await asyncio.sleep(0.05)
    move = asyncio.create_task(computer.choose("knightfall", game, seat, "easy", seed=3))
    await asyncio.sleep(0.05)
    release.set()
    await asyncio.gather(first, tip, move)
    assert order == ["move 1", "move 3", "suggestion 2"]


async def test_a_wait_for_the_worker_given_up_as_the_worker_frees_ends_cancelled():
    """The wait is cancelled (its limit, a shutdown) just as the job before it ends: it ends
    cancelled, and the worker goes to the next one waiting."""
    turns = _Turns()
    await turns.take(0)
    given_up = asyncio.create_task(turns.take(0))
    next_one = asyncio.create_task(turns.take(1))
    await asyncio.sleep(0)
    given_up.cancel()
    turns.give_back()  # in the same pass of the loop: it passes over the cancelled wait
    with pytest.raises(asyncio.CancelledError):
        await given_up
    await asyncio.wait_for(next_one, 1.0)


async def test_a_computer_closed_during_a_search_starts_no_worker_again(monkeypatch):
    """The bot stops while a search runs (the wait for its clicks ran out): the worker is
    ended, the search plays the quick move, and no new worker process is left behind."""
    monkeypatch.setattr(computer_module, "think", endless_think)
    computer = Computer("process", time_limit=30.0)  # its worker first has to start
    try:
        await computer.suggest("knightfall", wide_position()[0].to_json(), 0, 1, 30.0)
        searching = computer.worker
        game, seat = wide_position()
        job = asyncio.create_task(computer.choose("knightfall", game, seat, "hard", seed=1))
        await asyncio.sleep(0.3)
        await asyncio.to_thread(computer.close)
        action, _ = await asyncio.wait_for(job, 10)
        assert action == policy_move(game, seat, 1)
        assert computer.worker is searching and not searching.process.is_alive()
    finally:
        computer.close()
