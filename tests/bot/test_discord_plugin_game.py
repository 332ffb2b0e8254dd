"""A sixth game, known to no shared file, is found by its entry point and played through the bot.

Hopscotch (``tests/plugin_game``) is installed for this module only: its folder, holding the
``tiny_game`` package and its ``tiny_game-0.1.dist-info``, goes on ``sys.path`` before the bot
starts, and is taken off (and the registry read again) when the module is done.
"""

from pathlib import Path

import pytest
import pytest_asyncio

import ai
import engines
from bot.cogs.game import not_solo
from engines import plugins
from tests.bot.harness import move_controls
from tests.plugin_game import installed
from tests.test_architecture import PRODUCT_FILES, ROOT, game_mentions

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture(scope="module")
def hopscotch():
    with installed():
        yield plugins.plugin("hopscotch")


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def world(hopscotch, world):
    """The module's bot, started with Hopscotch installed."""
    yield world


async def test_the_registry_finds_it_by_its_entry_point_after_the_five(hopscotch):
    assert engines.game_ids()[-1] == "hopscotch" and len(engines.game_ids()) == 6
    assert engines.get_game("hopscotch").title == "Hopscotch"
    assert not ai.hints_for("hopscotch")
    assert "Gondolin and Hopscotch" in not_solo()


async def test_no_shared_file_knows_it(hopscotch):
    assert Path(plugins.__file__).is_relative_to(ROOT)
    for path in PRODUCT_FILES:
        assert game_mentions((ROOT / path).read_text(), ["hopscotch", "tiny_game"]) == [], path
    assert "hopscotch" not in (ROOT / "pyproject.toml").read_text()


def safe_hop(session, board) -> tuple[str, str, str | None]:
    """The longest hop that lands on a whole square (by its button's label)."""
    state = session.game.state
    labels = {b.custom_id: b.label for b in board.buttons()}
    moves = {int(labels[c[1]].removeprefix("Hop ")): c for c in move_controls(board)}
    n = max(n for n in moves if state.square + n not in state.cracked)
    return moves[n]


async def test_a_whole_game_through_the_bot(world):
    await world.slash("alice", "hopscotch start")
    session = await world.live()
    assert session is not None and session.game_id == "hopscotch"
    board = world.board(session)
    assert "**Goal:** Reach square 10" in board.text()
    assert board.attachments[0].description.startswith("Hopscotch: On square 0")
    since = len(world.emu.channel_messages(world.chan))
    for _ in range(10):
        session = await world.bot.store.load(session.id)
        if session.status != "active":
            break
        board = world.board(session)
        await world.make_move(world.people["alice"], board, safe_hop(session, board))
    session = await world.bot.store.load(session.id)
    assert session.status == "finished" and session.game.result.winners == [0]
    board = world.board(session)
    assert "Game over" in board.text() and move_controls(board) == []
    new = world.emu.channel_messages(world.chan)[since:]
    ends = [m for m in new if "Game over" in m.text()]
    assert len(ends) == 1 and "Reached square 10." in ends[0].text(), [m.text() for m in new]
    help_text = "\n".join(t for p in await world.help_pages("bob") for t in p)
    assert "`/hopscotch start` — hop to square 10." in help_text
