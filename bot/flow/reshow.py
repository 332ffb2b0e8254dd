"""After a start: the games that moved just before the previous process ended are shown again.

Every move is saved before it is shown, so a process killed outright (SIGKILL, out of
memory, a crash) between the two leaves a move on no message: a board and DMs offering the
previous position's buttons, the player whose turn it now is never told. Nothing records what
a message shows, so the new process shows again each running game of its shards that moved
within ``RESHOW_SECONDS`` of the newest move among them (a show takes well under that), and
prompts again the players to act whom the last move prompted. Not after a clean stop: a process
that stopped with every interaction finished and every message sent notes it for its shards
(``SessionStore.mark_clean_stop``), and the next start takes the note instead, so a restart
sends nobody a DM again.

A result saved but never posted (the process died in between, or Discord refused it) is owed
(``SessionStore.endings_owed``): every start posts the owed results of its shards' games that
ended before it, and every housekeeping tick those that ended ``RETRY_OWED_SECONDS`` ago or
more (Discord refused them while this process ran); within ``OWED_SECONDS`` of the ending, after
which one is dropped. Whoever posts one takes it first for ``store.OWED_CLAIM`` (the ending
itself is written taken, for its own post), so two processes on the same shards (a deploy's
overlap) never both post it; a start that finds one taken looks again once that lapses, the
taker perhaps a process that died posting it.

At most ``AT_ONCE`` games are shown again (or their results posted) at a time: a start after a
crash may find hundreds, and showing them all at once starved the clicks arriving meanwhile and
the shows' own reads of database connections. A game busy when its turn comes (its computer
thinking, a click) is waited for without holding one of those slots. One that fails is caught
up later (``CatchUp``), its players to act prompted again then. A game that changed after the
start (a click that came first, its computer's move) is shown without prompting again the
seats whose prompt that move set: its own showing prompted them.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from datetime import datetime

from bot.storage.models import Seat

AT_ONCE = 4
"""How many games a start shows again, or posts the owed result of, at the same time."""

RESHOW_SECONDS = 60.0
"""How long before the last saved move a move may still have been under way, unshown."""

OWED_SECONDS = 3600.0
"""How long a result not posted yet is still worth posting (a ping an hour late at most)."""

RETRY_OWED_SECONDS = 60.0
"""How long after its ending a result still owed failed to post (its own post takes far less)."""


def last_moved(running: list[tuple[str, int, datetime]], owns: Callable[[int], bool]) -> list[str]:
    """Of the running sessions (id, guild, last change), ours that moved last."""
    ours = [(sid, at) for sid, guild_id, at in running if owns(guild_id)]
    if not ours:
        return []
    newest = max(at for _, at in ours)
    return [sid for sid, at in ours if (newest - at).total_seconds() <= RESHOW_SECONDS]


def owed_endings(
    owed: list[tuple[str, int, datetime]],
    owns: Callable[[int], bool],
    before: datetime,
    now: datetime,
) -> tuple[list[str], list[str]]:
    """The endings owed (id, guild, ended at) to post now, and those too old to post.

    Only ours, and only those that ended before ``before`` (at a start, the start: this process
    posts its own; later, ``RETRY_OWED_SECONDS`` ago: a post under way is left to finish).
    """
    post: list[str] = []
    late: list[str] = []
    for sid, guild_id, at in owed:
        if owns(guild_id) and at < before:
            (late if (now - at).total_seconds() > OWED_SECONDS else post).append(sid)
    return post, late


def prompted_last(seats: list[Seat], to_act: list[int], moved_since: AbstractSet[int]) -> set[int]:
    """The seats to act to send a DM again.

    Those whose choices the latest move before the start changed (the ones its show sent a DM:
    their prompt step is the newest, the mover's is set with theirs), and any person's who
    never got one (the game's first show failed). ``moved_since``: the seats whose prompt step a
    move since the start set (a click came first): left out, and their steps not counted.
    """
    newest = max(
        (seat.prompt_step for s, seat in enumerate(seats) if s not in moved_since), default=0
    )
    return {
        s
        for s in to_act
        if s not in moved_since
        and (
            seats[s].prompt_step == newest
            or (
                seats[s].computer is None
                and not seats[s].dm_closed
                and seats[s].dm_message_id is None
            )
        )
    }
