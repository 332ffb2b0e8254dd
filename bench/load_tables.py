"""The load test's games: which kinds, against whom, and what a member reads off Discord.

Every game is a *table*: one channel, its members (one for a solo game, two for a game
between members, one against the computer) and the game's kind. A member reads only what the
bot shows them, as a person would: a solo game's moves on its board in the channel, a
two-player game's moves in their newest DM (the bot sends each player their controls there).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import NamedTuple

from bench.games import command, part, players
from bot.surface.delivery import OLD_DM
from bot.surface.inflight import BUSY
from bot.surface.refusals import STALE_LEAD
from discord_emulator import Channel, DiscordEmulator, Message, User
from discord_emulator.interactions import Interaction
from engines.plugins import game_ids
from tests.bot.harness import move_controls

STALE = (STALE_LEAD, OLD_DM.split(",")[0])
"""Refusals of a button the game moved past: a double click's second press, a DM a newer
one replaced just before the press (a two-player game)."""


@dataclass(frozen=True)
class Kind:
    """A kind of game: its name on the command line (and its slash group), engine, players,
    and the code of the move that ends a player's set-up in one click, if the game's bench
    module names one (``SETUP_DONE``; ``--past-setup``)."""

    name: str
    game_id: str
    players: int
    setup_done: str | None = None


KINDS = {
    command(g): Kind(command(g), g, players(g), part(g, "SETUP_DONE"))
    for g in game_ids()
    if part(g, "LOAD_SHARE")
}
"""The games of the load test, by their slash group: those whose bench module gives a share."""
MIX = {k.name: part(k.game_id, "LOAD_SHARE") for k in KINDS.values()}
"""Shares of the games, each from its bench module's ``LOAD_SHARE`` (docs/benchmarks.md
"Load": the quick solo games most, Gondor's long wargame with the largest pictures least)."""


@dataclass
class Member:
    """One simulated member at one table, and every press they made."""

    user: User
    table: Table
    busy: bool = False
    presses: list[Interaction] = field(default_factory=list)
    asked: set[int] = field(default_factory=set)  # presses answered with a question
    cut: set[int] = field(default_factory=set)  # presses whose bot was killed before their answer

    def outcomes(self) -> list[str]:
        """Each press: "accepted" (no refusal came), "refused" (a stale button), "busy" (the
        process was full and said so at once), "cut off" (``--kill-at``: the process it reached
        was killed before the member saw its answer) or the error ("no answer" within
        Discord's deadline from a living process among them).

        Read once the bot is quiet: a click the bot applied gets no message of its own (its
        answer is the updated board or DM), a refused one an ephemeral.
        """
        found = []
        for ix in self.presses:
            notes = [m.content for m in ix.messages if m.ephemeral]
            if ix.id in self.cut:
                found.append("cut off")
            elif ix.late:
                found.append("late acknowledgement")
            elif ix.expired:
                found.append("no answer")
            elif ix.id in self.asked:  # its "Yes" is a press of its own (the question
                found.append("asked")  # itself then reads "Done.", without buttons)
            elif not notes or notes == ["Done."]:  # "Done.": a confirmed move
                found.append("accepted")
            elif any(lead in n for lead in STALE for n in notes):
                found.append("refused")
            elif notes == [BUSY]:
                found.append("busy")
            else:
                found.append(f"error: {notes[0][:80]}")
        return found


@dataclass
class Table:
    """One channel's game: its kind, opponent and members."""

    kind: Kind
    channel: Channel
    computer: bool = False  # a two-player game against the computer
    idle: bool = False  # never clicked
    members: list[Member] = field(default_factory=list)
    starting: bool = False
    since: int = 0  # the channel's messages before the current game was started

    @property
    def label(self) -> str:
        """How the report names this kind of table."""
        if self.kind.players == 1:
            return self.kind.name
        return f"{self.kind.name} vs {'computer' if self.computer else 'member'}"


