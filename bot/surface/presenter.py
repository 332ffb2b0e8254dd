"""What a board or a private message looks like: text, image with alt text, components.

Everything drawn or written here comes from ``game.view(seat)``: the public message from
``view(None)`` and a player's private message from ``view(seat)``, so hidden information
cannot reach the channel by accident.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import discord

from bot.storage.daily import session_day
from bot.storage.models import LESSON_DONE
from bot.storage.ratings import DEFAULT
from bot.storage.store import Session
from bot.surface import (
    coach,
    controls,
    custom_ids,
    heavy,
    layout,
    lessons,
    own_view,
    render_pool,
    table_buttons,
)
from bot.surface.shown_pictures import PictureFile
from engines import Alert, plugins
from engines.text import shorten

T = TypeVar("T")
COLOUR = discord.Colour.dark_gold()
RECENT_ON_BOARD = 4  # the board's log is short and current: the last few public events
GREYED_MOVE = 38  # a lesson's greyed-out move: its label this short, so the reason still shows


@dataclass
class Message:
    """The parts of a board or a private message: what an embed held, its picture, its controls.

    ``embed`` holds the title, text, footer and colour; ``extra`` more pictures, each under its
    caption (``extra``'s description). They are sent as one components v2 container
    (:meth:`as_layout`): no *Embed Links* needed, the picture larger and uncropped on phones.
    """

    embed: discord.Embed
    file: discord.File | None
    view: discord.ui.View | None
    extra: list[tuple[discord.Embed, discord.File]] = field(default_factory=list)
    _layout: layout.Layout | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def files(self) -> list[discord.File]:
        """The message's pictures: the main one, then the extra ones."""
        return ([self.file] if self.file else []) + [f for _, f in self.extra]

    def as_layout(self) -> layout.Layout:
        """The message as one container: title, text, pictures, footer, then the controls.

        Built once, for its request and its digest alike: change no part of the message after.
        """
        if self._layout is None:
            self._layout = self._laid_out()
        return self._layout

    def _laid_out(self) -> layout.Layout:
        e = self.embed
        fields = [layout.titled(f.name or "", f.value or "") for f in e.fields]
        blocks = [e.description or "", *fields]
        return layout.message(
            e.title,
            blocks,
            colour=e.colour,
            picture=self.file,
            footer=e.footer.text,
            rows=layout.rows_of(self.view),
            more=[(x.description or "", f) for x, f in self.extra],
        )

    def kwargs(
        self, *, edit: bool = False, kept: Mapping[str, discord.Attachment] | None = None
    ) -> dict[str, Any]:
        """Keyword arguments for send (or, with ``edit``, for edit, which replaces everything).

        An edit clears content and embeds: Discord then turns a message sent before boards were
        v2 (an embed) into this layout. ``kept``: on an edit, the message's attachments that
        show a picture already, by file name: listed as kept instead of uploaded again
        (``shown_pictures``); the gallery names them ``attachment://`` as it would a new one.
        """
        shown = self.as_layout()
        if edit:
            kept = kept or {}
            attachments = [kept.get(f.filename or "", f) for f in shown.files]
            return {"content": None, "embeds": [], "view": shown.view, "attachments": attachments}
        return shown.kwargs()

    def digest(self) -> str:
        """A hash of what the message shows: texts, pictures, components.

        A move's step in a button or select id is left out: a seat's moves stay valid while
        its choices are unchanged (``prompt_step``), so only a change a player sees counts.
        """
        shown = self.as_layout()
        h = hashlib.sha256()
        components = json.dumps(shown.view.to_components())
        h.update(MOVE_STEP.sub(r"\1", components).encode())
        for f in shown.files:
            h.update(f"{f.filename}\0{f.description}\0".encode())
            if isinstance(f, PictureFile):  # the picture's key names its PNG: no need to hash it
                h.update(f"{f.key}\0".encode())
            else:
                h.update(f.fp.getvalue() if isinstance(f.fp, io.BytesIO) else b"")
        return h.hexdigest()


MOVE_STEP = re.compile(r'("(?:g1|s1|co1|co2):[^:"]+:)\d+')
"""The step in a move's button or select id (``custom_ids``), which :meth:`digest` leaves out."""


PLAYER_N = re.compile(r"\bPlayer (\d+)\b")
"""How engines, and the bot's own lines about a seat, name a seat: "Player 1"."""


def with_names(text: str, names: list[str]) -> str:
    """Engines say "Player 1"; players want to read their names.

    ``names``: ``Session.names`` for markdown (content, embeds), ``Session.plain_names`` else.
    One pass, so a name that reads "Player 2" stays a name.
    """

    def name(m: re.Match[str]) -> str:
        seat = int(m.group(1)) - 1
        return names[seat] if 0 <= seat < len(names) else m.group(0)

    return PLAYER_N.sub(name, text)


def seed_hash(seed: int) -> str:
    """The SHA-256 commitment shown at the start; the seed itself is shown at the end."""
    return hashlib.sha256(str(seed).encode()).hexdigest()


async def image(session: Session, view: dict[str, Any], name: str) -> discord.File:
    """Render a view off the event loop (``bot.surface.render_pool``), wrapped with its alt text."""
    view = {**view, "seat_names": session.plain_names}
    picture = await render_pool.picture(session.game_id, view)
    return PictureFile(picture.png, name, picture.alt, picture.key)


def _title(session: Session) -> str:
    return f"{session.game_cls.title} — {' vs '.join(session.names)}"


def _waiting_line(session: Session) -> str:
    """Whom the game waits for (two-player games only: a solo player knows it is them)."""
    game = session.game
    if game.is_over or session.status != "active" or len(session.seats) < 2:
        return ""
    computers = session.computer_seats
    names = [
        f"**{session.names[s]}**" + (" (thinking…)" if s in computers else "")
        for s in game.to_act()
    ]
    return "Waiting for: " + ", ".join(names)


def _fair_shuffle(session: Session, ended: bool) -> str:
    """The commitment while the game runs (``/game status``), the seed itself at the end.

    A daily deal's seed is everyone's deal that day: ``/game replay`` shows it once the day ends.
    """
    day = session_day(session)
    if ended and day is not None:
        return f"Session {session.id} · daily #{day}: /game replay shows its seed after the day"
    if ended:
        return f"Session {session.id} · seed {session.seed} (check it with /game replay)"
    return f"Session {session.id} · SHA-256 of the secret seed: {seed_hash(session.seed)}"


def status_footer(session: Session) -> str:
    """``/game status``'s footer: the move, and the shuffle's commitment (or seed, at the end)."""
    if session.game.is_over or session.status != "active":
        return _fair_shuffle(session, True)
    return f"Move {session.step} · {_fair_shuffle(session, False)}"


@dataclass(frozen=True)
class Aftermath:
    """What a game changed for its players: ratings (rated games), best score (solo), ranks."""

    ratings_before: dict[int, float] | None = None
    ratings_after: dict[int, float] = field(default_factory=dict)
    best_before: float | None = None
    ranks: dict[int, int] = field(default_factory=dict)  # user id -> place on the leaderboard
    daily: list[str] = field(default_factory=list)  # a daily deal's places and share line


def result_announcement(session: Session, summary: str, after_game: Aftermath) -> str:
    """The message that closes a game: who won, the score, what changed for each player."""
    mentions = " ".join(f"<@{s.user_id}>" for s in session.seats if s.computer is None)
    lines = [f"🏁 {mentions} — **Game over.** {with_names(summary, session.names)}"]
    before, after = after_game.ratings_before, after_game.ratings_after
    if before is not None and after:
        changes = [
            f"{session.names[s.seat]} {round(before.get(s.user_id, DEFAULT[0]))} → "
            f"{round(after.get(s.user_id, DEFAULT[0]))}"
            for s in session.seats
        ]
        lines.append("Ratings: " + " · ".join(changes))
    best = _new_best(session, after_game.best_before)
    if best:
        lines.append(best)
    if after_game.ranks:
        places = [
            f"{session.names[s.seat]} #{after_game.ranks[s.user_id]}"
            for s in session.seats
            if s.user_id in after_game.ranks
        ]
        lines.append("On this server's leaderboard: " + " · ".join(places))
    lines += after_game.daily
    counts = session.status == "finished" and session.lesson is None
    if session.computer_seats and counts:
        lines.append(
            "Against the computer: unrated; the result counts in the leaderboard's "
            "*Against the computer* section."
        )
    if not counts:  # aborted, closed, or a lesson: said once, never contradicted
        lines.append("It does not count on the leaderboard.")
    if session.status == "finished" and session_day(session) is not None:
        lines.append(
            "`/game log last` shows the whole game; `/game replay` shows this deal once the "
            "day ends (midnight UTC)."
        )
    elif session.status == "finished":
        lines.append("`/game log last` shows the whole game; `/game replay` checks the shuffle.")
    else:
        lines.append("`/game log last` shows the game.")
    return "\n".join(lines)


def _new_best(session: Session, before: float | None) -> str:
    """The line for a solo score above the player's best on this server so far.

    A win is congratulated; a lost game is never: its score is said plainly to be their first
    or their best so far.
    """
    if len(session.seats) != 1 or session.status != "finished":
        return ""
    result = session.game.result
    score = None if result is None else result.scores.get(0)
    if result is None or score is None or score <= (0 if before is None else before):
        return ""  # a first game's 0 (a resignation, say) is no record
    name = session.names[0]
    if 0 in result.winners:
        was = "" if before is None else f" (was {before:g})"
        return f"🎉 {name}: {score:g} points, a new best!{was}"
    if before is None:
        return f"{name}: {score:g} points, your first score in this game."
    return f"{name}: {score:g} points, your best score so far (was {before:g})."


def play_again_view(session: Session) -> discord.ui.View:
    """**Play again** under a game's result: same game, options and players, seats swapped."""
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Button(
            label="Play again",
            style=discord.ButtonStyle.success,
            custom_id=custom_ids.AGAIN.build(session.id),
        )
    )
    return view


