"""A new user's journey, the Chat's part: an answer's badges, cards and page pane on a
laptop, a follow-up, a language switch mid-conversation and a reload (defects of issue 13).

Over the samples the session's ``journey_library`` fixture uploaded (``tests/journeykit.py``);
each test opens its own tab, starts its own conversation and runs alone (``-k``) as well as
with the others. Screenshots land in ``artifacts/browser/journey-*.png``.
"""

from __future__ import annotations

import re
import shutil

import pytest

from tests.browserkit import UPDATE_SCREENSHOT, App, Session, settled_highlight
from tests.conftest import ROOT
from tests.journeykit import STEP_TIMEOUT_MS, Library, ask, in_viewport, new_chat

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from playwright.sync_api import expect  # noqa: E402

expect.set_options(timeout=STEP_TIMEOUT_MS)

EMPLOYEES = "How many employees did Best Buy have at the end of fiscal 2023?"
ZH_REVENUE = "东北电气2018年第一季度的营业收入是多少？"


def test_answer_badges_cards_and_the_page_pane_on_a_laptop(
    journey_user: Session, journey_library: Library
) -> None:
    user, page = journey_user, journey_user.page
    new_chat(user)
    bubble = ask(user, EMPLOYEES, 0)
    bot = page.locator("#chat-bot")
    expect(bot).to_contain_text("Searched the documents")
    # The answer's badge ("offline · 1.4 s") tells where the time went on hover.
    tip = re.compile(r"^model \d+\.\d s · tools \d+\.\d s \(searches .*\) · .* · total \d+\.\d s$")
    expect(bubble.locator(".folio-answer-meta")).to_have_attribute("title", tip)
    cards = page.locator("#chat-cards .folio-card")
    assert cards.count() >= 2, "the answer needs two sources to tell badges apart"
    # Defect 6: a card clicked low on a laptop screen brings the page pane into view.
    second = cards.nth(1)
    second.scroll_into_view_if_needed()
    second.click()
    expect(second).to_have_class(re.compile(r"\bactive\b"))
    image = page.locator("#chat-pane-image img")
    expect(image).to_be_visible()
    page.wait_for_timeout(800)  # the smooth scroll
    assert in_viewport(user, image), "the page pane stayed out of view"
    # Defect 2: a [n] badge inside the answer jumps to its source.
    badge = bubble.locator(".folio-cite").first
    marker = badge.inner_text().strip()
    badge.click()
    target = page.locator(f'#chat-cards .folio-card[data-marker="{marker}"]')
    expect(target).to_have_class(re.compile(r"\bactive\b"))
    expect(page.locator("#chat-pane-caption [data-highlights]")).not_to_have_attribute(
        "data-highlights", "0"
    )
    page.wait_for_function(
        "() => { const i = document.querySelector('#chat-pane-image img');"
        " return i && i.complete && i.naturalWidth > 600; }"
    )
    assert settled_highlight(image) > 40, "no highlight drawn on the page image"
    # Defect 6: no raw Markdown in source cards.
    assert "**" not in page.locator("#chat-cards").inner_text()
    page.evaluate("() => window.scrollTo(0, 0)")
    path = user.shot("journey-03-answer", full=False)
    if UPDATE_SCREENSHOT:
        shutil.copyfile(path, ROOT / "docs" / "screenshot.png")

    followup = page.locator("#chat-followup-0")
    expect(followup).to_be_visible()
    followup.click()
    expect(page.locator("#chat-bot .message.bot:has(.folio-answer-meta)")).to_have_count(
        2, timeout=90_000
    )


def test_switching_language_mid_conversation_keeps_everything(
    journey_user: Session, journey_app: App, journey_library: Library
) -> None:
    user, page, files = journey_user, journey_user.page, journey_library.files
    new_chat(user)
    ask(user, EMPLOYEES, 0)
    conversations = page.locator("#chat-conversations label")
    listed = conversations.count()
    before = journey_app.tracebacks()
    page.locator("#folio-lang label", has_text="中文").click()
    expect(page.locator("#tab-chat-button")).to_have_text("对话")
    page.wait_for_timeout(3000)  # several ticks of the timers
    # Defect 1: no error storm, pickers and conversations intact.
    assert user.error_toasts() == []
    assert journey_app.tracebacks() == before, "the switch made the server fail"
    expect(conversations).to_have_count(listed)
    page.click("#chat-docs input")
    expect(page.get_by_role("option", name=files.tenk.name)).to_be_visible()
    page.keyboard.press("Escape")
    # Defect 5: the finished search is titled in Chinese too.
    bot = page.locator("#chat-bot")
    expect(bot).to_contain_text("已检索文档")
    expect(bot).not_to_contain_text("Searched the documents")
    ask(user, ZH_REVENUE, 1)
    expect(page.locator("#chat-cards")).to_contain_text(files.zh_pdf.name)
    user.shot("journey-04-zh-answer", full=False)
    user.tab("knowledge")
    expect(page.locator("#kn-doc input")).not_to_have_value("")
    user.tab("inspect")
    expect(page.locator("#ins-doc input")).not_to_have_value("")


def test_reload_shows_saved_conversations_and_continues(journey_user: Session) -> None:
    user, page = journey_user, journey_user.page
    new_chat(user)
    ask(user, ZH_REVENUE, 0)
    conversations = page.locator("#chat-conversations label")
    listed = conversations.count()
    page.reload()
    user.wait_ready()
    user.tab("chat")
    # Defect 3: the conversations are listed before any question is asked.
    expect(conversations).to_have_count(listed)
    # Issue 30: the last conversation is open again without a click.
    expect(page.locator("#chat-bot .message.bot:has(.folio-answer-meta)")).to_have_count(1)
    expect(page.locator("#chat-bot")).to_contain_text(ZH_REVENUE)
    ask(user, "净利润呢？", 1)
    user.shot("journey-05-after-reload", full=False)
