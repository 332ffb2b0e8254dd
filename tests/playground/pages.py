"""What a player does on the page, for the browser tests: pick a member, type a command, click
the bot's controls. Screenshots go to test-artifacts/playground/."""

import random
import re

from tests.playground.conftest import ARTIFACTS
from tests.playground.webdriver import ENTER, Browser, WebDriverError

MOVES = ("g1:", "s1:")  # the bot's move buttons and move selects


def shot(browser: Browser, name: str) -> None:
    browser.screenshot(ARTIFACTS / f"{name}.png")


def become(browser: Browser, name: str) -> None:
    """Pick ``name`` in the member switcher; wait for the first channel's messages as theirs."""
    browser.find("#member").click()
    option = next(o for o in browser.find_all("#member option") if o.text == name)
    option.click()
    browser.wait_for(lambda: browser.script("return document.querySelector('#member').value"))
    wait_shown(browser, browser.find("#channels li:nth-child(1)").attribute("data-channel"))


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

    Then wait until the bot answered: the enabled controls on the page changed (a move moves the
    step in every id; a confirmation adds one). The page also redraws when nothing changed, so
    a wait for the element to leave the page let a slow bot's same controls be clicked twice.
    Returns what was clicked.
    """
    before = enabled_ids(browser)
    if browser.script("return arguments[0].tagName", control) == "SELECT":
        control.click()
        option = rng.choice(control.find_all("option:not([disabled])"))
        label = option.text
        option.click()
    else:
        label = control.text
        control.click()
    browser.wait_for(lambda: enabled_ids(browser) != before, 30, f"the bot's answer to {label}")
    return label


def enabled_ids(browser: Browser) -> list[str]:
    """The custom ids of every enabled button and select in the messages, in page order."""
    css = ", ".join(f"article {t}[data-custom-id]:not([disabled])" for t in ("button", "select"))
    return browser.script(
        f"return [...document.querySelectorAll('{css}')].map((e) => e.dataset.customId)"
    )


def page_text(browser: Browser) -> str:
    return browser.find("#messages").text


def open_page(browser: Browser, base: str, member: str) -> None:
    """Open the page as ``member`` and wait for the channel list."""
    browser.open(f"{base}?member={member}")
    browser.wait_for(lambda: browser.find_all("#channels li"), what="the channel list")


def open_channel(browser: Browser, n: int) -> None:
    """Open the n-th text channel (1: #games) and wait for its messages."""
    item = browser.find(f"#channels li:nth-child({n})")
    item.click()
    wait_shown(browser, item.attribute("data-channel"))


def wait_shown(browser: Browser, channel: str | None) -> None:
    """Wait until the page shows ``channel``'s messages (it empties the list on a switch)."""
    browser.wait_for(
        lambda: (
            browser.script("return document.querySelector('#messages').dataset.channel") == channel
        ),
        what=f"the messages of channel {channel}",
    )


def play_on_board(browser: Browser, rng: random.Random, max_clicks: int, shoot: str = "") -> int:
    """Click the board's moves at random (confirming when asked) until *Game over*; clicks.

    ``shoot``: name of a screenshot taken after the fifth click.
    """
    clicks = 0
    ended = page_text(browser).count("Game over")  # earlier games' boards in the channel
    while page_text(browser).count("Game over") == ended:
        assert clicks < max_clicks, "the game did not end"
        try:
            confirm = controls(browser, "ok1:")
            use(browser, confirm[0] if confirm else rng.choice(controls(browser, *MOVES)), rng)
        except (WebDriverError, IndexError):  # redrawn under the pointer: look again
            browser.wait_for(lambda: True)
            continue
        clicks += 1
        assert "did not respond" not in error_text(browser)
        if clicks == 5 and shoot:
            shot(browser, shoot)
    return clicks


def pick_suggestion(browser: Browser, option: str, wanted=lambda text: True) -> str:
    """Focus an autocomplete field and pick the first of the bot's choices that ``wanted``."""
    browser.find(f"#options input[name={option}]").click()
    items = browser.wait_for(
        lambda: [li for li in browser.find_all("#suggestions li") if wanted(li.text)],
        what=f"the bot's choices for {option}",
    )
    text = items[0].text
    items[0].click()
    browser.wait_for(lambda: browser.script("return document.querySelector('#suggestions').hidden"))
    return text


def accept_challenge(browser: Browser, who: str, channel: int) -> None:
    """As ``who``, press Accept on the challenge in the channel."""
    become(browser, who)
    open_channel(browser, channel)
    accept = browser.wait_for(
        lambda: [b for b in browser.find_all("article button") if "Accept" in b.text],
        what=f"the challenge, as {who}",
    )
    use(browser, accept[0], random.Random(1))


def open_dm(browser: Browser) -> None:
    """Open the member's DM with the bot and wait for its messages.

    A slow feed once left #games on screen under the DM's title, and its finished game's
    "Game over." was read as the duel's end. The list may redraw under the pointer: retry.
    """

    def click() -> str | None:
        dms = browser.find_all("#dms li[data-channel]")
        if not dms:
            return None
        dms[0].click()
        return dms[0].attribute("data-channel")

    wait_shown(browser, browser.wait_for(click, what="the member's DM"))


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
