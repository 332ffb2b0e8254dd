"""Text a member wrote (a display name, a deck name, a typed order), safe where the bot shows it.

Discord reads markdown in a message's content and in an embed's title, description and fields
(:func:`markdown`), and none in a button's label, a select's options, an embed's footer and
author, a thread's name, an image or its alt text (:func:`plain`). In both, the text can no
longer change the text around it:

- **mentions** are broken with a zero-width space (``@\u200beveryone``), which draws as nothing;
- **direction**: bidi controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C) are
  removed, so an override cannot reverse the rest of the line, and a text holding right-to-left
  letters is isolated (FSI ... PDI), so it cannot reorder the words around it either; line
  breaks become spaces;
- **markdown** (:func:`markdown` only) is escaped with backslashes, which Discord shows as
  nothing: emphasis, spoilers, code, masked links and bare links, quotes, headings, subtext,
  lists and ``<...>`` tags (mentions, channels, emoji, timestamps) all show as typed.

Either takes the member's text or what :func:`plain` made of it (``plain`` changes nothing it
made), never what :func:`markdown` made: escaped twice, a text shows its backslashes. Cut what
they return with :func:`engines.text.shorten`, which never cuts inside an escape or an isolate.
"""

from __future__ import annotations

import re
import unicodedata

FSI = "\u2068"
"""First strong isolate: opens an isolated run of text (closed by :data:`PDI`)."""
PDI = "\u2069"
"""Pop directional isolate: closes the run :data:`FSI` opened."""
BIDI_CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""Every explicit bidi formatting character: embeddings, overrides, isolates and marks."""
LINE_BREAKS = re.compile("[\r\n\v\f\x1c-\x1e\x85\u2028\u2029]")
MENTION = re.compile(r"@(everyone|here|[!&]?[0-9]{17,20})")
"""What Discord reads as a mention in text (as ``discord.utils.escape_mentions`` does)."""
RIGHT_TO_LEFT = frozenset({"R", "AL", "AN"})
"""Bidi classes that reorder the neutral text around them in a left-to-right line."""

MARKUP = re.compile(r"[\\*_~|`<>\[\]]|(?<=[A-Za-z]):(?=//)")
"""What Discord's markdown reads anywhere in a line (a ``:`` before ``//`` makes a bare link)."""
LINE_START = re.compile(r"^(\s*)(?:([#+-])|(\d+)\.)")
"""What it reads at a line's start, where a text may be put: a heading's ``#``, subtext's
``-#``, a list's ``-``, ``+`` or ``1.`` (a quote's ``>`` is escaped anywhere)."""


def plain(text: str) -> str:
    """``text`` for a place without markdown: mentions broken, no bidi control, isolated."""
    return _isolated(_neutral(text))


def markdown(text: str) -> str:
    """``text`` for a place with markdown: as :func:`plain`, and its markdown escaped."""
    escaped = MARKUP.sub(r"\\\g<0>", _neutral(text))
    return _isolated(LINE_START.sub(_escape_start, escaped))


def _escape_start(m: re.Match[str]) -> str:
    space, mark, number = m.groups()
    return f"{space}\\{mark}" if mark else f"{space}{number}\\."


def _neutral(text: str) -> str:
    """No bidi control, no line break, no mention."""
    text = LINE_BREAKS.sub(" ", BIDI_CONTROLS.sub("", text))
    return MENTION.sub("@\u200b\\1", text)


def _isolated(text: str) -> str:
    """Right-to-left text in an isolate, so the words around it keep their order."""
    if any(unicodedata.bidirectional(c) in RIGHT_TO_LEFT for c in text):
        return f"{FSI}{text}{PDI}"
    return text


def open_isolates(text: str) -> int:
    """How many isolates ``text`` opens and leaves open (a cut text needs that many PDIs)."""
    depth = 0
    for c in text:
        if c in "\u2066\u2067\u2068":
            depth += 1
        elif c == PDI and depth:
            depth -= 1
    return depth
