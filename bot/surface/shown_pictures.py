"""The pictures each message shows, so that an edit keeps an unchanged one instead of uploading it.

A picture is named by its key (``render_pool.Picture.key``: the digest of its game and view).
After each send or edit Discord accepted, the message's attachments are noted by file name with
the key of the picture each shows. An edit of that message whose picture under the same name
has the same key lists the attachment as kept (Discord's ``attachments`` field: kept ones by id,
new ones uploaded) rather than uploading the same PNG again; the embed still points at it by
``attachment://`` name. A failed request forgets the message: its next edit uploads everything.
The message as Discord last accepted it is kept too (``last``), even after a failed request:
taking a v2 message's moves off sends its texts and pictures again, as they are, without asking
Discord for them.
"""

from __future__ import annotations

import io
from collections import OrderedDict
from collections.abc import Sequence

import discord

SIZE = 4096
"""How many messages' pictures are remembered (as many as ``delivery.SHOWN_SIZE``)."""

Shown = dict[str, tuple[str, discord.Attachment]]
"""A message's pictures: by file name, the picture's key and the attachment showing it."""


class PictureFile(discord.File):
    """A PNG to upload, with the key of the picture it is (``render_pool.Picture.key``)."""

    def __init__(self, png: bytes, filename: str, description: str, key: str) -> None:
        super().__init__(io.BytesIO(png), filename=filename, description=description)
        self.key = key


class ShownPictures:
    """What picture each message shows (the last ``SIZE`` messages written)."""

    def __init__(self) -> None:
        self._shown: OrderedDict[int, Shown] = OrderedDict()
        self._last: OrderedDict[int, discord.Message] = OrderedDict()

    def note(self, message: discord.Message, files: Sequence[discord.File]) -> None:
        """Note the pictures of a message Discord just accepted (its answer, ``message``).

        ``files``: the request's files (uploaded or kept), paired with ``message``'s attachments
        by name.
        """
        keys = {f.filename: f.key for f in files if isinstance(f, PictureFile)}
        shown = {
            a.filename: (keys[a.filename], a) for a in message.attachments if a.filename in keys
        }
        self._shown.pop(message.id, None)
        self._last.pop(message.id, None)
        if shown:
            self._shown[message.id] = shown
            self._last[message.id] = message
            while len(self._shown) > SIZE:
                self._shown.popitem(last=False)
            while len(self._last) > SIZE:
                self._last.popitem(last=False)

    def forget(self, message_id: int) -> None:
        """The message may show anything (a request failed): its next edit uploads its pictures.

        What it showed last (``last``) stays: a refused edit left it so.
        """
        self._shown.pop(message_id, None)

    def kept(
        self, message_id: int | None, files: Sequence[discord.File]
    ) -> dict[str, discord.Attachment]:
        """The attachments of ``message_id`` that already show these pictures, by file name."""
        shown = self._shown.get(message_id or 0)
        if not shown:
            return {}
        out: dict[str, discord.Attachment] = {}
        for f in files:
            found = shown.get(f.filename)
            if found is not None and isinstance(f, PictureFile) and found[0] == f.key:
                out[f.filename] = found[1]
        return out

    def edited(self, message: discord.Message) -> None:
        """A components-only edit Discord accepted (``message``, its answer): its newest version.

        Its pictures are kept as they were; a message not among the last ``SIZE`` stays out.
        """
        if message.id in self._last:
            self._last[message.id] = message

    def last(self, message_id: int) -> discord.Message | None:
        """The message as Discord last accepted it (None: not among the last ``SIZE``)."""
        return self._last.get(message_id)
