"""Interactions: the payload the bot receives, and the rules for its responses and follow-ups."""

from __future__ import annotations

import asyncio
from typing import Any

from . import installs, payloads
from .bodies import Body, apply_fields
from .models import (
    AUTOCOMPLETE,
    COMMAND,
    COMPONENT,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    MODAL_SUBMIT,
    PING,
    ApiError,
    Interaction,
    Message,
)
from .state import State
from .validation import validate_choices, validate_modal

VALID_RESPONSES = {
    PING: {1},
    COMMAND: {4, 5, 9},
    COMPONENT: {4, 5, 6, 7, 9},
    AUTOCOMPLETE: {8},
    MODAL_SUBMIT: {4, 5, 6, 7},
}


def interaction_payload(state: State, ix: Interaction) -> dict[str, Any]:
    """INTERACTION_CREATE data, with every key discord.py 2.7 reads."""
    data: dict[str, Any] = {
        "id": str(ix.id),
        "application_id": str(state.application_id),
        "type": ix.type,
        "data": ix.data,
        "token": ix.token,
        "version": 1,
        "channel_id": str(ix.channel.id),
        "channel": payloads.interaction_channel(state, ix.channel, ix.user.id),
        "locale": "en-US",
        "entitlements": [],
        "attachment_size_limit": 10 * 1024 * 1024,
        "authorizing_integration_owners": dict(ix.owners),
        "context": ix.context,
    }
    if ix.guild_id is not None:
        guild = state.guild(ix.guild_id)
        member = payloads.member(state, guild, guild.members[ix.user.id])
        member["permissions"] = str(state.channel_permissions(ix.channel, ix.user.id))
        data.update(
            guild_id=str(guild.id),
            guild={"id": str(guild.id), "locale": "en-US", "features": []},
            guild_locale="en-US",
            member=member,
            app_permissions=str(
                state.channel_permissions(ix.channel, state.bot_user.id)
                if state.bot_in(guild.id)
                else installs.private_app_permissions()
            ),
        )
    elif ix.channel.between_users:
        app_permissions = installs.private_app_permissions()
        data.update(user=payloads.user(ix.user), app_permissions=str(app_permissions))
    else:
        data.update(user=payloads.user(ix.user), app_permissions=payloads.bot_app_permissions())
    if ix.shown is not None:
        data["message"] = payloads.message(state, ix.shown)
    return data


def _new_message(state: State, ix: Interaction, body: Body | None, *, ephemeral: bool) -> Message:
    ephemeral = ephemeral or installs.forced_ephemeral(state, ix)
    msg = Message(
        id=state.next_id(),
        channel_id=ix.channel.id,
        author_id=state.bot_user.id,
        guild_id=ix.guild_id,
        interaction_id=ix.id,
        webhook_id=state.application_id,
        type=20 if ix.type == COMMAND and not ix.messages else 0,
        timestamp=state.utcnow(),
        ephemeral=ephemeral,
        visible_to=ix.user.id if ephemeral else None,
        context=ix.context,
        owners=dict(ix.owners),
    )
    if body is None:  # the "thinking…" placeholder of a type-5 defer
        msg.flags = FLAG_LOADING
    else:
        apply_fields(state, msg, body, creating=True)
    msg.flags = (msg.flags & ~FLAG_EPHEMERAL) | (FLAG_EPHEMERAL if ephemeral else 0)
    state.add_message(msg)
    ix.messages.append(msg)
    return msg


def failed_by_discord(state: State, ix: Interaction, error: ApiError, *, callback: bool) -> None:
    """Discord failed a request of this interaction (a storm's 5xx or 429), unapplied.

    A failed callback leaves the interaction unanswered: unless an answer arrives within the
    deadline, the user sees "This interaction failed" (``ix.failed``) when it passes.
    """
    ix.refusals.append(error)
    if callback:
        _expire_at_deadline(state, ix)


def _expire_at_deadline(state: State, ix: Interaction) -> None:
    """Fail ``ix`` for its user once the deadline passed unanswered.

    On the state's clock (``emu.advance`` moves it), looked at every 0.1 s at most.
    """
    if ix.response_type is not None:
        return
    left = state.deadline_s - (state.now() - ix.created)
    if left <= 0:
        ix.expire()
        return
    asyncio.get_running_loop().call_later(min(left, 0.1), _expire_at_deadline, state, ix)


def _refuse(ix: Interaction, error: ApiError) -> ApiError:
    ix.refusals.append(error)
    return error


