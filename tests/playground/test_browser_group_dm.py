"""The group DM on the page (``./dev play --group-dm``): alice, who installed the app to her
account, finds *Game night* in her DM list, starts Galdor's Grip there from the message box and
plays it by the board's buttons, the board redrawn in place; bob, in the same group DM, sees her
board, is refused (only to him) when he presses it, and is offered none of the bot's commands;
then alice challenges bob to Knightfall there and bob's *My hand* shows his cards to him only.
"""

import random
import re

import pytest
from selenium.webdriver import Chrome, Keys
from selenium.webdriver.common.by import By

from tests.playground.chromium import missing, wait_for
from tests.playground.conftest import running_playground
from tests.playground.pages import (
    MOVES,
    answers,
    become,
    controls,
    error_text,
    make_move,
    open_page,
    page_text,
    run_command,
    seen_text,
    shot,
    start_challenge,
    texts,
    until_started,
    use_first,
    wait_shown,
)

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")
GROUP = "Game night"
CARD = re.compile(r"(?:10|[2-9AJQK])[♥♦♣♠]")  # a card as a label names it
FAILED = ("interaction failed", "did not respond", "Missing Access", "Missing Permissions")


@pytest.fixture(scope="module")
def playground(tmp_path_factory):
    with running_playground(tmp_path_factory.mktemp("playground-gdm"), group_dm=True) as (url, _):
        yield url


def open_group(browser: Chrome) -> str:
    """Click *Game night* in the member's DM list; wait for its messages; its channel id."""

    def click() -> str | None:
        for li in browser.find_elements(By.CSS_SELECTOR, "#dms li[data-channel]"):
            if li.text == GROUP:
                li.click()
                return li.get_dom_attribute("data-channel")
        return None

    channel = wait_for(browser, click, what="the group DM in the DM list")
    wait_shown(browser, channel)
    return channel


def posts(browser: Chrome) -> list[str]:
    """The ids of the messages everyone in the channel sees, oldest first."""
    return browser.execute_script(
        "return [...document.querySelectorAll('article:not(.ephemeral)')].map((a) => a.dataset.id)"
    )


def offered(browser: Chrome) -> list[str]:
    """Type ``/`` and read the commands the message box lists; clear the box."""
    box = browser.find_element(By.CSS_SELECTOR, "#box")
    box.send_keys("/")
    items = browser.find_elements(By.CSS_SELECTOR, "#suggestions li .name")
    names = [li.get_attribute("textContent") for li in items]
    box.clear()
    box.send_keys(" ")  # an input event: the list closes
    box.clear()
    return names


def test_alice_plays_in_the_group_dm_and_bob_only_watches(playground, browser):
    """Alice installed the app; bob, who did not, sees her solo board but cannot play it."""
    open_page(browser, playground, "alice")
    group = open_group(browser)
    assert browser.find_element(By.CSS_SELECTOR, "#channel-title").text == f"@ {GROUP}"
    names = offered(browser)
    assert "/galdor start" in names and "/knightfall challenge" in names, names
    assert not [n for n in names if n.startswith("/leaderboard")]  # a server's, not hers here

    run_command(browser, "/galdor start")
    wait_for(browser, lambda: controls(browser, *MOVES), 30, "the board in the group DM")
    shown = posts(browser)  # the board, as everyone in the group DM sees it
    board = shown[-1]
    rng = random.Random(5)
    for _ in range(3):  # looking again when the page redraws the board under the pointer
        wait_for(browser, lambda: make_move(browser, rng), 30, "a move on alice's board")
        assert not error_text(browser), error_text(browser)
    assert posts(browser) == shown  # each move redrew the board in place
    assert not [t for t in FAILED if t in page_text(browser)]
    shot(browser, "group-dm-alice")

    become(browser, "bob")
    assert open_group(browser) == group
    assert offered(browser) == []  # bob did not install the app
    box = browser.find_element(By.CSS_SELECTOR, "#box")
    box.send_keys("/galdor start", Keys.ENTER)
    wait_for(browser, lambda: "No commands here" in error_text(browser), what="the page's refusal")
    box.clear()
    board_text = texts(browser, f'article[data-id="{board}"]')

    def press_first() -> bool:
        """Bob presses alice's board's first control (a list: its first move), looking again
        if the page redraws under his pointer (a redraw raises, and nothing was pressed)."""
        found = controls(browser, *MOVES)
        if not found:
            return False
        control = found[0]
        if control.tag_name == "select":
            control.click()
            control.find_elements(By.CSS_SELECTOR, "option:not([disabled])")[0].click()
        else:
            control.click()
        return True

    wait_for(browser, press_first, 20, "alice's board, pressed by bob")
    [refusal] = wait_for(browser, lambda: answers(browser, ""), 20, "the refusal, to bob")
    assert "not playing in this game" in refusal and "Only you can see this" in refusal, refusal
    assert posts(browser) == shown and texts(browser, f'article[data-id="{board}"]') == board_text
    assert not [t for t in FAILED if t in page_text(browser)]
    shot(browser, "group-dm-bob")
    become(browser, "alice")
    open_group(browser)
    wait_for(browser, lambda: controls(browser, *MOVES), 20, "alice's board")
    assert answers(browser, "") == []  # the refusal was bob's only


def test_a_knightfall_duel_in_the_group_dm_shows_each_hand_privately(playground, browser):
    """After alice resigned her Galdor's Grip (one game per channel) with ``/game resign``."""
    open_page(browser, playground, "alice")
    open_group(browser)
    if controls(browser, *MOVES):
        run_command(browser, "/game resign")
        wait_for(browser, lambda: answers(browser, "esign"), 20, "the resign's answer")
        if yes := [
            b
            for b in browser.find_elements(By.CSS_SELECTOR, "article.ephemeral button")
            if "Yes" in b.text
        ]:
            yes[-1].click()
        wait_for(browser, lambda: not controls(browser, *MOVES), 20, "the board closed")

    def challenge() -> None:
        start_challenge(browser, "/knightfall challenge", "bob").send_keys(Keys.ENTER)

    def accept() -> list:
        return [
            b
            for b in browser.find_elements(By.CSS_SELECTOR, "article button")
            if "Accept" in b.text
        ]

    until_started(browser, challenge, accept, "the challenge")  # waits out the start cooldown
    become(browser, "bob")
    open_group(browser)
    use_first(browser, accept, "alice's challenge, as bob")

    def hand_button() -> list:
        return [
            b
            for b in browser.find_elements(By.CSS_SELECTOR, "article button")
            if "My hand" in b.text
        ]

    wait_for(browser, hand_button, 20, "the board's My hand")[-1].click()
    mine = wait_for(
        browser, lambda: [t for t in answers(browser, "") if CARD.search(t)], 20, "bob's hand"
    )
    assert not [t for t in FAILED if t in page_text(browser)]
    shot(browser, "group-dm-bob-hand")
    cards = set(CARD.findall(mine[-1]))
    become(browser, "alice")
    open_group(browser)
    wait_for(browser, hand_button, 20, "the board, as alice")
    assert cards and not cards & set(CARD.findall(seen_text(browser))), "bob's hand leaked"
