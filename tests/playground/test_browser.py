"""The playground in a real browser: Debian's headless Chromium, driven through chromedriver.

Open the printed address, type ``/``: the command list and a command's options; then members
switch to play a Knightfall duel from their own DMs: each sees their own DMs only, and bob's
page never shows alice's face-down cards. The duel stops once both made ``DUEL_EACH`` moves and
the leak check has had its chances (whole games: the bot tests, and the newcomer's first games).
Screenshots of the key moments go to test-artifacts/playground/.
"""

import random
import re
import urllib.error
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from tests.playground.chromium import missing, wait_for
from tests.playground.pages import (
    MOVES,
    accept_challenge,
    become,
    controls,
    error_text,
    make_move,
    open_channel,
    open_dm,
    open_page,
    page_text,
    phase,
    seen_text,
    send_challenge,
    shot,
    start_challenge,
)

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")
CARD = re.compile(r"(?:10|[2-9AJQK])[♥♦♣♠]")  # a card as a label names it
DUEL_MOVES = 300  # a Knightfall duel takes about 110 moves (README's click counts)
DUEL_EACH = 20


def test_the_command_list_and_a_commands_options(playground, browser):
    """Typing ``/`` lists every command (scrolling past 25, as Discord does); picking one shows
    the bot's description and its options. (tests/playground/test_browser_first_games.py plays a
    whole game of each game from ``/help``.)"""
    open_page(browser, playground, "alice")
    shot(browser, "01-empty-channel")
    assert "Type /help" in browser.find_element(By.CSS_SELECTOR, "#channel-title").text
    box = browser.find_element(By.CSS_SELECTOR, "#box")
    box.send_keys("/")
    every = wait_for(
        browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#suggestions li"), what="commands"
    )
    paths = [li.find_element(By.CSS_SELECTOR, ".name").get_attribute("textContent") for li in every]
    names = {path.split()[0] for path in paths}
    assert {"/help", "/knightfall", "/guardians", "/gondor", "/leaderboard"} <= names
    assert len(every) > 25  # as in Discord, the list scrolls instead of stopping at 25
    box.send_keys("gondolin st")
    suggestions = wait_for(
        browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#suggestions li"), what="commands"
    )
    assert "Start a Gondolin game" in suggestions[0].text  # the bot's registered description
    box.send_keys("art")
    labels = [
        label.get_dom_attribute("data-option")
        for label in browser.find_elements(By.CSS_SELECTOR, "#options label")
    ]
    assert labels == ["story", "deck", "mode"]
    shot(browser, "02-command-options")


def test_the_page_shows_an_escaped_name_as_typed(playground, browser):
    """A name the bot escaped (``engines.safe_text``) reads as typed: no link, no bold."""
    open_page(browser, playground, "alice")
    names = "{user: () => 'someone', channel: () => 'games'}"
    html = browser.execute_script(
        f"return markdown(arguments[0], {names})",
        r"Waiting for: **\[Nitro\](https\://evil.example)** and \*\*Admin\*\* \|\|x\|\|",
    )
    assert html == (
        "Waiting for: <strong>[Nitro](https://evil.example)</strong> and **Admin** ||x||"
    )


def test_a_knightfall_duel_between_two_members_by_their_dms(playground, browser):
    """Bob challenges Alice, she accepts, and both play from their own DMs, switching members
    in one tab; each sees only their DMs."""
    open_page(browser, playground, "bob")
    open_channel(browser, 2)
    box = start_challenge(browser, "/knightfall challenge", "alice")
    send_challenge(browser, box)
    shot(browser, "06-knightfall-challenge")
    assert "alice" not in browser.find_element(By.CSS_SELECTOR, "#dms").text
    accept_challenge(browser, "alice", 2)
    dm = wait_for(
        browser,
        lambda: browser.find_elements(By.CSS_SELECTOR, "#dms li[data-channel]"),
        20,
        "alice's DM",
    )
    alice_dm = dm[0].get_dom_attribute("data-channel")
    dm[0].click()
    wait_for(
        browser,
        lambda: browser.find_elements(By.CSS_SELECTOR, "article"),
        what="alice's DM messages",
    )
    shot(browser, "07-alice-dm")
    become(browser, "carol")
    wait_for(
        browser,
        lambda: browser.find_elements(By.CSS_SELECTOR, "#dms li.none"),
        what="carol's empty DM list",
    )
    shot(browser, "08-carol-no-dm")
    become(browser, "bob")
    bob_dm = wait_for(
        browser,
        lambda: browser.find_elements(By.CSS_SELECTOR, "#dms li[data-channel]"),
        20,
        "bob's DM",
    )
    assert [d.get_dom_attribute("data-channel") for d in bob_dm] != [alice_dm]
    # The server refuses another member's DM channel, whatever the page asks.
    bob = browser.execute_script("return document.querySelector('#member').value")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{playground}api/feed?member={bob}&channel={alice_dm}", timeout=10)
    assert refused.value.code == 403
    shot(browser, "09-bob-dm")
    moves = {"alice": 0, "bob": 0}
    rng = random.Random(5)
    idle = 0
    hidden: set[str] = set()  # alice's cards her controls named during this muster (face down)
    checked = 0  # times bob's page was checked against a non-empty hidden set
    over = False
    while not over and (min(moves.values()) < DUEL_EACH or checked < 3):
        assert idle < 20, f"nobody could move after {moves}"
        assert sum(moves.values()) < DUEL_MOVES, "the duel did not end"
        for name in ("alice", "bob"):
            become(browser, name)
            open_dm(browser)
            text = seen_text(browser)
            over = "Game over." in text and not controls(browser, *MOVES)
            if over:
                break
            if phase(text) != "muster":
                hidden.clear()  # battles reveal the cards placed in the muster
            elif name == "alice":
                hidden |= {  # the cards her muster moves name ("Muster: Knight K♣, …")
                    card
                    for line in text.splitlines()
                    if re.search(r"Muster:|Knight: |Place ", line)
                    for card in CARD.findall(line)
                }
            else:
                leaked = {card for card in hidden if card in text}
                assert not leaked, f"bob's page shows alice's face-down cards: {leaked}"
                checked += bool(hidden)
            if make_move(browser, rng) is None:
                idle += 1
                continue
            moves[name] += 1
            idle = 0
            assert "did not respond" not in error_text(browser)
            if sum(moves.values()) == 20:
                shot(browser, "10-knightfall-after-ten-turns")
    assert min(moves.values()) >= 10
    assert checked >= 3, "alice's cards were rarely known: the leak check is weak"
    if over:
        shot(browser, "14-knightfall-game-over")
        assert not controls(browser, *MOVES), "controls still enabled after the duel ended"
        open_channel(browser, 2)
        wait_for(browser, lambda: "Game over" in page_text(browser), what="the board's Game over")