def controls_in_channel(session: Session) -> bool:
    """Solo games without secrets show their controls on the board itself."""
    return plugins.controls_in_channel(session.game_id)


def whole(view: dict[str, Any]) -> dict[str, Any]:
    """The view without its ``focus``: the board always shows the whole table.

    A view may name ``focus`` places to zoom on (the hexes a selected group can reach); the
    private image shows that zoom, the channel's board never does.
    """
    return {k: v for k, v in view.items() if k != "focus"}


def _goal_line(
    session: Session, view: dict[str, Any], seats: Sequence[int], chose: frozenset[int]
) -> str:
    """The goal line on every lesson step, and while a person in ``seats`` has not chosen a move.

    A player's first board may come after others' moves (the computer moving first), so the
    goal stays until they chose one themselves (``chose``: the seats that did).
    """
    live = session.status == "active" and not session.game.is_over
    new = any(session.seats[s].computer is None and s not in chose for s in seats)
    shown = live and (session.lesson is not None or new)
    return f"**Goal:** {view['goal']}" if shown and view.get("goal") else ""


async def board(
    session: Session,
    recent: list[str],
    ending: str | None = None,
    *,
    chose: frozenset[int] = frozenset(),
) -> Message:
    """The public board message; ``ending`` explains an end the engine did not decide.

    ``chose``: the seats that chose a move of their own so far (the goal is shown until all did).
    """
    game = session.game
    view, moves, warned = await part(session, BOARD, _board_parts)
    embed = discord.Embed(title=_title(session), colour=COLOUR)
    lines = [
        lessons.header(session),
        _goal_line(session, view, range(len(session.seats)), chose),
        str(view.get("status", "")),
    ]
    lines += _warning_lines(warned)
    if recent:
        lines.append("\n".join(f"• {t}" for t in recent[-RECENT_ON_BOARD:]))
    lines = [with_names(line, session.names) for line in lines]
    lines.append(_waiting_line(session))
    ended = game.is_over or session.status != "active"
    lines.append(_ending(session, ending))
    embed.description = "\n\n".join(x for x in lines if x)
    embed.set_footer(text=_fair_shuffle(session, ended) if ended else f"Move {session.step}")
    file = await image(session, view, "board.png")
    embed.set_image(url="attachment://board.png")
    components = board_components(session, moves=moves)
    return Message(embed, file, components, await _close_up(session, view))


