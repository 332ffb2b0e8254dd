"""A replay's step-through message: the spectator's board at one position, and ◀ ▶ buttons.

Drawn from the position's spectator view only (``bot.storage.timeline``), like the board in
the channel, so it shows what the game had made public by then. Every button's id names the
position it shows (``rp1:<session>:<position>:<n>``), so the buttons work after a restart.
"""

from __future__ import annotations

import discord

from bot.storage.store import Session
from bot.storage.timeline import Timeline
from bot.surface import custom_ids, presenter

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


def buttons(sid: str, position: int, last: int) -> discord.ui.View:
    """The step buttons (those that would not move are disabled) and **Animated replay**."""
    view = discord.ui.View(timeout=None)
    for n, (label, target) in enumerate(_steps(position, last)):
        target = min(max(target, 0), last)
        view.add_item(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=custom_ids.REPLAY.build(sid, target, n),
                disabled=target == position,
            )
        )
    view.add_item(
        discord.ui.Button(
            label="Animated replay",
            style=discord.ButtonStyle.primary,
            custom_id=custom_ids.ANIMATION.build(sid),
            row=1,
        )
    )
    return view


async def position(session: Session, timeline: Timeline, index: int) -> presenter.Message:
    """The replay at position ``index`` (a position past the end shows the end)."""
    last = len(timeline.positions) - 1
    index = min(index, last)
    shown = timeline.positions[index]
    view = presenter.whole(shown.view())
    where = f"Move {shown.move} of {timeline.moves}" if shown.move else "Before the first move"
    lines = [f"**{where}** · {shown.chapter}" if shown.chapter else f"**{where}**"]
    lines += [f"• {text}" for text in shown.lines]
    lines.append(str(view.get("status", "")))
    embed = discord.Embed(
        title=f"Replay — {session.game_cls.title} — {' vs '.join(session.names)}",
        description=presenter.with_names("\n".join(x for x in lines if x), session.names),
        colour=presenter.COLOUR,
    )
    embed.set_footer(text=f"Session {session.id}")  # one counter, the move's, in the text
    file = await presenter.image(session, view, "replay.png")
    embed.set_image(url="attachment://replay.png")
    return presenter.Message(embed, file, buttons(session.id, index, last))


def animation_caption(session: Session) -> str:
    """The line above a posted animation."""
    names = " vs ".join(session.names)
    return f"🎞️ {session.game_cls.title} — {names}: the whole game (session `{session.id}`)."
