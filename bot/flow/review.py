"""``/game review``: the computer reviews a finished game, off the event loop.

The game's moves are judged in chunks (``ai.review.review_chunk``), one call each in the
heavy worker (``bot.surface.render_pool.run_heavy``), the state handed from one to the next,
so the member sees progress between them; one review runs at a time in this process, and a
review not kept is the member's heavy request (``bot.flow.heavy_budget``). A finished game
never changes: its review is kept (the last ``CACHE_SIZE``), and asking again costs nothing.

Nothing hidden reaches the review: each seat's chance is judged from what that seat knew, and
a move is named only when it named nothing hidden from the other seats then
(``ai.review.is_public``); otherwise the text says a secret move was made.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from ai import review as judging
from ai.review import TURNING_POINTS, Judgement
from bot.errors import UserFacingError
from bot.flow.replays import OLD_RULES
from bot.settings import Settings
from bot.storage import history
from bot.storage.store import Session, SessionStore
from bot.surface import render_pool
from bot.surface.presenter import with_names
from bot.surface.text_limits import V2_TEXT
from engines import EngineError
from engines.plugins import plugin
from engines.text import player, plural, shorten
from render import review as drawing

log = logging.getLogger(__name__)

CACHE_SIZE = 32
"""Reviews of finished games kept (an image of some 60 KB each)."""
CHUNKS = 20
"""A game is judged in this many worker calls (progress is shown between them)."""
PROGRESS_SECONDS = 3.0
"""The progress message is edited at most this often."""
MIN_LOSS = 0.01
"""A move costing less than this is no turning point (sampling noise)."""
STILL_ON = "The game is still on; a review comes after its end."
SECRET_PLAYED = "made a secret move"
SECRET_BEST = "another move, secret then"

Progress = Callable[[float], Awaitable[None]]


@dataclass(frozen=True)
class Review:
    """A finished game's review: the image, its alt text and the message's text."""

    session_id: str
    png: bytes
    alt: str
    text: str


class Reviews:
    """Reviews of finished games: judged in a worker, one at a time, kept per session."""

    def __init__(self, store: SessionStore, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self._reviews: OrderedDict[str, Review] = OrderedDict()
        self._one_at_a_time = asyncio.Lock()

    def kept(self, sid: str) -> bool:
        """Whether the game's review is kept (showing it is cheap)."""
        return sid in self._reviews

    async def review(self, session: Session, progress: Progress) -> Review:
        """The review of a finished game; ``progress(share)`` at most every few seconds."""
        found = self._cached(session.id)
        if found is not None:
            return found
        async with self._one_at_a_time:
            found = self._cached(session.id)  # asked by someone else meanwhile
            if found is not None:
                return found
            found = await self._review(session, progress)
        self._reviews[session.id] = found
        if len(self._reviews) > CACHE_SIZE:
            self._reviews.popitem(last=False)
        return found

    def _cached(self, sid: str) -> Review | None:
        found = self._reviews.get(sid)
        if found is not None:
            self._reviews.move_to_end(sid)
        return found

    async def _review(self, session: Session, progress: Progress) -> Review:
        moves = history.moves_to_replay(await self.store.moves(session.id))
        if not moves:
            raise UserFacingError("That game ended before its first move: nothing to review.")
        judged, final = await self._judge(session, moves, progress)
        view = review_view(session, len(moves), judged, final)
        png, alt = await render_pool.run_heavy(drawing.picture, named(view, session.plain_names))
        log.info("reviewed session=%s moves=%s judged=%s", session.id, len(moves), len(judged))
        text = review_text(session, named(view, session.names), len(judged))
        return Review(session.id, png, alt, text)

    async def _judge(
        self, session: Session, moves: list[tuple[int, str]], progress: Progress
    ) -> tuple[list[Judgement], list[float] | None]:
        """Every chunk in turn in a worker; progress shown at most every PROGRESS_SECONDS."""
        reviewed = frozenset(s.seat for s in session.seats if s.computer is None)
        size = max(1, math.ceil(len(moves) / CHUNKS))
        judged: list[Judgement] = []
        state: str | None = None
        final: list[float] | None = None
        shown = time.monotonic()
        for start in range(0, len(moves), size):
            try:
                chunk = await render_pool.run_heavy(
                    judging.review_chunk,
                    session.game_id,
                    len(session.seats),
                    session.seed,
                    history.engine_options(session.options),
                    state,
                    moves[start : start + size],
                    start,
                    self.settings.review_simulations,
                    reviewed,
                    _smallest_turning_loss(judged, reviewed),
                )
            except EngineError:  # its text may name a hidden card: never shown, never logged
                log.info("review refused session=%s: its moves break the rules", session.id)
                raise UserFacingError(OLD_RULES) from None
            state, final = chunk.state_json, chunk.final
            judged += chunk.judged
            done = min(len(moves), start + size)
            if done < len(moves) and time.monotonic() - shown >= PROGRESS_SECONDS:
                shown = time.monotonic()
                await progress(done / len(moves))
        return judged, final


