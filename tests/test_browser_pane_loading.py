"""The chat's page pane never shows one page under another page's caption.

Seen by a visitor on a slow machine: the new answer's caption ("… page 5 of 9") stood over
the last answer's page image until the new image had loaded. Here the page images are held
at the browser (a Playwright route), so the slow load does not depend on the machine:
while the new page is held, the pane says it is loading and shows no page; once the page
is in, it shows that page. Asking a new question takes the last answer's page (and its
follow-up suggestions) away until the new answer names its own.
"""

from __future__ import annotations

import re

import pytest

from tests.browserkit import App, Session
from tests.conftest import ROOT
from tests.journeykit import wait_ingested

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from playwright.sync_api import Browser, Route, expect  # noqa: E402

REPORT = ROOT / "sample_docs" / "AMCOR_2023Q4_EARNINGS.pdf"
PAGE_IMAGES = "**/gradio_api/file=**/*.png"
# What a person sees of the pane's image: drawn, not hidden, with its address.
SEEN_JS = """() => {
  const img = document.querySelector('#chat-pane-image img');
  if (!img || img.offsetParent === null) return null;
  return getComputedStyle(img).visibility === 'hidden' ? null : img.src;
}"""
# Every caption the pane shows, with the page image seen at that moment.
WATCH_JS = """() => {
  window.__captions = [];
  new MutationObserver(() => {
    const cap = document.querySelector('#chat-pane-caption');
    const img = document.querySelector('#chat-pane-image img');
    const seen = img && img.offsetParent !== null
      && getComputedStyle(img).visibility !== 'hidden' ? img.src : null;
    window.__captions.push({caption: cap ? cap.innerText : '', seen});
  }).observe(document.querySelector('#chat-pane-caption'),
    {subtree: true, childList: true, characterData: true});
}"""


class HeldImages:
    """Holds every page image requested until :meth:`release`."""

    def __init__(self) -> None:
        self.routes: list[Route] = []
        self.holding = True

    def __call__(self, route: Route) -> None:
        if self.holding:
            self.routes.append(route)
        else:
            route.fallback()

    def release(self) -> None:
        self.holding = False
        for r in self.routes:
            r.fallback()


def _ask(s: Session, question: str, before: int) -> None:
    s.page.fill("#chat-question textarea", question)
    s.page.click("#chat-send")
    bubbles = s.page.locator("#chat-bot .message.bot:has(.folio-answer-meta)")
    expect(bubbles).to_have_count(before + 1, timeout=120_000)


def test_a_page_loading_slowly_is_never_shown_under_another_pages_caption(
    browser: Browser, journey_app: App
) -> None:
    s = Session(browser, journey_app.url, "en-US")
    try:
        s.upload(REPORT)
        wait_ingested(s, REPORT.name)
        s.tab("chat")
        _ask(s, "What were net sales in fiscal 2023?", 0)
        caption = s.page.locator("#chat-pane-caption")
        expect(caption).to_contain_text("page")
        s.page.wait_for_function(SEEN_JS)  # the first page is in, as it was drawn
        first = s.page.evaluate(SEEN_JS)
        before = caption.inner_text()

        page, pages = map(int, re.findall(r"page (\d+) of (\d+)", before)[0])
        held = HeldImages()
        s.page.route(PAGE_IMAGES, held)
        # another page: a new caption, its image held
        s.page.click("#chat-pane-next" if page < pages else "#chat-pane-prev")
        expect(caption).not_to_have_text(before)
        s.page.wait_for_timeout(1500)
        assert s.page.evaluate(SEEN_JS) is None, "the old page showed under the new caption"
        box = s.page.locator("#chat-pane-image")
        expect(box).to_have_attribute("data-loading", re.compile(r"^Loading page \d+"))
        s.shot("pane-loading-held", full=False)

        held.release()
        s.page.wait_for_function(SEEN_JS)
        assert s.page.evaluate(SEEN_JS) != first
        s.page.wait_for_function(
            "() => !document.querySelector('#chat-pane-image').hasAttribute('data-loading')"
        )

        # A new question: the last answer's page goes until the new answer cites its own.
        s.page.evaluate(WATCH_JS)
        s.page.fill("#chat-question textarea", "What was the adjusted EBIT?")
        s.page.click("#chat-send")
        bubbles = s.page.locator("#chat-bot .message.bot:has(.folio-answer-meta)")
        expect(bubbles).to_have_count(2, timeout=120_000)
        shown = s.page.evaluate("() => window.__captions")
        waiting = [c for c in shown if "will show here" in c["caption"]]
        assert waiting and all(c["seen"] is None for c in waiting), shown
        assert journey_app.tracebacks() == 0
    finally:
        s.close()
