"""Plain data kept by the emulator: users, guilds, channels, messages, interactions, errors."""

from __future__ import annotations

import asyncio
import copy
import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADMINISTRATOR = 1 << 3
MANAGE_GUILD = 1 << 5
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
USE_EXTERNAL_APPS = 1 << 50
"""Lets a member's user-installed apps answer in public (on by default, as on Discord)."""
ALL_PERMISSIONS = (1 << 53) - 1
EVERYONE_PERMISSIONS = sum(
    1 << bit for bit in (0, 6, 10, 11, 14, 15, 16, 18, 19, 20, 21, 25, 26, 31, 35, 36, 37, 38, 50)
)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_MESSAGES

# Message flags.
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

# Channel types.
GUILD_TEXT = 0
DM = 1
GROUP_DM = 3
PUBLIC_THREAD = 11
THREAD_ARCHIVE_MINUTES = (60, 1440, 4320, 10080)  # a thread's auto_archive_duration choices

# Interaction types.
PING, COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5


class EmulatorError(Exception):
    """A test used the emulator in a way Discord's client would not allow."""


class BotNotConnected(EmulatorError):
    """No bot session listens for the interaction (the bot is starting, or stopped).

    Discord's client then shows "This interaction failed" and nothing reaches the bot.
    """


class ApiError(Exception):
    """An error answer in Discord's shape: HTTP status, JSON error code and message."""

    def __init__(self, status: int, code: int, message: str, errors: dict | None = None) -> None:
        super().__init__(f"{status} (code {code}): {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        return body


@dataclass(eq=False)
class User:
    id: int
    name: str
    bot: bool = False
    dms_open: bool = True

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False


@dataclass(eq=False)
class Member:
    user: User
    role_ids: list[int]
    joined_at: str
    nick: str | None = None  # the server nickname, any text (a display name pings no one)


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int | None = None
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)


