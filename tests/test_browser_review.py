"""The Review tab (审阅) in real Chromium, in both languages.

An English services contract and a Chinese policy (both built by testkit/review_docs*.py
from text written for the benchmark) are uploaded; a goal is entered; the plan shows its
scored candidates while the steps stream, then the report; a clicked citation highlights
its span on the page pane; the rule the Chinese review learnt is listed, disabled and
deleted. Screenshots: ``artifacts/browser/review-*.png``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from testkit.review_docs import contract_pdf
from testkit.review_docs_zh import policy_zh_pdf
from tests.browserkit import App, Session, serve, settled_highlight

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from playwright.sync_api import Browser, expect  # noqa: E402

expect.set_options(timeout=30_000)
INGEST_MS = 240_000
REVIEW_MS = 120_000

# Every look at the plan while a review runs: the steps' states as they stream.
WATCH_PLAN = """() => {
  window.__rvLooks = [];
  const plan = document.querySelector('#rv-plan');
  new MutationObserver(() => {
    const states = [...plan.querySelectorAll('li[data-step]')].map(li => li.className);
    const report = document.querySelector('#rv-report .rv-finding') !== null;
    window.__rvLooks.push({states: states.join(' '), report});
  }).observe(plan, {childList: true, subtree: true, characterData: true});
}"""


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    with serve(tmp_path_factory.mktemp("review-data"), "review-app.log") as running:
        yield running


@pytest.fixture(scope="module")
def docs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    d = tmp_path_factory.mktemp("review-files")
    return contract_pdf(d / "services_agreement.pdf"), policy_zh_pdf(d / "数据中心管理办法.pdf")


def _upload_and_wait(s: Session, path: Path) -> None:
    s.upload(path)
    row = s.page.locator("#lib-table tr[data-doc]", has_text=path.name)
    expect(row.locator("[data-comp=index]")).to_have_attribute(
        "data-state", "ready", timeout=INGEST_MS
    )


def _review(s: Session, name: str, goal: str) -> None:
    page = s.page
    s.tab("review")
    picker = page.locator("#rv-doc input")
    expect(picker).to_be_visible()
    picker.click()
    page.locator("ul[role=listbox] li", has_text=name).first.click()
    page.fill("#rv-goal textarea", goal)
    page.evaluate(WATCH_PLAN)
    page.click("#rv-run")
    expect(page.locator("#rv-report .rv-finding").first).to_be_visible(timeout=REVIEW_MS)


def _check_plan_and_report(s: Session, lang: str) -> None:
    page = s.page
    plan = page.locator("#rv-plan table.rv-plan tbody tr")
    expect(plan).to_have_count(3)  # three candidates, each with its score
    scores = [float(x) for x in page.locator("#rv-plan tbody td b").all_inner_texts()]
    assert len(scores) == 3 and scores == sorted(scores, reverse=True) and scores[0] > 0
    assert page.locator("#rv-plan tbody tr", has_text="✓").count() == 2
    steps = page.locator("#rv-plan li[data-step]")
    expect(steps).to_have_count(5)  # two sub-goals × (tool, references) + reflection
    expect(steps.last).to_have_class(re.compile(r"rv-done"))
    looks = page.evaluate("() => window.__rvLooks")
    streamed = [x["states"] for x in looks if x["states"] and not x["report"]]
    assert streamed, f"the plan never showed before the report: {looks}"
    report = page.locator("#rv-report")
    cite = r"\[p\d+, [^\]]+\]"
    assert re.search(cite, report.inner_text()), report.inner_text()[:300]
    want = "有据（所引原文明确陈述）" if lang == "zh" else "Supported (the cited passage states it)"
    expect(report).to_contain_text(want)
    head = "子目标" if lang == "zh" else "sub-goal"
    expect(page.locator("#rv-plan thead")).to_contain_text(head)


def _click_citation(s: Session) -> None:
    page = s.page
    page.locator("#rv-report .rv-finding .rv-cite").first.click()
    image = page.locator("#rv-pane-image img")
    expect(image).to_be_visible()
    page.wait_for_function(
        "() => { const i = document.querySelector('#rv-pane-image img');"
        " return i && i.complete && i.naturalWidth > 300; }"
    )
    assert settled_highlight(image) > 40, "no highlight drawn on the page pane"


def test_english_review_plan_steps_report_and_highlight(
    browser: Browser, app: App, docs: tuple[Path, Path]
) -> None:
    s = Session(browser, app.url, "en-US")
    try:
        _upload_and_wait(s, docs[0])
        _review(s, docs[0].name, "List every obligation and penalty in this contract")
        _check_plan_and_report(s, "en")
        s.shot("review-en-report")
        _click_citation(s)
        s.shot("review-en-highlight", full=False)
        assert app.tracebacks() == 0
    finally:
        s.close()


def test_chinese_review_and_its_learnt_rule(
    browser: Browser, app: App, docs: tuple[Path, Path]
) -> None:
    s = Session(browser, app.url, "zh-CN")
    page = s.page
    try:
        _upload_and_wait(s, docs[1])
        _review(s, docs[1].name, "列出所有义务、禁止性规定、罚则和期限")
        _check_plan_and_report(s, "zh")
        expect(page.locator("#rv-report")).to_contain_text("第")  # cited to 第X条
        _click_citation(s)
        s.shot("review-zh-highlight", full=False)
        # The coverage gap became a rule of this visitor's: listed, disabled, deleted.
        page.locator("button", has_text="已学规则").click()
        rules = page.locator("#rv-rules table.rv-rules tbody tr")
        expect(rules).to_have_count(1)
        rule_id = rules.first.locator("td").first.inner_text().strip()
        expect(rules.first).to_contain_text("run:")
        page.fill("#rv-rule-id input", rule_id)
        page.click("#rv-disable")
        expect(rules.first.locator("td").nth(4)).to_have_text("否")
        s.shot("review-zh-rule-disabled")
        page.click("#rv-delete")
        expect(page.locator("#rv-rules")).to_contain_text("暂无规则")
        s.shot("review-zh-rules-empty", full=False)
        assert app.tracebacks() == 0
    finally:
        s.close()


# The widest a plan's cell of words is squeezed to, in characters of its own font.
_NARROWEST_WORDS = """() => Math.min(...[...document.querySelectorAll(
  '#rv-plan tbody td:nth-child(1), #rv-plan tbody td:nth-child(6)')].map(td => {
    const size = parseFloat(getComputedStyle(td).fontSize);
    return td.clientWidth / size; }))"""


def test_a_phone_reads_the_review_plan_without_a_character_a_line(
    browser: Browser, app: App, docs: tuple[Path, Path]
) -> None:
    s = Session(browser, app.url, "zh-CN", size=(390, 844))
    try:
        _upload_and_wait(s, docs[1])
        _review(s, docs[1].name, "列出所有义务和罚则")
        s.page.locator("#rv-plan").scroll_into_view_if_needed()
        s.shot("phone-review-plan", full=False)
        # found trying the app at 390 px: the reasons column was two characters wide
        assert s.page.evaluate(_NARROWEST_WORDS) >= 7
        # the page itself never scrolls sideways: the plan's own frame does
        assert s.page.evaluate("() => document.documentElement.scrollWidth") <= 390
    finally:
        s.close()
