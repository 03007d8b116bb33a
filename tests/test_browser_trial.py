"""What a demanding visitor met in a trial, in real Chromium on invented documents.

One app for the module (lexical search only: a keyword-only server). "New chat" clicked at
once after a language switch starts a new conversation (the switch's redraw wrote the old
one back); a file of a type Folio does not read is refused in the interface's language and
stores nothing; the Regenerate picker offers a stage this server can run.
Screenshots: ``artifacts/browser/trial3-*.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browserkit import App, Session, serve
from tests.conftest import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from playwright.sync_api import Browser, Locator, expect  # noqa: E402

expect.set_options(timeout=30_000)
INGEST_MS = 180_000
REPORT = ROOT / "sample_docs" / "AMCOR_2023Q4_EARNINGS.pdf"

NOTE = """# Harbour lab handbook

## Samples

Every sample must be labelled with the date it was taken and the initials of the
person who took it. Samples are kept at four degrees for at most ten days.

## Spills

A spill of any size must be reported to the safety officer within 24 hours.
"""


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    with serve(tmp_path_factory.mktemp("trial-data"), "trial-app.log") as running:
        yield running


def row(s: Session, name: str) -> Locator:
    return s.page.locator("#lib-table tr[data-doc]", has_text=name)


def ready(s: Session, name: str) -> None:
    expect(row(s, name).locator("[data-comp=index]")).to_have_attribute(
        "data-state", "ready", timeout=INGEST_MS
    )


def answers(s: Session) -> Locator:
    return s.page.locator("#chat-bot .message.bot:has(.folio-answer-meta)")


def ask(s: Session, question: str, before: int) -> None:
    s.page.fill("#chat-question textarea", question)
    s.page.click("#chat-send")
    expect(answers(s)).to_have_count(before + 1, timeout=90_000)


def test_new_chat_right_after_a_language_switch_starts_a_new_conversation(
    browser: Browser, app: App, tmp_path: Path
) -> None:
    """The switch redraws every tab (here a cited page of a PDF in the chat's pane and in
    the inspector: real work) from the conversation it started in."""
    s = Session(browser, app.url, "en-US")
    try:
        s.upload(REPORT)
        ready(s, REPORT.name)
        s.tab("chat")
        ask(s, "What were net sales in fiscal 2023?", 0)
        s.page.locator("#chat-cards .folio-card").first.click()
        expect(s.page.locator("#chat-pane-image img")).to_be_visible()
        conversations = s.page.locator("#chat-conversations label")
        expect(conversations).to_have_count(1)
        for label, lang, new in (("中文", "zh", "新对话"), ("English", "en", "New chat")):
            s.page.locator("#folio-lang label", has_text=label).click()
            s.page.click("#chat-new")  # at once, while the switch redraws every tab
            # the redraw is over: the button is relabelled, the page is marked ready again
            expect(s.page.locator("#chat-new")).to_contain_text(new, timeout=60_000)
            s.page.wait_for_selector("body[data-folio-ready]", state="attached", timeout=60_000)
            s.page.wait_for_timeout(1500)  # the chain after the redraw (list, reopen) too
            expect(answers(s)).to_have_count(0)
            expect(s.page.locator("#chat-conversations input:checked")).to_have_count(0)
            s.shot(f"trial3-new-chat-after-switch-{lang}", full=False)
        ask(s, "What was the adjusted EBIT?", 0)
        expect(conversations).to_have_count(2)
        expect(answers(s)).to_have_count(1)
        assert app.tracebacks() == 0
    finally:
        s.close()


def test_a_chinese_visitor_is_told_in_chinese_which_files_were_not_added(
    browser: Browser, app: App, tmp_path: Path
) -> None:
    """Gradio's own refusal was "Invalid file type: …" in English; the readable file of the
    same drop is still added, the other leaves no row. The Regenerate picker of this
    keyword-only server preselects a stage it runs (parsing), not embedding."""
    sheet = tmp_path / "预算表.xlsx"
    sheet.write_bytes(b"PK\x03\x04 a spreadsheet")
    note = tmp_path / "实验室守则.md"
    note.write_text(NOTE, encoding="utf-8")
    s = Session(browser, app.url, "zh-CN")
    try:
        zone = s.page.locator("#lib-upload input[type=file]")
        expect(zone).to_have_attribute("accept", ".docx,.markdown,.md,.pdf,.text,.txt")
        s.upload(sheet, note)
        toast = s.page.locator(".toast-body", has_text="预算表.xlsx")
        expect(toast).to_contain_text("未添加")
        s.shot("trial3-unsupported-file-zh", full=False)
        assert "Invalid file" not in s.page.locator("body").inner_text()
        ready(s, note.name)
        expect(row(s, "预算表.xlsx")).to_have_count(0)
        picker = s.page.locator("#lib-component input")
        expect(picker).to_have_value("解析")
        s.page.click("#lib-component input")
        expect(s.page.get_by_role("option", name="向量")).to_have_count(0)
        s.page.keyboard.press("Escape")
        assert app.tracebacks() == 0
    finally:
        s.close()
