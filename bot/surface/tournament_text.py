"""A tournament's words: its announcement, a round's pairings, the standings, the winner."""

from __future__ import annotations

from datetime import datetime, timedelta

import discord

from bot.storage.pairing import ROUND_ROBIN, Decision, Standing
from bot.storage.tournaments import CANCELLED, FINISHED, OPEN, Board, Entrant, Tournament
from bot.surface import layout
from bot.surface.layout import Layout
from engines import plugins
from engines.safe_text import markdown, plain
from engines.text import join_and

FORMAT_NAMES = {ROUND_ROBIN: "round robin", "swiss": "Swiss"}
DECISION_WORDS = {
    Decision.FIRST: "1–0",
    Decision.SECOND: "0–1",
    Decision.DRAW: "½–½",
    Decision.FIRST_FORFEITS: "0–1 (forfeit)",
    Decision.SECOND_FORFEITS: "1–0 (forfeit)",
    Decision.BOTH_FORFEIT: "0–0 (both forfeit)",
    Decision.BYE: "bye",
}
TIE_BREAKS = {
    "swiss": ("Buchholz", "S-B"),
    ROUND_ROBIN: ("S-B", "Wins"),
}


def span(pace: timedelta) -> str:
    """``2 days`` or ``12 hours``."""
    hours = round(pace.total_seconds() / 3600)
    if hours % 24 == 0:
        days = hours // 24
        return f"{days} day{'s' if days != 1 else ''}"
    return f"{hours} hour{'s' if hours != 1 else ''}"


def stamp(moment: datetime) -> str:
    """A Discord timestamp: each reader sees it in their own time zone."""
    unix = int(moment.timestamp())
    return f"<t:{unix}:f> (<t:{unix}:R>)"


def title(t: Tournament) -> str:
    """``Knightfall tournament `abc123```."""
    return f"{plugins.plugin(t.game_id).title} tournament `{t.id}`"


def terms(t: Tournament, players: int | None = None) -> str:
    """Its format, rounds, pace and whether it is rated, in one line."""
    rounds = f"{t.rounds} round{'s' if t.rounds != 1 else ''}"
    if t.format == ROUND_ROBIN and t.state == "open":
        rounds = "everyone meets everyone"
    who = f" · {players} player{'s' if players != 1 else ''}" if players is not None else ""
    rated = "rated" if t.rated else "unrated"
    return f"{FORMAT_NAMES[t.format]} · {rounds} · {span(t.pace)} per round · {rated}{who}"


def announcement(t: Tournament, organiser: str) -> str:
    """The public message of a new tournament: how to join, when it starts."""
    start = (
        f"It starts {stamp(t.starts_at)}, or when {organiser} uses `/tournament start`."
        if t.starts_at
        else f"It starts when {organiser} uses `/tournament start`."
    )
    return (
        f"🏆 **{title(t)}** is open: {terms(t)}.\n"
        f"Join with `/tournament join` (leave with `/tournament leave` before the start). {start}\n"
        "Each game is played in its own thread off this channel; a game not finished by its "
        "round's deadline is decided as a forfeit against the player it waits for."
    )


def pairings(t: Tournament, boards: list[Board], names: dict[int, str]) -> str:
    """A round's pairings: who plays whom (first seat first), the bye, the deadline."""
    lines = [f"**{title(t)}: round {t.round} of {t.rounds}**"]
    for b in boards:
        if b.second is None:
            lines.append(f"• {names.get(b.first, '?')} has a bye (1 point)")
        elif b.decision is not None:
            first, second = names.get(b.first, "?"), names.get(b.second, "?")
            lines.append(f"• {first} vs {second}: {DECISION_WORDS[b.decision]}")
        else:
            lines.append(f"• <@{b.first}> vs <@{b.second}>")
    if t.round_ends_at is not None:
        lines.append(
            f"Each game is in its own thread below. Finish by {stamp(t.round_ends_at)}: "
            "an unfinished game is then a forfeit for the player it waits for."
        )
    return "\n".join(lines)


