"""Gradio's own texts (the upload zone's "Drop File Here", "Click to Upload") follow the
中文/English switch both ways, not only the browser's language, and nothing is lost."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browserkit import App, Session, serve

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from playwright.sync_api import Browser, expect  # noqa: E402

ZONE = {"zh": ("点击上传", "Click to Upload"), "en": ("Click to Upload", "点击上传")}


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    with serve(tmp_path_factory.mktemp("locale-data"), "locale-app.log") as running:
        yield running


def switch(s: Session, label: str, lang: str) -> None:
    s.page.locator("#folio-lang label", has_text=label).click()
    shown, gone = ZONE[lang]
    zone = s.page.locator("#lib-upload")
    expect(zone).to_contain_text(shown, timeout=60_000)
    expect(zone).not_to_contain_text(gone)
    s.wait_ready()


@pytest.mark.parametrize("browser_locale", ["en-US", "zh-CN"])
def test_the_upload_zone_follows_each_manual_switch(
    browser: Browser, app: App, browser_locale: str, tmp_path: Path
) -> None:
    s = Session(browser, app.url, browser_locale)
    first = "zh" if browser_locale.startswith("zh") else "en"
    expect(s.page.locator("#lib-upload")).to_contain_text(ZONE[first][0])
    order = (
        [("English", "en"), ("中文", "zh")]
        if first == "zh"
        else [("中文", "zh"), ("English", "en")]
    )
    for label, lang in order * 2:  # there and back, twice: no lag of one switch
        switch(s, label, lang)
    # The redrawn zone still takes a file.
    note = tmp_path / "after-switch.md"
    note.write_text("# After a switch\n\nThe zone still accepts files.\n", encoding="utf-8")
    s.upload(note)
    expect(s.page.locator("#lib-table tr[data-doc]", has_text=note.name)).to_have_count(
        1, timeout=60_000
    )
    s.shot(f"locale-{browser_locale}", full=False)
    assert s.error_toasts() == []
    s.close()
