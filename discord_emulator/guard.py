"""A network guard for tests: refuse any connection or DNS lookup that is not loopback."""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from collections.abc import Iterator
from typing import Any


def is_loopback_host(host: object) -> bool:
    if host in ("localhost", None, ""):
        return True
    try:
        return ipaddress.ip_address(str(host).split("%")[0]).is_loopback
    except ValueError:
        return False


class NonLoopbackConnection(ConnectionRefusedError):
    """Raised instead of opening a connection that would leave 127.0.0.1."""


@contextlib.contextmanager
def loopback_only() -> Iterator[list[str]]:
    """Patch ``socket`` so connects and lookups of non-loopback hosts fail; yields the refusals."""
    refused: list[str] = []
    real_connect, real_connect_ex = socket.socket.connect, socket.socket.connect_ex
    real_getaddrinfo = socket.getaddrinfo

    def check(address: Any) -> None:
        if isinstance(address, tuple) and not is_loopback_host(address[0]):
            refused.append(f"connect {address}")
            raise NonLoopbackConnection(f"test network guard: refused connection to {address}")

    def connect(self: socket.socket, address: Any) -> None:
        check(address)
        return real_connect(self, address)

    def connect_ex(self: socket.socket, address: Any) -> int:
        check(address)
        return real_connect_ex(self, address)

    def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(host, bytes):
            host = host.decode()
        if not is_loopback_host(host):
            refused.append(f"lookup {host}")
            raise socket.gaierror(f"test network guard: refused DNS lookup of {host!r}")
        return real_getaddrinfo(host, *args, **kwargs)

    socket.socket.connect = connect  # type: ignore[method-assign]
    socket.socket.connect_ex = connect_ex  # type: ignore[method-assign]
    socket.getaddrinfo = getaddrinfo
    try:
        yield refused
    finally:
        socket.socket.connect = real_connect  # type: ignore[method-assign]
        socket.socket.connect_ex = real_connect_ex  # type: ignore[method-assign]
        socket.getaddrinfo = real_getaddrinfo
