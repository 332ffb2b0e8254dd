"""The playground in a real browser: Debian's headless Chromium, driven through chromedriver.

A newcomer's path: open the printed address, type ``/gondolin start``, play a whole solo game by
clicking the board's buttons; then switch members: each sees their own DMs and nobody else's.
Screenshots of the key moments go to test-artifacts/playground/.
"""

import random
import re
import urllib.error
import urllib.request

import pytest

from tests.playground.conftest import ARTIFACTS
from tests.playground.webdriver import ENTER, Browser, WebDriverError, chromium, missing

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")
MAX_CLICKS = 300
MOVES = ("g1:", "s1:")  # the bot's move buttons and move selects
DUEL_MOVES = 10  # moves each Knightfall player makes from their DM


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


def use(browser: Browser, control, rng: random.Random) -> str:
    """Click a button, or open a select and click one of its options, as a player would.

    Then wait until the page redrew (the control left the page). Returns what was clicked.
    """
    if browser.script("return arguments[0].tagName", control) == "SELECT":
        control.click()
        option = rng.choice(control.find_all("option:not([disabled])"))
        label = option.text
        option.click()
    else:
        label = control.text
        control.click()
    browser.wait_for(control.gone, what="the page to redraw after a click")
    return label


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


def test_a_knightfall_duel_between_two_members_by_their_dms(playground, browser):
    """Bob challenges Alice (Alice just started a game: her cooldown runs), she accepts, and
    both play from their own DMs, switching members in one tab; each sees only their DMs."""
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
    shot(browser, "09-bob-dm")
    moves = {"alice": 0, "bob": 0}
    rng = random.Random(5)
    idle = 0
    hidden: set[str] = set()  # alice's cards her controls named during this muster (face down)
    checked = 0  # times bob's page was checked against a non-empty hidden set
    while min(moves.values()) < DUEL_MOVES:
        assert idle < 20, f"nobody could move after {moves}"
        for name in ("alice", "bob"):
            become(browser, name)
            open_dm(browser)
            text = seen_text(browser)
            if phase(text) != "muster":
                hidden.clear()  # battles reveal the cards placed in the muster
            elif name == "alice":
                hidden |= set(re.findall(r"(?:Knight: |Place )(\S+)", text))
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
    assert checked >= 3, "alice's cards were rarely known: the leak check is weak"
    shot(browser, "10-knightfall-after-ten-turns")


def open_dm(browser: Browser) -> None:
    """Open the member's DM with the bot (the list may redraw under the pointer: retry)."""

    def click() -> bool:
        dms = browser.find_all("#dms li[data-channel]")
        if not dms:
            return False
        dms[0].click()
        return bool(browser.find_all("#channel-title") and browser.find_all("article"))

    browser.wait_for(click, what="the member's DM")


def make_move(browser: Browser, rng: random.Random) -> str | None:
    """Play one move from the controls on screen (confirming it if asked); its label."""
    mine = controls(browser, *MOVES)
    if not mine:
        return None
    try:
        label = use(browser, rng.choice(mine), rng)
        confirm = controls(browser, "ok1:")
        if confirm:
            use(browser, confirm[0], rng)
    except WebDriverError:  # redrawn under the pointer
        return None
    return label


def phase(text: str) -> str:
    """The phase the newest DM names ("Round 2 · muster: …")."""
    found = re.findall(r"Round \d+ · (\w+)", text)
    return found[-1].lower() if found else ""


def seen_text(browser: Browser) -> str:
    """Everything the page shows as text: messages, menu options, image descriptions."""
    return browser.script(
        "return document.querySelector('#messages').textContent + ' ' +"
        " [...document.images].map((i) => i.alt).join(' ')"
    )
