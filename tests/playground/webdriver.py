"""A small W3C WebDriver client (stdlib only) for Debian's chromedriver and headless Chromium.

Selenium would do the same; this keeps the test free of a new dependency and of Selenium
Manager, which tries to download drivers: nothing here leaves 127.0.0.1.
"""

from __future__ import annotations

import base64
import contextlib
import json
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
ENTER = "\ue007"
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1280,900",
]


class WebDriverError(RuntimeError):
    """An error answer from chromedriver (``error`` is its W3C error code)."""

    def __init__(self, error: str, message: str) -> None:
        super().__init__(f"{error}: {message[:500]}")
        self.error = error


def missing() -> str | None:
    """Why the browser test cannot run here, or None."""
    absent = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    if absent:
        return f"{' and '.join(absent)} not installed (scripts/install-browser installs them)"
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Element:
    """One element of the page."""

    def __init__(self, browser: Browser, element_id: str) -> None:
        self.browser = browser
        self.id = element_id

    def click(self) -> None:
        self.browser.call("POST", f"/element/{self.id}/click", {})

    def type(self, text: str) -> None:
        self.browser.call("POST", f"/element/{self.id}/value", {"text": text})

    @property
    def text(self) -> str:
        return self.browser.call("GET", f"/element/{self.id}/text")

    def attribute(self, name: str) -> str | None:
        return self.browser.call("GET", f"/element/{self.id}/attribute/{name}")

    def find_all(self, css: str) -> list[Element]:
        found = self.browser.call("POST", f"/element/{self.id}/elements", _css(css))
        return [Element(self.browser, e[ELEMENT]) for e in found]

    def as_arg(self) -> dict[str, str]:
        return {ELEMENT: self.id}


class Browser:
    """A headless Chromium session driven through chromedriver."""

    def __init__(self, base: str, session: str) -> None:
        self.base = base
        self.session = session

    def call(self, method: str, path: str, body: Any = None) -> Any:
        url = f"{self.base}/session/{self.session}{path}"
        return _request(method, url, body)

    def open(self, url: str) -> None:
        self.call("POST", "/url", {"url": url})

    def find(self, css: str) -> Element:
        return Element(self, self.call("POST", "/element", _css(css))[ELEMENT])

    def find_all(self, css: str) -> list[Element]:
        return [Element(self, e[ELEMENT]) for e in self.call("POST", "/elements", _css(css))]

    def script(self, source: str, *args: Any) -> Any:
        """Run ``source`` (a function body; ``arguments`` holds ``args``) in the page."""
        wired = [a.as_arg() if isinstance(a, Element) else a for a in args]
        return self.call("POST", "/execute/sync", {"script": source, "args": wired})

    def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(self.call("GET", "/screenshot")))

    def wait_for(self, condition: Callable[[], Any], timeout: float = 15.0, what: str = "") -> Any:
        """Poll ``condition`` until truthy (a stale element counts as not yet)."""
        deadline = time.monotonic() + timeout
        while True:
            with contextlib.suppress(WebDriverError):
                value = condition()
                if value:
                    return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited {timeout} s for {what or condition}")
            time.sleep(0.1)


def _css(selector: str) -> dict[str, str]:
    return {"using": "css selector", "value": selector}


def _request(method: str, url: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=60) as answer:
            return json.loads(answer.read() or b"{}").get("value")
    except urllib.error.HTTPError as e:
        value = json.loads(e.read() or b"{}").get("value") or {}
        raise WebDriverError(value.get("error", str(e.code)), value.get("message", "")) from None


@contextlib.contextmanager
def chromium() -> Iterator[Browser]:
    """chromedriver on a free loopback port and one headless Chromium session."""
    port = free_port()
    profile = Path(tempfile.mkdtemp(prefix="playground-chromium-"))
    driver = subprocess.Popen(
        [str(CHROMEDRIVER), f"--port={port}", "--allowed-ips=127.0.0.1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                _request("GET", f"{base}/status")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        options = {"binary": str(CHROMIUM), "args": [*CHROMIUM_ARGS, f"--user-data-dir={profile}"]}
        caps = {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}
        answer = _request("POST", f"{base}/session", {"capabilities": caps})
        browser = Browser(base, answer["sessionId"])
        try:
            yield browser
        finally:
            with contextlib.suppress(OSError, WebDriverError):
                _request("DELETE", f"{base}/session/{browser.session}")
    finally:
        driver.terminate()
        driver.wait(10)
        shutil.rmtree(profile, ignore_errors=True)
