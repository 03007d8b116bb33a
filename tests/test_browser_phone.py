"""A phone (390 px) reaches every tab, Chat above all, with one tap in either language, and
the Review tab shows no empty export box before anything is reviewed (found trying the app:
Chat sat in the tab bar's "…" menu on a phone; an empty "Export" box opened the Review tab)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browserkit import Session, serve

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from playwright.sync_api import Browser  # noqa: E402

TABS = ("library", "knowledge", "chat", "inspect", "review")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("app-data"), "app-phone.log") as app:
        yield app.url


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_a_phone_reaches_chat_in_one_tap(browser: Browser, server: str, locale: str) -> None:
    phone = Session(browser, server, locale, size=(390, 844))
    page = phone.page
    for name in TABS:
        button = page.locator(f"#tab-{name}-button")
        assert button.is_visible(), f"{name} tab hidden on a phone"
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    phone.tab("chat")
    page.wait_for_selector("#tab-chat", state="visible", timeout=10_000)
    phone.shot(f"phone-tabs-{locale[:2]}", full=False)
    phone.close()


def test_review_shows_no_export_box_before_a_review(browser: Browser, server: str) -> None:
    s = Session(browser, server, "en-US")
    s.tab("review")
    s.page.wait_for_selector("#rv-goal", state="visible", timeout=10_000)
    assert not s.page.locator("#rv-files").is_visible()
    s.close()
