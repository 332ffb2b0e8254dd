"""Storms: for a time or a number of requests, some routes fail as Discord's do on a bad day.

A storm answers a share of the bot's requests on some routes (or all of them) with one error,
unapplied, until it has failed ``failures`` requests on each route or ``seconds`` have passed:

- 500: Discord's API, JSON ``{"message": "500: Internal Server Error", "code": 0}``;
- 502 and 504: Cloudflare in front of it, an HTML page (``text/html``, ``Server: cloudflare``);
- 503: Discord's proxy, plain text ("upstream connect error or disconnect/reset before
  headers. reset reason: overflow");
- 429 on a route: JSON ``{"message", "retry_after", "global": false}`` with ``Retry-After``,
  ``X-RateLimit-Limit``, ``-Remaining: 0``, ``-Reset``, ``-Reset-After``, ``-Bucket``,
  ``X-RateLimit-Scope: user`` and ``Via``;
- 429 of the global limit: ``"global": true``, ``X-RateLimit-Global: true``,
  ``X-RateLimit-Scope: global``, ``Retry-After`` and ``Via``, no bucket. Interaction
  endpoints (callbacks and the interaction's webhook) are not bound to the global limit
  (Discord's docs), so a global storm lets them pass.

What discord.py 2.x does with them (``HTTPClient.request`` for the bot's routes,
``AsyncWebhookAdapter.request`` for interaction callbacks and webhooks): each request is tried
5 times at most. 500, 502 and 504 are sent again after 1 + 2·try seconds (1, 3, 5, 7 s), then
``DiscordServerError``; a 503 raises ``DiscordServerError`` at once from ``HTTPClient`` and is
retried like the others by the webhook adapter. A 429 with ``Via`` and a JSON body is waited
out (``retry_after``) and sent again (the global one holds every request of the client
meanwhile); without ``Via`` it is taken for Cloudflare's ban and raised. So keep storms short
(a few failures per route): every failed 5xx costs the bot at least a second of sleep.
"""

from __future__ import annotations

import math
import random
import re
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from aiohttp import web

from .models import ApiError
from .rate_limits import bucket_of
from .rest import json_response

REASONS = {
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Time-out",
}
SERVER_ERRORS = tuple(REASONS)
INTERACTION_ENDPOINTS = ("/interactions/", "/webhooks/")
"""Routes that are not bound to the global rate limit (interaction callbacks and webhooks)."""

CLOUDFLARE = (
    "<html>\r\n<head><title>{status} {reason}</title></head>\r\n<body>\r\n"
    "<center><h1>{status} {reason}</h1></center>\r\n<hr><center>cloudflare</center>\r\n"
    "</body>\r\n</html>\r\n"
)
UPSTREAM = "upstream connect error or disconnect/reset before headers. reset reason: overflow"
ROUTE_LIMIT = 5  # the X-RateLimit-Limit a route's 429 names
ROUTE = re.compile(r"(GET|POST|PUT|PATCH|DELETE) /\S*")


