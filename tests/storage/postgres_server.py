"""A throwaway PostgreSQL server for the tests: Debian's binaries, a temporary data directory,
127.0.0.1 on a free port, a fresh database per test."""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

MISSING = (
    "PostgreSQL server binaries not found (initdb and pg_ctl in /usr/lib/postgresql/*/bin): "
    "run scripts/install-postgres (Debian's postgresql package) to test the PostgreSQL backend"
)


def bin_dir() -> Path | None:
    """The newest installed server's bin folder, if any."""
    found = [
        d
        for d in Path("/usr/lib/postgresql").glob("*/bin")
        if (d / "initdb").is_file() and (d / "pg_ctl").is_file()
    ]
    return max(found, key=lambda d: int(d.parent.name)) if found else None


def free_port() -> int:
    """A TCP port nobody listens on at the moment, on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PostgresServer:
    """One server for the test session; :meth:`new_database` gives each test its own."""

    def __init__(self, bin_path: Path, *, durable: bool = False) -> None:
        """``durable``: fsync every commit as a deployment would (the load test); the tests
        run without (faster, and a crash of the test server loses nothing that matters)."""
        self.bin = bin_path
        self.durable = durable
        self.root = Path(tempfile.mkdtemp(prefix="tabletop-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self._names = itertools.count(1)
        # initdb refuses to run as root: the server runs as the postgres system user then.
        self.user = "postgres" if os.geteuid() == 0 else None
        if self.user:
            entry = pwd.getpwnam(self.user)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)

    def _run(self, *args: str | Path) -> None:
        command = [str(a) for a in args]
        if self.user:
            command = ["runuser", "-u", self.user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}")

    def start(self) -> None:
        """initdb, then start the server and wait until it accepts connections."""
        self._run(
            self.bin / "initdb", "-D", self.data, "-U", "postgres", "--auth=trust",
            "-E", "UTF8", "--locale=C.UTF-8",
        )  # fmt: skip
        self.resume()

    def resume(self) -> None:
        """Start the server on its existing files (after :meth:`pause`)."""
        options = f"-h 127.0.0.1 -p {self.port} -k {self.root} -c max_connections=200"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        log = self.root / "server.log"
        self._run(self.bin / "pg_ctl", "-D", self.data, "-l", log, "-o", options, "-w", "start")

    def pause(self) -> None:
        """Stop the server as an administrator restarting it would, keeping its files."""
        self._run(self.bin / "pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        """A connection URL for ``database``."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """Create an empty database; its URL."""
        name = f"test_{next(self._names)}"
        self._run(
            self.bin / "createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", name
        )
        return self.url(name)

    def stop(self) -> None:
        """Stop the server and remove its files."""
        try:
            self._run(self.bin / "pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


@contextmanager
def started() -> Iterator[PostgresServer]:
    """A server of its own, stopped (and its files removed) at the end; pytest skips the test
    where the binaries are missing."""
    import pytest  # only the tests skip; bench/load.py uses this module without pytest

    path = bin_dir()
    if path is None:
        pytest.skip(MISSING)
    server = PostgresServer(path)
    try:
        server.start()
        yield server
    finally:
        server.stop()
