"""What a player does on the page, for the browser tests: pick a member, type a command, click
the bot's controls. Screenshots go to test-artifacts/playground/."""

import random
import re

from selenium.webdriver import Chrome, Keys
from selenium.webdriver.common.by import By

from tests.playground.chromium import REDRAWN, screenshot, wait_for
from tests.playground.conftest import ARTIFACTS

MOVES = ("g1:", "s1:")  # the bot's move buttons and move selects


def shot(browser: Chrome, name: str) -> None:
    screenshot(browser, ARTIFACTS / f"{name}.png")


def become(browser: Chrome, name: str) -> None:
    """Pick ``name`` in the member switcher; wait for the first channel's messages as theirs."""
    browser.find_element(By.CSS_SELECTOR, "#member").click()
    option = next(
        o for o in browser.find_elements(By.CSS_SELECTOR, "#member option") if o.text == name
    )
    option.click()
    wait_for(
        browser, lambda: browser.execute_script("return document.querySelector('#member').value")
    )
    wait_shown(
        browser,
        browser.find_element(By.CSS_SELECTOR, "#channels li:nth-child(1)").get_dom_attribute(
            "data-channel"
        ),
    )


def run_command(browser: Chrome, text: str) -> None:
    box = browser.find_element(By.CSS_SELECTOR, "#box")
    box.click()
    box.send_keys(text)
    box.send_keys(Keys.ENTER)
    wait_for(
        browser,
        lambda: browser.execute_script("return document.querySelector('#box').value === ''"),
        what=f"{text} to be sent",
    )


def error_text(browser: Chrome) -> str:
    return browser.execute_script(
        "const e = document.querySelector('#error'); return e.hidden ? '' : e.textContent"
    )


def controls(browser: Chrome, *prefixes: str) -> list:
    """Enabled buttons and selects whose custom_id starts with one of ``prefixes``.

    The bot's moves are buttons ``g1:…`` and selects ``s1:…``; confirmations ``ok1:…``.
    """
    css = ", ".join(
        f'article {tag}[data-custom-id^="{prefix}"]:not([disabled])'
        for prefix in prefixes
        for tag in ("button", "select")
    )
    return browser.find_elements(By.CSS_SELECTOR, css)


def use(browser: Chrome, control, rng: random.Random) -> str:
    """Click a button, or open a select and click one of its options, as a player would.

    Then wait until the bot answered: the enabled controls on the page changed (a move moves the
    step in every id; a confirmation adds one). The page also redraws when nothing changed, so
    a wait for the element to leave the page let a slow bot's same controls be clicked twice.
    Returns what was clicked.
    """
    before = enabled_ids(browser)
    if browser.execute_script("return arguments[0].tagName", control) == "SELECT":
        control.click()
        option = rng.choice(control.find_elements(By.CSS_SELECTOR, "option:not([disabled])"))
        label = option.text
        option.click()
    else:
        label = control.text
        control.click()
    wait_for(browser, lambda: enabled_ids(browser) != before, 30, f"the bot's answer to {label}")
    return label


def enabled_ids(browser: Chrome) -> list[str]:
    """The custom ids of every enabled button and select in the messages, in page order."""
    css = ", ".join(f"article {t}[data-custom-id]:not([disabled])" for t in ("button", "select"))
    return browser.execute_script(
        f"return [...document.querySelectorAll('{css}')].map((e) => e.dataset.customId)"
    )


def page_text(browser: Chrome) -> str:
    return browser.find_element(By.CSS_SELECTOR, "#messages").text


def open_page(browser: Chrome, base: str, member: str) -> None:
    """Open the page as ``member`` and wait for the channel list."""
    browser.get(f"{base}?member={member}")
    wait_for(
        browser,
        lambda: browser.find_elements(By.CSS_SELECTOR, "#channels li"),
        what="the channel list",
    )


def open_channel(browser: Chrome, n: int) -> None:
    """Open the n-th text channel (1: #games) and wait for its messages."""
    item = browser.find_element(By.CSS_SELECTOR, f"#channels li:nth-child({n})")
    item.click()
    wait_shown(browser, item.get_dom_attribute("data-channel"))


