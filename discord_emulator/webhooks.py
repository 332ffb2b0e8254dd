"""Token-authenticated routes: interaction callbacks, interaction webhooks, attachment downloads."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from aiohttp import web

from . import interactions, payloads
from .bodies import read_body
from .interactions import Interaction
from .models import ApiError
from .rest import API, json_response, no_content
from .state import State


class WebhookApi:
    """``/interactions/{id}/{token}/callback`` and ``/webhooks/{app}/{token}/...``."""

    def __init__(self, state: State) -> None:
        self.state = state

    def add_routes(self, app: web.Application) -> None:
        r = app.router
        r.add_post(API + r"/interactions/{id:\d+}/{token}/callback", self.callback)
        hook = API + r"/webhooks/{app:\d+}/{token}"
        r.add_post(hook, self.followup)
        r.add_get(hook + "/messages/{message}", self.get_message)
        r.add_patch(hook + "/messages/{message}", self.edit_message)
        r.add_delete(hook + "/messages/{message}", self.delete_message)
        r.add_get(r"/attachments/{channel:\d+}/{attachment:\d+}/{filename}", self.download)

    @staticmethod
    @contextlib.contextmanager
    def _recording(ix: Interaction) -> Iterator[None]:
        """Keep every refusal on the interaction (``ix.refusals``) for test diagnostics."""
        try:
            yield
        except ApiError as e:
            if e not in ix.refusals:
                ix.refusals.append(e)
            raise

    def _interaction(self, request: web.Request) -> Interaction:
        ix = self.state.interactions.get(request.match_info["token"])
        if ix is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        app_id = request.match_info.get("app")
        if app_id is not None and int(app_id) != self.state.application_id:
            raise ApiError(404, 10015, "Unknown Webhook")
        if "id" in request.match_info and int(request.match_info["id"]) != ix.id:
            raise ApiError(404, 10062, "Unknown interaction")
        return ix

    async def callback(self, request: web.Request) -> web.Response:
        ix = self._interaction(request)
        with self._recording(ix):
            msg = interactions.respond(self.state, ix, await read_body(request))
        if request.query.get("with_response") in ("1", "true", "True"):
            return json_response(interactions.callback_answer(ix, msg, self.state))
        return no_content()

    async def followup(self, request: web.Request) -> web.Response:
        ix = self._interaction(request)
        with self._recording(ix):
            msg = interactions.followup(self.state, ix, await read_body(request))
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(payloads.message(self.state, msg))
        return no_content()

    async def get_message(self, request: web.Request) -> web.Response:
        ix = self._interaction(request)
        with self._recording(ix):
            interactions.check_token_alive(self.state, ix)
            msg = interactions.webhook_message(self.state, ix, request.match_info["message"])
        return json_response(payloads.message(self.state, msg))

    async def edit_message(self, request: web.Request) -> web.Response:
        ix = self._interaction(request)
        body = await read_body(request)
        with self._recording(ix):
            msg = interactions.edit_webhook_message(
                self.state, ix, request.match_info["message"], body
            )
        return json_response(payloads.message(self.state, msg))

    async def delete_message(self, request: web.Request) -> web.Response:
        ix = self._interaction(request)
        with self._recording(ix):
            interactions.check_token_alive(self.state, ix)
            msg = interactions.webhook_message(self.state, ix, request.match_info["message"])
        self.state.delete_message(msg)
        return no_content()

    async def download(self, request: web.Request) -> web.Response:
        att_id = int(request.match_info["attachment"])
        for msg in self.state.messages.values():
            for att in [a for version in (msg, *msg.history) for a in version.attachments]:
                if att.id == att_id:
                    ctype = att.content_type or "application/octet-stream"
                    return web.Response(body=att.data, headers={"Content-Type": ctype})
        raise ApiError(404, 0, "404: Not Found (unknown attachment)")
