"""``/help`` as one message: a "Start here" page, and buttons that turn it to the other pages.

Each page is one components v2 message (within its 4,000 characters); a page button edits the
same message, so the member never gets a second answer. The words that name games and their
commands come from the games' command groups (:class:`HelpFacts`, built by the ``/help`` cog).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from bot.surface import custom_ids, layout
from bot.surface.layout import Layout

TITLE = "Tabletop games"
COLOUR = discord.Colour.dark_gold()


@dataclass(frozen=True)
class HelpFacts:
    """What the pages say about the games the bot runs."""

    start: list[str]
    """One line per game: what it is, how long it takes, its ``learn`` command."""
    games: list[str]
    """One line per game: its start or challenge command and its other commands."""
    solo_starts: list[str]
    """The solo games' start commands (`/galdor start`)."""
    daily: list[str]
    """The daily deals' commands (`/galdor daily`)."""
    hinted: list[str]
    """The games ``/game hint`` helps in."""


START = """\
**Start here**: each game's lesson is a guided first game of a few minutes, with the real
buttons; then a real game is one click away. Lessons never count on the leaderboard.
{start}

The buttons below show the other pages: how to start and play a game, standings, tournaments
and the daily deal, and what the server's moderators can set."""

PLAY = """\
**Start a game**
{games}
Every option of a start command has a default, so {solo_starts} alone
is enough. Each game's `rules` command shows its complete rules here in Discord.

**Against the computer**: leave out `opponent:` in a two-player game's `challenge` (or pick
the bot); `level:` easy, normal (default) or hard. Such games are unrated.

**During a game** (one game per channel)
Two-player games: your private cards and your controls come by direct message. If your DMs are
closed, press **My hand** on the board: only you see the answer.
Solo games: your controls are on the board, and only you can press them; **My hand** shows
what only you may see. Some solo games offer **Undo last move** (the leaderboard notes it).
`/game hint` ({hinted}) suggests your best move with each move's chance to win;
the leaderboard marks games with hints 💡.
Press **?** on the board or on your cards for what the current phase is about and what each of
your choices does (and why a move is not possible now).
`/game status` · `/game log` (`last`: the game that just ended) · `/game resign` (a rated game
asks first) · `/game abort` (all players agree: the others get an **Agree** button) ·
`/game replay` (re-run a finished game from its published seed, then step through it or
watch it animated) ·
`/game review` (after a game: each player's chance move by move, and the three costliest
moves with what the computer would have played). Every ending is announced in
the channel, and **Play again** under it starts the same game (two players: sides swapped)."""

STANDINGS = """\
**Standings**
`/leaderboard game:<game>` — two-player games: wins, losses, draws and Glicko-2 rating on this
server, then each player's unrated record against the computer by level; solo games: best score
and wins (💡: games with hints).
`/stats` — this server's games, most active players and win streaks; `member:` (you or anyone)
their games: played, won, lost and drawn per game, best solo scores, ratings with their history
drawn, favourite opponents; `game:` one game only.

**The daily deal** (solo games): {daily} plays the day's deal, the same for every player on
every server that day (UTC), one attempt each. In a server that added me it is dealt in your
DMs with me, so nobody sees it before playing it: the channel sees that you play, and your
result. `action: board` shows this server's and all servers' best of the day, your place and
your streak; `action: named` shows your name to other servers on the all-servers board. At
the end you get a line to share that shows no card; the deal's replay opens to everyone when
its day ends.

**Tournaments** (two-player games)
`/tournament create` (Manage Server, or the role set in `/game settings`): Swiss or round
robin, a time per round, rated or not. `/tournament join` · `/tournament leave` ·
`/tournament start` · `/tournament standings` · `/tournament cancel`. Each round's games get
their own threads; a game not finished in its round's time is a forfeit."""

SETTINGS = """\
**Settings and moderators**
`/game settings` shows (anyone) or changes (Manage Server) this server's settings: whether an
absent player's seat may go to the computer (`takeover`, at which `level`), whether each new
game gets its own thread off its channel (`threads`), and which role may organise tournaments
besides Manage Server (`tournament_role`).
Members with Manage Server: `/game end` ends any game in the server without a result (after a
confirmation)."""

PAGES = {
    "start": ("Start here", START),
    "play": ("Playing", PLAY),
    "standings": ("Standings, daily deal, tournaments", STANDINGS),
    "settings": ("Settings", SETTINGS),
}
"""Each page's key (in its button's custom id: never change one), button label and text."""


def text(facts: HelpFacts, key: str) -> str:
    """The words of page ``key``."""
    return PAGES[key][1].format(
        start="\n".join(facts.start),
        games="\n".join(facts.games),
        solo_starts=" or ".join(facts.solo_starts),
        daily=" or ".join(facts.daily),
        hinted=", ".join(facts.hinted),
    )


def page(facts: HelpFacts, key: str = "start") -> Layout:
    """Page ``key`` as a v2 message, with a button to each page (this one's greyed out)."""
    key = key if key in PAGES else "start"
    buttons: list[discord.ui.Item[Any]] = [
        discord.ui.Button(
            label=label,
            custom_id=custom_ids.HELP_PAGE.build(other),
            style=discord.ButtonStyle.primary if other == key else discord.ButtonStyle.secondary,
            disabled=other == key,
        )
        for other, (label, _) in PAGES.items()
    ]
    title = TITLE if key == "start" else f"{TITLE}: {PAGES[key][0]}"
    return layout.message(title, [text(facts, key)], colour=COLOUR, rows=[buttons])
