"""What a player reads in a message, as Discord's markdown shows it: the text and its markup.

Discord parses a message's content and an embed's title, description and fields with its
markdown (simple-markdown's rules and Discord's own: spoilers, mentions, subtext); an embed's
footer and author, a button's label, a select's options and an attachment's description are
shown as they are. :func:`render` applies those rules (``RULES``, the same regular expressions,
tried in the same order at each point of a line) and returns the text a player reads with each
piece of markup it found, so a test can ask whether a member's name turned into a link, bold
or a spoiler, or shows as typed. Not modelled: tables, nested lists, emoji shortcodes (clients
replace those before sending).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from .models import Message, alt_texts, walk_components


@dataclass(frozen=True)
class Mark:
    """A piece of markup: its kind ("link", "strong", "spoiler", "heading", …) and what it shows.

    ``url``: where a link leads (a masked link shows ``text``, a bare one its address).
    """

    kind: str
    text: str
    url: str | None = None


@dataclass
class Rendered:
    """The text a player reads (markup gone, escapes applied) and the markup found."""

    text: str = ""
    marks: list[Mark] = field(default_factory=list)

    def kinds(self) -> set[str]:
        """The kinds of markup found."""
        return {m.kind for m in self.marks}


LINK_INSIDE = r"(?:\[[^\]]*\]|[^\[\]]|\](?=[^\[]*\]))*"
LINK_HREF = r"\s*<?((?:\([^)]*\)|[^\s\\]|\\.)*?)>?(?:\s+['\"]([\s\S]*?)['\"])?\s*"
RULES: list[tuple[str, re.Pattern[str]]] = [
    ("escape", re.compile(r"\\([^0-9A-Za-z\s])")),
    ("autolink", re.compile(r"<(https?://[^ >]+)>")),
    ("url", re.compile(r"(https?://[^\s<]+[^<.,:;\"')\]\s])")),
    ("link", re.compile(rf"\[({LINK_INSIDE})\]\({LINK_HREF}\)")),
    ("mention", re.compile(r"<(?:@[!&]?\d+|#\d+|a?:\w+:\d+|t:-?\d+(?::[tTdDfFR])?|/[\w -]+:\d+)>")),
    ("code", re.compile(r"(`+)([\s\S]*?[^`])\1(?!`)")),
    ("spoiler", re.compile(r"\|\|([\s\S]+?)\|\|")),
    ("strong", re.compile(r"\*\*((?:\\[\s\S]|[^\\])+?)\*\*(?!\*)")),
    ("underline", re.compile(r"__((?:\\[\s\S]|[^\\])+?)__(?!_)")),
    (
        "em",
        re.compile(
            r"\b_((?:__|\\[\s\S]|[^\\_])+?)_\b"
            r"|\*(?=\S)((?:\*\*|\\[\s\S]|\s+(?:\\[\s\S]|[^\s*\\]|\*\*)|[^\s*\\])+?)\*(?!\*)"
        ),
    ),
    ("strike", re.compile(r"~~(?=\S)((?:\\[\s\S]|~(?!~)|[^\s~\\]|\s(?!~~))+?)~~")),
    ("text", re.compile(r"[\s\S]+?(?=[^0-9A-Za-z\s\u00c0-\uffff]|\n| {2,}\n|\w+:\S|$)")),
]
BLOCKS: list[tuple[str, re.Pattern[str]]] = [
    ("heading", re.compile(r"#{1,3} +(.+)")),
    ("subtext", re.compile(r"-# +(.+)")),
    ("quote", re.compile(r" *>(?:>>)? +(.*)")),
    ("list", re.compile(r" *(?:[*-]|\d+\.) +(.+)")),
]
CODE_BLOCK = re.compile(r"```(?:\w*\n)?([\s\S]*?)```")


def render(text: str) -> Rendered:
    """``text`` as Discord's markdown shows it."""
    out = Rendered()
    for i, part in enumerate(CODE_BLOCK.split(text)):
        if i % 2:
            out.text += part
            out.marks.append(Mark("code block", part))
            continue
        for j, line in enumerate(part.split("\n")):
            if j:
                out.text += "\n"
            _line(line, out)
    return out


def _line(line: str, out: Rendered) -> None:
    for kind, pattern in BLOCKS:
        m = pattern.fullmatch(line)
        if m:
            inner = _inline(m.group(1), out)
            out.marks.append(Mark(kind, inner))
            out.text += inner
            return
    out.text += _inline(line, out)


def _inline(source: str, out: Rendered) -> str:
    """The text ``source`` shows; its markup is added to ``out.marks``."""
    shown = []
    while source:  # each rule sees the rest of the line, as simple-markdown's do
        kind, m = next((k, m) for k, p in RULES if (m := p.match(source)))
        source = source[m.end() :]
        if kind in ("escape", "text"):
            shown.append(m.group(1) if kind == "escape" else m.group(0))
        elif kind in ("autolink", "url"):
            shown.append(m.group(1))
            out.marks.append(Mark("link", m.group(1), m.group(1)))
        elif kind == "link":
            inner = _inline(m.group(1), out)
            shown.append(inner)
            out.marks.append(Mark("link", inner, m.group(2)))
        elif kind in ("mention", "code"):
            body = m.group(0) if kind == "mention" else m.group(2)
            shown.append(body)
            out.marks.append(Mark(kind, body))
        else:
            inner = _inline(next(g for g in m.groups() if g is not None), out)
            shown.append(inner)
            out.marks.append(Mark(kind, inner))
    return "".join(shown)


def texts(message: Message) -> Iterator[tuple[str, bool]]:
    """Every text a player reads in one version of ``message``, with whether it is markdown."""
    yield message.content, True
    for e in message.embeds:
        yield e.get("title") or "", True
        yield e.get("description") or "", True
        for f in e.get("fields") or []:
            yield f.get("name") or "", True
            yield f.get("value") or "", True
        yield (e.get("footer") or {}).get("text") or "", False
        yield (e.get("author") or {}).get("name") or "", False
    for c in walk_components(message.components):
        if c.get("type") == 10:
            yield c.get("content") or "", True
        yield c.get("label") or "", False
        yield c.get("placeholder") or "", False
        for alt in alt_texts(c):
            yield alt, False
        for o in c.get("options") or []:
            yield o.get("label") or "", False
            yield o.get("description") or "", False
    for a in message.attachments:
        yield a.description or "", False


def shown(message: Message) -> list[Rendered]:
    """Every text of every version of ``message`` as a player reads it (markdown applied)."""
    return [
        render(text) if is_markdown else Rendered(text)
        for version in (*message.history, message)
        for text, is_markdown in texts(version)
        if text
    ]