def _ending(session: Session, ending: str | None) -> str:
    """How the game ended: ``ending`` (an end the engine did not decide), else its own."""
    if ending:
        text = f"**Game over.** {ending}"
    elif session.end_reason == LESSON_DONE and session.lesson is not None:
        text = f"🎓 **Lesson done.** {session.lesson.done}"
    elif session.game.is_over and session.game.result is not None:
        text = f"**Game over.** {session.game.result.summary}"
    else:
        return ""
    return with_names(text, session.names)


async def _close_up(
    session: Session, view: dict[str, Any]
) -> list[tuple[discord.Embed, discord.File]]:
    """A zoomed second image of where the last action happened, if the view names the place.

    A view's ``spotlight`` lists the places the last action changed (a hex map's hexes); the
    whole board stays the first image, the close-up comes under it.
    """
    places = view.get("spotlight")
    if not places:
        return []
    embed = discord.Embed(colour=COLOUR, description="Close-up of the last move.")
    file = await image(session, {**view, "focus": places}, "closeup.png")
    embed.set_image(url="attachment://closeup.png")
    return [(embed, file)]


@dataclass(frozen=True)
class Moves:
    """A seat's moves for its controls (a lesson's held-back ones greyed out).

    ``legal``: whether the engine offers the seat a move here (a lesson may grey them all out).
    """

    choices: list[controls.Choice]
    unavailable: list[str]
    legal: bool


