"""Cross-site protection for the playground page's API, and its JSON errors.

Acting on the page is acting as a member, so another web page open in the same browser must
not be able to do it. Every ``/play`` request must name the loopback ``host:port`` the page is
served on (a DNS-rebinding page names its own host); a state-changing request must also come
from the page's own origin (``Origin``, else ``Referer``; a request with neither, as from curl,
is not a browser's cross-site request) and carry ``application/json``, which an HTML form
cannot send and a foreign script cannot send without a CORS preflight the page never grants.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from urllib.parse import urlsplit

from aiohttp import web

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
LOOPBACK_NAMES = ("127.0.0.1", "localhost")


def refusal(status: int, error: str) -> web.HTTPException:
    """An HTTP error whose body is the page's JSON answer ``{"ok": false, "error": …}``."""
    body = json.dumps({"ok": False, "error": error})
    exc = web.HTTPException(text=body, content_type="application/json")
    exc.set_status(status)
    return exc


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def check_host(request: web.Request, port: int) -> None:
    """Refuse (400) a request whose ``Host`` is not the loopback address the page serves."""
    allowed = {f"{name}:{port}" for name in LOOPBACK_NAMES}
    if (request.headers.get("Host") or "").lower() not in allowed:
        raise refusal(400, f"this page answers only at 127.0.0.1:{port}")


def check_same_origin(request: web.Request, port: int) -> None:
    """Refuse a state-changing request from another site (403) or not in JSON (415)."""
    origin = request.headers.get("Origin")
    if origin is None and request.headers.get("Referer"):
        origin = _origin(request.headers["Referer"])
    own = {f"http://{name}:{port}" for name in LOOPBACK_NAMES}
    if origin is not None and origin.lower() not in own:
        raise refusal(403, "refused: this request came from another site, not the page")
    if request.content_type != "application/json":
        raise refusal(415, "the page's requests are JSON (Content-Type: application/json)")


def guarded(handler: Handler, port: Callable[[], int], *, changes_state: bool) -> Handler:
    """``handler`` behind the checks above."""

    async def guarded_handler(request: web.Request) -> web.StreamResponse:
        check_host(request, port())
        if changes_state:
            check_same_origin(request, port())
        return await handler(request)

    return guarded_handler
