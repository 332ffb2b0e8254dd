"""Discord's per-route rate limit on message edits, with the headers discord.py reads.

Discord answers every request of a limited route with ``X-RateLimit-Limit``, ``-Remaining``,
``-Reset`` (epoch seconds), ``-Reset-After`` (seconds) and ``-Bucket`` (one hash for the route:
the channel, its top-level resource, makes each channel's count separate), and a request beyond
the limit with 429 ``{"message", "retry_after", "global": false}``, ``Retry-After`` and
``X-RateLimit-Scope: user``, unapplied. discord.py (``HTTPClient.request``) waits
``retry_after`` and sends the same request again; it takes a 429 without a ``Via`` header for
Cloudflare's ban and raises, so the answers carry ``Via: 1.1 google`` as Discord's do.
Windows run in real time (discord.py sleeps real seconds), not on the emulator's clock.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass, field

from aiohttp import web

from .rest import json_response

EDIT_ROUTE = "PATCH /channels/{channel}/messages/{message}"


def bucket_of(route: str) -> str:
    """The route's ``X-RateLimit-Bucket``: an opaque hash, one per route as on Discord."""
    return hashlib.sha256(route.encode()).hexdigest()[:32]


@dataclass(frozen=True)
class RateLimit:
    """``count`` requests per window of ``per_s`` seconds, per channel."""

    count: int
    per_s: float


MESSAGE_EDITS = RateLimit(5, 5.0)
"""Discord's limit on editing messages: about 5 per 5 s in each channel."""


@dataclass
class _Window:
    resets_at: float  # time.monotonic() when the count starts again
    used: int = 0


@dataclass
class Verdict:
    """A limited request's answer headers; ``refused``: answer it with 429 instead."""

    headers: dict[str, str]
    retry_after: float = 0.0
    refused: bool = False

    def too_many(self) -> web.Response:
        """The 429 Discord sends beyond the limit."""
        body = {"message": "You are being rate limited.", "retry_after": self.retry_after}
        response = json_response({**body, "global": False}, 429)
        response.headers.update(self.headers)
        response.headers["Retry-After"] = str(math.ceil(self.retry_after))
        response.headers["X-RateLimit-Scope"] = "user"
        return response


@dataclass
class EditLimiter:
    """Counts message edits per channel in fixed windows (None: not limited)."""

    limit: RateLimit | None = MESSAGE_EDITS
    _windows: dict[str, _Window] = field(default_factory=dict)

    def set(self, limit: RateLimit | None) -> None:
        """Limit edits to ``limit`` from now on (None: no limit), every count started afresh."""
        self.limit = limit
        self._windows.clear()

    def check(self, route: str, channel: str | None) -> Verdict | None:
        """Count a request; None when its route is not limited."""
        if self.limit is None or route != EDIT_ROUTE or channel is None:
            return None
        now = time.monotonic()
        window = self._windows.get(channel)
        if window is None or now >= window.resets_at:
            window = self._windows[channel] = _Window(now + self.limit.per_s)
        refused = window.used >= self.limit.count
        if not refused:
            window.used += 1
        reset_after = math.ceil(max(window.resets_at - now, 0.0) * 1000) / 1000  # never early
        headers = {
            "X-RateLimit-Limit": str(self.limit.count),
            "X-RateLimit-Remaining": str(self.limit.count - window.used),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket_of(EDIT_ROUTE),
            "Via": "1.1 google",
        }
        return Verdict(headers, reset_after, refused)
