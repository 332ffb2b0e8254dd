"""Wording shared by every game's texts: plurals and sentences, written once."""

from __future__ import annotations

import re
from collections.abc import Mapping


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


def join_and(items: list[str]) -> str:
    """Join as English: a; a and b; a, b and c."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


QUOTE_CHARS = 80
"""How much of a player's input a reply echoes back."""


def shorten(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters, ending in "…" where it was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quoted(text: str, limit: int = QUOTE_CHARS) -> str:
    """A player's input as a reply echoes it: quoted, escaped and cut short ('Swordsmn')."""
    return repr(shorten(text, limit))


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