def warning(t: Tournament, names: list[str], user_ids: list[int]) -> str:
    """An unfinished game near the deadline: whose move it is, and what happens then."""
    assert t.round_ends_at is not None
    pings = " ".join(f"<@{u}>" for u in user_ids)
    who = join_and(names) if names else "nobody"
    return (
        f"⏳ {pings} Round {t.round} of the **{title(t)}** ends {stamp(t.round_ends_at)}. "
        f"The game waits for {who}: if it is not finished by then, it counts as a forfeit "
        "(a loss) for the player it waits for, or for both if it waits for both or nobody "
        "has moved."
    )


def table_rows(table: list[Standing], entrants: list[Entrant], fmt: str) -> list[tuple[str, ...]]:
    """The standings' lines as plain text: rank, name, points and the tie-breaks."""
    names = {e.user_id: e.name + (" (withdrew)" if e.left else "") for e in entrants}
    rows: list[tuple[str, ...]] = []
    for rank, s in enumerate(table, 1):
        breaks = (
            (f"{s.buchholz:g}", f"{s.sonneborn_berger:g}")
            if fmt != ROUND_ROBIN
            else (f"{s.sonneborn_berger:g}", str(s.wins))
        )
        rows.append((str(rank), plain(names.get(s.player, "?")), f"{s.points:g}", *breaks))
    return rows


def columns(fmt: str) -> tuple[str, ...]:
    """The picture's and the text's columns after the name."""
    return ("Points", *TIE_BREAKS.get(fmt, TIE_BREAKS["swiss"]))


def entrants_message(t: Tournament, entrants: list[Entrant]) -> Layout:
    """An open tournament's players so far, as a v2 message (32 long names hold in it)."""
    names = ", ".join(markdown(e.name) for e in entrants) or "nobody yet"
    state = "open" if t.state == OPEN else "called off before its start"
    return layout.message(
        f"{title(t)}: {state}",
        [f"{terms(t, len(entrants))}.\nPlayers: {names}."],
        colour=discord.Colour.dark_gold(),
    )


def standings_heading(t: Tournament, played: int) -> str:
    """What the standings of rounds up to ``played`` are: so far, final, or at a call-off."""
    if t.state == CANCELLED:
        return f"called off in round {t.round} of {t.rounds}"
    if t.state == FINISHED:
        return "final standings"
    return f"after round {played} of {t.rounds}" if played else "round 1 under way"


def table_text(t: Tournament, rows: list[tuple[str, ...]]) -> str:
    """The standings as text (the picture's table, for every reader and screen reader)."""
    cols = columns(t.format)
    lines = []
    for rank, name, *numbers in rows:
        figures = ", ".join(f"{c} {v}" for c, v in zip(cols, numbers, strict=True))
        lines.append(f"{rank}. {markdown(name)}: {figures}")
    return "\n".join(lines)


def table_message(
    t: Tournament, heading: str, rows: list[tuple[str, ...]], picture: discord.File
) -> Layout:
    """The standings as a v2 message: every player's line, then the picture.

    32 players' lines with the longest names hold in its 4,000 characters (a message's 2,000
    would cut the last ones off).
    """
    return layout.message(
        f"{title(t)}: {heading}",
        [table_text(t, rows)],
        colour=discord.Colour.dark_gold(),
        picture=picture,
    )


def winner_text(t: Tournament, winner: Entrant | None, players: list[int]) -> str:
    """The end: who won, to everyone who played (each of them named, so each is told)."""
    everyone = ", ".join(f"<@{p}>" for p in players)
    if winner is None:
        return f"🏁 **{title(t)}** is over. Thank you for playing, {everyone}."
    return (
        f"🏆 <@{winner.user_id}> wins the **{title(t)}** ({len(players)} players, "
        f"{t.rounds} rounds)! Congratulations, and thank you for playing, {everyone}."
    )


def channel_deleted_text(t: Tournament) -> str:
    """The DM each player gets when the tournament's channel was deleted."""
    when = "before its start" if t.round == 0 else f"in round {t.round} of {t.rounds}"
    return (
        f"The **{title(t)}** was called off {when}: its channel was deleted, with the threads "
        "of its games. Games already finished still count on the leaderboard."
    )
