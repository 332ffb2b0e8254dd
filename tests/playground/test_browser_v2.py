"""A components v2 message on the page: the playground's server is saved with one such board in
#games (stored by the emulator as it stores what a bot sends), the page draws it (a bordered
container with its accent bar, a section with its button at the right, markdown text, the
gallery's picture with its alt text, a separator, a file) and its button sends the interaction
a button of an ordinary message sends."""

import asyncio

import pytest
from selenium.webdriver.common.by import By

from discord_emulator.bodies import Body, Upload, apply_fields
from discord_emulator.models import FLAG_COMPONENTS_V2, Message
from discord_emulator.persist import save
from playground.world import Playground
from tests.emulator.test_emulator import tiny_png
from tests.playground.chromium import missing, wait_for
from tests.playground.conftest import running_playground
from tests.playground.pages import answers, open_channel, open_page, shot

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")
HELP_BUTTON = "help:404"  # the bot's "?" button, for a game it does not know

BOARD = {
    "flags": FLAG_COMPONENTS_V2,
    "attachments": [{"id": 0, "description": "the picture"}, {"id": 1}],
    "components": [
        {
            "type": 17,
            "accent_color": 0x3366FF,
            "components": [
                {
                    "type": 9,
                    "components": [{"type": 10, "content": "## A v2 board\nYour **move**"}],
                    "accessory": {
                        "type": 2,
                        "style": 2,
                        "label": "Rules",
                        "custom_id": HELP_BUTTON,
                    },
                },
                {
                    "type": 12,
                    "items": [
                        {"media": {"url": "attachment://board.png"}, "description": "A 4x3 board"}
                    ],
                },
                {"type": 14, "divider": True, "spacing": 2},
                {"type": 13, "file": {"url": "attachment://moves.txt"}},
            ],
        }
    ],
}


async def _seed_with_board(data) -> None:
    """The playground's server as a first run seeds it, plus the bot's v2 board in #games."""
    world = Playground(data)
    world.seed()
    state = world.emu.state
    games = next(c for c in state.channels.values() if c.name == "games")
    msg = Message(id=state.next_id(), channel_id=games.id, author_id=state.bot_user.id)
    msg.guild_id = games.guild_id
    files = {0: Upload("board.png", tiny_png(40, 30)), 1: Upload("moves.txt", b"e4 e5")}
    apply_fields(state, msg, Body(BOARD, files), creating=True)
    state.add_message(msg)
    save(state, world.world_file)


@pytest.fixture(scope="module")
def playground(tmp_path_factory):
    data = tmp_path_factory.mktemp("playground-v2")
    asyncio.run(_seed_with_board(data))
    with running_playground(data) as (url, _):
        yield url


def test_a_v2_board_is_drawn_and_its_button_clicks(playground, browser):
    open_page(browser, playground, "alice")
    open_channel(browser, 1)
    box = wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, ".container"), 20, "v2")
    container = box[0]
    assert container.value_of_css_property("border-left-color") == "rgba(51, 102, 255, 1)"
    section = container.find_element(By.CSS_SELECTOR, ".section")
    assert "A v2 board" in section.find_element(By.CSS_SELECTOR, "h2").text
    assert section.find_element(By.CSS_SELECTOR, "strong").text == "move"
    button = section.find_element(By.CSS_SELECTOR, ".accessory button")
    text = section.find_element(By.CSS_SELECTOR, ".content")
    assert button.location["x"] > text.location["x"] + text.size["width"] / 2  # at the right
    [picture] = container.find_elements(By.CSS_SELECTOR, ".gallery img")
    assert picture.get_dom_attribute("alt") == "A 4x3 board"
    assert browser.execute_script("return arguments[0].naturalWidth", picture) == 40
    assert container.find_elements(By.CSS_SELECTOR, "hr.separator.space-2")
    assert container.find_element(By.CSS_SELECTOR, ".file a").text == "moves.txt"
    article = browser.find_element(By.CSS_SELECTOR, "article:has(.container)")
    assert not article.find_elements(
        By.CSS_SELECTOR, ".attachment"
    )  # files show only via components
    shot(browser, "v2-board")
    before = len(browser.find_elements(By.CSS_SELECTOR, "article.ephemeral"))
    button.click()
    wait_for(
        browser,
        lambda: len(browser.find_elements(By.CSS_SELECTOR, "article.ephemeral")) > before,
        20,
        "the bot's answer to the click",
    )
    assert answers(browser, "")
    shot(browser, "v2-board-clicked")
