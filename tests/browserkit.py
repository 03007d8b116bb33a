"""What every browser test needs: the real app on a free port, Chromium, one tab per session.

``python app.py`` runs with a temporary data directory (lexical search only, so no
model loads); the Debian ``chromium`` package is driven through Playwright (never
downloaded). Any request that leaves the machine is blocked and fails the test.
Server-side tracebacks are counted from the app's log so a test can say "the page
broke nothing on the server".
"""

from __future__ import annotations

import io
import os
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image

from testkit import ROOT

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = ROOT / "artifacts" / "browser"
# Read at import: the autouse fixture clears FOLIO_* variables before each test runs.
UPDATE_SCREENSHOT = os.environ.get("FOLIO_UPDATE_SCREENSHOT") == "1"

if not CHROMIUM.exists():  # CI installs it (.ci/run); never downloaded
    pytest.skip(
        "needs the Debian chromium package (apt-get install chromium)", allow_module_level=True
    )

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

from testkit.appserver import serve_process  # noqa: E402


class App:
    """The running app: its address and its log."""

    def __init__(self, url: str, log: Path) -> None:
        self.url = url
        self.log = log

    def tracebacks(self) -> int:
        return self.log.read_text(encoding="utf-8", errors="replace").count("Traceback")


@contextmanager
def serve(data_dir: Path, log_name: str) -> Iterator[App]:
    """Run ``app.py`` until the generator is closed."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log_path = ARTIFACTS / log_name
    started = time.monotonic()
    with serve_process(data_dir, log_path, workers=2) as (url, _):
        seconds = time.monotonic() - started
        (ARTIFACTS / "startup.txt").write_text(f"serving after {seconds:.1f} s\n")
        yield App(url, log_path)


@contextmanager
def launch_chromium() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield b
        b.close()


# The upload zone waits for a drop: no file list of an earlier upload, no upload under way.
IDLE_ZONE_JS = """() => {
  const zone = document.querySelector('#lib-upload');
  return !!zone && zone.querySelectorAll('input[type=file]').length === 1
    && !zone.querySelector('table, progress, .file-preview, .uploading');
}"""


class Session:
    """One browser tab on the app, with off-machine requests blocked and recorded."""

    def __init__(
        self,
        browser: Browser,
        url: str,
        locale: str,
        size: tuple[int, int] = (1440, 960),
        state: Any = None,
    ) -> None:
        # ``state`` (cookies + localStorage of an earlier tab) keeps the same visitor, and so
        # the same private workspace; without it the tab is a new visitor.
        self.context = browser.new_context(
            locale=locale, viewport={"width": size[0], "height": size[1]}, storage_state=state
        )
        self.external: list[str] = []
        self.context.route(re.compile(r"^https?://(?!127\.0\.0\.1|localhost)"), self._block)
        self.page: Page = self.context.new_page()
        self.page.goto(url)
        self.wait_ready()

    def wait_ready(self) -> None:
        """Until the page has claimed its workspace and drawn its language's upload zone."""
        # The first page after start waits for the warm-up, slow on a loaded machine.
        self.page.wait_for_selector("body[data-folio-ready] #lib-upload", timeout=120_000)

    def _block(self, route: Any) -> None:
        self.external.append(route.request.url)
        route.abort()

    def tab(self, name: str) -> None:
        self.page.click(f"#tab-{name}-button")

    def shot(self, name: str, *, full: bool = True) -> Path:
        path = ARTIFACTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=full)
        return path

    def upload(self, *files: Path) -> None:
        """Drop the files on the empty drop zone, as a user does: not on the list of the last
        upload, which stands there a moment until the app has taken those files."""
        self.tab("library")
        self.page.wait_for_function(IDLE_ZONE_JS, timeout=60_000)
        self.page.set_input_files("#lib-upload input[type=file]", [str(f) for f in files])

    def error_toasts(self) -> list[str]:
        return self.page.locator(".toast-body.error, .toast-wrap .error").all_inner_texts()

    def close(self) -> None:
        assert self.external == [], f"the app tried to reach the network: {self.external}"
        self.context.close()


def highlight_pixels(png: bytes) -> int:
    """Pixels in the translucent yellow of a highlight box over paper."""
    rgb = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    return int(((r >= 235) & (g >= 195) & (g <= 245) & (b <= 190) & (r - b >= 50)).sum())


def settled_highlight(image: Any, timeout: float = 15) -> int:
    """Highlight pixels once the image is not dimmed by Gradio's loading overlay."""
    deadline = time.monotonic() + timeout
    counts = [highlight_pixels(image.screenshot())]
    while counts[-1] <= 40 and time.monotonic() < deadline:
        time.sleep(0.5)
        counts.append(highlight_pixels(image.screenshot()))
    (ARTIFACTS / "highlight.txt").write_text(f"highlight pixels per look: {counts}\n")
    return counts[-1]
