"""Where an app may be used: guild and user installs, interaction contexts, their limits.

Discord's model (application commands' ``integration_types`` and ``contexts``; interactions'
``context``, ``authorizing_integration_owners`` and ``app_permissions``): a command is offered
where one of its installation types authorizes it and its contexts include the place. In a DM
or group DM between users (context 2) only a user install can authorize it; there the bot is
not in the channel, so only the interaction's response and follow-ups reach it (at most 5
follow-ups per interaction for a user-installed app; guild installs are unaffected).
"""

from __future__ import annotations

from .models import (
    ATTACH_FILES,
    EMBED_LINKS,
    MENTION_EVERYONE,
    USE_EXTERNAL_APPS,
    ApiError,
    Channel,
    EmulatorError,
    Interaction,
    Message,
    User,
)
from .state import State

GUILD_INSTALL, USER_INSTALL = "0", "1"
CONTEXT_GUILD, CONTEXT_BOT_DM, CONTEXT_PRIVATE = 0, 1, 2
MAX_USER_INSTALL_FOLLOWUPS = 5
# app_permissions in a DM or group DM between users (Discord's documented set).
PRIVATE_CHANNEL_PERMISSIONS = ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE


def context_of(chan: Channel) -> int:
    """The interaction context of a place: 0 a guild, 1 the bot's DM, 2 between users."""
    if chan.between_users:
        return CONTEXT_PRIVATE
    return CONTEXT_BOT_DM if chan.is_dm else CONTEXT_GUILD


def _contexts(cmd: dict) -> set[int]:
    """The contexts a command allows.

    Without ``contexts``: every one, but the bot's DM when the legacy ``dm_permission`` is off.
    """
    contexts = cmd.get("contexts")
    if contexts is not None:
        return set(contexts)
    legacy_dm = cmd.get("dm_permission") is not False
    return {CONTEXT_GUILD, CONTEXT_PRIVATE} | ({CONTEXT_BOT_DM} if legacy_dm else set())


def owners_for(state: State, cmd: dict, user: User, chan: Channel) -> dict[str, str]:
    """``authorizing_integration_owners`` of ``cmd`` run by ``user`` in ``chan`` (may be empty).

    A guild install authorizes in its guild (the key's value: the guild id) and in the bot's DM
    (value "0"); a user install wherever the user goes (value: their id). Without
    ``integration_types`` a command is a guild install's only.
    """
    types = {str(t) for t in cmd.get("integration_types") or [0]}
    owners: dict[str, str] = {}
    context = context_of(chan)
    if GUILD_INSTALL in types and context != CONTEXT_PRIVATE and state.bot_in(chan.guild_id):
        owners[GUILD_INSTALL] = str(chan.guild_id or 0)
    if USER_INSTALL in types and user.id in state.user_installs:
        owners[USER_INSTALL] = str(user.id)
    return owners


def check_offered(state: State, cmd: dict, user: User, chan: Channel) -> dict[str, str]:
    """The command's owners here, or refuse as Discord's client would (it does not offer it)."""
    context = context_of(chan)
    if context not in _contexts(cmd) or (context != CONTEXT_GUILD and cmd.get("guild_id")):
        where = ("guilds", "DMs", "DMs and group DMs between users")[context]
        raise EmulatorError(f"/{cmd['name']} is not available in {where} (its contexts)")
    owners = owners_for(state, cmd, user, chan)
    if not owners:
        raise EmulatorError(
            f"/{cmd['name']} is not offered to {user.name} here: no install authorizes it "
            f"(integration_types {cmd.get('integration_types')}; user installed: "
            f"{user.id in state.user_installs})"
        )
    return owners


def message_owners(msg: Message, chan: Channel) -> tuple[int, dict[str, str]]:
    """The context and owners a click on ``msg`` carries.

    Those of the interaction that made it; else (a message the bot posted) the guild install's.
    """
    if msg.owners is not None and msg.context is not None:
        return msg.context, dict(msg.owners)
    return context_of(chan), {GUILD_INSTALL: str(chan.guild_id or 0)}


def private_app_permissions() -> int:
    """``app_permissions`` where only a user install reaches.

    A DM or group DM between users (Discord's documented set); a server the bot is not in is
    given the same (an assumption: the docs say only that it reflects the app's permissions).
    """
    return PRIVATE_CHANNEL_PERMISSIONS


def forced_ephemeral(state: State, ix: Interaction) -> bool:
    """Whether Discord makes every answer of ``ix`` ephemeral.

    So it does for a user-installed app (not the server's) used by a member without *Use
    External Apps* in that channel: "the responses will be ephemeral" (permissions.mdx).
    """
    if ix.guild_id is None or GUILD_INSTALL in ix.owners:
        return False
    return not state.channel_permissions(ix.channel, ix.user.id) & USE_EXTERNAL_APPS


def count_followup(ix: Interaction) -> None:
    """Refuse a user-installed app's follow-up beyond the documented 5 (400, code 40094)."""
    user_only = USER_INSTALL in ix.owners and GUILD_INSTALL not in ix.owners
    if user_only and ix.followups >= MAX_USER_INSTALL_FOLLOWUPS:
        error = ApiError(
            400, 40094, "This interaction has hit the maximum number of follow up messages"
        )
        ix.refusals.append(error)
        raise error
    ix.followups += 1
