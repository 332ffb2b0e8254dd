"""A server's settings as its admins read them in ``/game settings``."""

from __future__ import annotations

from bot.storage.server_settings import ServerChoices


def describe(choices: ServerChoices, idle_days: float) -> str:
    """The settings as a server admin reads them in ``/game settings``."""

    def source(chosen: bool) -> str:
        return "set on this server" if chosen else "the bot's default"

    state = "on" if choices.takeover else "off"
    return "\n".join(
        [
            "**This server's game settings**",
            f"• Let the computer play an absent player's seat: **{state}** "
            f"({source(choices.takeover_chosen)})",
            f"• The computer's level when it takes a seat over: **{choices.level}** "
            f"({source(choices.level_chosen)})",
            f"• Each game in its own thread: **{'on' if choices.threads else 'off'}** "
            "(the channel then shows only starts and results)",
            "• Who organises tournaments: members with Manage Server"
            + (f" and <@&{choices.tournament_role}>" if choices.tournament_role else ""),
            f"-# A player who does not move is reminded after {idle_days / 2:g} days and resigns "
            f"after {idle_days:g} (the bot's setting). With takeover on, the reminder also lets "
            "the waiting player hand the seat to the computer; the game is then unrated. "
            "Members with Manage Server change these with `/game settings` "
            "(`tournament_role:` @everyone takes the role away).",
        ]
    )
