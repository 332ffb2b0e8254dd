"""Gondor's own parts of the shared benches: its views and close-ups, its share of the load
test's mix and its one-click end of deployment, and its scripted players
(tests/bot/gondor_players.py) where others click at random.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bench.games import Opponent, Views, playout_views
from engines.gondor import Gondor
from engines.gondor.actions import StandardDeploy
from tests.bot.gondor_players import Player
from tests.bot.gondor_table import actions
from tests.bot.harness import World
from tests.bot.pages import press, read_controls, switches

if TYPE_CHECKING:
    from bench.click_counts import Counts

LOAD_SHARE = 0.10
"""Its share of the load test's games (docs/benchmarks.md, "Load": the long wargame with the
largest pictures least)."""
SETUP_DONE = Gondor.encode(StandardDeploy(done=True))
"""The move that ends a side's initial deployment in one click ("Place the rest near the Main
Gate and finish", a button of the side's first DM): bench.load's ``--past-setup`` presses it for
both sides before its window, so that the window measures the siege."""
SIDES = ("sauron", "westernesse")
"""The ``side`` option of a challenge: the side Alice plays."""
NEWCOMER_SIDE = "sauron"
"""Alice's side in bench.newcomer unless ``--side`` says."""
COMPUTER_SIDE = {"easy": "westernesse", "normal": "sauron", "hard": "westernesse"}
"""Alice's side against each level in bench.computer_games."""


def views() -> Views:
    """Every phase of a random game's first Game-Turns, and the board's close-ups of moves."""
    for name, view in playout_views("gondor", 2, (None, 0, 1), seed=7, steps=1500):
        yield name, view
        if view.get("spotlight"):
            yield f"{name} close-up", {**view, "focus": view["spotlight"]}


class Scripted:
    """Both sides' planned players, for bench.click_counts and bench.rest_calls."""

    def __init__(self) -> None:
        self.players = [Player("sauron"), Player("westernesse")]

    async def move(self, world: World, session, counts: Counts) -> None:
        """The player to act reads every page of their DM's moves and makes their plan's."""
        players = self.players
        seat = session.game.to_act()[0]
        user = world.user(session, seat)
        state = session.game.state
        where = (state.pending.kind if state.pending else state.phase, "standing")
        message = world.controls_message(user)
        shown = switches(message) if message is not None else {}
        on = {k: on for k, (_, on) in shown.items()}
        wanted = players[seat].switch(session.game.view(seat), on)
        if message is not None and wanted is not None:  # a standing choice, switched once
            await world.click(user.name, message, shown[wanted][0])
            counts.clicks += 1
            counts.by_kind[where] += 1
            return
        seen = await read_controls(world, user, players[seat].opens)
        assert seen is not None, "the player to act has no controls"
        action = players[seat].choose(session.game.view(seat), actions(seen))
        where = (state.pending.kind if state.pending else state.phase, str(action.kind))
        counts.single += len(seen.offered) == 1
        clicks = await press(world, seen, Gondor.encode(action))
        counts.clicks += clicks
        counts.pages += seen.turns
        counts.by_kind[where] += clicks
        counts.pages_by_kind[where] += seen.turns


def against_computer(level: str) -> Opponent:
    """Alice plays the side ``COMPUTER_SIDE`` gives the level, with that side's plan."""
    side = COMPUTER_SIDE[level]
    player = Player(side)

    async def click(world: World, session, alice: int) -> None:
        seen = await read_controls(world, world.user(session, alice))
        assert seen is not None, "alice must act but has no controls"
        choice = player.choose(session.game.view(alice), actions(seen))
        await press(world, seen, Gondor.encode(choice))

    return Opponent({"side": side}, 900, click)
