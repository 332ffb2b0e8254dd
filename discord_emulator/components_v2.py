"""Components v2: Discord's rules for a message built only from layout components.

Sources (cited per rule below as [ref], [msg], [spec], [log], [dpy]):
[ref] discord-api-docs ``developers/components/reference.mdx`` (component types, structures);
[msg] ``developers/resources/message.mdx`` (create and edit; the flag can only be set);
[spec] discord-api-spec ``specs/openapi.json`` (``*ComponentForMessageRequest`` schemas);
[log] ``developers/change-log.mdx`` "Raised Component Limits" (40 in all, no top-level cap);
[dpy] discord.py 2.7 ``ui.LayoutView.content_length`` (4,000 display characters in all).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

from .form_errors import check_len, fail
from .models import Attachment, walk_components

ROW, BUTTON = 1, 2
SECTION, TEXT, THUMBNAIL, GALLERY, FILE, SEPARATOR, CONTAINER = 9, 10, 11, 12, 13, 14, 17
SELECTS = frozenset({3, 5, 6, 7, 8})
ROW_CHILDREN = SELECTS | {BUTTON}  # [ref] Action Row child components
V2_ONLY = frozenset({SECTION, TEXT, THUMBNAIL, GALLERY, FILE, SEPARATOR, CONTAINER})  # [ref]
TOP_LEVEL = frozenset({ROW, SECTION, TEXT, GALLERY, FILE, SEPARATOR, CONTAINER})  # [spec]
IN_CONTAINER = TOP_LEVEL - {CONTAINER}  # [ref] Container child components
MAX_COMPONENTS = 40  # [ref] "up to 40 total components", nested ones counted [log]
MAX_TEXT = 4000  # one text display [spec]; all of them together [dpy]
MAX_ALT_TEXT = 1024  # thumbnail and gallery item description [ref] [spec]
MAX_URL = 2048  # UnfurledMediaRequest.url [spec]
MAX_ACCENT = 0xFFFFFF  # container accent_color [ref] [spec]
MAX_ID = 2**31 - 1  # component id: a 32-bit integer [ref], int32 >= 0 [spec]
ATTACHMENT = "attachment://"


def refuse_v2_types(components: list[dict]) -> None:
    """Without the flag, the layout types are refused [ref] (each: "you must send the flag")."""
    for c in walk_components(components):
        if c.get("type") in V2_ONLY:
            fail(f"components.type {c.get('type')}", "requires the IS_COMPONENTS_V2 flag")


def validate_layout(components: list[dict], attachments: list[Attachment]) -> None:
    """Raise 400 ``50035`` where Discord refuses these components under IS_COMPONENTS_V2."""
    names = {a.filename for a in attachments} | {a.url for a in attachments}
    for i, comp in enumerate(components):
        _component(comp, f"components.{i}", TOP_LEVEL, names)
    every = list(walk_components(components))
    if len(every) > MAX_COMPONENTS:
        fail("components", f"at most {MAX_COMPONENTS} components in all (got {len(every)})")
    text = sum(len(str(c.get("content") or "")) for c in every if c.get("type") == TEXT)
    if text > MAX_TEXT:
        fail("components", f"text displays hold at most {MAX_TEXT} characters in all ({text})")
    ids = [c["id"] for c in every if c.get("id")]  # 0 or absent: Discord numbers it [ref]
    if len(ids) != len(set(ids)):
        fail("components.id", "ids must be unique within the message")


def _component(c: Any, at: str, allowed: frozenset[int], names: set[str]) -> None:
    if not isinstance(c, dict) or c.get("type") not in allowed:
        kind = c.get("type") if isinstance(c, dict) else c
        fail(f"{at}.type", f"type {kind} is not allowed here (allowed: {sorted(allowed)})")
    ident = c.get("id")
    if ident is not None and (type(ident) is not int or not 0 <= ident <= MAX_ID):
        fail(f"{at}.id", "must be an integer between 0 and 2147483647")
    kind = c["type"]
    children = c.get("components")
    if kind in (ROW, SECTION, CONTAINER) and not isinstance(children, list):
        fail(f"{at}.components", "is required")
    if kind == ROW:
        _row(children, at)
    elif kind == SECTION:
        if not 1 <= len(children) <= 3:  # [ref] "one to three child components"
            fail(f"{at}.components", f"a section holds 1 to 3 text displays ({len(children)})")
        for j, child in enumerate(children):
            _component(child, f"{at}.components.{j}", frozenset({TEXT}), names)
        if "accessory" not in c:
            fail(f"{at}.accessory", "is required (a button or a thumbnail)")
        _component(c["accessory"], f"{at}.accessory", frozenset({BUTTON, THUMBNAIL}), names)
    elif kind == CONTAINER:
        if not children:  # [spec] minItems 1
            fail(f"{at}.components", "a container holds at least one component")
        for j, child in enumerate(children):
            _component(child, f"{at}.components.{j}", IN_CONTAINER, names)
        accent = c.get("accent_color")
        if accent is not None and (type(accent) is not int or not 0 <= accent <= MAX_ACCENT):
            fail(f"{at}.accent_color", "must be an RGB integer from 0x000000 to 0xFFFFFF")
    elif kind == TEXT:
        content = c.get("content")
        if not isinstance(content, str) or not content:  # [spec] minLength 1
            fail(f"{at}.content", "is required (1 to 4000 characters)")
        check_len(f"{at}.content", content, MAX_TEXT)
    elif kind == THUMBNAIL:
        _media(c.get("media"), f"{at}.media", names)
        _alt_text(c, at)
    elif kind == GALLERY:
        items = c.get("items")
        if not isinstance(items, list) or not 1 <= len(items) <= 10:  # [ref] 1 to 10 items
            fail(f"{at}.items", "a media gallery holds 1 to 10 items")
        for j, item in enumerate(items):
            _media(item.get("media"), f"{at}.items.{j}.media", names)
            _alt_text(item, f"{at}.items.{j}")
    elif kind == FILE:  # [ref] attachment:// only (a stored one shows its attachment's url)
        media = c.get("file")
        url = media.get("url") if isinstance(media, dict) else None
        if not isinstance(url, str) or not (url.startswith(ATTACHMENT) or url in names):
            fail(f"{at}.file.url", "a file component takes only attachment://<filename>")
        _media(media, f"{at}.file", names)
    elif kind == SEPARATOR:
        if c.get("spacing") not in (None, 1, 2):  # [ref] 1 small, 2 large
            fail(f"{at}.spacing", "must be 1 (small) or 2 (large)")
        if c.get("divider") not in (None, True, False):
            fail(f"{at}.divider", "must be a boolean")


def _row(children: list, at: str) -> None:
    """[ref] Action Row: up to 5 buttons or a single select; [spec] minItems 1."""
    if not 1 <= len(children) <= 5:
        fail(f"{at}.components", f"an action row holds 1 to 5 components ({len(children)})")
    for j, child in enumerate(children):
        if not isinstance(child, dict) or child.get("type") not in ROW_CHILDREN:
            fail(f"{at}.components.{j}.type", "an action row holds only buttons or a select")
    if any(child["type"] in SELECTS for child in children) and len(children) > 1:
        fail(f"{at}.components", "a row holds up to 5 buttons or exactly one select")


def _media(media: Any, at: str, names: set[str]) -> None:
    """An unfurled media item: only ``url`` is settable [ref].

    An absolute URI up to 2048 [spec]; ``attachment://<filename>`` must name a file uploaded
    with the message [ref].
    """
    url = media.get("url") if isinstance(media, dict) else None
    if not isinstance(url, str) or not urlparse(url).scheme:
        fail(f"{at}.url", "an absolute url or attachment://<filename> is required")
    check_len(f"{at}.url", url, MAX_URL)
    if url.startswith(ATTACHMENT) and url[len(ATTACHMENT) :] not in names:  # by filename
        fail(f"{at}.url", f"{url} names no attachment of this message")


def _alt_text(c: dict, at: str) -> None:
    description = c.get("description")
    if description is not None and not 1 <= len(str(description)) <= MAX_ALT_TEXT:
        fail(f"{at}.description", f"must be between 1 and {MAX_ALT_TEXT} in length")


def resolve(components: list[dict], attachments: list[Attachment]) -> None:
    """Fill in what Discord adds when it stores the message [ref].

    Every component without an ``id`` gets the next free one (in tree order), media naming an
    attachment get its url, size and ``attachment_id``, a file component its name and size.
    """
    by_name = {a.filename: a for a in attachments}
    every = list(walk_components(components))
    taken = {c["id"] for c in every if c.get("id")}
    next_id = 1
    for c in every:
        if not c.get("id"):
            while next_id in taken:
                next_id += 1
            c["id"] = next_id
            taken.add(next_id)
        media = [c.get("media"), c.get("file")] + [i.get("media") for i in c.get("items") or []]
        for m in media:
            if isinstance(m, dict) and str(m.get("url", "")).startswith(ATTACHMENT):
                att = by_name[m["url"][len(ATTACHMENT) :]]
                m.update(
                    url=att.url,
                    proxy_url=att.url,
                    width=att.width,
                    height=att.height,
                    content_type=att.content_type,
                    attachment_id=str(att.id),
                )
                if c.get("type") == FILE:
                    c.update(name=att.filename, size=att.size)
