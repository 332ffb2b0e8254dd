"""A local Discord API emulator (REST + gateway) for testing the bot with the real discord.py."""

from .emulator import DiscordEmulator
from .guard import loopback_only
from .harness import discord_pointed_at, run_bot
from .interactions import Interaction
from .models import (
    ApiError,
    Attachment,
    BotNotConnected,
    ButtonInfo,
    Channel,
    EmulatorError,
    Guild,
    Member,
    Message,
    Role,
    SelectInfo,
    User,
)
from .rate_limits import MESSAGE_EDITS, RateLimit
from .storms import Storm

__all__ = [
    "MESSAGE_EDITS",
    "ApiError",
    "Attachment",
    "BotNotConnected",
    "ButtonInfo",
    "Channel",
    "DiscordEmulator",
    "EmulatorError",
    "Guild",
    "Interaction",
    "Member",
    "Message",
    "RateLimit",
    "Role",
    "SelectInfo",
    "Storm",
    "User",
    "discord_pointed_at",
    "loopback_only",
    "run_bot",
]
