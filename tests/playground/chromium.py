"""Debian's headless Chromium driven by Selenium through Debian's chromedriver.

Both paths are given, so Selenium Manager (which would download a driver or a browser) never
runs: nothing here leaves 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from selenium.common.exceptions import (
    ElementClickInterceptedException,
    ElementNotInteractableException,
    NoSuchElementException,
    StaleElementReferenceException,
    WebDriverException,
)
from selenium.webdriver import Chrome, ChromeOptions, ChromeService
from selenium.webdriver.support.wait import WebDriverWait

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
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
# What the page redrawing under the pointer raises: the player looks again.
REDRAWN = (
    StaleElementReferenceException,
    ElementClickInterceptedException,
    ElementNotInteractableException,
    NoSuchElementException,
)


def missing() -> str | None:
    """Why the browser test cannot run here, or None."""
    absent = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    if absent:
        return f"{' and '.join(absent)} not installed (scripts/install-browser installs them)"
    return None


@contextlib.contextmanager
def chromium() -> Iterator[Chrome]:
    """One headless Chromium session, its chromedriver on a free loopback port."""
    profile = Path(tempfile.mkdtemp(prefix="playground-chromium-"))
    options = ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in [*CHROMIUM_ARGS, f"--user-data-dir={profile}"]:
        options.add_argument(arg)
    service = ChromeService(
        executable_path=str(CHROMEDRIVER), service_args=["--allowed-ips=127.0.0.1"]
    )
    try:
        browser = Chrome(service=service, options=options)
        try:
            yield browser
        finally:
            browser.quit()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def screenshot(browser: Chrome, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(path))


def wait_for(
    browser: Chrome, condition: Callable[[], Any], timeout: float = 15.0, what: str = ""
) -> Any:
    """Poll ``condition`` until truthy and return it (a chromedriver error counts as not yet)."""
    wait = WebDriverWait(browser, timeout, 0.1, ignored_exceptions=(WebDriverException,))
    return wait.until(lambda _: condition(), f"waited {timeout} s for {what or condition}")
