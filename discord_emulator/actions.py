"""What a user can do in the Discord client: run a command, click, select, submit a modal."""

from __future__ import annotations

from typing import Any

from . import commands, installs, payloads
from .models import (
    AUTOCOMPLETE,
    COMMAND,
    COMPONENT,
    MODAL_SUBMIT,
    Channel,
    EmulatorError,
    Interaction,
    Message,
    User,
    walk_components,
)
from .state import State


def _interaction(state: State, **fields: Any) -> Interaction:
    """A new interaction with the state's next id and token, created now."""
    return Interaction(
        id=state.next_id(), token=state.next_token("interaction"), created=state.now(), **fields
    )


def slash(
    state: State, user: User, channel: Channel, path: str, options: dict[str, Any]
) -> Interaction:
    state.check_can_see(user, channel)
    if channel.is_thread and channel.archived:
        raise EmulatorError(f"#{channel.name} is archived: Discord offers no commands there")
    parts = path.strip().lstrip("/").split()
    if not parts:
        raise EmulatorError("empty command path")
    cmd = commands.find_command(state, channel, parts[0])
    owners = commands.check_available(state, cmd, user, channel)
    data = commands.build_data(state, cmd, parts, options, channel)
    context = installs.context_of(channel)
    return _interaction(
        state, type=COMMAND, user=user, channel=channel, data=data, context=context, owners=owners
    )


def autocomplete(
    state: State,
    user: User,
    channel: Channel,
    path: str,
    options: dict[str, Any],
    focused: str,
    typed: str,
) -> Interaction:
    """Typing ``typed`` into option ``focused`` of ``/path``: what Discord asks the bot."""
    state.check_can_see(user, channel)
    parts = path.strip().lstrip("/").split()
    cmd = commands.find_command(state, channel, parts[0] if parts else "")
    owners = commands.check_available(state, cmd, user, channel)
    data = commands.autocomplete_data(cmd, parts, options, focused, typed)
    context = installs.context_of(channel)
    return _interaction(
        state,
        type=AUTOCOMPLETE,
        user=user,
        channel=channel,
        data=data,
        context=context,
        owners=owners,
    )


def _shown_message(state: State, user: User, message: Message | int) -> tuple[Message, Message]:
    """(the version the user's client shows, the live message). Pass a ``history`` snapshot
    to act on an outdated version, as a user whose client has not refreshed yet would.
    """
    msg_id = message.id if isinstance(message, Message) else message
    live = state.messages.get(msg_id)
    if live is None or live.deleted:
        raise EmulatorError(f"message {msg_id} does not exist (deleted?)")
    shown = message if isinstance(message, Message) else live
    if live.ephemeral:
        if live.visible_to != user.id:
            raise EmulatorError(f"{user.name} cannot see ephemeral message {live.id}")
    else:
        state.check_can_see(user, state.channel(live.channel_id))
    if shown.loading:
        raise EmulatorError(f"message {live.id} is still a 'thinking…' placeholder")
    return shown, live


def _component(msg: Message, custom_id: str, types: tuple[int, ...]) -> dict:
    for comp in walk_components(msg.components):
        if comp.get("custom_id") == custom_id and comp.get("type") in types:
            if comp.get("disabled"):
                raise EmulatorError(f"component {custom_id!r} on message {msg.id} is disabled")
            return comp
    have = [c.get("custom_id") for c in walk_components(msg.components) if c.get("custom_id")]
    raise EmulatorError(f"message {msg.id} has no such component {custom_id!r}; has {have}")


def click(state: State, user: User, message: Message | int, custom_id: str) -> Interaction:
    shown, live = _shown_message(state, user, message)
    _component(shown, custom_id, (2,))
    data = {"custom_id": custom_id, "component_type": 2}
    return _on_message(state, user, live, shown, data)


