"""Slash command options typed as text on the page, turned into the values Discord would send."""

from __future__ import annotations

from typing import Any

from . import commands
from .models import Channel, EmulatorError, Role, User
from .state import State


def option_schema(cmd: dict, path: str) -> list[dict]:
    """The options of the (sub)command ``path`` names."""
    schema = cmd.get("options") or []
    for name in path.split()[1:]:
        node = next((o for o in schema if o["name"] == name and o["type"] in (1, 2)), None)
        if node is None:
            raise EmulatorError(f"/{path}: no subcommand {name!r}")
        schema = node.get("options") or []
    return schema


def typed_options(
    state: State, cmd: dict, path: str, raw: dict[str, Any], *, partial: bool = False
) -> dict[str, Any]:
    """``raw`` (option name -> text) as typed values; ``partial`` skips what does not parse."""
    by_name = {o["name"]: o for o in option_schema(cmd, path)}
    typed: dict[str, Any] = {}
    for name, text in raw.items():
        if str(text) == "" or name not in by_name:
            if not partial and name not in by_name:
                raise EmulatorError(f"/{path} has no option {name!r}")
            continue
        try:
            typed[name] = _value(state, by_name[name], str(text))
        except (EmulatorError, ValueError) as e:
            if not partial:
                raise EmulatorError(f"option {name!r}: {e}") from None
    return typed


def _value(state: State, opt: dict, text: str) -> Any:
    kind = opt["type"]
    choice = next((c["value"] for c in opt.get("choices") or [] if c["name"] == text), None)
    if choice is not None:
        return choice
    if kind == commands.STRING:
        return text
    if kind == commands.INTEGER:
        return int(text)
    if kind == commands.NUMBER:
        return float(text)
    if kind == commands.BOOLEAN:
        if text.lower() not in ("true", "false"):
            raise EmulatorError("is True or False")
        return text.lower() == "true"
    found = _mentioned(state, kind, text.strip().lstrip("@#<!&").rstrip(">"))
    if found is None:
        raise EmulatorError(f"no such {commands.TYPE_NAMES.get(kind, kind).lower()} {text!r}")
    return found


def _mentioned(state: State, kind: int, key: str) -> User | Channel | Role | None:
    """A user, channel or role by id or by name."""
    if kind in (commands.USER, commands.MENTIONABLE):
        for user in state.users.values():
            if key in (str(user.id), user.name):
                return user
    if kind == commands.CHANNEL:
        for chan in state.channels.values():
            if key in (str(chan.id), chan.name):
                return chan
    if kind in (commands.ROLE, commands.MENTIONABLE):
        for guild in state.guilds.values():
            for role in guild.roles.values():
                if key in (str(role.id), role.name):
                    return role
    return None
