"""Games in threads on the page: carol turns threads on, dave starts Gondolin in #games, the
game's thread appears under #games in the sidebar, and dave plays in it (a fresh playground:
no other test sees the setting)."""

import random

import pytest
from selenium.webdriver import Chrome
from selenium.webdriver.common.by import By

from tests.playground.chromium import REDRAWN, missing, wait_for
from tests.playground.pages import (
    MOVES,
    answers,
    become,
    controls,
    error_text,
    open_channel,
    open_page,
    page_text,
    run_command,
    shot,
    use,
    wait_shown,
)

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")


def sidebar(browser: Chrome) -> list[tuple[str, str, str]]:
    """The channel list as shown, in order: (class, channel id, name) of each item."""
    return browser.execute_script(
        "return [...document.querySelectorAll('#channels li')]"
        ".map((li) => [li.className.replace(' active', ''), li.dataset.channel, li.innerText])"
    )


def title(browser: Chrome) -> str:
    return browser.find_element(By.CSS_SELECTOR, "#channel-title").text


def test_a_game_in_its_thread_shows_under_its_channel_and_is_played_there(browser, playground):
    open_page(browser, playground, "carol")
    run_command(browser, "/game settings threads:on")
    wait_for(browser, lambda: answers(browser, "thread"), 20, "the settings' answer")

    become(browser, "dave")
    games = sidebar(browser)[0][1]
    run_command(browser, "/gondolin start")
    link = wait_for(  # the line names #games until the thread is started from it
        browser,
        lambda: [
            m
            for m in browser.find_elements(By.CSS_SELECTOR, "article .mention[data-link]")
            if m.get_dom_attribute("data-link") != games
        ],
        20,
        "the channel's line about the game",
    )[-1]
    thread = link.get_dom_attribute("data-link")
    listed = wait_for(
        browser, lambda: [i for i in sidebar(browser) if i[1] == thread], 10, "the thread listed"
    )
    [(kind, _, name)] = listed
    assert kind == "thread" and name.startswith("Gondolin") and "dave" in name.lower(), listed
    assert [i[1] for i in sidebar(browser)[:2]] == [games, thread]  # right under #games
    assert link.text == f"#{name}"
    shot(browser, "40-thread-listed")

    link.click()  # the line's "— in #thread" opens the thread
    wait_shown(browser, thread)
    assert title(browser) == f"# games › {name}"

    def first_move() -> str | None:
        try:
            return use(browser, controls(browser, *MOVES)[0], random.Random(3))
        except (*REDRAWN, IndexError):  # not there yet, or redrawn under the pointer
            return None

    label = wait_for(browser, first_move, 20, "a move on the board in the thread")
    assert not error_text(browser), f"{label}: {error_text(browser)}"
    shot(browser, "41-thread-move")

    open_channel(browser, 1)
    assert not controls(browser, *MOVES)  # the board is in the thread, not in #games
    browser.find_element(By.CSS_SELECTOR, f'#channels li.thread[data-channel="{thread}"]').click()
    wait_shown(browser, thread)
    run_command(browser, "/game status")  # a command typed here runs in the thread
    wait_for(browser, lambda: answers(browser, "Gondolin"), 20, "the board, only to dave")
    assert "No game is running" not in page_text(browser)
