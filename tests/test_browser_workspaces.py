"""Two visitors in two real browsers on one running app: each has a private workspace.

Visitor 2 cannot list, open, ask about or delete visitor 1's documents or conversations,
not even by sending visitor 1's ids from a forged page; visitor 1's library and
conversations survive a reload.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tests.test_browser import ARTIFACTS, Session, server, upload  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from playwright.sync_api import Browser, expect  # noqa: E402

SECRET = "The bank PIN of the family account is 4711. The safe key is under the blue pot."
FORGE_ROW = """(docId) => {
  const host = document.querySelector('#lib-table');
  const table = document.createElement('table');
  table.innerHTML = `<tr data-doc="${docId}" id="forged"><td>forged</td></tr>`;
  host.appendChild(table);
  document.querySelector('#forged td').click();
}"""


def _ready_row(s: Session, name: str) -> str:
    row = s.page.locator("#lib-table tr[data-doc]", has_text=name)
    expect(row.locator("[data-comp=index]")).to_have_attribute(
        "data-state", "ready", timeout=90_000
    )
    doc_id = row.get_attribute("data-doc")
    assert doc_id
    return doc_id


def _ask(s: Session, question: str) -> None:
    s.tab("chat")
    s.page.fill("#chat-question textarea", question)
    s.page.click("#chat-send")


def test_two_visitors_have_private_workspaces(
    browser: Browser,
    server: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    notes = tmp_path / "household-secrets.md"
    notes.write_text(f"# Household\n\n{SECRET}\n", encoding="utf-8")
    one = Session(browser, server, "en-US")
    upload(one, notes)
    doc_id = _ready_row(one, notes.name)
    _ask(one, "What is the bank PIN?")
    expect(one.page.locator("#chat-cards .folio-card").first).to_be_visible(timeout=60_000)
    expect(one.page.locator("#chat-bot")).to_contain_text("4711")
    conversations = one.page.locator("#chat-conversations input[type=radio]")
    expect(conversations).to_have_count(1)
    one.shot("ws-01-visitor1")

    two = Session(browser, server, "en-US")
    time.sleep(2.5)  # a few refresh ticks
    expect(two.page.locator("#lib-table tr[data-doc]")).to_have_count(0)
    expect(two.page.locator("#lib-table")).not_to_contain_text(notes.name)
    two.tab("chat")
    expect(two.page.locator("#chat-conversations input[type=radio]")).to_have_count(0)
    two.shot("ws-02-visitor2-empty")

    # Visitor 2 sends visitor 1's document id from a forged row, then tries to delete it.
    two.tab("library")
    two.page.evaluate(FORGE_ROW, doc_id)
    expect(two.page.locator("#lib-selected")).not_to_contain_text(notes.name)
    two.page.click("#lib-delete")
    expect(two.page.locator("#lib-confirm-row")).to_be_hidden()
    _ask(two, "What is the bank PIN?")
    time.sleep(3)
    expect(two.page.locator("#chat-bot")).not_to_contain_text("4711")
    expect(two.page.locator("#chat-cards .folio-card")).to_have_count(0)
    two.shot("ws-03-visitor2-asks")

    # Visitor 1 still has everything, after a reload too.
    one.page.reload()
    one.wait_ready()
    assert _ready_row(one, notes.name) == doc_id
    one.tab("chat")
    expect(one.page.locator("#chat-conversations input[type=radio]")).to_have_count(
        1, timeout=30_000
    )
    one.page.locator("#chat-conversations label").first.click()
    expect(one.page.locator("#chat-bot")).to_contain_text("4711", timeout=90_000)
    one.shot("ws-04-visitor1-reloaded")
    token = one.page.evaluate("() => localStorage.getItem('folio-workspace')")
    assert token and not re.search(r"[?&#]", one.page.url)  # kept by the browser, not the URL
    log = (ARTIFACTS / "app.log").read_text(encoding="utf-8", errors="replace")
    assert doc_id not in one.page.url and "anon-" not in log
    two.close()
    one.close()