def respond(state: State, ix: Interaction, body: Body) -> Message | None:
    """Apply an initial response (``POST /interactions/{id}/{token}/callback``)."""
    rtype = body.payload.get("type")
    data = body.payload.get("data") or {}
    if ix.response_type is not None:
        raise _refuse(ix, ApiError(400, 40060, "Interaction has already been acknowledged."))
    if ix.late or state.now() - ix.created > state.deadline_s:
        ix.late = True
        ix._answered.set()
        raise _refuse(ix, ApiError(404, 10062, "Unknown interaction"))
    if rtype not in VALID_RESPONSES[ix.type]:
        raise _refuse(
            ix,
            ApiError(
                400, 40004, f"Response type {rtype} is invalid for interaction type {ix.type}"
            ),
        )
    ephemeral = bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
    if rtype == 5 and int(data.get("flags") or 0) & ~FLAG_EPHEMERAL:
        # receiving-and-responding.mdx: a deferred message takes only EPHEMERAL; a v2
        # message comes with the edit of the original response.
        raise _refuse(ix, ApiError(400, 50035, "Invalid Form Body: data.flags: only EPHEMERAL"))
    result: Message | None = None
    inner = Body(data, body.files)
    if rtype == 4:
        result = ix.original = _new_message(state, ix, inner, ephemeral=ephemeral)
    elif rtype == 5:
        result = ix.original = _new_message(state, ix, None, ephemeral=ephemeral)
    elif rtype in (6, 7):
        if ix.message is None:
            raise _refuse(ix, ApiError(400, 40004, "No message to update for this interaction"))
        ix.original = ix.message
        ephemeral = ix.message.ephemeral
        if rtype == 7:
            apply_fields(state, ix.message, inner, creating=False)
            state.on_change("MESSAGE_UPDATE", {"message": ix.message})
            result = ix.message
    elif rtype == 8:
        validate_choices(data.get("choices") or [])
        ix.choices = data.get("choices") or []
    elif rtype == 9:
        validate_modal(data)
        ix.modal = data
    ix.response_type = rtype
    ix.ephemeral = ephemeral
    ix._answered.set()
    return result


def callback_answer(ix: Interaction, msg: Message | None, state: State) -> dict[str, Any]:
    """The ``with_response`` body: the interaction summary and the created/updated message."""
    summary: dict[str, Any] = {"id": str(ix.id), "type": ix.type}
    resource: dict[str, Any] = {"type": ix.response_type}
    if msg is not None:
        summary.update(
            response_message_id=str(msg.id),
            response_message_loading=msg.loading,
            response_message_ephemeral=msg.ephemeral,
        )
        resource["message"] = payloads.message(state, msg)
    return {"interaction": summary, "resource": resource}


def check_token_alive(state: State, ix: Interaction) -> None:
    """Follow-ups/edits: need an acknowledged interaction younger than 15 minutes."""
    if state.now() - ix.created > state.token_lifetime_s:
        raise _refuse(ix, ApiError(401, 50027, "Invalid Webhook Token"))
    if ix.response_type is None:
        raise _refuse(ix, ApiError(404, 10015, "Unknown Webhook"))


def followup(state: State, ix: Interaction, body: Body) -> Message:
    """``POST /webhooks/{app}/{token}``: the first one after a thinking defer fills the loader.

    Each counts towards a user-installed app's limit of follow-ups, the loader's too.
    """
    check_token_alive(state, ix)
    installs.count_followup(ix)
    if ix.original is not None and ix.original.loading and ix.response_type == 5:
        msg = ix.original
        apply_fields(state, msg, body, creating=False)
        msg.flags &= ~FLAG_LOADING
        msg.history.clear()  # the loader was never a real version
        state.on_change("MESSAGE_UPDATE", {"message": msg})
        return msg
    ephemeral = bool(int(body.payload.get("flags") or 0) & FLAG_EPHEMERAL)
    return _new_message(state, ix, body, ephemeral=ephemeral)


def webhook_message(state: State, ix: Interaction, message_id: str) -> Message:
    """The message ``@original`` or ``{id}`` names for this interaction token."""
    if message_id == "@original":
        msg = ix.original
    else:
        msg = next((m for m in ix.messages if str(m.id) == message_id), None)
        if msg is None and ix.message is not None and str(ix.message.id) == message_id:
            msg = ix.message
    if msg is None or msg.deleted:
        raise _refuse(ix, ApiError(404, 10008, "Unknown Message"))
    return msg


def edit_webhook_message(state: State, ix: Interaction, message_id: str, body: Body) -> Message:
    check_token_alive(state, ix)
    msg = webhook_message(state, ix, message_id)
    was_loading = msg.loading
    apply_fields(state, msg, body, creating=False)
    if was_loading:
        msg.flags &= ~FLAG_LOADING
        msg.history.clear()
    state.on_change("MESSAGE_UPDATE", {"message": msg})
    return msg
