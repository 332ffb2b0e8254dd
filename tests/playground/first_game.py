"""A newcomer's first game, from ``/help`` through the lesson to the end of a real game.

From ``/help`` the script reads the game's ``learn`` command on the help's line for that game,
plays the lesson by clicking the one enabled move of each step, presses the button the
"Lesson done" message names, and plays the real game (against the computer at the level that
button starts, or solo) to its end, reading only the page: button and list labels, message
text. The newcomer confirms when asked, takes the moves the page suggests first when there are
some (the suggested build, auto-placing, the standard set-up, ending a phase), else a random
one; the channel must then announce the end.

Each game's deal is fixed (``./dev play --seed GAME=N``), and so are the newcomer's random
choices, so a test plays the same game on every run: each seed was picked, among a few tried,
for a short game that is still a whole first game.
"""

import time
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from tests.playground.chromium import wait_for
from tests.playground.conftest import running_playground
from tests.playground.pages import (
    learn_command,
    open_page,
    page_text,
    play_lesson,
    play_real_game,
    shot,
    start_lesson,
    start_real_game,
)

MAX_MOVES = 400  # a newcomer's Gondor game takes about 70 moves, Knightfall's about 70


class Newcomer(NamedTuple):
    game: str  # how the help names the game
    member: str
    in_dm: bool  # a two-player game: the moves come by DM
    prefer: tuple[str, ...]  # the labels a newcomer clicks first when offered
    seed: str  # the real game's deal: GAME=N, ``./dev play --seed``


def seeded_playground(data: Path, newcomers: list[Newcomer]) -> Iterator[str]:
    """The playground dealing each newcomer's game from its seed: yield the page's address."""
    with running_playground(data, seeds=tuple(w.seed for w in newcomers)) as (url, _):
        yield url


def play_first_game(playground: str, browser, who: Newcomer) -> None:
    """The newcomer's whole path; fails if any step of it does."""
    started = time.monotonic()
    open_page(browser, playground, who.member)
    command = learn_command(browser, who.game)
    start_lesson(browser, command)
    steps = play_lesson(browser, who.in_dm)
    assert steps == list(range(1, len(steps) + 1)) and 4 <= len(steps) <= 8, steps
    lesson = time.monotonic() - started
    start_real_game(browser, who.member)
    moves, ending = play_real_game(
        browser, who.member, who.in_dm, who.prefer, who.member, MAX_MOVES
    )
    shot(browser, f"first-game-{command.split()[0][1:]}-over")
    assert "Game over" in ending and "Play again" in ending, ending
    assert moves >= 5
    shown = f"seed {who.seed.partition('=')[2]} (check it with /game replay)"
    wait_for(browser, lambda: shown in page_text(browser), 20, "the final board's seed")
    if who.in_dm:
        assert "unrated" in ending, ending  # against the computer
    print(
        f"\n{who.game}: {command}, {len(steps)} steps in {lesson:.1f} s; then {moves} moves,"
        f" {time.monotonic() - started:.1f} s in all"
    )