def counts(total: int, shares: dict[str, float]) -> dict[str, int]:
    """``total`` games split by ``shares`` (largest remainder), each kind at least one when
    there are games enough."""
    weight = sum(shares.values())
    exact = {k: total * s / weight for k, s in shares.items()}
    found = {k: math.floor(v) for k, v in exact.items()}
    for k in sorted(exact, key=lambda k: exact[k] - found[k], reverse=True):
        if sum(found.values()) >= total:
            break
        found[k] += 1
    for k in found:
        if found[k] == 0 and total >= len(found):
            found[max(found, key=found.__getitem__)] -= 1
            found[k] = 1
    return found


def chosen(index: int, share: float) -> bool:
    """Whether the ``index``-th item is among a ``share`` spread evenly over a list."""
    return math.floor((index + 1) * share) > math.floor(index * share)


class Plan(NamedTuple):
    """What one table will hold."""

    kind: Kind
    idle: bool
    computer: bool


def layout(total: int, shares: dict[str, float], idle: float, computer: float) -> list[Plan]:
    """The tables' plans, kinds interleaved: within each kind a share ``idle`` is never
    clicked (the first of each kind is), and of each kind's two-player games that are played
    a share ``computer`` is against the computer (with a third: the second, fifth, …), the
    others between two members."""
    per_kind: dict[str, list[Plan]] = {}
    for name, n in counts(total, shares).items():
        kind = KINDS[name]
        plans = per_kind[name] = []
        played = 0
        for i in range(n):
            quiet = chosen(i, idle)
            versus = kind.players == 2 and not quiet and chosen(played + 1, computer)
            played += kind.players == 2 and not quiet
            plans.append(Plan(kind, quiet, versus))
    order: list[Plan] = []
    while any(per_kind.values()):
        for plans in per_kind.values():
            if plans:
                order.append(plans.pop(0))
    return order


# ---- reading what a member sees ---------------------------------------------------------
def board_of(emu: DiscordEmulator, channel: Channel) -> Message | None:
    """The newest message in the channel with moves on it (a solo game's board)."""
    for message in reversed(emu.channel_messages(channel)):
        if message.author_id == emu.bot_user.id and move_controls(message):
            return message
    return None


def page_turns(message: Message) -> list[str]:
    """The custom_ids of a message's enabled page buttons (Gondor's long lists of moves)."""
    return [
        b.custom_id
        for b in message.buttons()
        if b.custom_id and b.custom_id.startswith("pg2:") and not b.disabled
    ]


def controls_of(emu: DiscordEmulator, member: Member) -> Message | None:
    """The message whose moves the member may press now: a solo game's board, else their
    newest DM when it has moves or pages of moves."""
    if member.table.kind.players == 1:
        return board_of(emu, member.table.channel)
    dms = emu.dm_messages(member.user)
    if dms and (move_controls(dms[-1]) or page_turns(dms[-1])):
        return dms[-1]
    return None


def ended(emu: DiscordEmulator, table: Table) -> bool:
    """The table's current game is over: a result with **Play again** came after its start,
    or (a solo game) its board has no moves left."""
    if table.kind.players == 1:
        return board_of(emu, table.channel) is None
    return any(
        (b.custom_id or "").startswith("again:")
        for message in emu.channel_messages(table.channel)[table.since :]
        for b in message.buttons()
    )


def confirmation(ix: Interaction) -> str | None:
    """The custom_id of the "Yes" button if the bot asked to confirm the move."""
    for message in ix.messages:
        for button in message.buttons():
            if (button.custom_id or "").startswith("ok1:"):
                return button.custom_id
    return None


def code_of(custom_id: str, value: str | None) -> str:
    """The code of the move a control makes: a list option's value, else the button's id's last
    field (``g1:<session>:<step>:<code>``)."""
    return value or custom_id.split(":")[-1]


def button_for(message: Message, code: str) -> str | None:
    """The custom_id of the message's enabled button that makes the move ``code``, if any."""
    buttons = {code_of(c, None): c for kind, c, _ in move_controls(message) if kind == "button"}
    return buttons.get(code)


def step_of(custom_id: str) -> int:
    """The game step a move control was drawn for (``g1:<session>:<step>:<code>``)."""
    return int(custom_id.split(":")[2])