def moves_for(session: Session, seat: int, *, on_board: bool) -> Moves:
    """The controls' moves: the seat's, when the game runs and they go where ``on_board`` says."""
    game = session.game
    live = session.status == "active" and not game.is_over
    shown = live and on_board == controls_in_channel(session)
    position = session.position
    choices = (
        controls.choices_for(game, seat, position.legal(seat), position.codes(seat))
        if shown
        else []
    )
    unavailable = controls.unavailable_for(game, seat) if shown else []
    return Moves(*_lesson_controls(session, choices, unavailable), legal=bool(choices))


Parts = tuple[dict[str, Any], Moves, list[Alert]]
"""The engine's part of a message: the view it draws, the moves of its controls, warnings."""
BOARD = "board"
PRIVATE = "private"
OWN = "own"


def _board_parts(session: Session) -> Parts:
    """The engine's part of the board: the public view, the moves and warnings (solo games)."""
    warned = _warnings(session, 0) if controls_in_channel(session) else []
    return whole(session.position.view(None)), moves_for(session, 0, on_board=True), warned


def _private_parts(session: Session, seat: int) -> Parts:
    """The engine's part of a seat's private message: their view, their moves, warnings."""
    return (
        session.position.view(seat),
        moves_for(session, seat, on_board=False),
        _warnings(session, seat),
    )


def _own(session: Session, seat: int) -> str:
    """What is the seat's own now (``own_view``), its switches included."""
    s = session.seats[seat]
    return own_view.digest(session.position, seat, (s.auto_play, s.standing))


def prepare(session: Session) -> None:
    """Work out every part the messages of this position need (call it off the event loop).

    The board's, and each person's private message and what is their own: showing the
    position then asks the engine nothing more (``part``).
    """
    parts = session.position.parts
    parts[BOARD] = _board_parts(session)
    for s in session.seats:
        if s.computer is None:
            parts[(PRIVATE, s.seat)] = _private_parts(session, s.seat)
            parts[(OWN, s.seat)] = _own(session, s.seat)


async def prepare_seat(session: Session, seat: int) -> None:
    """A seat's private message's parts and what is its own, in one trip off the event loop.

    For a private message drawn outside a turn (**My hand**), whose answer is kept with what
    of the player's own it shows.
    """
    parts = session.position.parts
    if (PRIVATE, seat) in parts and (OWN, seat) in parts:
        return
    private, mine = await heavy.run(lambda: (_private_parts(session, seat), _own(session, seat)))
    parts[(PRIVATE, seat)] = private
    parts[(OWN, seat)] = mine


async def part(session: Session, key: Hashable, fn: Callable[..., T], *args: Any) -> T:
    """A part of the session's messages: as ``prepare`` left it, else worked out once.

    ``fn(session, *args)`` runs off the event loop; the part is kept with the position.
    """
    parts = session.position.parts
    if key not in parts:
        parts[key] = await heavy.run(fn, session, *args)
    found: T = parts[key]
    return found


async def own(session: Session, seat: int) -> str:
    """What is the seat's own in its DM now (``own_view``)."""
    return await part(session, (OWN, seat), _own, seat)


def _warnings(session: Session, seat: int) -> list[Alert]:
    """The losses ``seat`` can still prevent (``Game.warnings``) while the game runs."""
    live = session.status == "active" and not session.game.is_over
    return session.position.warnings(seat) if live else []


def _warning_lines(warnings: list[Alert]) -> list[str]:
    """Each warning plainly marked, for the message's text under its status."""
    return [f"⚠️ **Warning:** {w.text}" for w in warnings]


def _warned_view(view: dict[str, Any], warnings: list[Alert]) -> dict[str, Any]:
    """A seat's private view with its warnings' headlines, for its picture (``warnings``).

    Only a private picture carries them: a warning follows from what that seat knows. A view
    without warnings is left as it is (its picture, and the key it is kept under, unchanged).
    """
    return {**view, "warnings": [w.short for w in warnings]} if warnings else view