@dataclass
class Storm:
    """One storm: ``status`` on ``routes`` ("METHOD /path/{param}", as ``calls_by_route``).

    ``routes`` None: every route of the API. ``share``: the fraction of matching requests that
    fail (drawn from ``seed``). It ends after ``failures`` failed requests on each route, or
    ``seconds`` after it began, whichever comes first (None: no such bound).
    """

    status: int
    routes: frozenset[str] | None = None
    share: float = 1.0
    failures: int | None = None
    seconds: float | None = None
    retry_after: float = 0.25  # a 429's wait, in seconds
    global_limit: bool = False  # a 429 of the global limit rather than of the route
    seed: int = 0
    began: float = field(default_factory=time.monotonic)
    failed: Counter[str] = field(default_factory=Counter)  # failed requests per route
    ended: bool = False
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.status not in (*SERVER_ERRORS, 429):
            raise ValueError(f"a storm answers {SERVER_ERRORS} or 429, not {self.status}")
        if self.global_limit and self.status != 429:
            raise ValueError("the global limit answers 429")
        if self.failures is None and self.seconds is None:
            raise ValueError("a storm needs an end: failures per route, seconds, or both")
        if any(not ROUTE.fullmatch(route) for route in self.routes or ()):
            raise ValueError(f"routes are named as calls_by_route names them: {self.routes}")
        if not 0.0 < self.share <= 1.0:
            raise ValueError("share is a fraction of the requests, above 0 and at most 1")
        self._rng = random.Random(self.seed)

    @property
    def spent(self) -> bool:
        """Whether every one of its routes has had its ``failures`` (never, without both)."""
        if self.routes is None or self.failures is None:
            return False
        return all(self.failed[route] >= self.failures for route in self.routes)

    @property
    def over(self) -> bool:
        """Whether the storm has passed (its time is up, its failures spent, or it was ended)."""
        timed_out = self.seconds is not None and time.monotonic() - self.began >= self.seconds
        return self.ended or self.spent or timed_out

    def strikes(self, route: str, path: str) -> bool:
        """Whether this request fails (and is counted); ``route`` as ``calls_by_route`` names it."""
        if self.over or (self.routes is not None and route not in self.routes):
            return False
        if self.global_limit and any(part in path for part in INTERACTION_ENDPOINTS):
            return False
        if self.failures is not None and self.failed[route] >= self.failures:
            return False
        if self.share < 1.0 and self._rng.random() >= self.share:
            return False
        self.failed[route] += 1
        return True

    def answer(self, route: str) -> web.Response:
        """Discord's (or Cloudflare's) answer to a struck request."""
        if self.status == 429:
            return self._too_many(route)
        if self.status == 500:
            return json_response({"message": "500: Internal Server Error", "code": 0}, 500)
        if self.status == 503:
            return web.Response(status=503, text=UPSTREAM, content_type="text/plain")
        page = CLOUDFLARE.format(status=self.status, reason=REASONS[self.status])
        response = web.Response(status=self.status, text=page, content_type="text/html")
        response.headers["Server"] = "cloudflare"
        return response

    def _too_many(self, route: str) -> web.Response:
        wait = self.retry_after
        body = {"message": "You are being rate limited.", "retry_after": wait}
        response = json_response({**body, "global": self.global_limit}, 429)
        headers = {"Retry-After": str(math.ceil(wait)), "Via": "1.1 google"}
        if self.global_limit:
            headers.update({"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"})
        else:
            headers.update(
                {
                    "X-RateLimit-Limit": str(ROUTE_LIMIT),
                    "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Reset": f"{time.time() + wait:.3f}",
                    "X-RateLimit-Reset-After": f"{wait:.3f}",
                    "X-RateLimit-Bucket": bucket_of(route),
                    "X-RateLimit-Scope": "user",
                }
            )
        response.headers.update(headers)
        return response

    def error(self) -> ApiError:
        """The failure as an error record (code 0: Discord's for errors without one)."""
        return ApiError(self.status, 0, self.text())

    def text(self) -> str:
        """What the request log records as the error's message."""
        if self.status == 429:
            return "You are being rate limited."
        return f"{self.status} {REASONS[self.status]}"


class Storms:
    """The storms under way; the HTTP middleware asks which one strikes a request."""

    def __init__(self) -> None:
        self.storms: list[Storm] = []

    def add(self, storm: Storm) -> Storm:
        """Let ``storm`` strike from now on."""
        self.storms.append(storm)
        return storm

    def strike(self, route: str, path: str) -> Storm | None:
        """The first storm that fails this request, if any (storms that passed are dropped)."""
        self.storms = [s for s in self.storms if not s.over]
        return next((s for s in self.storms if s.strikes(route, path)), None)

    def calm(self) -> None:
        """End every storm now."""
        for storm in self.storms:
            storm.ended = True
        self.storms.clear()


def routes_set(routes: Iterable[str] | str | None) -> frozenset[str] | None:
    """Routes as a set (one route alone is accepted as a string)."""
    if routes is None:
        return None
    return frozenset([routes] if isinstance(routes, str) else routes)