def _smallest_turning_loss(judged: list[Judgement], reviewed: frozenset[int]) -> float:
    """The loss a move must beat to be a turning point so far (worth checking its names)."""
    losses = sorted((j.loss for j in judged if j.seat in reviewed), reverse=True)
    return losses[TURNING_POINTS - 1] if len(losses) >= TURNING_POINTS else 0.0


def turning_points(judged: list[Judgement], reviewed: frozenset[int]) -> list[Judgement]:
    """The reviewed seats' moves that cost the most, costliest first."""
    costly = [j for j in judged if j.seat in reviewed and j.loss >= MIN_LOSS]
    return sorted(costly, key=lambda j: (-j.loss, j.move))[:TURNING_POINTS]


def goal(session: Session) -> str:
    """What a chance is a chance to do in this game (its plugin says)."""
    return plugin(session.game_id).goal


def _percent(value: float) -> str:
    return f"{round(100 * value)} %"


def turn_text(session: Session, j: Judgement) -> str:
    """A turning point: "Move 12: Player 1 played X; the computer would play Y (…60 % → 45 %)".

    A move is named only when it named nothing hidden from the other seats then, and the
    computer's move only beside a move named (``ai.review.review_chunk``).
    """
    cls = session.game_cls
    played_public, best_public = j.named or (False, False)
    chance = f"chance to {goal(session)} {_percent(j.before)} → {_percent(j.after)}"
    if not played_public:
        move = f"{SECRET_PLAYED}; the computer would have chosen another"
    else:
        best = cls.decode(j.best).label() if best_public else SECRET_BEST
        move = f"played {cls.decode(j.played).label()}; the computer would play {best}"
    return f"Move {j.move + 1}: {player(j.seat)} {move} ({chance})."


OWN_KNOWLEDGE = "Each line is judged from that player's own knowledge"
"""Said by the image and its alt text: the lines of a game with secrets need not add up."""


def review_view(
    session: Session, moves: int, judged: list[Judgement], final: list[float] | None
) -> dict[str, Any]:
    """The image's view: each seat's chance at its judged moves, and the turning points.

    A seat's line is its own chance as judged from what it knew at each of its decisions (two
    players' lines need not add up to 100 %), then the result once the game is over. Its texts
    name the seats "Player 1": :func:`named` fills the names in.
    """
    seats = len(session.seats)
    curves: list[list[tuple[int, float]]] = [[] for _ in range(seats)]
    for j in judged:  # each seat's line is its own judgement, from what it knew
        curves[j.seat].append((j.move, j.before))
    if final is not None:
        for seat in range(seats):
            curves[seat].append((moves, final[seat]))
    reviewed = frozenset(s.seat for s in session.seats if s.computer is None)
    turns = [
        {
            "move": j.move,
            "seat": j.seat,
            "chance": j.before,
            "text": turn_text(session, j),
        }
        for j in turning_points(judged, reviewed)
    ]
    aim = goal(session)
    ranges = [
        f"{player(s)}'s chance to {aim} {_percent(c[0][1])} → {_percent(c[-1][1])}"
        for s, c in enumerate(curves)
        if c
    ]
    sentences = ["; ".join(ranges) or "No move was a choice worth judging"]
    if seats > 1:
        sentences.insert(0, OWN_KNOWLEDGE)
    if not turns:
        sentences.append("No move cost much against the computer's choice")
    return {
        "title": f"Review: {session.game_cls.title}",
        "goal": aim,
        "moves": max(1, moves),
        "seats": [
            {"name": shorten(name, 100), "points": curve}
            for name, curve in zip(session.plain_names, curves, strict=True)
        ],
        "turns": turns,
        "summary": ". ".join(sentences) + ".",
    }


def named(view: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """The review's view with ``names`` in its texts, each cut to the image's limit after."""
    turns = [{**t, "text": shorten(with_names(t["text"], names), 600)} for t in view["turns"]]
    summary = shorten(with_names(view["summary"], names), 300)
    return {**view, "turns": turns, "summary": summary}


def review_text(session: Session, view: dict[str, Any], judged: int) -> str:
    """The text above the image: the turning points, then how they were judged."""
    players = " vs ".join(session.names)
    lines = [f"**{view['title']}**: {players} (session `{session.id}`)"]
    lines += [f"{i}. {t['text']}" for i, t in enumerate(view["turns"], 1)]
    if not view["turns"]:
        lines.append(view["summary"])
    lines.append(
        f"-# The computer judged {plural(judged, 'choice')}, each from what its player knew"
        " then; a move that was secret then is not named."
    )
    return shorten("\n".join(lines), V2_TEXT)
