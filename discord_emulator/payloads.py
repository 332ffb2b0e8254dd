"""Discord JSON shapes for the emulator's objects (what discord.py parses)."""

from __future__ import annotations

from typing import Any

from .models import BOT_PERMISSIONS, Attachment, Channel, Guild, Member, Message, Role, User
from .state import State


def user(u: User) -> dict[str, Any]:
    return {
        "id": str(u.id),
        "username": u.name,
        "global_name": None if u.bot else u.name.title(),
        "discriminator": "0",
        "avatar": None,
        "bot": u.bot,
        "system": False,
        "public_flags": 0,
        "flags": 0,
    }


def client_user(u: User) -> dict[str, Any]:
    return {**user(u), "verified": True, "mfa_enabled": False, "locale": "en-US"}


def role(r: Role) -> dict[str, Any]:
    return {
        "id": str(r.id),
        "name": r.name,
        "permissions": str(r.permissions),
        "position": r.position,
        "color": 0,
        "colors": {"primary_color": 0},
        "hoist": False,
        "managed": r.managed,
        "mentionable": False,
        "flags": 0,
    }


def member(state: State, guild: Guild, m: Member, *, with_user: bool = True) -> dict[str, Any]:
    data: dict[str, Any] = {
        "roles": [str(r) for r in m.role_ids],
        "joined_at": m.joined_at,
        "nick": m.nick,
        "avatar": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
        "permissions": str(state.permissions(guild, m.user.id)),
    }
    if with_user:
        data["user"] = user(m.user)
    return data


def private_channel(state: State, c: Channel, viewer: int) -> dict[str, Any]:
    """A DM or group DM between users, as ``viewer`` gets it (the others as recipients)."""
    data: dict[str, Any] = {
        "id": str(c.id),
        "type": c.type,
        "last_message_id": None,
        "flags": 0,
        "recipients": [user(state.user(u)) for u in c.recipient_ids if u != viewer],
    }
    if c.owner_id is not None:
        data.update(name=c.name, icon=None, owner_id=str(c.owner_id))
    return data


def channel(state: State, c: Channel) -> dict[str, Any]:
    if c.between_users:
        return private_channel(state, c, 0)
    if c.is_dm:
        recipient = state.user(c.recipient_id or 0)
        return {
            "id": str(c.id),
            "type": c.type,
            "last_message_id": None,
            "flags": 0,
            "recipients": [user(recipient)],
        }
    if c.is_thread:
        return thread(state, c)
    return {
        "id": str(c.id),
        "type": c.type,
        "guild_id": str(c.guild_id),
        "name": c.name,
        "position": c.position,
        "permission_overwrites": [
            {"id": str(o.id), "type": o.type, "allow": str(o.allow), "deny": str(o.deny)}
            for o in c.overwrites.values()
        ],
        "topic": c.topic,
        "nsfw": False,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "parent_id": None,
        "flags": 0,
    }


def thread(state: State, c: Channel) -> dict[str, Any]:
    """A thread's channel object: its parent, its starter, its metadata, the bot's membership."""
    count = len(state.messages_in(c.id))
    stamp = (c.archive_timestamp or state.utcnow()).isoformat()
    data: dict[str, Any] = {
        "id": str(c.id),
        "type": c.type,
        "guild_id": str(c.guild_id),
        "parent_id": str(c.parent_id),
        "owner_id": str(c.owner_id),
        "name": c.name,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "flags": 0,
        "message_count": count,
        "total_message_sent": count,
        "member_count": min(len(c.member_ids), 50),
        "thread_metadata": {
            "archived": c.archived,
            "auto_archive_duration": c.auto_archive_duration,
            "archive_timestamp": stamp,
            "locked": False,
            "create_timestamp": stamp,
        },
    }
    if state.bot_user.id in c.member_ids:
        data["member"] = thread_member(c, state.bot_user.id, stamp)
    return data


def thread_member(c: Channel, user_id: int, joined: str) -> dict[str, Any]:
    return {"id": str(c.id), "user_id": str(user_id), "join_timestamp": joined, "flags": 0}


