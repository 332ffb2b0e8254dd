"""Gondor in a real browser: alice challenges bob, both deploy from their DMs, Sauron first
(Place the rest near the Main Gate and finish), then play a whole first Game-Turn, phases A to H,
ending each phase when they may (else a random move): alice gives one order typed in the
message box with autocomplete (``/gondor move``) and the board shows its close-up image; a long
list of moves is paged."""

import random

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
    open_channel,
    open_dm,
    open_page,
    pick_suggestion,
    seen_text,
    send_challenge,
    shot,
    start_challenge,
    use,
)

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")
MAX_ROUNDS = 150  # rounds of both members looking at their DM; a Game-Turn takes about 20
FIRST = ("Place the rest near the Main Gate and finish", "Done", "End")
"""The labels a player clicks first, in this order."""


def challenge(browser: Chrome, base: str) -> None:
    """Alice challenges bob (she plays Sauron, the default side), and bob accepts."""
    open_page(browser, base, "alice")
    box = start_challenge(browser, "/gondor challenge", "bob")
    send_challenge(browser, box)
    shot(browser, "20-gondor-challenge")
    accept_challenge(browser, "bob", 1)


def typed_move(browser: Chrome) -> str:
    """Alice orders a move in #games by ``/gondor move``, both options by autocomplete."""
    open_channel(browser, 1)
    box = browser.find_element(By.CSS_SELECTOR, "#box")
    box.send_keys("/gondor move")
    unit = pick_suggestion(browser, "unit", lambda t: "(" in t and "to enter" not in t)
    to = pick_suggestion(browser, "to")
    shot(browser, "23-gondor-typed-move")
    box.click()
    box.send_keys(Keys.ENTER)
    answer = wait_for(
        browser,
        lambda: [
            a
            for a in browser.find_elements(By.CSS_SELECTOR, "article.ephemeral")
            if "Done:" in a.text
        ],
        20,
        "the order's answer",
    )
    assert "Move to" in answer[-1].text, answer[-1].text
    wait_for(
        browser,
        lambda: any(
            a.startswith("Gondor, close-up")
            for a in browser.execute_script("return [...document.images].map((i) => i.alt)")
        ),
        what="the board's close-up of the move",
    )
    shot(browser, "24-gondor-close-up")
    return f"{unit} → {to}"


def turn_page(browser: Chrome) -> bool:
    """Press "More moves ▶", or a link to a list ("Place Mûmak 1 on… (40)"), if the DM has one;
    then "◀ Previous moves" or "◀ All moves" must be there."""
    more = [
        b
        for b in browser.find_elements(By.CSS_SELECTOR, 'article button[data-custom-id^="pg2:"]')
        if "More moves" in b.text or "… (" in b.text
    ]
    if not more:
        return False
    use(browser, more[0], random.Random(0))
    wait_for(
        browser,
        lambda: [
            b
            for b in browser.find_elements(By.CSS_SELECTOR, "article button")
            if "Previous moves" in b.text or "All moves" in b.text
        ],
        what="the second page of moves",
    )
    shot(browser, "22-gondor-second-page")
    return True


def play_one(browser: Chrome, rng: random.Random) -> bool:
    """End the phase, deploy or confirm when offered, else play a random move; False if none."""
    try:
        confirm = controls(browser, "ok1:")
        mine = confirm or controls(browser, *MOVES)
        if not mine:
            return False
        labels = [c.text for c in mine]
        for first in FIRST:
            chosen = next(
                (c for c, t in zip(mine, labels, strict=True) if t.startswith(first)), None
            )
            if chosen is not None:
                break
        use(browser, chosen or rng.choice(mine), rng)
    except REDRAWN:  # redrawn under the pointer
        return False
    assert "did not respond" not in error_text(browser)
    return True


def test_gondor_deployment_and_a_whole_game_turn(playground, browser):
    challenge(browser, playground)
    rng = random.Random(3)
    typed = ""
    paged = False
    for _ in range(MAX_ROUNDS):
        for name in ("alice", "bob"):
            become(browser, name)  # the DM list is the member's once their channel shows
            if not browser.find_elements(By.CSS_SELECTOR, "#dms li[data-channel]"):
                continue  # nothing to do yet (Sauron deploys first)
            open_dm(browser)
            text = seen_text(browser)
            if "Turn 2 of 16" in text:
                break
            if name == "alice" and "Phase C: Sauron Movement" in text and not typed:
                paged = paged or turn_page(browser)
                typed = typed_move(browser)
                continue
            if not paged:
                paged = turn_page(browser)
            if "Initial Deployment" in text and name == "alice":
                shot(browser, "21-gondor-deployment")
            play_one(browser, rng)
        else:
            continue
        break
    else:
        pytest.fail("the first Game-Turn did not end")
    shot(browser, "25-gondor-turn-2")
    assert typed, "alice never had the Sauron Movement Phase to order a move"
    assert paged, "no list of moves was long enough to turn a page"
    open_channel(browser, 1)
    alts = browser.execute_script("return [...document.images].map((i) => i.alt)")
    assert any("Turn 2 of 16" in a for a in alts), "the board is not at Game-Turn 2"
    shot(browser, "26-gondor-board")