def board_components(
    session: Session, at: int = 0, moves: Moves | None = None
) -> discord.ui.View | None:
    """Solo: the player's controls (``at``: which page). Otherwise: "My hand". And "?"."""
    if session.status != "active" or session.game.is_over:
        return None
    on_board = controls_in_channel(session)
    moves = moves or moves_for(session, 0, on_board=True)
    extras = table_buttons.board_extras(session, controls_on_board=on_board)
    return _controls_view(session, moves, extras, at)


def _controls_view(
    session: Session,
    moves: Moves,
    extras: Sequence[discord.ui.Item[discord.ui.View]],
    at: int,
) -> discord.ui.View | None:
    """The moves (the page holding move ``at``), the greyed-out ones, then the extra buttons."""
    return controls.build_view(
        session.id,
        session.step,
        moves.choices,
        unavailable=moves.unavailable,
        extras=extras,
        at=at,
    )


def _lesson_controls(
    session: Session, choices: list[controls.Choice], unavailable: list[str]
) -> tuple[list[controls.Choice], list[str]]:
    """In a lesson only the step's move stays enabled; the others are greyed out, saying why."""
    held, reason = lessons.held_back(session, [c.code for c in choices])
    if not held:
        return choices, unavailable
    greyed = [f"{shorten(c.label, GREYED_MOVE)}: {reason}" for c in choices if c.code in held]
    return [c for c in choices if c.code not in held], greyed + unavailable


def private_components(
    session: Session,
    seat: int,
    at: int = 0,
    moves: Moves | None = None,
    tip: coach.Tip | None = None,
) -> discord.ui.View | None:
    """A seat's controls (``at``: which page of a long list of moves), "?" and toggles.

    ``tip``: the coach's suggestion for the position, its move beside the others.
    """
    live = session.status == "active" and not session.game.is_over
    moves = moves or moves_for(session, seat, on_board=False)
    extras = table_buttons.private_extras(session, seat, tip) if live else []
    return _controls_view(session, moves, extras, at)


def _standing_offers(session: Session, seat: int) -> list[str]:
    """A line for each standing choice the seat may switch on below, saying what it passes."""
    on = session.seats[seat].standing
    return [
        f"⚙️ **{c.label}** (below): {c.explanation}"
        for c in table_buttons.offered_standing(session, seat)
        if c.key not in on
    ]


async def private(
    session: Session,
    seat: int,
    notes: list[str],
    recent: list[str] | None = None,
    ending: str | None = None,
    *,
    chose: frozenset[int] = frozenset(),
    tip: coach.Tip | None = None,
    at: int = 0,
) -> Message:
    """A player's private message: their view, what just happened, their controls.

    ``ending`` explains an end the engine did not decide (resign, abort, timeout); ``chose``:
    the seats that chose a move of their own so far (the goal is shown until this one did);
    ``tip``: the coach's suggestion for this position (``bot.surface.coach``); ``at``: the
    page of a long list of moves shown (``controls.build_view``).
    """
    game = session.game
    view, moves, warned = await part(session, (PRIVATE, seat), _private_parts, seat)
    embed = discord.Embed(title=f"Your view — {_title(session)}", colour=COLOUR)
    lines = [
        lessons.header(session),
        _goal_line(session, view, [seat], chose),
        str(view.get("status", "")),
        str(view.get("legend", "")),  # the key to the picture's short labels, if it has one
    ]
    lines += _warning_lines(warned)
    if recent:
        lines.append("\n".join(f"• {t}" for t in recent[-RECENT_ON_BOARD:]))
    if notes:
        lines.append("\n".join(f"🔒 {t}" for t in notes[-6:]))
    lines = [with_names(line, session.names) for line in lines]
    live = session.status == "active" and not game.is_over
    on_board = controls_in_channel(session)
    if live and not on_board and moves.legal:
        lines.append("**Your move:** choose below.")
        if tip is not None:
            lines.append(with_names(coach.line(tip), session.names))
        lines += [with_names(t, session.names) for t in _standing_offers(session, seat)]
    elif on_board and live:
        lines.append("Your moves are on the board.")
    elif not game.is_over and session.status == "active":
        lines.append(_waiting_line(session))
    if live and not on_board:  # edited for another's move only when the player's own changed
        lines.append(f"The board in <#{session.channel_id}> always shows the game as it is now.")
    lines.append(_ending(session, ending))
    embed.description = "\n\n".join(x for x in lines if x)
    embed.set_footer(text=f"Only you see this · as of move {session.step}")
    file = await image(session, _warned_view(view, warned), "hand.png")
    embed.set_image(url="attachment://hand.png")
    return Message(embed, file, private_components(session, seat, at, moves, tip))
