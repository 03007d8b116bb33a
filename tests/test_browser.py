"""The real app in real headless Chromium: upload, ask, cite, highlight, switch language.

Starts ``python app.py`` on a free port with a temporary data directory (lexical
search only, so no model loads), drives the Debian ``chromium`` package through
Playwright, and saves screenshots under ``artifacts/browser/``. Any request that
leaves the machine is blocked and fails the test: the app must work offline.
``FOLIO_UPDATE_SCREENSHOT=1`` also refreshes ``docs/screenshot.png`` for the README.
"""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from testkit import pdfgen
from tests.browserkit import (
    ARTIFACTS,
    UPDATE_SCREENSHOT,
    Session,
    serve,
    settled_highlight,
)
from tests.conftest import FIXTURES, ROOT

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SAMPLE = ROOT / "sample_docs" / "AMCOR_2023Q4_EARNINGS.pdf"

from playwright.sync_api import Browser, expect  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("app-data"), "app.log") as app:
        yield app.url


@pytest.fixture(scope="module")
def visitor() -> dict[str, Any]:
    """The browser state of the one visitor the tests of a module play (their workspace)."""
    return {}


@pytest.fixture
def en(browser: Browser, server: str, visitor: dict[str, Any]) -> Iterator[Session]:
    s = Session(browser, server, "en-US", state=visitor.get("state"))
    yield s
    visitor["state"] = s.context.storage_state()
    s.close()


def upload(s: Session, *files: Path) -> None:
    s.upload(*files)


def test_upload_ask_and_see_the_cited_span_highlighted(en: Session) -> None:
    page = en.page
    upload(en, SAMPLE)
    expect(page.locator("#lib-table [data-comp=index][data-state=ready]")).to_have_count(
        1, timeout=240_000
    )
    # The row, not a progress card: cards come and go between refreshes.
    expect(page.locator("#lib-table tr[data-doc]", has_text=SAMPLE.name)).to_have_count(1)
    en.shot("01-library")

    en.tab("chat")
    page.fill("#chat-question textarea", "What were net sales in fiscal 2023?")
    page.click("#chat-send")
    cards = page.locator("#chat-cards .folio-card")
    expect(cards.first).to_be_visible(timeout=90_000)
    bot = page.locator("#chat-bot")
    expect(bot).to_contain_text("Searched the documents")  # the status that streamed first
    expect(bot.locator(".folio-cite").first).to_be_visible()

    first = cards.first
    first.click()
    expect(first).to_have_class(re.compile(r"\bactive\b"))
    caption = page.locator("#chat-pane-caption")
    expect(caption).to_contain_text(SAMPLE.name)
    expect(caption.locator("[data-highlights]")).not_to_have_attribute("data-highlights", "0")
    image = page.locator("#chat-pane-image img")
    expect(image).to_be_visible()
    page.wait_for_function(
        "() => { const i = document.querySelector('#chat-pane-image img');"
        " return i && i.complete && i.naturalWidth > 1000; }"
    )
    cited_page = re.search(r"p\. (\d+)", first.inner_text())
    assert cited_page is not None
    assert page.locator("#chat-pane-page input").input_value() == cited_page.group(1)
    assert settled_highlight(image) > 40, "no highlight drawn on the page image"

    # The [n] badge inside the answer points at the same source.
    bot.locator(".folio-cite").first.click()
    expect(first).to_have_class(re.compile(r"\bactive\b"))
    page.evaluate("() => window.scrollTo(0, 0)")
    path = en.shot("02-chat-citation", full=False)
    if UPDATE_SCREENSHOT:
        (ROOT / "docs").mkdir(exist_ok=True)
        shutil.copyfile(path, ROOT / "docs" / "screenshot.png")


def test_bad_file_shows_a_readable_error_and_leaves_the_rest_alone(
    en: Session, tmp_path: Path
) -> None:
    bad = Path(shutil.copy(FIXTURES / "invalid.pdf", tmp_path / "broken-scan.pdf"))
    upload(en, bad)
    # The row keeps the failure and its reason; a progress card can come and go between
    # refreshes, so it is not what the test waits on.
    row = en.page.locator("#lib-table tr[data-doc]", has_text="broken-scan.pdf")
    expect(row.locator("[data-comp=parse]")).to_have_attribute(
        "data-state", "failed", timeout=60_000
    )
    expect(row).to_contain_text("not a readable PDF")
    assert "Traceback" not in row.inner_text()
    other = en.page.locator("#lib-table tr[data-doc]", has_text=SAMPLE.name)
    expect(other.locator("[data-comp=index]")).to_have_attribute("data-state", "ready")
    en.shot("03-bad-file")


