"""Everything the emulated Discord knows, with an injectable clock and snowflake ids."""

from __future__ import annotations

import datetime as dt
import itertools
import time
from collections.abc import Callable
from functools import reduce
from operator import or_

from .models import (
    ADMINISTRATOR,
    ALL_PERMISSIONS,
    BOT_PERMISSIONS,
    DM,
    EVERYONE_PERMISSIONS,
    GROUP_DM,
    GUILD_TEXT,
    MANAGE_GUILD,
    PUBLIC_THREAD,
    VIEW_CHANNEL,
    ApiError,
    Channel,
    EmulatorError,
    Guild,
    Interaction,
    Member,
    Message,
    Overwrite,
    Role,
    User,
)
from .shards import GUILDS_PER_RECOMMENDED_SHARD, MAX_GUILDS_PER_SHARD

DISCORD_EPOCH_MS = 1_420_070_400_000


class State:
    """The emulated server's data. Plain methods; HTTP and gateway layers call into it."""

    def __init__(self) -> None:
        self._offset = 0.0
        self.deadline_s = 3.0  # initial interaction response (else 404 code 10062)
        self.token_lifetime_s = 15 * 60.0  # follow-ups and edits (else 401 code 50027)
        self.max_guilds_per_shard = MAX_GUILDS_PER_SHARD  # more: IDENTIFY closed with 4011
        self.guilds_per_shard = GUILDS_PER_RECOMMENDED_SHARD  # GET /gateway/bot's advice
        self._last_id = 0
        self._seq = itertools.count(1)
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}  # every message ever, deleted ones included
        self._in_channel: dict[int, list[Message]] = {}  # the same, by channel (oldest first)
        self.dm_channel_of: dict[int, int] = {}  # user id -> DM channel id
        self.user_installs: set[int] = set()  # users who installed the app to their account
        self.commands: dict[int | None, list[dict]] = {}  # guild id (None = global) -> commands
        self.interactions: dict[str, Interaction] = {}  # by token
        self.interactions_by_id: dict[int, Interaction] = {}
        self.application_id = self.next_id()
        # Discord: a bot's user id is its application id.
        self.bot_user = User(self.application_id, "emulated-bot", bot=True)
        self.users[self.bot_user.id] = self.bot_user
        self.token = f"emu.{self.application_id}.{next(self._seq)}"
        self.on_change: Callable[[str, dict], None] = lambda event, data: None
        self.attachment_base = "http://127.0.0.1:0"
        self.uploads = 0  # files received (each a new attachment; a kept one is not counted)

    # --- clock and ids ------------------------------------------------------------------

    def now(self) -> float:
        """Monotonic seconds, shifted by :meth:`advance` (used for interaction deadlines)."""
        return time.monotonic() + self._offset

    def utcnow(self) -> dt.datetime:
        return dt.datetime.now(dt.UTC) + dt.timedelta(seconds=self._offset)

    def advance(self, seconds: float) -> None:
        self._offset += seconds

    def next_id(self, shard: tuple[int, int] | None = None) -> int:
        """A snowflake whose timestamp is the (shifted) wall clock, strictly increasing.

        ``shard=(shard_id, num_shards)``: the first such id (up to ``num_shards - 1`` ms
        later) of a guild whose events that shard receives.
        """
        ms = int(self.utcnow().timestamp() * 1000) - DISCORD_EPOCH_MS
        self._last_id = max(ms << 22, self._last_id + 1)
        if shard is not None:
            shard_id, count = shard
            stamp = self._last_id >> 22
            self._last_id = max(self._last_id, (stamp + (shard_id - stamp) % count) << 22)
        return self._last_id

    def next_token(self, kind: str) -> str:
        return f"{kind}.{next(self._seq)}.{self.next_id():x}"

    # --- users, guilds, channels ----------------------------------------------------------

    def add_user(self, name: str, *, bot: bool = False, dms_open: bool = True) -> User:
        user = User(self.next_id(), name, bot=bot, dms_open=dms_open)
        self.users[user.id] = user
        return user

    def user(self, user_id: int) -> User:
        try:
            return self.users[user_id]
        except KeyError:
            raise ApiError(404, 10013, "Unknown User") from None

    def add_guild(
        self,
        name: str,
        owner: User | None = None,
        shard: tuple[int, int] | None = None,
        *,
        with_bot: bool = True,
    ) -> Guild:
        """A server; ``with_bot``: the bot was added to it (else it knows nothing of it)."""
        guild = Guild(self.next_id(shard), name, owner_id=owner.id if owner else None)
        guild.roles[guild.id] = Role(guild.id, "@everyone", EVERYONE_PERMISSIONS)
        self.guilds[guild.id] = guild
        if with_bot:
            bot_role = Role(self.next_id(), self.bot_user.name, BOT_PERMISSIONS, 1, managed=True)
            guild.roles[bot_role.id] = bot_role
            self._join(guild, self.bot_user, [bot_role.id], notify=False)
        if owner is not None:
            self._join(guild, owner, [], notify=False)
        self.on_change("GUILD_CREATE", {"guild_id": guild.id})
        return guild

    def bot_in(self, guild_id: int | None) -> bool:
        """Whether the bot is in the guild (None, a DM: yes, as far as guilds go)."""
        guild = self.guilds.get(guild_id or 0)
        return guild_id is None or (guild is not None and self.bot_user.id in guild.members)

    def guild(self, guild_id: int) -> Guild:
        try:
            return self.guilds[guild_id]
        except KeyError:
            raise ApiError(404, 10004, "Unknown Guild") from None

    def bots_guild(self, guild_id: int) -> Guild:
        """A guild the bot's token may read: 403 ``50001`` for one the bot is not in."""
        guild = self.guild(guild_id)
        if not self.bot_in(guild.id):
            raise ApiError(403, 50001, "Missing Access")
        return guild

    def _role(self, guild: Guild, name: str, permissions: int) -> int:
        for role in guild.roles.values():
            if role.name == name:
                return role.id
        role = Role(self.next_id(), name, permissions, len(guild.roles))
        guild.roles[role.id] = role
        self.on_change("GUILD_ROLE_CREATE", {"guild_id": guild.id, "role": role})
        return role.id

    def add_member(
        self,
        guild: Guild,
        user: User,
        *,
        manage_guild: bool = False,
        administrator: bool = False,
        nick: str | None = None,
    ) -> Member:
        roles = []
        if manage_guild:
            roles.append(self._role(guild, "Manager", MANAGE_GUILD))
        if administrator:
            roles.append(self._role(guild, "Admin", ADMINISTRATOR))
        return self._join(guild, user, roles, nick=nick)

    def _join(
        self,
        guild: Guild,
        user: User,
        role_ids: list[int],
        notify: bool = True,
        nick: str | None = None,
    ) -> Member:
        event = "GUILD_MEMBER_UPDATE" if user.id in guild.members else "GUILD_MEMBER_ADD"
        if user.id in guild.members:
            guild.members[user.id].role_ids = role_ids
            guild.members[user.id].nick = nick
        else:
            guild.members[user.id] = Member(user, role_ids, self.utcnow().isoformat(), nick)
        if notify:
            self.on_change(event, {"guild_id": guild.id, "user_id": user.id})
        return guild.members[user.id]

    def permissions(self, guild: Guild, user_id: int) -> int:
        """A member's guild-wide permissions: @everyone and their roles (owner, admin: all)."""
        if user_id == guild.owner_id:
            return ALL_PERMISSIONS
        member = guild.members.get(user_id)
        perms = guild.roles[guild.id].permissions
        for role_id in member.role_ids if member else []:
            perms |= guild.roles[role_id].permissions
        return ALL_PERMISSIONS if perms & ADMINISTRATOR else perms

    def channel_permissions(self, chan: Channel, user_id: int) -> int:
        """A member's permissions in a guild channel, as Discord computes them.

        The guild permissions, then the channel's @everyone overwrite, the member's roles'
        overwrites together (denies, then allows), then the member's own overwrite.
        Administrators (and the owner) keep every permission. A thread has its parent's.
        """
        if chan.is_thread:
            chan = self.channel(chan.parent_id or 0)
        guild = self.guild(chan.guild_id or 0)
        perms = self.permissions(guild, user_id)
        if perms == ALL_PERMISSIONS:
            return perms
        member = guild.members.get(user_id)
        everyone = chan.overwrites.get(guild.id)
        if everyone is not None:
            perms = (perms & ~everyone.deny) | everyone.allow
        roles = [
            chan.overwrites[r] for r in (member.role_ids if member else []) if r in chan.overwrites
        ]
        perms &= ~reduce(or_, (o.deny for o in roles), 0)
        perms |= reduce(or_, (o.allow for o in roles), 0)
        own = chan.overwrites.get(user_id)
        if own is not None:
            perms = (perms & ~own.deny) | own.allow
        return perms

    def set_overwrite(self, chan: Channel, overwrite: Overwrite) -> None:
        """Put a permission overwrite on a guild channel (CHANNEL_UPDATE)."""
        if chan.is_dm or chan.is_thread:
            raise EmulatorError("only guild channels have permission overwrites (threads: none)")
        chan.overwrites[overwrite.id] = overwrite
        self.on_change("CHANNEL_UPDATE", {"channel_id": chan.id})

    def add_text_channel(self, guild: Guild, name: str, topic: str | None = None) -> Channel:
        chan = Channel(self.next_id(), GUILD_TEXT, name, guild.id, position=len(guild.channel_ids))
        chan.topic = topic
        self.channels[chan.id] = chan
        guild.channel_ids.append(chan.id)
        self.on_change("CHANNEL_CREATE", {"channel_id": chan.id})
        return chan

    def add_thread(
        self, parent: Channel, message: Message, name: str, owner_id: int, auto_archive: int
    ) -> Channel:
        """A public thread started from ``message`` in ``parent``: it takes the message's id.

        Its starter is its first member (THREAD_CREATE, then THREAD_MEMBERS_UPDATE).
        """
        thread = Channel(
            message.id,
            PUBLIC_THREAD,
            name,
            parent.guild_id,
            parent_id=parent.id,
            owner_id=owner_id,
            auto_archive_duration=auto_archive,
            archive_timestamp=self.utcnow(),
            member_ids={owner_id},
        )
        self.channels[thread.id] = thread
        self.on_change("THREAD_CREATE", {"channel_id": thread.id})
        self.on_change("THREAD_MEMBERS_UPDATE", {"channel_id": thread.id, "user_id": owner_id})
        self.on_change("MESSAGE_UPDATE", {"message": message})
        return thread

    def set_archived(self, thread: Channel, archived: bool) -> None:
        """Archive or unarchive a thread (THREAD_UPDATE)."""
        if not thread.is_thread:
            raise EmulatorError("only threads are archived")
        thread.archived = archived
        thread.archive_timestamp = self.utcnow()
        self.on_change("THREAD_UPDATE", {"channel_id": thread.id})

    def threads_of(self, guild: Guild, *, active: bool = True) -> list[Channel]:
        """The guild's threads (by default the active ones, as GUILD_CREATE lists them)."""
        return [
            c
            for c in self.channels.values()
            if c.is_thread and c.guild_id == guild.id and not (active and c.archived)
        ]

    def delete_channel(self, chan: Channel, payload: dict) -> None:
        """Delete a guild channel with its threads; ``payload``: its last channel object.

        Discord sends CHANNEL_DELETE for the channel alone: its threads go with it without a
        THREAD_DELETE each (discord.py's ``parse_channel_delete`` drops them from its cache).
        """
        if chan.is_dm or chan.is_thread or chan.id not in self.channels:
            raise EmulatorError("only an existing guild channel (not a thread) can be deleted")
        for thread in [c for c in self.channels.values() if c.is_thread and c.parent_id == chan.id]:
            self._forget_channel(thread)
        self._forget_channel(chan)
        self.guild(chan.guild_id or 0).channel_ids.remove(chan.id)
        self.on_change("CHANNEL_DELETE", {"payload": payload})

    def delete_thread(self, thread: Channel) -> None:
        """Delete a thread (THREAD_DELETE: its id, guild, parent and type only)."""
        if not thread.is_thread or thread.id not in self.channels:
            raise EmulatorError("only an existing thread can be deleted this way")
        self._forget_channel(thread)
        payload = {
            "id": str(thread.id),
            "guild_id": str(thread.guild_id),
            "parent_id": str(thread.parent_id),
            "type": thread.type,
        }
        self.on_change("THREAD_DELETE", {"payload": payload})

    def _forget_channel(self, chan: Channel) -> None:
        """A deleted channel's routes answer 404 ``10003``; its messages are gone (no events)."""
        del self.channels[chan.id]
        for msg in self._in_channel.get(chan.id, ()):
            if not msg.deleted:
                msg.history.append(msg.snapshot())
                msg.deleted = True

    def remove_member(self, guild: Guild, user: User) -> None:
        """``user`` leaves ``guild`` (or is kicked): GUILD_MEMBER_REMOVE, members intent only."""
        if user.id not in guild.members or user.id in (self.bot_user.id, guild.owner_id):
            raise EmulatorError(f"{user.name} is not a member who can leave this guild")
        del guild.members[user.id]
        for thread in self.threads_of(guild, active=False):
            thread.member_ids.discard(user.id)
        self.on_change("GUILD_MEMBER_REMOVE", {"guild_id": guild.id, "user": user})

    def channel(self, channel_id: int) -> Channel:
        try:
            return self.channels[channel_id]
        except KeyError:
            raise ApiError(404, 10003, "Unknown Channel") from None

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between the bot and ``user`` (created on first use, like Discord)."""
        if user.id not in self.dm_channel_of:
            chan = Channel(self.next_id(), DM, None, recipient_id=user.id)
            self.channels[chan.id] = chan
            self.dm_channel_of[user.id] = chan.id
        return self.channels[self.dm_channel_of[user.id]]

    def private_channel(self, users: list[User], name: str | None) -> Channel:
        """A DM (two users) or group DM (three to ten) between users, without the bot."""
        if len({u.id for u in users}) != len(users) or any(u.bot for u in users):
            raise EmulatorError("a DM or group DM is between distinct users (no bot)")
        if not 2 <= len(users) <= 10:
            raise EmulatorError("a group DM holds at most 10 users; a DM two")
        kind = DM if len(users) == 2 and name is None else GROUP_DM
        chan = Channel(
            self.next_id(),
            kind,
            name,
            owner_id=users[0].id if kind == GROUP_DM else None,
            recipient_ids=tuple(u.id for u in users),
        )
        self.channels[chan.id] = chan
        return chan

    def mutual_guild(self, user: User) -> Guild | None:
        return next(
            (g for g in self.guilds.values() if user.id in g.members and self.bot_in(g.id)), None
        )

    def check_can_see(self, user: User, chan: Channel) -> None:
        if chan.between_users:
            if user.id not in chan.recipient_ids:
                raise EmulatorError(f"{user.name} is not in that DM or group DM")
        elif chan.is_dm:
            if chan.recipient_id != user.id:
                raise EmulatorError(f"{user.name} cannot see the DM channel of another user")
        elif chan.id not in self.channels:
            raise EmulatorError(f"#{chan.name} was deleted")
        elif user.id not in self.guild(chan.guild_id or 0).members:
            raise EmulatorError(f"{user.name} is not a member of the guild of #{chan.name}")
        elif not self.channel_permissions(chan, user.id) & VIEW_CHANNEL:
            raise EmulatorError(f"{user.name} cannot view #{chan.name}")

    # --- messages -------------------------------------------------------------------------

    def add_message(self, msg: Message) -> Message:
        self.messages[msg.id] = msg
        self._in_channel.setdefault(msg.channel_id, []).append(msg)
        if not msg.ephemeral:
            self.on_change("MESSAGE_CREATE", {"message": msg})
        return msg

    def message(self, channel_id: int, message_id: int) -> Message:
        msg = self.messages.get(message_id)
        if msg is None or msg.deleted or msg.ephemeral or msg.channel_id != channel_id:
            raise ApiError(404, 10008, "Unknown Message")
        return msg

    def messages_in(self, channel_id: int) -> list[Message]:
        """Visible (non-ephemeral, not deleted) messages of a channel, oldest first."""
        found = self._in_channel.get(channel_id, ())
        return [m for m in found if not m.ephemeral and not m.deleted]

    def set_messages(self, messages: dict[int, Message]) -> None:
        """Replace every message (a saved world loaded), oldest first."""
        self.messages = messages
        self._in_channel = {}
        for msg in sorted(messages.values(), key=lambda m: m.id):
            self._in_channel.setdefault(msg.channel_id, []).append(msg)

    def delete_message(self, msg: Message) -> None:
        msg.history.append(msg.snapshot())
        msg.deleted = True
        if not msg.ephemeral:
            self.on_change("MESSAGE_DELETE", {"message": msg})