def wait_shown(browser: Chrome, channel: str | None) -> None:
    """Wait until the page shows ``channel``'s messages (it empties the list on a switch)."""
    wait_for(
        browser,
        lambda: (
            browser.execute_script("return document.querySelector('#messages').dataset.channel")
            == channel
        ),
        what=f"the messages of channel {channel}",
    )


def play_on_board(browser: Chrome, rng: random.Random, max_clicks: int, shoot: str = "") -> int:
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
        except (*REDRAWN, IndexError):  # redrawn under the pointer: look again
            continue
        clicks += 1
        assert "did not respond" not in error_text(browser)
        if clicks == 5 and shoot:
            shot(browser, shoot)
    return clicks


def pick_suggestion(browser: Chrome, option: str, wanted=lambda text: True) -> str:
    """Focus an autocomplete field and pick the first of the bot's choices that ``wanted``."""
    browser.find_element(By.CSS_SELECTOR, f"#options input[name={option}]").click()
    items = wait_for(
        browser,
        lambda: [
            li
            for li in browser.find_elements(By.CSS_SELECTOR, "#suggestions li")
            if wanted(li.text)
        ],
        what=f"the bot's choices for {option}",
    )
    text = items[0].text
    items[0].click()
    wait_for(
        browser,
        lambda: browser.execute_script("return document.querySelector('#suggestions').hidden"),
    )
    return text


def accept_buttons(browser: Chrome, what: str) -> list:
    """Wait for the Accept button of a challenge in the channel shown."""
    return wait_for(
        browser,
        lambda: [
            b
            for b in browser.find_elements(By.CSS_SELECTOR, "article button")
            if "Accept" in b.text
        ],
        what=what,
    )


def start_challenge(browser: Chrome, command: str, opponent: str):
    """Type ``command`` and pick ``opponent`` in its options; the message box, to send."""
    box = browser.find_element(By.CSS_SELECTOR, "#box")
    box.send_keys(command)
    select = wait_for(
        browser, lambda: browser.find_element(By.CSS_SELECTOR, "#options select[name=opponent]")
    )
    select.click()
    next(o for o in select.find_elements(By.CSS_SELECTOR, "option") if o.text == opponent).click()
    return box


def send_challenge(browser: Chrome, box) -> None:
    """Send the command typed in ``box`` and wait for the challenge it posts."""
    box.click()
    box.send_keys(Keys.ENTER)
    accept_buttons(browser, "the challenge")


def accept_challenge(browser: Chrome, who: str, channel: int) -> None:
    """As ``who``, press Accept on the challenge in the channel."""
    become(browser, who)
    open_channel(browser, channel)
    accept = accept_buttons(browser, f"the challenge, as {who}")
    use(browser, accept[0], random.Random(1))


def open_dm(browser: Chrome) -> None:
    """Open the member's DM with the bot and wait for its messages.

    A slow feed once left #games on screen under the DM's title, and its finished game's
    "Game over." was read as the duel's end. The list may redraw under the pointer: retry.
    """

    def click() -> str | None:
        dms = browser.find_elements(By.CSS_SELECTOR, "#dms li[data-channel]")
        if not dms:
            return None
        dms[0].click()
        return dms[0].get_dom_attribute("data-channel")

    wait_shown(browser, wait_for(browser, click, what="the member's DM"))


def make_move(browser: Chrome, rng: random.Random) -> str | None:
    """Play one move from the controls on screen (confirming it if asked); its label."""
    mine = controls(browser, *MOVES)
    if not mine:
        return None
    try:
        label = use(browser, rng.choice(mine), rng)
        confirm = controls(browser, "ok1:")
        if confirm:
            use(browser, confirm[0], rng)
    except REDRAWN:  # redrawn under the pointer
        return None
    return label


def phase(text: str) -> str:
    """The phase the newest DM names ("Round 2 · muster: …")."""
    found = re.findall(r"Round \d+ · (\w+)", text)
    return found[-1].lower() if found else ""


def seen_text(browser: Chrome) -> str:
    """Everything the page shows as text: messages, menu options, image descriptions."""
    return browser.execute_script(
        "return document.querySelector('#messages').textContent + ' ' +"
        " [...document.images].map((i) => i.alt).join(' ')"
    )
