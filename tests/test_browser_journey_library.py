"""A new user's journey, the Library's part: uploads and their progress, partial failures,
refusals, a deletion and the header on a phone (defects of issue 13).

The samples (a real 10-K's first pages, a Chinese quarterly report, a real scan with a
damaged page, a Chinese policy DOCX and an empty file) are uploaded at once by the
session's ``journey_library`` fixture (``tests/journeykit.py``); each test opens its own tab
and runs alone (``-k``) as well as with the others. Screenshots land in
``artifacts/browser/journey-*.png``.
"""

from __future__ import annotations

import re

import pytest

from tests.browserkit import ARTIFACTS, App, Session
from tests.journeykit import STEP_TIMEOUT_MS, Library, row, wait_ingested

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from playwright.sync_api import Browser, expect  # noqa: E402

expect.set_options(timeout=STEP_TIMEOUT_MS)


def test_uploads_show_what_runs_now_on_top_and_partial_failures(
    journey_user: Session, journey_library: Library
) -> None:
    user, files = journey_user, journey_library.files
    user.tab("library")
    # Defect 7: whatever is being processed is the first card, never under queued ones.
    looks = journey_library.looks
    assert looks, "no card ever showed a file being processed"
    buried = [states for states in looks if "running" not in states[0]]
    assert not buried, f"the running card was not on top: {buried}"
    # Defect 4: one page of two failed OCR: the chip says so without hovering.
    ocr = row(user, files.scan.name).locator("[data-comp=ocr]")
    expect(ocr).to_have_attribute("data-state", "partial")
    expect(ocr).to_contain_text("1/2")
    expect(row(user, files.scan.name)).to_contain_text("OCR failed on 1 of 2 pages")
    expect(row(user, files.tenk.name).locator("[data-comp=ocr]")).to_have_attribute(
        "data-state", "ready"
    )
    # Defect 5: the error names the user's file, not the temporary copy. Its row keeps the
    # reason (a progress card can come and go between refreshes: not what a test waits on).
    error = row(user, files.empty.name)
    expect(error.locator("[data-comp=parse]")).to_have_attribute("data-state", "failed")
    reason = error.locator(".folio-err-inline").inner_text()
    assert re.search(r"\d-notes-empty\.txt", reason) is None, reason
    assert "'notes-empty.txt'" in reason or "“notes-empty.txt”" in reason, reason
    user.shot("journey-02-library")


def test_refusal_reason_follows_the_interface_language(
    journey_user: Session, journey_library: Library
) -> None:
    page, files = journey_user.page, journey_library.files
    page.locator("#folio-lang label", has_text="中文").click()
    expect(page.locator("#tab-library-button")).to_have_text("文档库")
    journey_user.tab("library")
    error = row(journey_user, files.empty.name).locator(".folio-err-inline")
    expect(error).to_contain_text("空")  # the reason itself is in Chinese
    expect(error).not_to_contain_text("is empty")
    # Gradio's own upload texts follow the switch too, not only the browser's language.
    upload = page.locator("#lib-upload")
    expect(upload).to_contain_text("点击上传")
    expect(upload).not_to_contain_text("Click to Upload")


def test_deleted_document_leaves_library_and_queue(
    journey_user: Session, tmp_path_factory: pytest.TempPathFactory
) -> None:
    user, page = journey_user, journey_user.page
    # A document of its own: the library the other tests read keeps all of theirs.
    doomed = tmp_path_factory.mktemp("journey-delete") / "delete-me.md"
    doomed.write_text("# Delete me\n\nA note the user removes again.\n", encoding="utf-8")
    user.upload(doomed)
    wait_ingested(user, doomed.name, budget_ms=120_000)
    row(user, doomed.name).locator("td.name").click()
    page.click("#lib-delete")
    page.click("#lib-confirm")
    expect(row(user, doomed.name)).to_have_count(0, timeout=10_000)
    page.wait_for_timeout(2500)  # a few ticks: nothing comes back
    # Defect 7: the deleted document never lingers as "queued" (or anything else).
    expect(page.locator("#lib-progress .folio-job", has_text=doomed.name)).to_have_count(0)
    user.shot("journey-07-deleted")
    (ARTIFACTS / "journey.txt").write_text("journey finished\n")


def test_header_holds_together_on_a_phone(journey_browser: Browser, journey_app: App) -> None:
    phone = Session(journey_browser, journey_app.url, "en-US", size=(390, 844))
    page = phone.page
    tagline = page.locator("#folio-tagline")
    box = tagline.bounding_box()
    assert box is not None and box["width"] >= 300, f"tagline squeezed: {box}"
    badges = page.locator("#folio-badges").bounding_box()
    switch = page.locator("#folio-lang").bounding_box()
    assert badges is not None and switch is not None
    overlap_x = min(badges["x"] + badges["width"], switch["x"] + switch["width"]) - max(
        badges["x"], switch["x"]
    )
    overlap_y = min(badges["y"] + badges["height"], switch["y"] + switch["height"]) - max(
        badges["y"], switch["y"]
    )
    assert overlap_x <= 0 or overlap_y <= 0, f"badges {badges} under the switch {switch}"
    phone.shot("journey-06-phone", full=False)
    phone.close()


# Each word of the documents' names (short enough to fit the column) drawn on how many lines.
_SPLIT_WORDS = """() => {
  const split = [];
  for (const el of document.querySelectorAll('#lib-table .folio-docname')) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.textContent.matchAll(/\\w{2,12}/g)) {
        const r = document.createRange();
        r.setStart(node, m.index);
        r.setEnd(node, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].map((b) => Math.round(b.top)));
        if (tops.size > 1) split.push(m[0]);
      }
    }
  }
  return split;
}"""


def test_document_names_wrap_between_words_on_a_phone(
    journey_browser: Browser, journey_app: App, journey_library: Library
) -> None:
    phone = Session(
        journey_browser, journey_app.url, "en-US", size=(390, 844), state=journey_library.state
    )
    page = phone.page
    expect(page.locator("#lib-table .folio-docname").first).to_be_visible()
    assert page.locator("#lib-table .folio-docname").count() >= 3
    # "fiscal ye|ar", "Da|ta" were cut anywhere; a name wraps at its spaces
    assert page.evaluate(_SPLIT_WORDS) == []
    phone.shot("journey-08-phone-names")
    phone.close()
