"""A new user's journey, the Mind map & terms tab: the mind map's root, the summary's
citations that open their page, and the terms, in English and in Chinese (issue 13).

Over the samples the session's ``journey_library`` fixture uploaded (``tests/journeykit.py``);
each test opens its own tab and runs alone (``-k``) as well as with the others. Screenshots
land in ``artifacts/browser/journey-*.png``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from testkit.knowledge_docs import ZH_POLICY_TITLE
from tests.browserkit import App, Session, settled_highlight
from tests.journeykit import (
    LAPTOP,
    STEP_TIMEOUT_MS,
    Library,
    mind_map_svg,
    open_cited_page,
    pick_knowledge_doc,
    root_title,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from playwright.sync_api import Browser, expect  # noqa: E402

expect.set_options(timeout=STEP_TIMEOUT_MS)


@pytest.fixture
def zh_user(
    journey_browser: Browser, journey_app: App, journey_library: Library
) -> Iterator[Session]:
    """The visitor who uploaded the library, in a browser set to Chinese."""
    s = Session(journey_browser, journey_app.url, "zh-CN", size=LAPTOP, state=journey_library.state)
    yield s
    s.close()


def test_knowledge_tab_root_summary_jump_and_terms_in_english(
    journey_user: Session, journey_library: Library
) -> None:
    user, page = journey_user, journey_user.page
    pick_knowledge_doc(user, journey_library.files.tenk.name)
    # The root is the registrant from the 10-K's cover, never the file name or an identifier.
    root = root_title(mind_map_svg(user, "Form 10-K"))
    assert root.startswith("BEST BUY CO., INC.") and "Form 10-K" in root, root
    assert "bestbuy" not in root.lower() and not re.search(r"\d{10}-\d{2}-\d{6}", root)
    terms = page.locator("#kn-terms tr[data-index]")
    expect(terms.first).to_be_visible()
    # Acronyms and short names come with what they stand for, read from the text.
    expanded = page.locator("#kn-terms tr[data-index] td.folio-term .folio-sub").all_inner_texts()
    assert sum(1 for d in expanded if d.strip()) >= 3, expanded
    page.get_by_role("tab", name="Summary", exact=True).click()
    chip = page.locator("#kn-summary-body .folio-sum-cite").first
    expect(chip).to_be_visible()
    assert chip.inner_text().startswith("p. ")
    open_cited_page(user, chip)
    image = page.locator("#kn-pane-image img")
    expect(image).to_be_visible()
    assert settled_highlight(image) > 40, "no highlight on the cited page"
    # Opening a fold shows its first cited page too.
    fold = page.locator("#kn-summary-body details.folio-sum-sec").nth(1)
    fold.locator("summary").click()
    expect(fold).to_have_attribute("open", "")
    open_cited_page(user, fold.locator(".folio-sum-cite").first)
    page.evaluate("() => window.scrollTo(0, 0)")
    user.shot("journey-03b-knowledge-en", full=False)
    page.get_by_role("tab", name="Mind map", exact=True).click()
    user.shot("journey-03c-mindmap-en", full=False)


def test_knowledge_tab_in_chinese_root_terms_and_summary(
    zh_user: Session, journey_library: Library
) -> None:
    page = zh_user.page
    expect(page.locator("#tab-knowledge-button")).to_have_text("导图与术语")
    pick_knowledge_doc(zh_user, journey_library.files.docx.name)
    assert root_title(mind_map_svg(zh_user, ZH_POLICY_TITLE)) == ZH_POLICY_TITLE
    rows = page.locator("#kn-terms tr[data-index]")
    expect(page.locator("#kn-terms thead")).to_contain_text("定义")
    # a Word file has no pages: its terms are placed by section, as its summary chips are
    expect(page.locator("#kn-terms thead")).to_contain_text("章节")
    expect(page.locator("#kn-terms thead")).not_to_contain_text("页")
    employee = rows.filter(has=page.locator("td.folio-term b", has_text=re.compile("^员工$")))
    expect(employee).to_contain_text("与公司签订劳动合同")
    assert not page.locator("#kn-terms td.folio-term b", has_text="部门经理").count()
    page.get_by_role("tab", name="摘要", exact=True).click()
    chip = page.locator("#kn-summary-body .folio-sum-cite").first
    # a Word file has no pages: its chips name the section, never "第 1 页"
    expect(chip).to_have_text(re.compile(r"^§ \S"))
    chip.click()
    expect(page.locator("#kn-pane-passage")).to_be_visible()
    expect(page.locator("#kn-pane-passage mark").first).to_be_visible()
    zh_user.shot("journey-04b-knowledge-zh", full=False)
    page.get_by_role("tab", name="思维导图", exact=True).click()
    zh_user.shot("journey-04c-mindmap-zh", full=False)
