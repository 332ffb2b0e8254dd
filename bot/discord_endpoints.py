"""Point discord.py at another Discord API, such as the local emulator the tests run."""

from __future__ import annotations

import ipaddress

import discord
import yarl


def is_loopback(url: str) -> bool:
    """Return whether ``url`` names a loopback host (127.0.0.0/8, ::1 or ``localhost``)."""
    host = yarl.URL(url).host
    if not host:
        return False
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def point_at(api_base: str, gateway_url: str) -> None:
    """Send discord.py's REST, gateway and CDN traffic to ``api_base`` and ``gateway_url``.

    discord.py reads three class attributes: ``Route.BASE`` for every REST call (webhooks and
    interaction callbacks included), ``DiscordWebSocket.DEFAULT_GATEWAY`` for the first
    connection and after an invalid session (a plain ``Client`` never asks ``GET /gateway``),
    and ``Asset.BASE`` for avatar and icon downloads, served from the API's origin here.
    """
    api = yarl.URL(api_base.rstrip("/"))
    gateway = yarl.URL(gateway_url)
    if api.scheme not in ("http", "https") or not api.host:
        raise ValueError(f"api_base must be an absolute http(s) URL, got {api_base!r}")
    if gateway.scheme not in ("ws", "wss") or not gateway.host:
        raise ValueError(f"gateway_url must be an absolute ws(s) URL, got {gateway_url!r}")
    discord.http.Route.BASE = str(api)
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway
    discord.asset.Asset.BASE = str(api.origin())