def interaction_channel(state: State, c: Channel, user_id: int) -> dict[str, Any]:
    if c.between_users:
        return private_channel(state, c, user_id)
    data = channel(state, c)
    if c.guild_id is not None:
        data["permissions"] = str(state.channel_permissions(c, user_id))
    return data


def guild(state: State, g: Guild, *, full: bool = True) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(g.id),
        "name": g.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "owner_id": str(g.owner_id) if g.owner_id else None,
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [role(r) for r in g.roles.values()],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "vanity_url_code": None,
        "description": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": None,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
    }
    if full:  # GUILD_CREATE adds the member/channel lists
        data.update(
            joined_at=g.members[state.bot_user.id].joined_at,
            large=False,
            unavailable=False,
            member_count=len(g.members),
            members=[member(state, g, m) for m in g.members.values()],
            channels=[channel(state, state.channels[c]) for c in g.channel_ids],
            threads=[thread(state, t) for t in state.threads_of(g)],
            presences=[],
            voice_states=[],
            stage_instances=[],
            guild_scheduled_events=[],
            soundboard_sounds=[],
        )
    return data


def attachment(a: Attachment) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(a.id),
        "filename": a.filename,
        "size": a.size,
        "url": a.url,
        "proxy_url": a.url,
    }
    if a.content_type:
        data["content_type"] = a.content_type
    if a.description is not None:
        data["description"] = a.description
    if a.width is not None:
        data.update(width=a.width, height=a.height)
    return data


def message(state: State, m: Message, *, for_gateway: bool = False) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(m.id),
        "type": m.type,
        "channel_id": str(m.channel_id),
        "author": user(state.user(m.author_id)),
        "content": m.content,
        "timestamp": m.timestamp.isoformat(),
        "edited_timestamp": m.edited_timestamp.isoformat() if m.edited_timestamp else None,
        "tts": False,
        "mention_everyone": bool(m.mentions and m.mentions.everyone),
        "mentions": [
            user(state.users[uid])
            for uid in sorted(m.mentions.user_ids if m.mentions else ())
            if uid in state.users
        ],
        "mention_roles": [str(r) for r in sorted(m.mentions.role_ids if m.mentions else ())],
        "attachments": [attachment(a) for a in m.attachments],
        "embeds": m.embeds,
        "components": m.components,
        "pinned": False,
        "flags": m.flags,
    }
    started = state.channels.get(m.id)  # a thread started from this message shares its id
    if started is not None and started.is_thread:
        data["thread"] = thread(state, started)
    if m.webhook_id is not None:
        data["webhook_id"] = str(m.webhook_id)
        data["application_id"] = str(m.webhook_id)
    ix = state.interactions_by_id.get(m.interaction_id or 0)
    if ix is not None:
        data["interaction_metadata"] = {
            "id": str(ix.id),
            "type": ix.type,
            "user": user(ix.user),
            "authorizing_integration_owners": {"0": str(ix.guild_id or 0)},
        }
    if for_gateway and m.guild_id is not None:
        data["guild_id"] = str(m.guild_id)
        g = state.guild(m.guild_id)
        if m.author_id in g.members:
            data["member"] = member(state, g, g.members[m.author_id], with_user=False)
    return data


def application(state: State) -> dict[str, Any]:
    return {
        "id": str(state.application_id),
        "name": state.bot_user.name,
        "icon": None,
        "description": "A bot running against the local Discord emulator",
        "rpc_origins": [],
        "bot_public": False,
        "bot_require_code_grant": False,
        "bot": user(state.bot_user),
        "owner": user(state.bot_user),
        "summary": "",
        "verify_key": "0" * 64,
        "team": None,
        "flags": 1 << 19,  # GATEWAY_MESSAGE_CONTENT_LIMITED
        "interactions_endpoint_url": None,
        "install_params": {"scopes": ["bot", "applications.commands"], "permissions": "0"},
        "integration_types_config": {"0": {}},
    }


def bot_app_permissions() -> str:
    return str(BOT_PERMISSIONS)
