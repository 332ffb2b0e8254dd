"""One edit in flight per message; states submitted meanwhile collapse into the newest."""

import asyncio

from bot.surface.edit_coalescer import EditCoalescer


class Message:
    """A message whose edits take as long as a test lets them (``release``)."""

    def __init__(self) -> None:
        self.sent: list[int] = []
        self.started = asyncio.Event()
        self.release = asyncio.Event()

    def edit(self, state: int):
        async def send() -> None:
            self.started.set()
            await self.release.wait()
            self.sent.append(state)

        return send


async def test_states_submitted_during_an_edit_collapse_into_the_newest():
    edits, board = EditCoalescer(), Message()
    edits.submit("board", board.edit(1))
    await board.started.wait()  # the first is in flight at once
    for state in (2, 3, 4, 5):
        edits.submit("board", board.edit(state))
    board.release.set()
    await edits.flush("board")
    assert board.sent == [1, 5]


async def test_each_message_has_its_own_edit_in_flight():
    edits, board, dm = EditCoalescer(), Message(), Message()
    edits.submit("board", board.edit(1))
    edits.submit(42, dm.edit(1))
    await asyncio.wait_for(asyncio.gather(board.started.wait(), dm.started.wait()), 5)
    board.release.set()
    dm.release.set()
    await edits.flush("board")
    await edits.flush(42)
    assert board.sent == dm.sent == [1]


async def test_settling_drops_the_pending_state_and_waits_for_the_one_in_flight():
    edits, board = EditCoalescer(), Message()
    edits.submit("board", board.edit(1))
    await board.started.wait()
    edits.submit("board", board.edit(2))
    settled = asyncio.create_task(edits.settle("board"))  # a click answers with state 3
    await asyncio.sleep(0)
    assert not settled.done(), "the edit in flight must land before the click's answer"
    board.release.set()
    await settled
    assert board.sent == [1]


async def test_a_failed_edit_is_logged_and_the_next_state_still_sent(caplog):
    edits, board = EditCoalescer(), Message()
    board.release.set()

    async def broken() -> None:
        raise RuntimeError("drawing failed")

    edits.submit("board", broken)
    edits.submit("board", board.edit(2))  # replaces it before it ran
    await edits.flush("board")
    edits.submit("board", broken)
    await edits.flush("board")
    edits.submit("board", board.edit(3))
    await edits.flush("board")
    assert board.sent == [2, 3]
    assert "message edit failed key=board" in caplog.text


async def test_closing_waits_for_edits_under_way_then_cancels_and_sends_no_more():
    edits, quick, stuck = EditCoalescer(), Message(), Message()
    quick.release.set()
    edits.submit("quick", quick.edit(1))
    edits.submit("stuck", stuck.edit(1))
    await stuck.started.wait()
    await edits.close(timeout=0.05)
    assert quick.sent == [1] and stuck.sent == []
    assert [t for t in asyncio.all_tasks() if t.get_name().startswith("message-edit-")] == []
    edits.submit("quick", quick.edit(2))
    assert quick.sent == [1] and not [
        t for t in asyncio.all_tasks() if t.get_name().startswith("message-edit-")
    ]
