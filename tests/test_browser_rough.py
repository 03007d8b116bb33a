"""The rough edges a newcomer hit (issue 30), in real Chromium on invented documents.

One app for the module. An English visitor scripts against their uploads through the
"Use via API" panel while another visitor's token sees nothing; cancels a same-name upload;
reads what to do about a cut-short PDF. A Chinese visitor asks a question, opens every tab
and finds no English interface text; after a reload their last conversation is back.
The API's refusals leave no traceback in the server log.
Screenshots: ``artifacts/browser/rough-*.png``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browserkit import App, Session, serve
from tests.zhwalk import english_words

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from gradio_client import Client  # noqa: E402
from playwright.sync_api import Browser, Locator, expect  # noqa: E402

expect.set_options(timeout=30_000)
INGEST_MS = 180_000

POLICY_ZH = """# 差旅费用管理办法

## 第一条 总则

员工出差应当事先提交申请，经部门负责人批准后方可出行。住宿标准为每晚不超过四百元。

## 第二条 报销标准

| 项目 | 标准 |
| --- | --- |
| 住宿 | 每晚四百元 |
| 餐费 | 每天一百元 |

报销须在返回后十个工作日内提交，逾期不予受理。
"""

# Text that is not the interface's own: code in the API panel, and Gradio's screen-reader
# announcer of finished events (Gradio 6.31 says "common.complete" there in every language:
# its locales lack that key). Everything else must be Chinese, screen-reader labels included.
NOT_INTERFACE = "#api-panel-body pre, #api-panel-body code, script, style, div.sr-only[role=status]"

VISIBLE_TEXT_JS = """
(skip) => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const el = node.parentElement;
    if (!text || !el || el.closest(skip)) continue;
    if (!el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
    const where = el.closest('[id]');
    out.push([where ? where.id : el.tagName, text]);
  }
  for (const el of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
    if (el.checkVisibility() && !el.closest(skip)) out.push([el.id || 'input', el.placeholder]);
  }
  return out;
}
"""


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    with serve(tmp_path_factory.mktemp("rough-data"), "rough-app.log") as running:
        yield running


@pytest.fixture(scope="module")
def zh_visitor() -> dict[str, Any]:
    return {}


def row(s: Session, name: str) -> Locator:
    return s.page.locator("#lib-table tr[data-doc]", has_text=name)


def ready(s: Session, name: str) -> None:
    expect(row(s, name).locator("[data-comp=index]")).to_have_attribute(
        "data-state", "ready", timeout=INGEST_MS
    )


def panel_token(s: Session) -> str:
    s.page.locator("#api-panel").get_by_text(re.compile("Use via API|通过 API 使用")).click()
    body = s.page.locator("#api-panel-body")
    expect(body).to_contain_text("gradio_client")
    found = re.search(r'ws = "([A-Za-z0-9_-]+)"', body.inner_text())
    assert found, body.inner_text()
    return found.group(1)


def english_on_page(s: Session) -> list[str]:
    pairs = s.page.evaluate(VISIBLE_TEXT_JS, NOT_INTERFACE)
    return [f"#{where}: {text!r}" for where, text in pairs if english_words(text)]


def test_the_api_panels_token_reaches_the_browsers_documents_only(
    browser: Browser, app: App, tmp_path: Path
) -> None:
    note = tmp_path / "orchard-notes.md"
    note.write_text("# Orchard\n\nThe orchard is pruned in March and picked in September.\n")
    mine = Session(browser, app.url, "en-US")
    other = Session(browser, app.url, "en-US")
    try:
        mine.upload(note)
        ready(mine, note.name)
        token = panel_token(mine)
        mine.shot("rough-01-api-panel")
        client = Client(app.url, verbose=False, download_files=False)
        listed = client.predict(workspace=token, api_name="/documents")
        assert [d["name"] for d in listed["documents"]] == [note.name]
        hits = client.predict("pruned", workspace=token, api_name="/search")["hits"]
        assert hits and hits[0]["doc_name"] == note.name
        theirs = panel_token(other)
        assert theirs != token
        assert client.predict(workspace=theirs, api_name="/documents")["documents"] == []
        # A refusal of the API is one line in the log, no traceback.
        before = app.tracebacks()
        with pytest.raises(Exception, match="No document with id"):
            client.predict(hits[0]["doc_id"], workspace=theirs, api_name="/delete")
        assert app.tracebacks() == before
        assert client.predict(workspace=token, api_name="/documents")["documents"]
    finally:
        mine.close()
        other.close()


def test_same_name_cancel_and_a_cut_short_pdf_say_what_happens(
    browser: Browser, app: App, tmp_path: Path
) -> None:
    s = Session(browser, app.url, "en-US")
    try:
        for folder, text in (("a", "Tomatoes need sun every morning."), ("b", "Beans want shade.")):
            (tmp_path / folder).mkdir()
            (path := tmp_path / folder / "garden.txt").write_text(f"Garden\n\n{text}\n")
            s.upload(path)
            if folder == "a":
                ready(s, "garden.txt")
        expect(s.page.locator("#lib-name-row")).to_be_visible(timeout=30_000)
        s.shot("rough-02-same-name-prompt", full=False)
        s.page.click("#lib-name-cancel")
        expect(s.page.locator("#lib-name-row")).to_be_hidden()
        s.page.wait_for_timeout(2500)  # a few refreshes: nothing was queued
        expect(s.page.locator("#lib-table tr[data-doc]")).to_have_count(1)
        expect(s.page.locator("#lib-table")).not_to_contain_text("garden (2).txt")
        cut = tmp_path / "truncated.pdf"
        cut.write_bytes(b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\n")
        s.upload(cut)
        reason = row(s, cut.name).locator(".folio-err-inline")
        expect(reason).to_contain_text("Download or export it again", timeout=60_000)
        s.shot("rough-03-cut-short", full=False)
    finally:
        s.close()


def test_the_chinese_interface_has_no_english_left(
    browser: Browser, app: App, tmp_path: Path, zh_visitor: dict[str, Any]
) -> None:
    doc = tmp_path / "差旅费用管理办法.md"
    doc.write_text(POLICY_ZH, encoding="utf-8")
    s = Session(browser, app.url, "zh-CN")
    page = s.page
    try:
        s.upload(doc)
        ready(s, doc.name)
        panel_token(s)  # the API panel open: its prose is Chinese too
        found = english_on_page(s)
        s.shot("rough-04-zh-library")
        s.tab("chat")
        page.fill("#chat-question textarea", "住宿标准是多少？")
        page.click("#chat-send")
        meta = page.locator("#chat-bot .folio-answer-meta")
        expect(meta).to_have_count(1, timeout=90_000)
        expect(meta).to_contain_text("离线")
        page.locator("#chat-cards .folio-card").first.click()
        found += english_on_page(s)
        s.shot("rough-05-zh-chat")
        s.tab("inspect")
        table = page.locator("#ins-blocks [data-block]", has_text="住宿").last
        table.click()
        expect(page.locator("#ins-detail")).to_contain_text("数据")
        found += english_on_page(s)
        s.shot("rough-06-zh-inspect")
        s.tab("review")
        expect(page.locator("#rv-pane-caption")).to_contain_text("点击引用来源")
        found += english_on_page(s)
        s.shot("rough-07-zh-review")
        s.tab("knowledge")
        expect(page.locator("#kn-mindmap-body").get_by_role("img")).to_be_visible(timeout=INGEST_MS)
        found += english_on_page(s)
        s.shot("rough-08-zh-knowledge")
        for view in ("知识图谱", "学习路线", "摘要"):
            page.get_by_role("tab", name=view, exact=True).click()
            page.wait_for_timeout(500)
            found += english_on_page(s)
        assert not found, "English left in the Chinese interface:\n" + "\n".join(
            dict.fromkeys(found)
        )
    finally:
        zh_visitor["state"] = s.context.storage_state()
        s.close()


def test_a_reload_reopens_the_last_conversation(
    browser: Browser, app: App, zh_visitor: dict[str, Any]
) -> None:
    if "state" not in zh_visitor:
        pytest.skip("needs the conversation of the Chinese visitor")
    s = Session(browser, app.url, "zh-CN", state=zh_visitor["state"])
    try:
        s.tab("chat")
        # No click on the conversation list: the last conversation is simply there.
        answers = s.page.locator("#chat-bot .message.bot:has(.folio-answer-meta)")
        expect(answers).to_have_count(1, timeout=30_000)
        expect(s.page.locator("#chat-bot")).to_contain_text("住宿标准是多少")
        expect(s.page.locator("#chat-conversations input:checked")).to_have_count(1)
        s.shot("rough-09-reloaded-chat")
    finally:
        s.close()


RELOCATION = (
    "Relocation policy\n\n1. Support\nStaff who have served a notice period of 30 days may "
    "claim relocation support up to two times per year, subject to director approval.\n\n"
    "2. Travel\nTrain tickets are booked by the office.\n"
)
RATES = "| Route | Fare (EUR) | Days |\n|---|---|---|\n| North | 42 | 3 |\n| South | 57 | 5 |\n"


def test_a_newcomers_pleasantries_numbered_policy_and_table_only_summary(
    browser: Browser, app: App, tmp_path: Path
) -> None:
    """Found trying the app: "hi, thanks!" was refused as not in the documents; a numbered
    heading was glued into the answer ("Support Staff who …") and the condition after the
    figure cut off; a document of tables only had an "Overview" heading over nothing."""
    policy, rates = tmp_path / "relocation.txt", tmp_path / "fares.md"
    policy.write_text(RELOCATION, encoding="utf-8")
    rates.write_text(RATES, encoding="utf-8")
    s = Session(browser, app.url, "en-US")
    try:
        s.upload(policy, rates)
        ready(s, policy.name)
        ready(s, rates.name)
        s.tab("chat")
        s.page.click("#chat-new")
        answers = s.page.locator("#chat-bot .message.bot:has(.folio-answer-meta)")
        s.page.fill("#chat-question textarea", "hi, thanks!")
        s.page.click("#chat-send")
        expect(answers).to_have_count(1, timeout=90_000)
        expect(answers.last).to_contain_text("You're welcome")
        expect(answers.last).not_to_contain_text("Not found")
        # the finished turn clears the box: a question typed before that would be lost
        expect(s.page.locator("#chat-question textarea")).to_have_value("")
        s.page.wait_for_timeout(1000)
        s.page.fill("#chat-question textarea", "How many days of notice before relocation support?")
        s.page.click("#chat-send")
        expect(answers).to_have_count(2, timeout=90_000)
        said = answers.last.inner_text()
        assert "30 days" in said and "subject to director approval" in said, said
        assert "Support Staff" not in said, said
        s.shot("rough-10-policy-answer")
        s.tab("knowledge")
        s.page.click("#kn-doc input")
        s.page.get_by_role("option", name=rates.name).click()
        s.page.get_by_role("tab", name="Summary", exact=True).click()
        expect(s.page.locator("#kn-summary-body .folio-sum-empty")).to_contain_text(
            "No sentence of prose was found"
        )
        s.shot("rough-11-table-only-summary")
        assert app.tracebacks() == 0
    finally:
        s.close()
