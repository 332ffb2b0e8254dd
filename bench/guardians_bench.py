"""Guardians' own parts of the shared benches: its hand-made views, its share of the load
test's mix, and Alice's play against the computer (the game's own quick policy)."""

from __future__ import annotations

import random

from bench.games import Opponent, Views, playout_views, who
from engines.guardians import Guardians
from tests.bot.harness import World, move_controls
from tests.bot.test_discord_guardians import choose, code_of
from tests.render.guardians_views import CASES, VIEWERS, make_case

LOAD_SHARE = 0.15
"""Its share of the load test's games (docs/benchmarks.md, "Load")."""
WANDERS = True
"""Random clicks may not end a game: bench.click_counts leaves it out, bench.rest_calls cuts it."""


def views() -> Views:
    """Every case of tests/render's hand-made views, then a seeded random game's."""
    for case in CASES:
        for viewer in VIEWERS:
            yield f"factory {case:<10} {who(viewer)}", make_case(case, viewer)[0]
    yield from playout_views("guardians", 2, VIEWERS, seed=7)


def against_computer(level: str) -> Opponent:
    """Alice plays the game's own policy on what she can see, by the control naming it."""
    rng = random.Random(level)

    async def click(world: World, session, alice: int) -> None:
        user = world.user(session, alice)
        message = world.controls_message(user) or await world.hand(user.name, session)
        controls = move_controls(message)
        wanted = Guardians.encode(session.game.resample(alice, rng).rollout_action(alice, rng))
        control = next((c for c in controls if code_of(c) == wanted), None)
        await world.make_move(user, message, control or choose(rng, controls))

    return Opponent({}, 700, click)
