"""A same-name upload in a real browser: the prompt appears where the file was dropped,
"Keep both" keeps both."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_browser import Session, server, upload  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from playwright.sync_api import Browser, expect  # noqa: E402


def test_same_name_upload_asks_and_keeps_both(
    browser: Browser,
    server: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    # A phone: the prompt must not stay below the upload zone and the table, out of sight.
    s = Session(browser, server, "en-US", size=(390, 844))
    for folder, text in (("a", "Tomatoes need sun every morning."), ("b", "Beans want shade.")):
        (tmp_path / folder).mkdir()
        (path := tmp_path / folder / "notes.txt").write_text(f"Garden\n\n{text}\n")
        upload(s, path)
        if folder == "a":
            row = s.page.locator("#lib-table tr[data-doc]", has_text="notes.txt")
            expect(row.locator("[data-comp=index]")).to_have_attribute(
                "data-state", "ready", timeout=90_000
            )
    expect(s.page.locator("#lib-name-row")).to_be_visible(timeout=30_000)
    expect(s.page.locator("#lib-name-row")).to_be_in_viewport(ratio=1)  # in sight, no scrolling
    expect(s.page.locator("#lib-name-text")).to_contain_text("notes (2).txt")
    s.shot("same-name-01-prompt")
    s.page.click("#lib-keep-both")
    expect(s.page.locator("#lib-name-row")).to_be_hidden()
    expect(s.page.locator("#lib-table tr[data-doc]")).to_have_count(2, timeout=90_000)
    expect(s.page.locator("#lib-table")).to_contain_text("notes (2).txt")
    s.shot("same-name-02-both")
