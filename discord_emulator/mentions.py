"""Which mentions in a message's content notify whom, as Discord decides with ``allowed_mentions``.

Discord's rules (https://discord.com/developers/docs/resources/message#allowed-mentions-object):
without ``allowed_mentions`` every mention in the content is parsed; with it, only the kinds
listed in ``parse`` ("everyone", "users", "roles") and the ids listed in ``users`` / ``roles``
(at most 100 each) are. Listing a kind in ``parse`` and also giving its ids is refused
(400 ``50035``). ``@everyone`` and ``@here`` reach every member of the guild; a role mention
reaches the role's members. Embeds never notify anyone. The emulator assumes the author may
mention everyone and every role (a server can grant a bot that), so a test sees the worst case.
An ephemeral message reaches only the user who sees it. Discord sends no new notification for
an edit; each version still records whom its content would notify, so a test can check edits too.
"""

from __future__ import annotations

import re

from .models import ApiError, Channel, Guild, Mentions

USER = re.compile(r"<@!?(\d{1,20})>")
ROLE = re.compile(r"<@&(\d{1,20})>")
EVERYONE = re.compile(r"@(everyone|here)\b")
KINDS = {"everyone", "users", "roles"}
MAX_IDS = 100


def _invalid(why: str) -> ApiError:
    return ApiError(400, 50035, f"Invalid Form Body: allowed_mentions: {why}")


def _ids(spec: dict, key: str) -> set[int] | None:
    """The ids listed under ``key``, or None when the key is absent."""
    if key not in spec or spec[key] is None:
        return None
    values = spec[key]
    if not isinstance(values, list) or len(values) > MAX_IDS:
        raise _invalid(f"{key} must be a list of at most {MAX_IDS} ids")
    try:
        return {int(v) for v in values}
    except (TypeError, ValueError):
        raise _invalid(f"{key} must hold snowflakes") from None


def validate(spec: object) -> None:
    """Refuse an ``allowed_mentions`` object Discord would refuse."""
    if spec is None:
        return
    if not isinstance(spec, dict):
        raise _invalid("must be an object")
    parse = spec.get("parse") or []
    if not isinstance(parse, list) or not set(parse) <= KINDS:
        raise _invalid(f"parse may hold only {sorted(KINDS)}")
    for kind in ("users", "roles"):
        if _ids(spec, kind) is not None and kind in parse:
            raise _invalid(f'parse "{kind}" and a list of {kind} are mutually exclusive')


def resolve(
    content: str,
    spec: dict | None,
    guild: Guild | None,
    channel: Channel,
    visible_to: int | None = None,
) -> Mentions:
    """Who ``content`` notifies under ``spec`` (None: Discord's default, parse everything)."""
    if spec is None:
        spec = {"parse": sorted(KINDS)}
    parse = set(spec.get("parse") or [])
    allowed_users, allowed_roles = _ids(spec, "users") or set(), _ids(spec, "roles") or set()
    users = {int(u) for u in USER.findall(content)}
    roles = {int(r) for r in ROLE.findall(content)}
    if "users" not in parse:
        users &= allowed_users
    if "roles" not in parse:
        roles &= allowed_roles
    everyone = "everyone" in parse and EVERYONE.search(content) is not None
    if guild is not None:
        members = set(guild.members)
    else:
        members = set(channel.recipient_ids) or {channel.recipient_id or 0}
    notified = set(users) & members
    if guild is not None:
        notified |= {uid for uid, m in guild.members.items() if roles & set(m.role_ids)}
        if everyone:
            notified |= members
    if visible_to is not None:
        notified &= {visible_to}
    return Mentions(everyone, frozenset(roles), frozenset(users), frozenset(notified))
