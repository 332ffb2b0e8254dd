"""Where a game's messages go when the bot is not in its channel: interaction webhooks.

Where the app is installed to a user (a DM or group DM between users, the bot's own DM with
such a user), the bot cannot post or edit through the channel: Discord refuses it (403
``50001``). Everything it shows there goes through an interaction of the game: its response,
then its webhook (edit a message it may edit, follow-ups) for 15 minutes. ``Reach`` keeps the
newest interaction of each such game (in memory) and offers it as the game's channel:
``send`` is a follow-up, ``get_partial_message(id).edit`` a webhook edit. Without a live
token (none since a restart, or the last is too old) both raise ``TokenExpired``, a
``discord.HTTPException`` like Discord's own answer to a dead token: the message stays as it
was, and the game's next click, which carries a fresh token, shows it again. A message is
edited only through a token that may edit it: one whose interaction made it or was clicked
on it.
"""

from __future__ import annotations

from collections import OrderedDict
from datetime import timedelta
from typing import Any, TypeVar

import discord

TOKEN_LIFE = timedelta(minutes=14)
"""How long an interaction's token is used: Discord's 15 minutes, less a margin for the request."""
KEPT = 4096
"""How many games' newest interactions (and messages' editors) are remembered."""
PER_KEY = 3
"""How many interactions are kept per game (and per message): the newest may be unanswered."""
INVALID_WEBHOOK_TOKEN = 50027
K = TypeVar("K")


class TokenExpired(discord.HTTPException):
    """No live interaction token for the game: what Discord answers a dead token (401)."""

    def __init__(self, sid: str) -> None:
        Exception.__init__(self, f"no live interaction token for session {sid}")
        self.response = None  # type: ignore[assignment]
        self.status = 401
        self.code = INVALID_WEBHOOK_TOKEN
        self.text = "Invalid Webhook Token"


class _WebhookMessage:
    """A message of the game, edited through the webhook of an interaction that may edit it."""

    def __init__(self, hook: discord.Interaction | None, sid: str, message_id: int) -> None:
        self._hook, self._sid, self.id = hook, sid, message_id

    async def edit(self, **kwargs: Any) -> discord.WebhookMessage:
        """Edit it through the webhook; ``TokenExpired`` without a live token for it."""
        if self._hook is None:
            raise TokenExpired(self._sid)
        return await self._hook.followup.edit_message(self.id, **kwargs)


class WebhookChannel:
    """A game's channel reached through its interactions (``send``: a follow-up)."""

    def __init__(self, reach: Reach, sid: str) -> None:
        self._reach, self._sid = reach, sid

    async def send(self, content: str | None = None, **kwargs: Any) -> discord.WebhookMessage:
        """A follow-up of the game's newest interaction, which may then edit it."""
        hook = self._reach.newest(self._sid)
        if hook is None:
            raise TokenExpired(self._sid)
        if content is not None:
            kwargs["content"] = content
        sent = await hook.followup.send(wait=True, **kwargs)
        self._reach.made(self._sid, sent.id, hook)
        return sent

    def get_partial_message(self, message_id: int) -> _WebhookMessage:
        """A message of the game, to edit through the newest interaction that may edit it."""
        return _WebhookMessage(self._reach.editor(self._sid, message_id), self._sid, message_id)


class Reach:
    """The interactions of each game played through interactions only, newest first.

    A token may edit the messages its interaction made and the message it was clicked on:
    for each game, the newest interactions (follow-ups) and, per message, the newest ones that
    may edit it (a confirmation's **Yes** may not edit the board, the click on it may). A
    token is used only once its interaction was answered: Discord refuses its webhook before
    (404 ``10015``), and a click is noted as it is admitted, while an earlier click's work (the
    computer's move) may still be sending.
    """

    def __init__(self) -> None:
        self._newest: OrderedDict[str, list[discord.Interaction]] = OrderedDict()
        self._editors: OrderedDict[tuple[str, int], list[discord.Interaction]] = OrderedDict()

    def note(self, sid: str, interaction: discord.Interaction) -> None:
        """Keep ``interaction`` as a way into the game (and to the message it was on)."""
        _keep_newer(self._newest, sid, interaction)
        if interaction.message is not None:
            _keep_newer(self._editors, (sid, interaction.message.id), interaction)

    def made(self, sid: str, message_id: int, interaction: discord.Interaction) -> None:
        """Note that ``interaction`` made the game's message ``message_id`` (it may edit it)."""
        _keep_newer(self._editors, (sid, message_id), interaction)

    def newest(self, sid: str) -> discord.Interaction | None:
        """The game's newest answered interaction while its token lives."""
        return _usable(self._newest.get(sid))

    def editor(self, sid: str, message_id: int) -> discord.Interaction | None:
        """The newest answered interaction whose live token may edit the message."""
        return _usable(self._editors.get((sid, message_id)))

    def channel(self, sid: str) -> WebhookChannel:
        """The game's channel, through its interactions while their tokens live."""
        return WebhookChannel(self, sid)


def _keep_newer(
    kept: OrderedDict[K, list[discord.Interaction]], key: K, interaction: discord.Interaction
) -> None:
    """Add ``interaction`` to the key's newest few (oldest first), unless one is newer."""
    old = kept.pop(key, [])
    if old and old[-1].created_at >= interaction.created_at:
        kept[key] = old
        return
    kept[key] = [*old, interaction][-PER_KEY:]
    while len(kept) > KEPT:
        kept.popitem(last=False)


def _usable(hooks: list[discord.Interaction] | None) -> discord.Interaction | None:
    """The newest answered interaction of ``hooks`` whose token still lives."""
    now = discord.utils.utcnow()
    for hook in reversed(hooks or []):
        if now - hook.created_at > TOKEN_LIFE:
            return None  # the older ones are older still
        if hook.response.is_done():
            return hook
    return None


def via_interactions(interaction: discord.Interaction) -> bool:
    """Whether a game started by ``interaction`` is reached only through interactions.

    Anywhere but a server that installed the app: a DM or group DM between users, a server
    where the app is only the member's, the bot's own DM (the member may share no server with
    the bot, so it may not be able to DM them).
    """
    return not interaction.is_guild_integration()


def answers_public(interaction: discord.Interaction) -> bool:
    """Whether the app's answers here are seen by everyone.

    Not where a server turned *Use External Apps* off for the member and the app is only
    theirs: Discord then makes every response ephemeral, seen by the member alone.
    """
    if interaction.guild_id is None or interaction.is_guild_integration():
        return True
    return interaction.permissions.use_external_apps
