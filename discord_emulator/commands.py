"""Application commands: syncing (PUT) and building the data of a slash invocation."""

from __future__ import annotations

import copy
from typing import Any

from . import installs, payloads
from .models import ApiError, Channel, EmulatorError, Role, User
from .state import State
from .validation import validate_command

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10
TYPE_NAMES = {
    STRING: "STRING",
    INTEGER: "INTEGER",
    BOOLEAN: "BOOLEAN",
    USER: "USER",
    CHANNEL: "CHANNEL",
    ROLE: "ROLE",
    MENTIONABLE: "MENTIONABLE",
    NUMBER: "NUMBER",
}


def store_commands(state: State, guild_id: int | None, commands: list[dict]) -> list[dict]:
    """Bulk overwrite; a command keeps its id when its (name, type) survives, as on Discord."""
    old = {(c["name"], c.get("type", 1)): c for c in state.commands.get(guild_id, [])}
    stored = []
    for cmd in commands:
        if "name" not in cmd:
            raise ApiError(400, 50035, "Invalid Form Body: command without a name")
        previous = old.get((cmd["name"], cmd.get("type", 1)))
        stored.append(_complete(state, guild_id, cmd, previous))
    state.commands[guild_id] = stored
    return stored


def upsert_command(state: State, guild_id: int | None, cmd: dict) -> dict:
    current = state.commands.setdefault(guild_id, [])
    key = (cmd.get("name"), cmd.get("type", 1))
    previous = next((c for c in current if (c["name"], c.get("type", 1)) == key), None)
    done = _complete(state, guild_id, cmd, previous)
    state.commands[guild_id] = [c for c in current if c is not previous] + [done]
    return done


def _complete(state: State, guild_id: int | None, cmd: dict, previous: dict | None) -> dict:
    validate_command(cmd)
    done = copy.deepcopy(cmd)
    done.setdefault("type", 1)
    done.setdefault("description", "")
    done.setdefault("options", [])
    done.setdefault("default_member_permissions", None)
    done.setdefault("nsfw", False)
    done["id"] = previous["id"] if previous else str(state.next_id())
    done["application_id"] = str(state.application_id)
    done["version"] = str(state.next_id())
    if guild_id is not None:
        done["guild_id"] = str(guild_id)
    return done


def find_command(state: State, channel: Channel, name: str) -> dict:
    """The command named ``name`` visible in ``channel`` (guild commands first)."""
    scopes: list[int | None] = [channel.guild_id, None] if channel.guild_id else [None]
    for scope in scopes:
        for cmd in state.commands.get(scope, []):
            if cmd["name"] == name and cmd.get("type", 1) == 1:
                return cmd
    known = sorted(c["name"] for s in scopes for c in state.commands.get(s, []))
    raise EmulatorError(
        f"/{name} is not registered for {'this guild' if channel.guild_id else 'DMs'} "
        f"(did the bot sync its command tree?); registered: {known}"
    )


def check_available(state: State, cmd: dict, user: User, channel: Channel) -> dict[str, str]:
    """The interaction's ``authorizing_integration_owners``, or refuse as Discord's client.

    It does not offer a command whose contexts or installs leave out the place, nor one that
    needs permissions the member lacks.
    """
    owners = installs.check_offered(state, cmd, user, channel)
    if channel.guild_id is None:
        return owners
    required = cmd.get("default_member_permissions")
    if required is not None:
        have = state.permissions(state.guild(channel.guild_id or 0), user.id)
        if have & int(required) != int(required):
            raise EmulatorError(
                f"/{cmd['name']} needs permissions {required} that {user.name} lacks "
                f"(Discord hides it from them)"
            )
    return owners


def build_data(
    state: State, cmd: dict, path: list[str], options: dict[str, Any], channel: Channel
) -> dict:
    """``data`` of an APPLICATION_COMMAND interaction for ``/path`` with typed ``options``."""
    resolved: dict[str, dict] = {}
    schema = cmd.get("options") or []
    top: list[dict] = []
    target = top
    for depth, name in enumerate(path[1:], start=1):
        kind = SUB_COMMAND_GROUP if depth < len(path) - 1 else SUB_COMMAND
        found = next((o for o in schema if o["name"] == name and o["type"] == kind), None)
        if found is None:
            subs = [o["name"] for o in schema if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
            raise EmulatorError(f"/{' '.join(path)}: no subcommand {name!r} (have {subs})")
        node: dict[str, Any] = {"type": kind, "name": name, "options": []}
        target.append(node)
        target, schema = node["options"], found.get("options") or []
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in schema):
        subs = [o["name"] for o in schema]
        raise EmulatorError(f"/{' '.join(path)} needs a subcommand: one of {subs}")
    by_name = {o["name"]: o for o in schema}
    unknown = set(options) - set(by_name)
    if unknown:
        raise EmulatorError(
            f"/{' '.join(path)} has no option(s) {sorted(unknown)}; has {sorted(by_name)}"
        )
    for opt in schema:
        if opt["name"] not in options:
            if opt.get("required"):
                raise EmulatorError(f"/{' '.join(path)}: option {opt['name']!r} is required")
            continue
        value = _option_value(state, opt, options[opt["name"]], channel, resolved)
        target.append({"type": opt["type"], "name": opt["name"], "value": value})
    data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": top}
    if cmd.get("guild_id"):
        data["guild_id"] = cmd["guild_id"]
    if resolved:
        data["resolved"] = resolved
    return data


