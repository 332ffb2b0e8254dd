"""Reading message payloads (JSON or multipart) and applying them to messages."""

from __future__ import annotations

import json
import mimetypes
import struct
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from . import components_v2, mentions
from .form_errors import fail
from .models import (
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_SUPPRESS_EMBEDS,
    ApiError,
    Attachment,
    Message,
    walk_components,
)
from .state import State
from .validation import validate_message


@dataclass
class Upload:
    filename: str
    data: bytes


@dataclass
class Body:
    """A request body: the JSON payload and the uploaded ``files[n]`` by index."""

    payload: dict[str, Any]
    files: dict[int, Upload] = field(default_factory=dict)


async def read_body(request: web.Request) -> Body:
    """Parse a JSON body, or multipart ``payload_json`` + ``files[n]``."""
    if request.content_type == "multipart/form-data":
        payload: dict[str, Any] = {}
        files: dict[int, Upload] = {}
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            name = getattr(part, "name", None) or ""
            raw = await part.read()  # type: ignore[union-attr]
            if name == "payload_json":
                payload = json.loads(raw)
            elif name.startswith("files[") and name.endswith("]"):
                files[int(name[6:-1])] = Upload(part.filename or "unknown", bytes(raw))  # type: ignore[union-attr]
            else:
                raise ApiError(
                    400, 50035, f"Invalid Form Body: unexpected multipart field {name!r}"
                )
        return Body(payload, files)
    text = await request.text()
    if not text:
        return Body({})
    try:
        data = json.loads(text)
    except ValueError:
        raise ApiError(400, 50109, "The request body contains invalid JSON.") from None
    if not isinstance(data, dict | list):
        raise ApiError(400, 50109, "The request body contains invalid JSON.")
    return Body(data if isinstance(data, dict) else {"__list__": data})


def _png_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return struct.unpack(">II", data[16:24])
    return None


def _new_attachment(state: State, channel_id: int, upload: Upload, spec: dict) -> Attachment:
    att_id = state.next_id()
    state.uploads += 1
    filename = spec.get("filename") or upload.filename
    size = _png_size(upload.data)
    return Attachment(
        id=att_id,
        filename=filename,
        data=upload.data,
        content_type=mimetypes.guess_type(filename)[0],
        description=spec.get("description"),
        url=f"{state.attachment_base}/attachments/{channel_id}/{att_id}/{filename}",
        width=size[0] if size else None,
        height=size[1] if size else None,
    )


def _attachments(state: State, msg: Message, body: Body) -> list[Attachment]:
    """Kept attachments (ids listed in ``attachments``) plus the new uploads."""
    fields = body.payload
    if "attachments" not in fields:
        new = [
            _new_attachment(state, msg.channel_id, body.files[i], {}) for i in sorted(body.files)
        ]
        return msg.attachments + new
    existing = {a.id: a for a in msg.attachments}
    result: list[Attachment] = []
    used: set[int] = set()
    for spec in fields["attachments"] or []:
        att_id = int(spec["id"])
        if att_id in existing:
            kept = existing[att_id]
            if "description" in spec:
                kept.description = spec["description"]
            result.append(kept)
        elif att_id in body.files:
            used.add(att_id)
            result.append(_new_attachment(state, msg.channel_id, body.files[att_id], spec))
        else:
            raise ApiError(400, 50035, f"Invalid Form Body: attachments: unknown id {att_id}")
    for index in sorted(set(body.files) - used):  # uploads the payload did not describe
        result.append(_new_attachment(state, msg.channel_id, body.files[index], {}))
    return result


def _check_v2_fields(msg: Message, draft: Message, fields: dict[str, Any]) -> None:
    """Refuse what the flag forbids outside the components.

    IS_COMPONENTS_V2 "can only be set" on an edit; with it, a message has no poll or stickers
    (message.mdx, Create and Edit Message; the components reference).
    """
    if msg.flags & FLAG_COMPONENTS_V2 and not draft.flags & FLAG_COMPONENTS_V2:
        fail("flags", "IS_COMPONENTS_V2 cannot be removed from a message")
    if draft.flags & FLAG_COMPONENTS_V2:
        for key in ("poll", "sticker_ids"):
            if fields.get(key):
                fail(key, "not allowed with IS_COMPONENTS_V2")


def apply_fields(state: State, msg: Message, body: Body, *, creating: bool) -> None:
    """Set content/embeds/components/attachments/flags on ``msg`` from a create or edit body.

    On edit, absent keys keep their value; ``attachments`` lists the ones to keep. The result
    is validated first (Discord's limits), so a refused edit changes nothing.
    """
    fields = body.payload
    draft = msg.snapshot()
    if "content" in fields:
        draft.content = fields["content"] or ""
    if "embeds" in fields:
        draft.embeds = fields["embeds"] or []
    if "components" in fields:
        draft.components = fields["components"] or []
    draft.attachments = _attachments(state, msg, body)
    flags = fields.get("flags")
    if flags is not None:
        keep = FLAG_SUPPRESS_EMBEDS | FLAG_COMPONENTS_V2
        if creating:
            keep |= FLAG_EPHEMERAL | (1 << 12)  # + SUPPRESS_NOTIFICATIONS
        draft.flags = (draft.flags & ~keep) | (int(flags) & keep)
    _check_v2_fields(msg, draft, fields)
    validate_message(draft)
    if draft.flags & FLAG_COMPONENTS_V2:
        components_v2.resolve(draft.components, draft.attachments)
    mentions.validate(fields.get("allowed_mentions"))
    if not creating:
        msg.history.append(msg.snapshot())
        msg.edited_timestamp = state.utcnow()
    msg.content, msg.embeds, msg.components = draft.content, draft.embeds, draft.components
    msg.attachments, msg.flags = draft.attachments, draft.flags
    texts = {"components"} if msg.flags & FLAG_COMPONENTS_V2 else {"content"}
    if creating or (texts | {"allowed_mentions"}) & fields.keys():
        channel = state.channels[msg.channel_id]
        guild = state.guilds.get(channel.guild_id or 0)
        msg.mentions = mentions.resolve(
            _mentioning_text(msg), fields.get("allowed_mentions"), guild, channel, msg.visible_to
        )


def _mentioning_text(msg: Message) -> str:
    """The content, or with IS_COMPONENTS_V2 the text displays.

    Mentions in text displays ping (components reference, Text Display; message.mdx, Edit).
    """
    if not msg.flags & FLAG_COMPONENTS_V2:
        return msg.content
    texts = walk_components(msg.components)
    return "\n".join(str(c.get("content") or "") for c in texts if c.get("type") == 10)