def test_chat_answers_while_a_large_document_ingests(en: Session, tmp_path: Path) -> None:
    note = tmp_path / "harbour-note.md"
    note.write_text("# Harbour\n\nThe harbour crane lifts 42 tonnes at most.\n", encoding="utf-8")
    upload(en, note)
    small = en.page.locator("#lib-table tr[data-doc]", has_text=note.name)
    expect(small.locator("[data-comp=index]")).to_have_attribute(
        "data-state", "ready", timeout=60_000
    )
    big = pdfgen.dense_pdf(tmp_path / "annual-report-big.pdf", pages=100)
    upload(en, big)
    row = en.page.locator("#lib-table tr[data-doc]", has_text=big.name)
    expect(row).to_be_visible(timeout=30_000)
    # The row is drawn as the upload is taken, before its 100 full pages are parsed and
    # embedded: the question goes in while that work is pending or running (the chips say
    # so; a progress card can come and go between refreshes).
    busy = row.locator("[data-state=pending], [data-state=running]")
    assert busy.count() > 0
    en.tab("chat")
    started = time.monotonic()
    en.page.fill("#chat-question textarea", "How many tonnes does the harbour crane lift?")
    en.page.click("#chat-send")
    card = en.page.locator("#chat-cards .folio-card").first
    expect(card).to_be_visible(timeout=30_000)
    seconds = time.monotonic() - started
    expect(card).to_contain_text(note.name)
    (ARTIFACTS / "responsive.txt").write_text(f"answered in {seconds:.1f} s during ingestion\n")
    en.tab("library")
    expect(busy).to_have_count(0, timeout=300_000)  # and the ingestion still completes
    expect(row.locator("[data-comp=index]")).to_have_attribute("data-state", "ready")


def test_interface_follows_the_browser_language_and_the_switch(
    browser: Browser, server: str, visitor: dict[str, Any]
) -> None:
    # The module's visitor (their workspace holds the documents the table lists), in Chinese.
    zh = Session(browser, server, "zh-CN", state=visitor.get("state"))
    page = zh.page
    expect(page.locator("#tab-library-button")).to_have_text("文档库")
    expect(page.locator("#lib-table th").first).to_have_text("文档", timeout=10_000)
    zh.tab("chat")
    expect(page.locator("#chat-send")).to_have_text("发送")
    zh.shot("04-zh")

    page.locator("#folio-lang label", has_text="English").click()
    expect(page.locator("#tab-chat-button")).to_have_text("Chat")
    expect(page.locator("#chat-send")).to_have_text("Send")
    # English either way: the placeholder, or the heading of the reopened conversation's cards
    expect(page.locator("#chat-cards")).to_contain_text("Sources")
    page.reload()
    zh.wait_ready()
    expect(page.locator("#tab-library-button")).to_have_text("Library")  # the choice is kept
    expect(page.locator("#lib-table th").first).to_have_text("Document")
    zh.shot("05-en-after-switch")
    page.locator("#folio-lang label", has_text="中文").click()
    expect(page.locator("#tab-inspect-button")).to_have_text("检查")
    zh.close()


def test_document_text_cannot_inject_script(en: Session, tmp_path: Path) -> None:
    evil = tmp_path / "evil-notes.md"
    evil.write_text(
        "# Vault\n\nThe vault code is 4711. <script>window.__pwned = 1</script>"
        ' <img src=x onerror="window.__pwned = 2"> <b>bold?</b>\n',
        encoding="utf-8",
    )
    upload(en, evil)
    row = en.page.locator("#lib-table tr[data-doc]", has_text=evil.name)
    expect(row.locator("[data-comp=index]")).to_have_attribute(
        "data-state", "ready", timeout=60_000
    )
    en.tab("chat")
    en.page.fill("#chat-question textarea", "What is the vault code?")
    en.page.click("#chat-send")
    card = en.page.locator("#chat-cards .folio-card").first
    expect(card).to_be_visible(timeout=60_000)
    card.click()
    passage = en.page.locator("#chat-pane-passage")
    expect(passage.locator("mark").first).to_be_visible()
    expect(passage).to_contain_text("<script>window.__pwned = 1</script>")  # shown as text
    expect(passage).to_contain_text("<b>bold?</b>")
    assert en.page.evaluate("() => window.__pwned") is None
    assert en.page.locator("#chat-pane-passage script, #chat-pane-passage img").count() == 0
    en.shot("06-escaping")
