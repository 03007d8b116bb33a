"""A file dropped on the upload zone while it is still sending the last file is added too.

Found walking the app (ui14): J&J's release dropped 300 ms after PepsiCo's 8-K, while the
zone said "Uploading 1 file…", never reached the server and no row ever appeared. The
first file's upload is held at the browser (a Playwright route) while the second is
dropped, so the busy moment does not depend on how loaded the machine is.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browserkit import IDLE_ZONE_JS, App, Session
from tests.journeykit import row, wait_ingested

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from playwright.sync_api import Browser, Route, expect  # noqa: E402

UPLOADS = "**/gradio_api/upload?*"
# A person's drop of one Markdown file on the zone (a DataTransfer, as the browser makes).
DROP_JS = """([name, body]) => {
  const dt = new DataTransfer();
  dt.items.add(new File([body], name, {type: 'text/markdown'}));
  const target = document.querySelector('#lib-upload .wrap, #lib-upload button, #lib-upload')
    || document.querySelector('#lib-upload');
  for (const type of ['dragenter', 'dragover', 'drop'])
    target.dispatchEvent(new DragEvent(type, {dataTransfer: dt, bubbles: true, cancelable: true}));
}"""


class HeldFirstUpload:
    """Holds the first file upload request until :meth:`release`."""

    def __init__(self) -> None:
        self.route: Route | None = None

    def __call__(self, route: Route) -> None:
        if self.route is None:
            self.route = route
            return
        route.fallback()

    def release(self) -> None:
        assert self.route is not None
        self.route.fallback()


def test_a_file_dropped_while_the_zone_is_uploading_is_added(
    browser: Browser, journey_app: App, tmp_path: Path
) -> None:
    first = tmp_path / "quarry-log.md"
    first.write_text("# Quarry log\n\nThe quarry shipped 420 tonnes of slate.\n", encoding="utf-8")
    second = "kiln-notes.md"
    s = Session(browser, journey_app.url, "en-US")
    try:
        held = HeldFirstUpload()
        s.page.route(UPLOADS, held)
        s.upload(first)
        s.page.wait_for_function("() => document.querySelector('#lib-upload')"
                                 ".innerText.includes('Uploading')")  # fmt: skip
        s.page.wait_for_timeout(300)
        assert held.route is not None
        s.page.evaluate(DROP_JS, [second, "# Kiln notes\n\nThe kiln fired 12 loads.\n"])
        s.page.wait_for_timeout(500)
        held.release()
        wait_ingested(s, first.name, second)
        for name in (first.name, second):
            expect(row(s, name)).to_have_count(1)
        s.page.wait_for_timeout(3000)  # a few ticks later the table is still whole
        expect(s.page.locator("#lib-table tr[data-doc]")).to_have_count(2)
        assert journey_app.tracebacks() == 0
    finally:
        s.close()


def test_a_file_chosen_on_an_input_the_zone_has_redrawn_is_added(
    browser: Browser, journey_app: App, tmp_path: Path
) -> None:
    """A file dialog opened on the zone (or its input looked up) before the zone redrew
    itself gives the file to an input no longer in the page. Found measuring quick second
    files on a loaded machine (race16): 4 of 40 never reached the server, no word said."""
    first = tmp_path / "ferry-times.md"
    first.write_text("# Ferry times\n\nThe ferry leaves at 7:40.\n", encoding="utf-8")
    second = tmp_path / "tide-table.md"
    second.write_text("# Tide table\n\nHigh water at 11:05.\n", encoding="utf-8")
    s = Session(browser, journey_app.url, "en-US")
    try:
        s.tab("library")
        s.page.wait_for_function(IDLE_ZONE_JS, timeout=60_000)
        stale = s.page.query_selector("#lib-upload input[type=file]")  # the one a dialog opens
        assert stale is not None
        stale.set_input_files(str(first))
        expect(row(s, first.name)).to_have_count(1, timeout=120_000)
        s.page.wait_for_function(IDLE_ZONE_JS, timeout=60_000)  # uploaded, emptied, redrawn
        assert not stale.evaluate("e => e.isConnected")  # the dialog's input is gone
        stale.set_input_files(str(second))
        expect(row(s, second.name)).to_have_count(1, timeout=120_000)
        assert journey_app.tracebacks() == 0
    finally:
        s.close()
