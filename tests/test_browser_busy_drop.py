"""A file dropped on the upload zone while it is still sending the last file is added too.

Found walking the app (ui14): J&J's release dropped 300 ms after PepsiCo's 8-K, while the
zone said "Uploading 1 file…", never reached the server and no row ever appeared. The
first file's upload is held at the browser (a Playwright route) while the second is
dropped, so the busy moment does not depend on how loaded the machine is.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browserkit import App, Session
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


# The zone's file input, kept by the page; later, files "chosen" for it as a file dialog
# gives them: set on that same input, then its change event, wherever the input is by then.
KEEP_INPUT_JS = "() => { window.__kept = document.querySelector('#lib-upload input[type=file]'); }"
CHOOSE_JS = """([name, body]) => {
  const dt = new DataTransfer();
  dt.items.add(new File([body], name, {type: 'text/markdown'}));
  window.__kept.files = dt.files;
  window.__kept.dispatchEvent(new Event('change', {bubbles: true}));
}"""


def test_a_file_chosen_for_an_input_the_zone_replaced_is_added(
    browser: Browser, journey_app: App, tmp_path: Path
) -> None:
    """The ui16 walk: J&J's release was set on the zone's input just as the app's reply to
    the first upload rebuilt the zone; its change fired on an input no longer in the page
    (Gradio then reads its new, empty input) and no row ever appeared."""
    first = tmp_path / "barge-log.md"
    first.write_text("# Barge log\n\nThe barge carried 310 tonnes of gravel.\n", encoding="utf-8")
    second = "lock-notes.md"
    s = Session(browser, journey_app.url, "en-US")
    try:
        s.tab("library")
        s.page.evaluate(KEEP_INPUT_JS)
        s.upload(first)
        s.page.wait_for_function("() => !window.__kept.isConnected")
        s.page.evaluate(CHOOSE_JS, [second, "# Lock notes\n\nThe lock opened 40 times.\n"])
        wait_ingested(s, first.name, second)
        for name in (first.name, second):
            expect(row(s, name)).to_have_count(1)
        assert journey_app.tracebacks() == 0
    finally:
        s.close()
