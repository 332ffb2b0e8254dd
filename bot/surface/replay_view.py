"""A replay's step-through message: the spectator's board at one position, and ◀ ▶ buttons.

A components v2 message: the re-run's report above a container with the position, its
picture and the buttons; each step redraws all of it.

Drawn from the position's spectator view only (``bot.storage.timeline``), like the board in
the channel, so it shows what the game had made public by then. Every button's id names the
position it shows (``rp1:<session>:<position>:<n>``), so the buttons work after a restart.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.storage.store import Session
from bot.storage.timeline import Timeline
from bot.surface import custom_ids, layout, presenter
from bot.surface.layout import Layout

JUMP = 10
JUMP_FROM = 15
"""A replay of more positions than this gets −10 / +10 buttons too."""


def _steps(position: int, last: int) -> list[tuple[str, int]]:
    """(label, target) of the step buttons, left to right."""
    back, forward = [("◀", position - 1)], [("▶", position + 1)]
    if last + 1 > JUMP_FROM:
        back.insert(0, (f"−{JUMP}", max(0, position - JUMP)))
        forward.append((f"+{JUMP}", min(last, position + JUMP)))
    return [("⏮", 0), *back, *forward, ("⏭", last)]


def buttons(sid: str, position: int, last: int) -> list[list[discord.ui.Item[Any]]]:
    """Rows: the step buttons (those that would not move are disabled), **Animated replay**."""
    steps: list[discord.ui.Item[Any]] = []
    for n, (label, target) in enumerate(_steps(position, last)):
        target = min(max(target, 0), last)
        steps.append(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=custom_ids.REPLAY.build(sid, target, n),
                disabled=target == position,
            )
        )
    animated: discord.ui.Button[Any] = discord.ui.Button(
        label="Animated replay",
        style=discord.ButtonStyle.primary,
        custom_id=custom_ids.ANIMATION.build(sid),
    )
    return [steps[:5], [*steps[5:], animated]]  # a row holds five buttons


async def position(session: Session, timeline: Timeline, index: int, report: str) -> Layout:
    """The replay at position ``index`` (past the end: the end), under the re-run's ``report``."""
    last = len(timeline.positions) - 1
    index = min(index, last)
    shown = timeline.positions[index]
    view = presenter.whole(shown.view())
    where = f"Move {shown.move} of {timeline.moves}" if shown.move else "Before the first move"
    lines = [f"**{where}** · {shown.chapter}" if shown.chapter else f"**{where}**"]
    lines += [f"• {text}" for text in shown.lines]
    lines.append(str(view.get("status", "")))
    return layout.message(
        f"Replay — {session.game_cls.title} — {' vs '.join(session.names)}",
        [presenter.with_names("\n".join(x for x in lines if x), session.names)],
        colour=presenter.COLOUR,
        picture=await presenter.image(session, view, "replay.png"),
        footer=f"Session {session.id}",  # one counter, the move's, in the text
        above=report,
        rows=buttons(session.id, index, last),
    )


def animation_caption(session: Session) -> str:
    """The line above a posted animation."""
    names = " vs ".join(session.names)
    return f"🎞️ {session.game_cls.title} — {names}: the whole game (session `{session.id}`)."
