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
from itertools import groupby
from typing import Any

import discord

from bot.surface.text_limits import V2_TEXT
from engines.text import shorten


class Unkept(discord.ui.LayoutView):
    """A layout the bot sends and never listens to: discord.py keeps no copy of it.

    The bot answers its buttons and selects through dynamic items (``bot.components``). A view
    discord.py kept (its view store, per message sent) would only hold each message's items for
    the life of the process and dispatch each click a second time, to a callback doing nothing.
    """

    def __init__(self, *items: discord.ui.Item[Any]) -> None:
        super().__init__(timeout=None)
        for item in items:
            self.add_item(item)

    def is_finished(self) -> bool:
        """Always: discord.py stores no view that is finished."""
        return True


class Shown(Unkept):
    """A message's layout as built to be sent: never changed after, so serialised once.

    Its digest (``presenter.Message.digest``) and its request share one ``to_components``.
    """

    _components: list[dict[str, Any]] | None = None

    def to_components(self) -> list[dict[str, Any]]:
        """The components as sent, worked out at the first call."""
        if self._components is None:
            self._components = super().to_components()
        return self._components


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
    more: Sequence[tuple[str, discord.File]] = (),
) -> Layout:
    """One container: ``## title`` (if any), each block, the picture, ``-# footer``, the rows.

    ``picture``'s description is its alt text; ``more``: further pictures under the first, each
    after its caption (a close-up). Texts are cut to Discord's 4,000 characters in all (the
    longest first); the words a player reads otherwise stay as given.
    """
    box: list[str | discord.File] = [f"## {title}" if title else "", *blocks]
    if picture is not None:
        box.append(picture)
    for caption, file in more:
        box += [caption, file]
    box.append(f"-# {footer}" if footer else "")
    box = [part for part in box if part]
    tops = [above] if above else []
    fitted = iter(_fit(tops + [part for part in box if isinstance(part, str)]))
    view = Shown()
    container: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(
        accent_colour=colour
    )
    for _ in tops:
        view.add_item(discord.ui.TextDisplay(next(fitted)))
    for part in box:
        if isinstance(part, str):
            container.add_item(discord.ui.TextDisplay(next(fitted)))
        else:
            container.add_item(discord.ui.MediaGallery(_shown(part)))
    for row in rows:
        container.add_item(discord.ui.ActionRow(*row))
    view.add_item(container)
    files = [f for f in box if isinstance(f, discord.File)]
    return Layout(view, files)


def _shown(picture: discord.File) -> discord.MediaGalleryItem:
    """The gallery item showing an uploaded picture, with its alt text."""
    return discord.MediaGalleryItem(
        f"attachment://{picture.filename}", description=picture.description or None
    )


def rows_of(view: discord.ui.View | None) -> list[list[discord.ui.Item[Any]]]:
    """A legacy view's items, row by row as it lays them out (each placed as it was added)."""
    if view is None:
        return []

    def row(item: discord.ui.Item[Any]) -> int:
        return item._rendered_row or 0

    return [list(items) for _, items in groupby(sorted(view.children, key=row), key=row)]


def controls_of(message: discord.Message) -> list[discord.Component]:
    """Every button and select of a received message, in order, whatever its shape."""
    out: list[discord.Component] = []
    todo = list(message.components)
    while todo:
        component = todo.pop(0)
        children = getattr(component, "children", None)
        if isinstance(children, list):
            todo[:0] = children
        elif isinstance(component, discord.Button | discord.SelectMenu):
            out.append(component)
    return out


def editable(message: discord.Message) -> discord.ui.View | discord.ui.LayoutView:
    """A received message's components to edit it with, in its own shape.

    A v2 message comes whole (an edit's components replace all of them: texts and galleries
    too), its galleries naming its attachments ``attachment://`` as when it was sent.
    """
    if not message.flags.components_v2:
        return discord.ui.View.from_message(message, timeout=None)
    view = Unkept(*discord.ui.LayoutView.from_message(message, timeout=None).children)
    names = {a.url: a.filename for a in message.attachments}
    for item in view.walk_children():
        if isinstance(item, discord.ui.MediaGallery):
            for shown in item.items:
                name = names.get(shown.media.url)
                if name is not None:
                    shown.media = discord.UnfurledMediaItem(f"attachment://{name}")
    return view


def with_rows(
    message: discord.Message, view: discord.ui.View | None
) -> discord.ui.View | discord.ui.LayoutView | None:
    """What to edit ``message`` with so that ``view``'s rows replace its buttons and selects.

    A legacy message takes ``view`` as it is; a v2 message is sent whole again with the new
    rows in its container (``editable``).
    """
    if not message.flags.components_v2:
        return view
    layout = editable(message)
    containers = [c for c in layout.children if isinstance(c, discord.ui.Container)]
    for container in containers[-1:]:
        for child in list(container.children):
            if isinstance(child, discord.ui.ActionRow):
                container.remove_item(child)
        for row in rows_of(view):
            container.add_item(discord.ui.ActionRow(*row))
    return layout


def above(text: str, view: discord.ui.LayoutView) -> discord.ui.LayoutView:
    """``view`` with ``text`` above everything it shows (cut to fit beside its texts)."""
    room = max(1, V2_TEXT - view.content_length())
    return Unkept(discord.ui.TextDisplay(shorten(text, room)), *view.children)


def text_edit(text: str) -> dict[str, Any]:
    """Keyword arguments for an edit leaving a message as ``text`` alone, its files dropped.

    Content and embeds are cleared: an embed message (sent before it was v2) becomes v2 so.
    """
    view = Unkept(discord.ui.TextDisplay(shorten(text, V2_TEXT)))
    return {"content": None, "embeds": [], "view": view, "attachments": []}
