"""Whom the start after a process killed mid-show sends a DM again (``bot.flow.reshow``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.flow.reshow import RETRY_OWED_SECONDS, last_moved, owed_endings, prompted_last
from bot.storage.models import Seat


def test_the_seats_the_last_move_prompted_are_prompted_again():
    seats = [
        Seat(0, 1, "A", dm_message_id=1, prompt_step=7),
        Seat(1, 2, "B", dm_message_id=2, prompt_step=5),
    ]
    assert prompted_last(seats, [0, 1], set()) == {0}
    assert prompted_last(seats, [1], set()) == set(), "B's DM already offers B's moves"


def test_a_move_since_the_start_takes_its_seats_out_and_not_the_others():
    """Before the crash a move prompted A and B (step 7); since the start B moved (step 8),
    prompting B alone: A is still owed the DM the crash lost, B is not prompted twice. Had B's
    move prompted A too, neither would be."""
    seats = [
        Seat(0, 1, "A", dm_message_id=1, prompt_step=7),
        Seat(1, 2, "B", dm_message_id=2, prompt_step=8),
    ]
    assert prompted_last(seats, [0, 1], {1}) == {0}
    seats[0].prompt_step = 8
    assert prompted_last(seats, [0, 1], {0, 1}) == set()


def test_a_player_whose_first_dm_never_went_out_is_prompted():
    seats = [Seat(0, 1, "A", dm_message_id=1, prompt_step=1), Seat(1, 2, "B", prompt_step=0)]
    assert prompted_last(seats, [1], set()) == {1}


def test_no_dm_for_the_computer_or_a_player_with_dms_closed():
    seats = [
        Seat(0, 1, "A", dm_message_id=1, prompt_step=1),
        Seat(1, 2, "B", prompt_step=0, computer="normal"),
        Seat(2, 3, "C", prompt_step=0, dm_closed=True),
    ]
    assert prompted_last(seats, [1, 2], set()) == set()


def test_only_our_games_that_moved_close_to_the_last_move():
    now = datetime(2026, 12, 7, tzinfo=UTC)
    running = [
        ("a", 1, now),
        ("b", 1, now - timedelta(seconds=59)),
        ("c", 1, now - timedelta(seconds=61)),
        ("d", 2, now),
    ]
    assert last_moved(running, lambda guild: guild == 1) == ["a", "b"]
    assert last_moved(running, lambda guild: False) == []


def test_results_owed_are_posted_by_the_shard_that_owns_them_within_the_hour():
    started = datetime(2026, 12, 7, 12, tzinfo=UTC)
    owed = [
        ("a", 1, started - timedelta(seconds=5)),
        ("b", 1, started - timedelta(minutes=61)),
        ("c", 2, started - timedelta(seconds=5)),
        ("d", 1, started + timedelta(seconds=1)),  # ended by this process: it posts its own
    ]
    assert owed_endings(owed, lambda guild: guild == 1, started, started) == (["a"], ["b"])


def test_a_running_process_posts_again_only_results_refused_a_while_ago():
    """Later than a start: only what ended ``RETRY_OWED_SECONDS`` ago or more (a post under way
    is left to finish), and the hour is counted from now."""
    now = datetime(2026, 12, 7, 12, tzinfo=UTC)
    before = now - timedelta(seconds=RETRY_OWED_SECONDS)
    owed = [
        ("a", 1, now - timedelta(minutes=5)),
        ("b", 1, now - timedelta(seconds=10)),  # its own post may still be under way
        ("c", 1, now - timedelta(minutes=60, seconds=30)),
    ]
    assert owed_endings(owed, lambda guild: True, before, now) == (["a"], ["c"])
