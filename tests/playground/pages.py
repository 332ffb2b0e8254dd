"""What a player does on the page, for the browser tests: pick a member, type a command, click
the bot's controls. Screenshots go to test-artifacts/playground/."""

import contextlib
import random
import re
import time
from collections.abc import Callable

from selenium.common.exceptions import TimeoutException
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
        browser.find_element(By.CSS_SELECTOR, "#channels li.channel").get_dom_attribute(
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


def newest_controls(browser: Chrome, *prefixes: str) -> list:
    """The enabled controls of the newest message that has any: the one a player acts in (an
    older DM may keep its buttons after a confirmed move sent a new one)."""
    for article in reversed(browser.find_elements(By.CSS_SELECTOR, "article")):
        css = ", ".join(
            f'{tag}[data-custom-id^="{prefix}"]:not([disabled])'
            for prefix in prefixes
            for tag in ("button", "select")
        )
        found = article.find_elements(By.CSS_SELECTOR, css)
        if found:
            return found
    return []


def use(browser: Chrome, control, rng: random.Random, option: str | None = None) -> str:
    """Click a button, or open a select and click one of its options, as a player would.

    ``option``: the text the select's option starts with (else a random option).
    Then wait until the bot answered: the enabled controls on the page changed (a move moves the
    step in every id; a confirmation adds one). The page also redraws when nothing changed, so
    a wait for the element to leave the page let a slow bot's same controls be clicked twice.
    Returns what was clicked.
    """
    before = enabled_ids(browser)
    if browser.execute_script("return arguments[0].tagName", control) == "SELECT":
        control.click()
        labels = option_labels(browser, [control])[0]
        chosen = [i for i, t in enumerate(labels) if option is not None and t.startswith(option)]
        i = chosen[0] if chosen else rng.randrange(len(labels))
        label = labels[i]
        control.find_elements(By.CSS_SELECTOR, "option:not([disabled])")[i].click()
    else:
        label = control.text
        control.click()
    wait_for(browser, lambda: enabled_ids(browser) != before, 30, f"the bot's answer to {label}")
    return label


def option_labels(browser: Chrome, elements: list) -> list[list[str]]:
    """Each control's choices as the page shows them: a select's enabled options, a button's
    label (read in one request: a Gondor list has up to 25 options)."""
    return browser.execute_script(
        "return arguments[0].map((e) => e.tagName === 'SELECT'"
        " ? [...e.querySelectorAll('option:not([disabled])')].map((o) => o.text)"
        " : [e.innerText])",
        elements,
    )


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
    """Open the n-th text channel (1: #games; its threads not counted) and wait for its
    messages."""
    item = browser.find_elements(By.CSS_SELECTOR, "#channels li.channel")[n - 1]
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
    use_first(browser, lambda: accept_buttons(browser, f"the challenge, as {who}"), "Accept")


def use_first(browser: Chrome, find: Callable[[], list], what: str) -> str:
    """:func:`use` the first of ``find()``, looking again while there is none or the page
    redraws it under the pointer (nothing was pressed then); what was clicked."""

    def pressed() -> str | None:
        try:
            return use(browser, find()[0], random.Random(1))
        except (*REDRAWN, IndexError):
            return None

    return wait_for(browser, pressed, 30, what)


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


LESSON_STEP = re.compile(r"Lesson, step (\d+) of (\d+)")
COOLDOWN = re.compile(r"you can start another in (\d+) s")


def texts(browser: Chrome, css: str = "article") -> list[str]:
    """The text of each message matching ``css``, oldest first, read at once (no redraw under
    the reading)."""
    return browser.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((e) => e.innerText)", css
    )


def answers(browser: Chrome, contains: str) -> list[str]:
    """The member's "only you can see this" answers containing ``contains``, oldest first."""
    return [t for t in texts(browser, "article.ephemeral") if contains in t]


def learn_command(browser: Chrome, game: str) -> str:
    """Type ``/help`` and read ``game``'s lesson command on the help's line naming the game."""
    before = len(answers(browser, "Start here"))
    run_command(browser, "/help")
    help_ = wait_for(
        browser, lambda: answers(browser, "Start here")[before:], 20, "the help's answer"
    )[-1]
    for line in help_.splitlines():
        if game in line and (found := re.search(r"/\w+ learn\b", line)):
            return found.group()
    raise AssertionError(f"the help names no lesson for {game}: {help_}")


def until_started(
    browser: Chrome, act: Callable[[], object], started: Callable[[], object], what: str
) -> None:
    """Do ``act`` (a start) until ``started()``. A start right after another is refused with
    the seconds to wait, and the newcomer waits them; any other refusal fails with its text."""
    for _ in range(3):
        before = len(texts(browser, "article.ephemeral"))
        act()
        wait_for(
            browser,
            lambda: started() or len(texts(browser, "article.ephemeral")) > before,  # noqa: B023
            60,
            what,
        )
        with contextlib.suppress(TimeoutException):  # an answer may come before the start
            wait_for(browser, started, 3)
        if started():
            return
        answer = texts(browser, "article.ephemeral")[-1]
        wait = COOLDOWN.search(answer)
        assert wait is not None, f"{what}: the bot answered {answer!r}"
        time.sleep(int(wait.group(1)))  # the bot's start cooldown, as it says
    raise AssertionError(f"{what}: still refused after three tries")


