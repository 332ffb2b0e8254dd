"""A lesson at the table: where the learner is in its script, and what they may click.

A lesson session (``/<game> learn``) logs exactly the moves of its script
(``engines.lessons.script``), so the session's step is the index of the next entry: nothing else
is stored, and a restart resumes at the same step. The expected move is the only enabled
button; every other move is greyed out with "In this lesson: click …".
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.errors import UserFacingError
from bot.storage.models import Session
from bot.surface import custom_ids
from engines import Action
from engines.lessons import Lesson, Step, find, lesson_for, script


@dataclass(frozen=True)
class Progress:
    """The learner's current step (``number`` counts from 1) and the move it asks for."""

    number: int
    total: int
    step: Step
    action: Action | None  # None: the script no longer fits the game (a bug): nothing is held


def progress(session: Session) -> Progress | None:
    """Where a running lesson is: the step the learner is on (None: not a running lesson)."""
    lesson = session.lesson
    if lesson is None or session.status != "active":
        return None
    entries = script(lesson)[session.step :]
    entry = next((e for e in entries if e.step is not None), None)
    if entry is None or entry.step is None:
        return None
    action = None
    if entries[0] is entry and lesson.learner in session.game.to_act():
        action = find(session.game, lesson.learner, entry.move)
    return Progress(entry.step + 1, len(lesson.steps), lesson.steps[entry.step], action)


def complete(session: Session) -> bool:
    """Whether a running lesson has played its whole script (the learner's last step included)."""
    lesson = session.lesson
    return lesson is not None and session.status == "active" and session.step >= len(script(lesson))


def scripted_move(session: Session) -> tuple[int, Action] | None:
    """The opponent's scripted move that comes next, if the script is at one and it is legal."""
    lesson = session.lesson
    if lesson is None or session.status != "active":
        return None
    entries = script(lesson)
    if session.step >= len(entries) or entries[session.step].step is not None:
        return None
    entry = entries[session.step]
    action = find(session.game, entry.seat, entry.move)
    return None if action is None else (entry.seat, action)


def header(session: Session) -> str:
    """The board's first line in a lesson: "Lesson, step 2 of 6" and what the step teaches."""
    now = progress(session)
    if now is None:
        return ""
    return f"🎓 **Lesson, step {now.number} of {now.total}.** {now.step.text}"


def click_this(now: Progress) -> str:
    """The refusal of any move but the lesson's."""
    label = now.action.label() if now.action is not None else "the highlighted move"
    return f"In this lesson, click **{label}** (step {now.number} of {now.total})."


def require_move(session: Session, seat: int, code: str) -> None:
    """Refuse (friendly, nothing changes) any move but the one the lesson asks for now."""
    now = progress(session)
    if now is None or now.action is None or session.lesson is None:
        return
    if seat != session.lesson.learner or session.game_cls.encode(now.action) != code:
        raise UserFacingError(click_this(now))


def refuse_order(session: Session) -> None:
    """Typed orders are for real games: a lesson is played with its buttons."""
    now = progress(session)
    if now is not None:
        raise UserFacingError(click_this(now))


def held_back(session: Session, codes: list[str]) -> tuple[set[str], str]:
    """Which of these move codes a lesson greys out, and the reason shown on them."""
    now = progress(session)
    if now is None or now.action is None:
        return set(), ""
    expected = session.game_cls.encode(now.action)
    return {c for c in codes if c != expected}, f"In this lesson: click {now.action.label()}"


def next_part(session: Session) -> Lesson | None:
    """The game's lesson after the one this session plays, if there is one."""
    return lesson_for(session.game_id, session.lesson_part + 1) if session.lesson_part else None


def next_game_view(session: Session) -> discord.ui.View:
    """The buttons under "Lesson done": a real game, then the next lesson part if any.

    The real game has the default options (``again:``); the next part is ``learn:``.
    """
    label = "Play the computer" if len(session.seats) > 1 else "Start a game"
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Button(
            label=label,
            style=discord.ButtonStyle.success,
            custom_id=custom_ids.AGAIN.build(session.id),
        )
    )
    following = next_part(session)
    if following is not None:
        view.add_item(
            discord.ui.Button(
                label=f"Next lesson: {following.title}",
                style=discord.ButtonStyle.primary,
                custom_id=custom_ids.NEXT_LESSON.build(session.id),
            )
        )
    return view


def done_text(session: Session) -> str:
    """The message that closes a lesson, pinging the learner."""
    lesson = session.lesson
    more = f" {lesson.done}" if lesson is not None else ""
    learner = session.seats[lesson.learner if lesson is not None else 0]
    if len(session.seats) > 1:
        then = "now play the computer: press **Play the computer** for a real game."
    else:
        then = "now play a real game: press **Start a game**."
    following = next_part(session)
    if following is not None:
        then += f" Or learn more: press **Next lesson: {following.title}**."
    return (
        f"🎓 <@{learner.user_id}> **Lesson done** — {then}{more}\n"
        f"Lessons are never rated and never count on the leaderboard."
    )