def _option_value(state: State, opt: dict, value: Any, channel: Channel, resolved: dict) -> Any:
    kind, name = opt["type"], opt["name"]
    expected = {STRING: str, INTEGER: int, BOOLEAN: bool, NUMBER: int | float}
    if kind in expected:
        if not isinstance(value, expected[kind]) or (
            kind in (INTEGER, NUMBER) and isinstance(value, bool)
        ):
            raise EmulatorError(f"option {name!r} is {TYPE_NAMES[kind]}, got {value!r}")
        choices = [c["value"] for c in opt.get("choices") or []]
        if choices and value not in choices:
            raise EmulatorError(f"option {name!r} must be one of {choices}, got {value!r}")
        low, high = opt.get("min_value"), opt.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise EmulatorError(f"option {name!r} must be within [{low}, {high}], got {value}")
        if kind == STRING:
            low, high = opt.get("min_length", 0), opt.get("max_length", 6000)
            if not low <= len(value) <= high:
                raise EmulatorError(f"option {name!r} length must be within [{low}, {high}]")
        return value
    if kind in (USER, MENTIONABLE) and isinstance(value, User):
        resolved.setdefault("users", {})[str(value.id)] = payloads.user(value)
        if channel.guild_id is not None:
            guild = state.guild(channel.guild_id)
            if value.id in guild.members:
                member = payloads.member(state, guild, guild.members[value.id], with_user=False)
                resolved.setdefault("members", {})[str(value.id)] = member
        return str(value.id)
    if kind == CHANNEL and isinstance(value, Channel):
        data = payloads.interaction_channel(state, value, state.bot_user.id)
        resolved.setdefault("channels", {})[str(value.id)] = data
        return str(value.id)
    if kind in (ROLE, MENTIONABLE) and isinstance(value, Role):
        resolved.setdefault("roles", {})[str(value.id)] = payloads.role(value)
        return str(value.id)
    raise EmulatorError(f"option {name!r} is {TYPE_NAMES.get(kind, kind)}; cannot pass {value!r}")


def autocomplete_data(
    cmd: dict, path: list[str], options: dict[str, Any], focused: str, typed: str
) -> dict:
    """``data`` of an AUTOCOMPLETE interaction: the options filled so far, ``focused`` as typed.

    As in Discord, the focused option's value is the raw text (whatever its type), nothing is
    checked against choices or ranges yet, and required options may still be missing.
    """
    schema = cmd.get("options") or []
    top: list[dict] = []
    target = top
    for depth, name in enumerate(path[1:], start=1):
        kind = SUB_COMMAND_GROUP if depth < len(path) - 1 else SUB_COMMAND
        found = next((o for o in schema if o["name"] == name and o["type"] == kind), None)
        if found is None:
            raise EmulatorError(f"/{' '.join(path)}: no subcommand {name!r}")
        node: dict[str, Any] = {"type": kind, "name": name, "options": []}
        target.append(node)
        target, schema = node["options"], found.get("options") or []
    by_name = {o["name"]: o for o in schema}
    if not by_name.get(focused, {}).get("autocomplete"):
        raise EmulatorError(f"/{' '.join(path)}: option {focused!r} has no autocomplete")
    for opt in schema:
        if opt["name"] == focused:
            target.append({"type": opt["type"], "name": focused, "value": typed, "focused": True})
        elif opt["name"] in options and opt["type"] in (STRING, INTEGER, BOOLEAN, NUMBER):
            target.append({"type": opt["type"], "name": opt["name"], "value": options[opt["name"]]})
        elif opt["name"] in options:  # users, channels, roles: their id, as Discord sends
            value = options[opt["name"]]
            target.append({"type": opt["type"], "name": opt["name"], "value": str(value.id)})
    data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": top}
    if cmd.get("guild_id"):
        data["guild_id"] = cmd["guild_id"]
    return data