@dataclass
class Overwrite:
    """A channel permission overwrite for a role (type 0) or a member (type 1)."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0


@dataclass(eq=False)
class Channel:
    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    recipient_id: int | None = None
    position: int = 0
    topic: str | None = None
    overwrites: dict[int, Overwrite] = field(default_factory=dict)  # by role or user id
    # Threads only: the channel it hangs off (its permissions are the parent's), who started it.
    parent_id: int | None = None
    owner_id: int | None = None
    archived: bool = False
    auto_archive_duration: int = 4320
    archive_timestamp: dt.datetime | None = None
    member_ids: set[int] = field(default_factory=set)  # the thread's members
    # A DM or group DM between users (the bot is not in it): everyone in it.
    recipient_ids: tuple[int, ...] = ()

    @property
    def is_dm(self) -> bool:
        """The DM between the bot and one user."""
        return self.type == DM and not self.recipient_ids

    @property
    def between_users(self) -> bool:
        """A DM or group DM between users, which the bot is not in (interaction context 2)."""
        return bool(self.recipient_ids)

    @property
    def is_thread(self) -> bool:
        return self.type == PUBLIC_THREAD

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None
    description: str | None
    url: str
    width: int | None = None
    height: int | None = None

    @property
    def size(self) -> int:
        return len(self.data)


class ButtonInfo(NamedTuple):
    custom_id: str | None
    label: str | None
    disabled: bool


class SelectInfo(NamedTuple):
    custom_id: str
    options: list[tuple[str, str]]  # (label, value)
    disabled: bool
    min_values: int
    max_values: int


def walk_components(components: list[dict]) -> Iterator[dict]:
    """Yield every component in a tree of rows, containers, sections and labels."""
    for comp in components:
        yield comp
        yield from walk_components(comp.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                yield from walk_components([comp[key]])


def alt_texts(component: dict) -> list[str]:
    """The alt texts of a v2 thumbnail's or media gallery's pictures (read out to players)."""
    items = [component] if component.get("type") == 11 else component.get("items") or []
    return [str(i["description"]) for i in items if i.get("description")]


@dataclass(frozen=True)
class Mentions:
    """What one version of a message notifies: whole-guild pings, roles and users."""

    everyone: bool = False
    role_ids: frozenset[int] = frozenset()
    user_ids: frozenset[int] = frozenset()
    notified: frozenset[int] = frozenset()  # every user id reached, by any of the above


@dataclass(eq=False)
class Message:
    id: int
    channel_id: int
    author_id: int
    content: str = ""
    embeds: list[dict] = field(default_factory=list)
    components: list[dict] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    ephemeral: bool = False
    history: list[Message] = field(default_factory=list)
    guild_id: int | None = None
    visible_to: int | None = None  # the only user who sees an ephemeral message
    interaction_id: int | None = None
    webhook_id: int | None = None
    type: int = 0
    timestamp: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.UTC))
    edited_timestamp: dt.datetime | None = None
    deleted: bool = False
    mentions: Mentions | None = None  # whom this version's content notifies (None: nobody)
    # Made by an interaction: its context and authorizing_integration_owners, which a click on
    # this message carries too (None: posted through a channel route).
    context: int | None = None
    owners: dict[str, str] | None = None

    def snapshot(self) -> Message:
        """A frozen copy of the current version (without history)."""
        return Message(
            id=self.id,
            channel_id=self.channel_id,
            author_id=self.author_id,
            content=self.content,
            embeds=copy.deepcopy(self.embeds),
            components=copy.deepcopy(self.components),
            attachments=list(self.attachments),
            flags=self.flags,
            ephemeral=self.ephemeral,
            guild_id=self.guild_id,
            visible_to=self.visible_to,
            interaction_id=self.interaction_id,
            webhook_id=self.webhook_id,
            type=self.type,
            timestamp=self.timestamp,
            edited_timestamp=self.edited_timestamp,
            deleted=self.deleted,
            mentions=self.mentions,
            context=self.context,
            owners=self.owners,
        )

    @property
    def loading(self) -> bool:
        """True while this is a "thinking…" placeholder from a type-5 defer."""
        return bool(self.flags & FLAG_LOADING)

    def buttons(self) -> list[ButtonInfo]:
        """Every button as (custom_id, label, disabled); link buttons have custom_id None."""
        return [
            ButtonInfo(c.get("custom_id"), c.get("label"), bool(c.get("disabled")))
            for c in walk_components(self.components)
            if c.get("type") == 2
        ]

    def selects(self) -> list[SelectInfo]:
        """Every select menu with its options as (label, value)."""
        return [
            SelectInfo(
                c["custom_id"],
                [(o.get("label", ""), o.get("value", "")) for o in c.get("options") or []],
                bool(c.get("disabled")),
                c.get("min_values", 1),
                c.get("max_values", 1),
            )
            for c in walk_components(self.components)
            if c.get("type") in (3, 5, 6, 7, 8)
        ]

    def find_button(self, label_substring: str) -> str:
        """The custom_id of the one button whose label (or emoji name) contains the text."""
        found = []
        for c in walk_components(self.components):
            if c.get("type") != 2:
                continue
            names = [c.get("label") or "", (c.get("emoji") or {}).get("name") or ""]
            if any(label_substring in n for n in names):
                found.append(c)
        if not found:
            labels = [b.label for b in self.buttons()]
            raise LookupError(f"no button with {label_substring!r} in message {self.id}: {labels}")
        if found[0].get("custom_id") is None:
            raise LookupError(f"button {label_substring!r} is a link button (no custom_id)")
        return found[0]["custom_id"]

    def hidden_attachments(self) -> list[Attachment]:
        """With IS_COMPONENTS_V2, the attachments no file, thumbnail or gallery shows.

        Discord shows a v2 message's attachments only through those components (components
        reference: "Attachments won't show by default - they must be exposed through
        components").
        """
        if not self.flags & FLAG_COMPONENTS_V2:
            return []
        shown = set()
        for c in walk_components(self.components):
            media = [c.get("media"), c.get("file")] + [i.get("media") for i in c.get("items") or []]
            shown |= {str(m.get("attachment_id")) for m in media if isinstance(m, dict)}
        return [a for a in self.attachments if str(a.id) not in shown]

    def text(self) -> str:
        """Content, embed texts and text components as one string (for asserts and leak scans)."""
        parts = [self.content]
        for e in self.embeds:
            parts += [e.get("title") or "", e.get("description") or ""]
            parts.append((e.get("author") or {}).get("name") or "")
            for f in e.get("fields") or []:
                parts += [f.get("name") or "", f.get("value") or ""]
            parts.append((e.get("footer") or {}).get("text") or "")
        for c in walk_components(self.components):
            if c.get("type") == 10:
                parts.append(c.get("content") or "")
            parts += alt_texts(c)
        for a in self.attachments:
            parts.append(a.description or "")
        return "\n".join(p for p in parts if p)

    def __repr__(self) -> str:
        kind = "ephemeral " if self.ephemeral else ""
        return f"<{kind}Message {self.id} in {self.channel_id}: {self.text()[:60]!r}>"


class Interaction:
    """One interaction the emulator dispatched, and what the bot did with it."""

    def __init__(
        self,
        *,
        id: int,
        token: str,
        created: float,
        type: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        message: Message | None = None,
        shown: Message | None = None,
        context: int = 0,
        owners: dict[str, str] | None = None,
    ) -> None:
        self.id = id
        self.token = token
        self.type = type
        self.user = user
        self.channel = channel
        self.guild_id: int | None = channel.guild_id
        self.data = data
        self.context = context  # 0 guild, 1 the bot's DM, 2 a DM or group DM between users
        self.owners = owners or {}  # authorizing_integration_owners: "0" guild, "1" user install
        self.followups = 0  # follow-up messages created (Create Followup Message)
        self.message = message  # the message a component was on (live; edits apply to it)
        self.shown = shown or message  # the version the user's client showed (sent to the bot)
        self.created = created  # on the state's clock
        self.response_type: int | None = None
        self.late = False  # an initial response came after the 3 s deadline and was refused
        self.expired = False  # Discord failed its callback and no answer came within 3 s
        self.ephemeral = False
        self.messages: list[Message] = []  # created by this interaction, in order
        self.original: Message | None = None  # what @original points at
        self.modal: dict[str, Any] | None = None  # a type-9 response's modal
        self.choices: list[dict[str, Any]] | None = None  # a type-8 autocomplete result
        self.refusals: list[ApiError] = []  # errors the emulator answered for this interaction
        self._answered = asyncio.Event()

    @property
    def failed(self) -> bool:
        """Whether the user saw "This interaction failed": no initial response in time."""
        return self.late or self.expired

    def expire(self) -> None:
        """The deadline passed after Discord failed a callback: failed, unless answered."""
        if self.response_type is None:
            self.expired = True
            self._answered.set()

    async def done(self, timeout: float = 5.0) -> Interaction:
        """Wait until the bot gave its initial response, or the interaction failed for the user.

        It failed when the response came after the deadline (``late``), or when Discord failed
        its callback and none came within the deadline (``expired``, see ``storms.py``).
        """
        try:
            await asyncio.wait_for(self._answered.wait(), timeout)
        except TimeoutError:
            raise TimeoutError(
                f"the bot did not answer interaction {self.id} ({self.describe()}) within "
                f"{timeout} s; refusals so far: {[str(r) for r in self.refusals]}"
            ) from None
        return self

    def describe(self) -> str:
        if self.type == COMMAND:
            return f"/{self.data.get('name')} by {self.user.name}"
        return f"type {self.type} {self.data.get('custom_id')!r} by {self.user.name}"

    def __repr__(self) -> str:
        return f"<Interaction {self.id} {self.describe()} response={self.response_type}>"
