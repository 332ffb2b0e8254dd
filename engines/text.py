"""Wording shared by every game's texts: plurals and sentences, written once."""

from __future__ import annotations

import re
from collections.abc import Mapping

from engines.safe_text import PDI, markdown, open_isolates


def plural(n: int, singular: str, plural_form: str | None = None) -> str:
    """``plural(1, "card")`` is "1 card"; ``plural(3, "card")`` is "3 cards"."""
    word = singular if n == 1 else (plural_form or f"{singular}s")
    return f"{n} {word}"


def sentence(text: str) -> str:
    """One full stop at the end, never two ("Passed." not "Passed..")."""
    text = text.rstrip()
    if not text or text.endswith(("!", "?", "…")):
        return text
    return text.rstrip(".") + "."


def player(seat: int) -> str:
    """How a text names a seat ("Player 1"): the bot and the renderer put the player's name in.

    Member text is never stored in a log line or a result: each place it is shown fills the
    name in, escaped for that place (``engines.safe_text``).
    """
    return f"Player {seat + 1}"


def join_and(items: list[str]) -> str:
    """Join as English: a; a and b; a, b and c."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


QUOTE_CHARS = 80
"""How much of a player's input a reply echoes back."""


def shorten(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters, ending in "…" where it was cut.

    Never inside a markdown escape (a backslash left before the "…" would hide it) or an
    isolate (``engines.safe_text``): one left open is closed before the "…".
    """
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    while True:
        backslashes = len(head) - len(head.rstrip("\\"))
        head = head[: len(head) - backslashes % 2]
        closing = open_isolates(head)
        if len(head) + closing < limit:
            return head + PDI * closing + "…"
        head = head[: limit - 1 - closing]


def quoted(text: str, limit: int = QUOTE_CHARS) -> str:
    """A player's input as a reply echoes it: quoted, escaped and cut short ('Swordsmn').

    For a message's content or an embed (``engines.safe_text.markdown``): its markdown shows
    as typed, and a control character as Python writes it (a right-to-left override as the
    six characters of its escape).
    """
    return markdown(repr(shorten(text, limit)))


def echoed(text: str, limit: int = QUOTE_CHARS) -> str:
    """A player's input inside a reply's own quotes (“…”): cut short, then its markdown escaped."""
    return markdown(shorten(text, limit))


def glossary_line(text: str, glossary: Mapping[str, str]) -> str:
    """A "Words used here:" line, then one per glossary term ``text`` uses ("• CMP: …"), or "".

    A term in capitals (an abbreviation: CMP, MP) is matched as written, any other term in any
    case and with any ending ("Shields", "channelers"). Terms the explanations use are
    explained too, in glossary order.
    """
    used: set[str] = set()
    while True:
        seen = " ".join([text, *(glossary[t] for t in used)])
        found = {t for t in glossary if _uses(seen, t)}
        if found <= used:
            break
        used |= found
    lines = [f"• {term}: {meaning}" for term, meaning in glossary.items() if term in used]
    return "\n".join(["Words used here:", *lines]) if lines else ""


def _uses(text: str, term: str) -> bool:
    if term.isupper():
        return re.search(rf"\b{re.escape(term)}\b", text) is not None
    return re.search(rf"\b{re.escape(term)}", text, re.IGNORECASE) is not None