def start_lesson(browser: Chrome, command: str) -> None:
    """Run the lesson ``command`` and wait for its first step."""
    until_started(
        browser,
        lambda: run_command(browser, command),
        lambda: LESSON_STEP.search(page_text(browser)),
        "the lesson's step 1",
    )


def play_lesson(browser: Chrome, in_dm: bool) -> list[int]:
    """Play the lesson just started: at each step, click its one enabled move (confirming if
    asked). Returns the step numbers read on the page, in order.

    ``in_dm``: a two-player game's lesson, whose moves come in the learner's DM.
    """
    wait_for(browser, lambda: LESSON_STEP.search(page_text(browser)), 30, "the lesson's step 1")
    if in_dm:
        open_dm(browser)
    seen: list[int] = []
    total = None
    while total is None or seen[-1] < total:

        def next_step() -> tuple[int, int, list] | None:
            steps = LESSON_STEP.findall(page_text(browser))
            moves = newest_controls(browser, *MOVES)
            if not steps or (seen and int(steps[-1][0]) <= seen[-1]) or not moves:
                return None
            return int(steps[-1][0]), int(steps[-1][1]), moves

        number, total, moves = wait_for(browser, next_step, 30, "the lesson's next step")
        assert len(moves) == 1, f"step {number}: {[m.text for m in moves]} enabled, not one"
        try:
            use(browser, moves[0], random.Random(0))
            if confirm := controls(browser, "ok1:"):
                use(browser, confirm[0], random.Random(0))
        except REDRAWN:  # redrawn under the pointer: look again
            continue
        assert "did not respond" not in error_text(browser)
        seen.append(number)
    return seen


def start_real_game(browser: Chrome, member: str) -> None:
    """In #games, press the button the member's "Lesson done" message names; wait for the new
    board."""
    open_channel(browser, 1)

    def press() -> bool:
        """Find the named button in the member's newest "Lesson done" message and click it."""
        done = [
            a
            for a in browser.find_elements(By.CSS_SELECTOR, "article")
            if f"@{member} Lesson done —" in a.text
        ][-1]
        names = [s.text for s in done.find_elements(By.CSS_SELECTOR, ".content strong")]
        next(b for b in done.find_elements(By.CSS_SELECTOR, "button") if b.text in names).click()
        return True

    posts = len(texts(browser, "article:not(.ephemeral)"))  # the new game's board is one more
    until_started(
        browser,
        lambda: wait_for(browser, press, 60, "the Lesson done message's button"),
        lambda: len(texts(browser, "article:not(.ephemeral)")) > posts,
        "the real game",
    )


def announcements(browser: Chrome, member: str) -> list[str]:
    """The channel's "@member — Game over." messages shown, oldest first."""
    return [
        t
        for t in texts(browser, "article:not(.ephemeral)")
        if f"@{member}" in t and "Game over" in t
    ]


def pick(browser: Chrome, prefer: tuple[str, ...], rng: random.Random) -> tuple:
    """The move a newcomer makes: a confirmation's Yes, else the first move whose label starts
    with one of ``prefer`` (a button, or an option of a list), else a random move.

    Returns the control and the text of the option to pick in it (None: a button, or any).
    """
    if confirm := controls(browser, "ok1:"):
        return confirm[0], None
    mine = controls(browser, *MOVES)
    labels = option_labels(browser, mine)
    for wanted in prefer:
        for control, texts in zip(mine, labels, strict=True):
            for text in texts:
                if text.startswith(wanted):
                    return control, text
    return rng.choice(mine), None


def play_real_game(
    browser: Chrome,
    member: str,
    in_dm: bool,
    prefer: tuple[str, ...],
    draws: str,
    max_moves: int,
) -> tuple[int, str]:
    """Play the game just started to its end: its moves, and the channel's announcement.

    ``in_dm``: the member's moves come in their DM (a two-player game). ``draws`` seeds the
    random choices, afresh for each move with its number: a look again after a redraw picks
    as the first look would have, so a fixed deal is the same game on every run.
    """
    announced = len(announcements(browser, member))
    if in_dm:
        open_dm(browser)
    ended = page_text(browser).count("Game over")

    def over() -> bool:
        return page_text(browser).count("Game over") > ended

    moves = 0
    while True:
        wait_for(browser, lambda: controls(browser, *MOVES) or over(), 60, "a move or the end")
        if over():
            break
        assert moves < max_moves, "the game did not end"
        try:
            rng = random.Random(f"{draws}:{moves}")
            control, option = pick(browser, prefer, rng)
            use(browser, control, rng, option)
        except (*REDRAWN, IndexError):  # redrawn under the pointer: look again
            continue
        moves += 1
        assert "did not respond" not in error_text(browser)
    if in_dm:
        open_channel(browser, 1)
    ending = wait_for(
        browser, lambda: announcements(browser, member)[announced:], 20, "the announced end"
    )
    return moves, ending[-1]
