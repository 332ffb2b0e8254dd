"""Guardians in a real browser: alice exports a starter deck as text, imports it under her own
name through the bot's form (a modal), challenges bob with it (the deck option by autocomplete),
bob accepts, and both play the first turns from their DMs.

A whole game played this way to its end took 366 moves and 5 min 38 s (measured once, with the
bot test's weighted choices): too long for every run, so the bot tests play whole games and this
one the page's path into a game.
"""

import random
import urllib.request

import pytest
from selenium.webdriver import Chrome, Keys
from selenium.webdriver.common.by import By

from tests.playground.chromium import REDRAWN, missing, wait_for
from tests.playground.pages import (
    MOVES,
    accept_challenge,
    become,
    controls,
    error_text,
    open_dm,
    open_page,
    pick_suggestion,
    send_challenge,
    shot,
    start_challenge,
    use,
)

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")
MOVES_EACH = 12
FIRST = ("Auto-place", "Done organising")  # what a new player clicks first when offered


def ephemeral_answer(browser: Chrome, contains: str):
    """The newest "only you can see this" answer containing ``contains``."""
    return wait_for(
        browser,
        lambda: [
            a
            for a in browser.find_elements(By.CSS_SELECTOR, "article.ephemeral")
            if contains in a.text
        ],
        20,
        f"an answer with {contains!r}",
    )[-1]


def export_starter(browser: Chrome) -> str:
    """``/guardians deck export`` of the first starter the bot suggests; the deck's text."""
    box = browser.find_element(By.CSS_SELECTOR, "#box")
    box.send_keys("/guardians deck export")
    pick_suggestion(browser, "name", lambda text: text.startswith("Starter:"))
    box.click()
    box.send_keys(Keys.ENTER)
    answer = ephemeral_answer(browser, "as text")
    code = answer.find_elements(By.CSS_SELECTOR, "pre")
    if code:
        return code[0].text
    link = answer.find_elements(By.CSS_SELECTOR, ".attachment a")[0].get_dom_attribute(
        "href"
    )  # a long deck comes as a file
    with urllib.request.urlopen(link, timeout=10) as file:
        return file.read().decode()


def import_deck(browser: Chrome, name: str, text: str) -> None:
    """``/guardians deck import name:…``, then paste ``text`` into the form and submit it."""
    box = browser.find_element(By.CSS_SELECTOR, "#box")
    box.send_keys(f"/guardians deck import name:{name}")
    box.send_keys(Keys.ENTER)
    field = wait_for(
        browser,
        lambda: browser.find_element(By.CSS_SELECTOR, "#modal:not([hidden]) textarea"),
        what="form",
    )
    assert "Import a Guardians deck" in browser.find_element(By.CSS_SELECTOR, "#modal h3").text
    field.send_keys(text)
    shot(browser, "31-guardians-import-form")
    browser.find_element(By.CSS_SELECTOR, "#modal button[type=submit]").click()
    answer = ephemeral_answer(browser, "Imported")
    assert f"Imported {name}" in answer.text, answer.text


def play_one(browser: Chrome, rng: random.Random) -> bool:
    """Auto-place and finish organising when offered, else a random move; False if none."""
    try:
        mine = controls(browser, "ok1:") or controls(browser, *MOVES)
        if not mine:
            return False
        labels = [c.text for c in mine]
        preferred = [c for c, t in zip(mine, labels, strict=True) if t.startswith(FIRST)]
        use(browser, (preferred or [rng.choice(mine)])[0], rng)
    except REDRAWN:  # redrawn under the pointer
        return False
    assert "did not respond" not in error_text(browser)
    return True


def test_guardians_deck_import_challenge_and_first_turns(playground, browser):
    open_page(browser, playground, "alice")
    text = export_starter(browser)
    assert text.startswith("Guardian:") and "Strongholds:" in text, text[:200]
    shot(browser, "30-guardians-export")
    import_deck(browser, "Mine", text)
    box = start_challenge(browser, "/guardians challenge", "bob")
    deck = pick_suggestion(browser, "deck", lambda t: t == "Mine")
    assert deck == "Mine"
    send_challenge(browser, box)
    shot(browser, "32-guardians-challenge")
    accept_challenge(browser, "bob", 1)
    rng = random.Random(4)
    moves = {"alice": 0, "bob": 0}
    idle = 0
    while min(moves.values()) < MOVES_EACH:
        assert idle < 12, f"nobody could move after {moves}"
        for name in ("alice", "bob"):
            become(browser, name)
            open_dm(browser)
            if play_one(browser, rng):
                moves[name] += 1
                idle = 0
            else:
                idle += 1
    shot(browser, "33-guardians-first-turns")
    assert "Game over" not in browser.find_element(By.CSS_SELECTOR, "#messages").text