def select(
    state: State, user: User, message: Message | int, custom_id: str, values: list[Any]
) -> Interaction:
    shown, live = _shown_message(state, user, message)
    comp = _component(shown, custom_id, (3, 5, 6, 7, 8))
    low, high = comp.get("min_values", 1), comp.get("max_values", 1)
    if not low <= len(values) <= high:
        raise EmulatorError(f"select {custom_id!r} takes {low}..{high} values, got {len(values)}")
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": comp["type"]}
    if comp["type"] == 3:
        allowed = [o["value"] for o in comp.get("options") or []]
        bad = [v for v in values if v not in allowed]
        if bad:
            raise EmulatorError(f"select {custom_id!r} has no option(s) {bad}; has {allowed}")
        data["values"] = list(values)
    elif comp["type"] == 5 and all(isinstance(v, User) for v in values):
        data["values"] = [str(v.id) for v in values]
        resolved: dict[str, Any] = {"users": {str(v.id): payloads.user(v) for v in values}}
        guild = state.guilds.get(live.guild_id or 0)
        if guild is not None:
            resolved["members"] = {
                str(v.id): payloads.member(state, guild, guild.members[v.id], with_user=False)
                for v in values
                if v.id in guild.members
            }
        data["resolved"] = resolved
    else:
        raise EmulatorError(f"select type {comp['type']} with {values!r} is not emulated")
    return _on_message(state, user, live, shown, data)


def _on_message(
    state: State, user: User, live: Message, shown: Message, data: dict[str, Any]
) -> Interaction:
    """A component interaction on ``live``, with the context and owners its maker had."""
    channel = state.channel(live.channel_id)
    context, owners = installs.message_owners(live, channel)
    return _interaction(
        state,
        type=COMPONENT,
        user=user,
        channel=channel,
        data=data,
        message=live,
        shown=shown,
        context=context,
        owners=owners,
    )


def _modal_answers(components: list[dict], values: dict[str, str], seen: set[str]) -> list[dict]:
    out: list[dict] = []
    for comp in components:
        if comp.get("type") == 1:
            out.append({"type": 1, "components": _modal_answers(comp["components"], values, seen)})
        elif comp.get("type") == 18:
            inner = _modal_answers([comp["component"]], values, seen)
            out.append({"type": 18, "component": inner[0]})
        elif comp.get("type") == 4:
            custom_id = comp["custom_id"]
            seen.add(custom_id)
            value = values.get(custom_id, comp.get("value") or "")
            if comp.get("required", True) and not value:
                raise EmulatorError(f"modal field {custom_id!r} is required")
            low, high = comp.get("min_length") or 0, comp.get("max_length") or 4000
            if value and not low <= len(value) <= high:
                raise EmulatorError(
                    f"modal field {custom_id!r} length must be within [{low}, {high}]"
                )
            out.append({"type": 4, "custom_id": custom_id, "value": value})
        else:
            out.append({"type": comp.get("type"), "custom_id": comp.get("custom_id")})
    return out


def submit_modal(state: State, ix: Interaction, values: dict[str, str]) -> Interaction:
    if ix.modal is None:
        raise EmulatorError(f"{ix!r} did not answer with a modal")
    seen: set[str] = set()
    answers = _modal_answers(ix.modal.get("components") or [], values, seen)
    if set(values) - seen:
        raise EmulatorError(f"modal has no field(s) {sorted(set(values) - seen)}")
    data = {"custom_id": ix.modal["custom_id"], "components": answers}
    return _interaction(
        state,
        type=MODAL_SUBMIT,
        user=ix.user,
        channel=ix.channel,
        data=data,
        message=ix.message,
        context=ix.context,
        owners=ix.owners,
    )


def user_message(state: State, user: User, channel: Channel, content: str) -> Message:
    state.check_can_see(user, channel)
    if channel.is_thread and channel.archived:
        state.set_archived(channel, False)  # a message sent in a thread unarchives it
    msg = Message(
        id=state.next_id(),
        channel_id=channel.id,
        author_id=user.id,
        content=content,
        guild_id=channel.guild_id,
        timestamp=state.utcnow(),
    )
    return state.add_message(msg)
