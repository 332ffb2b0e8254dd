"""The aiohttp application: auth, error mapping, request log, unknown-route answers."""

from __future__ import annotations

import asyncio
import logging
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from aiohttp import web

from . import interactions
from .faults import Faults
from .models import ApiError
from .rate_limits import EditLimiter
from .rest import json_response
from .state import State
from .storms import Storm, Storms

log = logging.getLogger(__name__)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
NO_AUTH_PARTS = ("/interactions/", "/webhooks/")
PAGE_PREFIX = "/play"
API_PREFIX = "/api/v{version}"


@dataclass
class RequestRecord:
    method: str
    path: str
    status: int
    code: int | None = None  # Discord error code when the answer was an error
    message: str = ""  # the error message, when the answer was an error
    route: str = ""  # "METHOD /path/{param}…": ids and tokens as names, as rate limits group them


def route_of(request: web.Request) -> str:
    """The request's route as Discord's rate limits group it: method and path template."""
    resource = request.match_info.route.resource
    path = resource.canonical if resource is not None else request.path
    return f"{request.method} {path.removeprefix(API_PREFIX)}"


class RequestLog:
    """What the bot asked, what it got, and what the emulator could not answer."""

    def __init__(self) -> None:
        self.requests: list[RequestRecord] = []
        self.unhandled: list[str] = []
        self.last_activity = time.monotonic()

    def record(
        self, request: web.Request, status: int, code: int | None = None, message: str = ""
    ) -> None:
        record = RequestRecord(request.method, request.path, status, code, message)
        record.route = route_of(request)
        self.requests.append(record)
        self.last_activity = time.monotonic()


def make_middleware(
    state: State,
    reqlog: RequestLog,
    faults: Faults | None = None,
    limiter: EditLimiter | None = None,
    storms: Storms | None = None,
) -> Callable[..., Awaitable[web.StreamResponse]]:
    faults = faults or Faults()
    limiter = limiter or EditLimiter(None)
    storms = storms or Storms()

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        path = request.path
        if path.startswith(PAGE_PREFIX):  # the playground page: not the bot's traffic
            return await handler(request)
        reqlog.last_activity = time.monotonic()
        needs_auth = path.startswith("/api/") and not any(p in path for p in NO_AUTH_PARTS)
        if needs_auth and request.headers.get("Authorization") != f"Bot {state.token}":
            reqlog.record(request, 401, 0)
            return json_response({"message": "401: Unauthorized", "code": 0}, 401)
        route = route_of(request)
        storm = storms.strike(route, path) if path.startswith("/api/") else None
        if storm is not None:
            return struck(request, route, storm)
        limited = limiter.check(route, request.match_info.get("channel"))
        if limited is not None and limited.refused:
            reqlog.record(request, 429, None, "You are being rate limited.")
            return limited.too_many()
        response = await answer(request, handler)
        if limited is not None:
            response.headers.update(limited.headers)
        return response

    def struck(request: web.Request, route: str, storm: Storm) -> web.Response:
        """A storm's answer, unapplied; an interaction's request is noted on the interaction."""
        reqlog.record(request, storm.status, None, storm.text())
        token = request.match_info.get("token")
        ix = state.interactions.get(token) if token is not None else None
        if ix is not None:  # a callback, or the interaction's webhook
            callback = request.path.endswith("/callback")
            interactions.failed_by_discord(state, ix, storm.error(), callback=callback)
        return storm.answer(route)

    async def answer(request: web.Request, handler: Handler) -> web.StreamResponse:
        """The handler's answer, Discord's error, or an emulator bug as a 400."""
        path = request.path
        fault = faults.take(request.method, path)
        try:
            if fault is not None and fault.error is not None:
                raise fault.error
            response = await handler(request)
            if fault is not None and fault.delay_s:
                await asyncio.sleep(fault.delay_s)
        except ApiError as e:
            reqlog.record(request, e.status, e.code, e.message)
            return json_response(e.body(), e.status)
        except web.HTTPException as e:
            if e.status not in (404, 405):
                raise
            what = f"{request.method} {path}"
            reqlog.unhandled.append(f"no route: {what}")
            log.warning("discord emulator: no route for %s", what)
            reqlog.record(request, 404, 0)
            body = {"message": f"404: Not Found (the emulator has no route for {what})", "code": 0}
            return json_response(body, 404)
        except Exception as e:  # an emulator bug: 400, never 5xx (discord.py retries those)
            what = f"{request.method} {path}"
            reqlog.unhandled.append(f"emulator error on {what}: {e!r}\n{traceback.format_exc()}")
            log.exception("discord emulator failed on %s", what)
            reqlog.record(request, 400, 0)
            return json_response({"message": f"emulator bug on {what}: {e!r}", "code": 0}, 400)
        if not isinstance(response, web.WebSocketResponse):
            reqlog.record(request, response.status)
        return response

    return middleware
