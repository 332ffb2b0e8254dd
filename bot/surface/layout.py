"""Messages built from layout components (components v2, discord.py's ``LayoutView``).

One container per message: a title, text blocks, an optional picture in a media gallery with
its alt text (larger than an embed's image and uncropped on phones), a small footer and rows of
buttons; an optional text above the container (a report the container illustrates). Such a
message needs no *Embed Links* permission. Discord refuses ``content`` and ``embeds`` beside
the flag, and a v2 message keeps the flag for life: edit it only with another :class:`Layout`
(never with ``suppress_embeds``, which clears the flag in discord.py). The files a picture
shows are uploaded with the message and named by the gallery (``attachment://name``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.surface.text_limits import V2_TEXT
from engines.text import shorten


@dataclass
class Layout:
    """A v2 message ready to send, or to edit an earlier v2 message with."""

    view: discord.ui.LayoutView
    files: list[discord.File] = field(default_factory=list)

    def kwargs(self, *, edit: bool = False) -> dict[str, Any]:
        """Keyword arguments for send (or, with ``edit``, for edit: the files replace the old)."""
        if edit:
            return {"view": self.view, "attachments": self.files}
        return {"view": self.view, "files": self.files}


def _fit(texts: list[str], limit: int = V2_TEXT) -> list[str]:
    """``texts`` with the longest cut so that all of them hold at most ``limit`` characters."""
    over = sum(map(len, texts)) - limit
    if over <= 0:
        return texts
    longest = max(range(len(texts)), key=lambda i: len(texts[i]))
    out = list(texts)
    out[longest] = shorten(out[longest], max(1, len(out[longest]) - over))
    return out


def titled(name: str, text: str) -> str:
    """A titled block (what an embed's field was): the name in bold, then the text."""
    return f"**{name}**\n{text}"


def message(
    title: str | None,
    blocks: Sequence[str] = (),
    *,
    colour: discord.Colour | None = None,
    picture: discord.File | None = None,
    footer: str | None = None,
    above: str | None = None,
    rows: Sequence[Sequence[discord.ui.Item[Any]]] = (),
) -> Layout:
    """One container: ``## title`` (if any), each block, the picture, ``-# footer``, the rows.

    ``picture``'s description is its alt text. Texts are cut to Discord's 4,000 characters in
    all (the longest first); the words a player reads otherwise stay as given.
    """
    parts = [("above", above or ""), ("box", f"## {title}" if title else "")]
    parts += [("box", block) for block in blocks]
    parts.append(("footer", f"-# {footer}" if footer else ""))
    parts = [(where, text) for where, text in parts if text]
    fitted = _fit([text for _, text in parts])
    view = discord.ui.LayoutView(timeout=None)
    box: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(accent_colour=colour)
    shown = {
        where: [t for (w, _), t in zip(parts, fitted, strict=True) if w == where]
        for where in ("above", "box", "footer")
    }
    for text in shown["above"]:
        view.add_item(discord.ui.TextDisplay(text))
    for text in shown["box"]:
        box.add_item(discord.ui.TextDisplay(text))
    if picture is not None:
        item = discord.MediaGalleryItem(
            f"attachment://{picture.filename}", description=picture.description or None
        )
        box.add_item(discord.ui.MediaGallery(item))
    for text in shown["footer"]:
        box.add_item(discord.ui.TextDisplay(text))
    for row in rows:
        box.add_item(discord.ui.ActionRow(*row))
    view.add_item(box)
    return Layout(view, [picture] if picture is not None else [])
