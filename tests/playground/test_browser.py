"""The playground in a real browser: Debian's headless Chromium, driven through chromedriver.

A newcomer's path: open the printed address, type ``/gondolin start``, play a whole solo game by
clicking the board's buttons; then switch members: each sees their own DMs and nobody else's.
Screenshots of the key moments go to test-artifacts/playground/.
"""

import random
import urllib.error
import urllib.request

import pytest

from tests.playground.conftest import ARTIFACTS
from tests.playground.webdriver import ENTER, Browser, WebDriverError, chromium, missing

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")
MAX_CLICKS = 300
MOVES = ("g1:", "s1:")  # the bot's move buttons and move selects


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def shot(browser: Browser, name: str) -> None:
    browser.screenshot(ARTIFACTS / f"{name}.png")


def become(browser: Browser, name: str) -> None:
    """Pick ``name`` in the member switcher."""
    browser.find("#member").click()
    option = next(o for o in browser.find_all("#member option") if o.text == name)
    option.click()
    browser.wait_for(lambda: browser.script("return document.querySelector('#member').value"))


def run_command(browser: Browser, text: str) -> None:
    box = browser.find("#box")
    box.click()
    box.type(text)
    browser.wait_for(lambda: browser.find_all("#options label") is not None)
    box.type(ENTER)
    browser.wait_for(
        lambda: browser.script("return document.querySelector('#box').value === ''"),
        what=f"{text} to be sent",
    )


def error_text(browser: Browser) -> str:
    return browser.script(
        "const e = document.querySelector('#error'); return e.hidden ? '' : e.textContent"
    )


def controls(browser: Browser, *prefixes: str) -> list:
    """Enabled buttons and selects whose custom_id starts with one of ``prefixes``.

    The bot's moves are buttons ``g1:…`` and selects ``s1:…``; confirmations ``ok1:…``.
    """
    css = ", ".join(
        f'article {tag}[data-custom-id^="{prefix}"]:not([disabled])'
        for prefix in prefixes
        for tag in ("button", "select")
    )
    return browser.find_all(css)


def use(browser: Browser, control, rng: random.Random) -> None:
    """Click a button, or open a select and click one of its options, as a player would.

    Then wait until the page redrew (the control left the page).
    """
    if browser.script("return arguments[0].tagName", control) == "SELECT":
        control.click()
        rng.choice(control.find_all("option:not([disabled])")).click()
    else:
        control.click()
    browser.wait_for(control.gone, what="the page to redraw after a click")


def page_text(browser: Browser) -> str:
    return browser.find("#messages").text


def test_a_whole_gondolin_game_by_clicking_the_board(playground, browser):
    browser.open(playground + "?member=alice")
    browser.wait_for(lambda: browser.find_all("#channels li"), what="the channel list")
    shot(browser, "01-empty-channel")
    box = browser.find("#box")
    box.type("/gondolin st")
    suggestions = browser.wait_for(lambda: browser.find_all("#suggestions li"), what="commands")
    assert "Start a Gondolin game" in suggestions[0].text  # the bot's registered description
    box.type("art")
    labels = [label.attribute("data-option") for label in browser.find_all("#options label")]
    assert labels == ["story", "deck", "mode"]
    shot(browser, "02-command-options")
    box.type(ENTER)
    browser.wait_for(lambda: controls(browser, *MOVES), 20, "the board's controls")
    shot(browser, "03-gondolin-started")
    rng = random.Random(12)
    clicks = 0
    while "Game over" not in page_text(browser):
        assert clicks < MAX_CLICKS, "the game did not end"
        try:
            confirm = controls(browser, "ok1:")
            use(browser, confirm[0] if confirm else rng.choice(controls(browser, *MOVES)), rng)
        except (WebDriverError, IndexError):  # redrawn under the pointer: look again
            browser.wait_for(lambda: True)
            continue
        clicks += 1
        assert "did not respond" not in error_text(browser)
        if clicks == 5:
            shot(browser, "04-gondolin-mid-game")
    shot(browser, "05-gondolin-game-over")
    assert clicks >= 5
    assert not controls(browser, *MOVES), "controls still enabled after the game ended"


def test_members_see_only_their_own_direct_messages(playground, browser):
    """Bob challenges Alice (Alice just started a game: her cooldown runs), she accepts."""
    browser.open(playground + "?member=bob")
    browser.wait_for(lambda: browser.find_all("#channels li"), what="the channel list")
    browser.find("#channels li:nth-child(2)").click()  # games-2: Gondolin's channel is taken
    box = browser.wait_for(lambda: browser.find_all("#box"))[0]
    box.type("/knightfall challenge")
    opponent = browser.wait_for(lambda: browser.find("#options select[name=opponent]"))
    opponent.click()
    next(o for o in opponent.find_all("option") if o.text == "alice").click()
    box.click()
    box.type(ENTER)
    accept = browser.wait_for(
        lambda: [b for b in browser.find_all("article button") if "Accept" in b.text],
        what="the challenge",
    )
    shot(browser, "06-knightfall-challenge")
    assert "alice" not in browser.find("#dms").text
    become(browser, "alice")
    browser.find("#channels li:nth-child(2)").click()
    accept = browser.wait_for(
        lambda: [b for b in browser.find_all("article button") if "Accept" in b.text],
        what="the challenge, as alice",
    )
    use(browser, accept[0], random.Random(1))
    dm = browser.wait_for(lambda: browser.find_all("#dms li[data-channel]"), 20, "alice's DM")
    alice_dm = dm[0].attribute("data-channel")
    dm[0].click()
    browser.wait_for(lambda: browser.find_all("article"), what="alice's DM messages")
    shot(browser, "07-alice-dm")
    become(browser, "carol")
    browser.wait_for(lambda: browser.find_all("#dms li.none"), what="carol's empty DM list")
    shot(browser, "08-carol-no-dm")
    become(browser, "bob")
    bob_dm = browser.wait_for(lambda: browser.find_all("#dms li[data-channel]"), 20, "bob's DM")
    assert [d.attribute("data-channel") for d in bob_dm] != [alice_dm]
    # The server refuses another member's DM channel, whatever the page asks.
    bob = browser.script("return document.querySelector('#member').value")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{playground}api/feed?member={bob}&channel={alice_dm}", timeout=10)
    assert refused.value.code == 403
