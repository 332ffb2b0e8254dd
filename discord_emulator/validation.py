"""Discord's message limits, so a test fails where production would get a 400."""

from __future__ import annotations

from .models import FLAG_COMPONENTS_V2, ApiError, Message, walk_components

MAX_UPLOAD_BYTES = 10 * 1024 * 1024  # attachment_size_limit sent with interactions


def _fail(where: str, why: str) -> None:
    raise ApiError(400, 50035, f"Invalid Form Body: {where}: {why}", {"_emulator": [where, why]})


def _check_len(where: str, value: object, limit: int) -> None:
    if value is not None and len(str(value)) > limit:
        _fail(where, f"must be {limit} or fewer in length (got {len(str(value))})")


def _validate_embeds(embeds: list[dict]) -> None:
    if len(embeds) > 10:
        _fail("embeds", "at most 10 embeds")
    total = 0
    for i, e in enumerate(embeds):
        texts = {
            "title": (e.get("title"), 256),
            "description": (e.get("description"), 4096),
            "footer.text": ((e.get("footer") or {}).get("text"), 2048),
            "author.name": ((e.get("author") or {}).get("name"), 256),
        }
        for key, (value, limit) in texts.items():
            _check_len(f"embeds.{i}.{key}", value, limit)
            total += len(value or "")
        fields = e.get("fields") or []
        if len(fields) > 25:
            _fail(f"embeds.{i}.fields", "at most 25 fields")
        for j, f in enumerate(fields):
            _check_len(f"embeds.{i}.fields.{j}.name", f.get("name"), 256)
            _check_len(f"embeds.{i}.fields.{j}.value", f.get("value"), 1024)
            if not f.get("name") or not f.get("value"):
                _fail(f"embeds.{i}.fields.{j}", "name and value are required")
            total += len(f.get("name") or "") + len(f.get("value") or "")
    if total > 6000:
        _fail("embeds", f"total embed text must be 6000 or fewer characters (got {total})")


def _validate_components(components: list[dict], v2: bool) -> None:
    if not v2:
        if len(components) > 5:
            _fail("components", "at most 5 action rows")
        for r, row in enumerate(components):
            children = row.get("components") or []
            if row.get("type") != 1 or not children:
                _fail(f"components.{r}", "top-level components must be non-empty action rows")
            selects = [c for c in children if c.get("type") in (3, 5, 6, 7, 8)]
            if len(children) > 5 or (selects and len(children) > 1):
                _fail(f"components.{r}", "a row holds up to 5 buttons or exactly one select")
    seen: set[str] = set()
    for c in walk_components(components):
        custom_id = c.get("custom_id")
        if custom_id is not None:
            _check_len("custom_id", custom_id, 100)
            if custom_id in seen:
                _fail("custom_id", f"duplicate custom_id {custom_id!r}")
            seen.add(custom_id)
        if c.get("type") == 2:
            _check_len("button.label", c.get("label"), 80)
            if c.get("style") == 5 and not c.get("url"):
                _fail("button", "a link button needs a url")
            if c.get("style") != 5 and c.get("style") != 6 and custom_id is None:
                _fail("button", "a non-link button needs a custom_id")
        if c.get("type") == 3:
            options = c.get("options") or []
            if not 1 <= len(options) <= 25:
                _fail("select.options", f"must have 1 to 25 options (got {len(options)})")
            for o in options:
                _check_len("select.option.label", o.get("label"), 100)
                _check_len("select.option.value", o.get("value"), 100)
                _check_len("select.option.description", o.get("description"), 100)
            if len({o.get("value") for o in options}) != len(options):
                _fail("select.options", "option values must be unique")
        if c.get("type") in (3, 5, 6, 7, 8):
            _check_len("select.placeholder", c.get("placeholder"), 150)


def validate_message(msg: Message) -> None:
    """Raise :class:`ApiError` (400) where Discord would refuse this message."""
    _check_len("content", msg.content, 2000)
    _validate_embeds(msg.embeds)
    _validate_components(msg.components, bool(msg.flags & FLAG_COMPONENTS_V2))
    if len(msg.attachments) > 10:
        _fail("attachments", "at most 10 attachments")
    for a in msg.attachments:
        _check_len("attachments.description", a.description, 1024)
        if a.size > MAX_UPLOAD_BYTES:
            raise ApiError(413, 40005, f"Request entity too large: {a.filename} is {a.size} B")
    if msg.flags & FLAG_COMPONENTS_V2 and (msg.content or msg.embeds):
        _fail("content", "messages with IS_COMPONENTS_V2 cannot have content or embeds")
    if not (msg.content or msg.embeds or msg.components or msg.attachments):
        raise ApiError(400, 50006, "Cannot send an empty message")
