"""Discord's message limits, so a test fails where production would get a 400."""

from __future__ import annotations

from .components_v2 import refuse_v2_types, validate_layout
from .form_errors import check_len as _check_len
from .form_errors import fail as _fail
from .models import FLAG_COMPONENTS_V2, ApiError, Message, walk_components

MAX_UPLOAD_BYTES = 10 * 1024 * 1024  # attachment_size_limit sent with interactions


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


def _validate_components(msg: Message) -> None:
    components = msg.components
    if msg.flags & FLAG_COMPONENTS_V2:
        validate_layout(components, msg.attachments)
    else:
        refuse_v2_types(components)
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
    _validate_components(msg)
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


def validate_choices(choices: list[dict]) -> None:
    """An autocomplete answer: at most 25 choices, names 1-100, string values up to 100."""
    if len(choices) > 25:
        _fail("data.choices", f"at most 25 choices (got {len(choices)})")
    for i, c in enumerate(choices):
        if not 1 <= len(str(c.get("name") or "")) <= 100:
            _fail(f"data.choices.{i}.name", "must be between 1 and 100 in length")
        if isinstance(c.get("value"), str):
            _check_len(f"data.choices.{i}.value", c["value"], 100)


def validate_modal(modal: dict) -> None:
    """A modal: title 1-45; text inputs' and labels' texts within Discord's lengths."""
    if not 1 <= len(str(modal.get("title") or "")) <= 45:
        _fail("data.title", "must be between 1 and 45 in length")
    _check_len("data.custom_id", modal.get("custom_id"), 100)
    for c in walk_components(modal.get("components") or []):
        if c.get("type") == 18:  # a label around one component
            _check_len("label.label", c.get("label"), 45)
            _check_len("label.description", c.get("description"), 100)
        if c.get("type") == 4:
            _check_len("text_input.label", c.get("label"), 45)
            _check_len("text_input.placeholder", c.get("placeholder"), 100)
            _check_len("text_input.value", c.get("value"), 4000)
            for key in ("min_length", "max_length"):
                if not 0 <= int(c.get(key) or 0) <= 4000:
                    _fail(f"text_input.{key}", "must be between 0 and 4000")


def validate_command(cmd: dict) -> None:
    """A command being registered: names 1-32, descriptions 1-100, 25 options and choices."""
    where = f"command {cmd.get('name')!r}"
    if cmd.get("type", 1) == 1 and not 1 <= len(cmd.get("description") or "") <= 100:
        _fail(f"{where}.description", "must be between 1 and 100 in length")
    _validate_options(where, cmd.get("options") or [])


def _validate_options(where: str, options: list[dict]) -> None:
    if len(options) > 25:
        _fail(f"{where}.options", f"at most 25 options (got {len(options)})")
    for o in options:
        at = f"{where}.{o.get('name')}"
        if not 1 <= len(o.get("name") or "") <= 32:
            _fail(f"{at}.name", "must be between 1 and 32 in length")
        if not 1 <= len(o.get("description") or "") <= 100:
            _fail(f"{at}.description", "must be between 1 and 100 in length")
        choices = o.get("choices") or []
        if choices:
            validate_choices(choices)
        _validate_options(at, o.get("options") or [])
