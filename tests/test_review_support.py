"""A finding is 'supported' only when its cited span is the source's and is judged to state
the claim (its sub-goal's kind) with the confidence at which judged findings are right nine
times in ten: a sentence kept on the kind's word alone is listed but marked for a person to
confirm, so the supported share is not 100 % by construction. A report lists what a
reviewer can read and counts the rest. Every document here is invented for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.review import curate as curate_mod
from agent.review.curate import stated
from agent.review.models import Citation, Finding
from agent.review.relevance import Model, model
from agent.review.report import to_markdown
from agent.review.scope import DocView
from agent.review.service import run_review
from pipeline.models import Block
from pipeline.perceive.models import Perception
from pipeline.service import Folio
from ui.review_view import report_html

# The obligation's words ("is required to") in a section that names no obligation, on a
# report's page (it states what happened; one sentence in eight binds anyone): kept on the
# words, with nothing else (no heading, no selector's reading) saying it is a duty.
WORDED = "Tidewater is required to repay its term loan of 90 million dollars by June 2027."
RISK = "A recall of contaminated products could adversely affect our reputation and our sales."
FILING_MD = f"""# Tidewater Foods Annual Report

## Item 1A. Risk Factors

{RISK}

## Item 7. Liquidity

Net sales rose 4 percent to 2.1 billion dollars in 2026, led by frozen meals.

Gross margin widened to 31 percent as freight costs eased in the second half.

Operating cash flow was 240 million dollars, up from 198 million dollars a year earlier.

Capital spending of 85 million dollars went mainly to the new Ohio bakery.

Cash and equivalents stood at 310 million dollars at the end of the year.

Inventories fell by 12 million dollars as the Ohio plant reached full output.

{WORDED}
"""


def _ingest(folio: Folio, tmp_path: Path, text: str, name: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    doc_id = folio.ingest([path])[0].doc_id
    assert doc_id is not None
    return doc_id


def _finding(score: float, *, supported: bool = True) -> Finding:
    quote = "The Supplier shall deliver the goods within ten days of each order."
    cite = Citation(doc_id="d", page=1, block=1, quote=quote)
    return Finding(
        subgoal="obligations", text=quote, citation=cite, score=score, supported=supported
    )


def test_support_needs_a_span_judged_to_state_the_claim() -> None:
    bar = model().support
    below = stated(_finding(bar - 0.05), bar)
    assert not below.supported and below.flagged
    ok = stated(_finding(bar), bar)
    assert ok.supported and not ok.flagged
    # a span that is not the source's (the claim check failed) supports nothing, however
    # likely its words are to state an obligation
    moved = stated(_finding(1.0, supported=False), bar)
    assert not moved.supported and moved.flagged
    assert model().threshold < bar  # kept and supported are two bars: the share can fall


def test_a_sentence_kept_on_the_kinds_word_alone_is_not_supported(
    folio: Folio, tmp_path: Path
) -> None:
    doc_id = _ingest(folio, tmp_path, FILING_MD, "tidewater.md")
    report = run_review(folio, [doc_id], "List the main risks and obligations", refine=False)
    by_text = {" ".join(f.text.split()): f for f in report.findings}
    assert by_text[RISK].supported and not by_text[RISK].flagged
    # listed (a reviewer may want it), but not claimed supported: marked for a person
    worded = by_text[WORDED]
    assert not worded.supported and worded.flagged and worded.score < model().support
    bar = model().support
    assert report.claims == len(report.findings)
    assert report.claims_supported == sum(1 for f in report.findings if f.supported)
    for f in report.findings:
        assert f.supported == (f.score >= bar), f
        assert f.flagged == (not f.supported)
    md = to_markdown(report)
    ok, n = report.claims_supported, report.claims
    assert f"Supported (the cited passage states it): {ok} of {n} findings" in md


def test_a_report_with_nothing_found_claims_no_support(folio: Folio, tmp_path: Path) -> None:
    doc_id = _ingest(
        folio, tmp_path, "# Menu\n\n## Soups\n\nTomato soup with basil and bread.\n", "menu.md"
    )
    report = run_review(folio, [doc_id], "List every obligation and penalty", refine=False)
    assert not report.findings and report.supported_ratio == 0.0


def _risks() -> str:
    """Twenty-four risks under four headings (a unit and page give at most eight
    candidates), each subject's words its own (near-duplicates are merged)."""
    subjects = (
        "Flooding near riverside bakeries",
        "Salmonella traced to dairy suppliers",
        "Forklift accidents inside warehouses",
        "Dockworker strikes at Rotterdam",
        "Refrigeration breakdowns during heatwaves",
        "Wheat blight across Kansas farms",
    )
    harms = {
        "Operations": "could adversely affect production",
        "Markets": "could adversely affect export margins",
        "People": "is a risk to overtime bills",
        "Law": "is a risk of regulatory fines",
    }
    out = []
    for area, harm in harms.items():
        out.append(f"### Risks Related to {area}")
        out += [f"{s} in our {area.lower()} division {harm} this coming year." for s in subjects]
    return "\n\n".join(out)


def test_a_report_lists_at_most_its_cap_and_counts_the_rest(
    folio: Folio, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    m = model()
    small = Model(
        weights=m.weights,
        threshold=m.threshold,
        support=m.support,
        short=5,
        cap=8,
        duplicate=m.duplicate,
        kinds=m.kinds,
    )
    monkeypatch.setattr(curate_mod, "model", lambda: small)
    text = "# Tidewater Foods Annual Report\n\n## Item 1A. Risk Factors\n\n" + _risks() + "\n"
    doc_id = _ingest(folio, tmp_path, text, "tidewater_risks.md")
    report = run_review(folio, [doc_id], "What risks does the report state?", refine=False)
    assert len(report.findings) == 8 and report.shown == 5
    assert report.more > 0
    note = f"{report.more} more findings judged relevant are not listed"
    assert note in to_markdown(report) and note in report_html(report, "en")


def _zh_view(blocks: list[Block]) -> DocView:
    return DocView(
        doc_id="d", name="d.pdf", language="zh", blocks=blocks, perception=Perception(), chunks=[]
    )


def test_a_chinese_sentence_the_layout_cut_is_cited_whole() -> None:
    """Chinese has no lower case to say a line goes on: a paragraph with no end mark goes on
    in the next one, unless that opens a numbered article of its own."""
    head = "第五条 运营单位应当按照《港口 设施维护"
    rest = "第2部分：检测方法》每月检测一次，并在检测后十日内报送主管部门。"
    blocks = [
        Block(n=1, page=1, text=head),
        Block(n=2, page=1, text=rest),
        Block(n=3, page=1, text="第六条 运营单位应当建立巡检记录"),
        Block(n=4, page=1, text="第七条 禁止在码头堆放易燃物品。"),
    ]
    view = _zh_view(blocks)
    assert view.running_text(1) == f"{head} {rest}"
    assert view.continues_previous(2)
    assert view.continuation(3) == ""  # the next block opens 第七条: no carry-over


# A policy's page: most statements bind someone ("is required to", "须"), none under a
# heading that names duties, and the selector reads little in them.
RULES_MD = """# Harbour Depot Visitor Rules

## 1. Arrival

Visitors are required to sign the gate register on arrival and on departure.

Drivers are required to keep to the marked lanes at walking pace.

## 2. On the quay

Visitors are required to wear a hard hat and a high-visibility vest on the quay.

Photographs of the cranes may not be taken without the harbour master's leave.

The quay is open from seven in the morning until six in the evening.
"""


def test_a_duty_in_its_own_words_on_a_page_of_rules_is_supported(
    folio: Folio, tmp_path: Path
) -> None:
    """On a page made of rules, a sentence in the kind's form says what it seems to say (the
    judged training contracts, policies and rule: right more than nine in ten): supported
    at the rules' bar, where the same sentence in a report is marked for a person."""
    m = model()
    assert m.support_rules < m.support  # two bars, read apart
    assert m.support_at(m.rules_share) == m.support_rules
    assert m.support_at(m.rules_share - 0.01) == m.support
    doc_id = _ingest(folio, tmp_path, RULES_MD, "depot_rules.md")
    report = run_review(folio, [doc_id], "What are visitors required to do?", refine=False)
    duties = [f for f in report.findings if "required to" in f.text]
    assert len(duties) >= 2, [f.text for f in report.findings]
    for f in duties:
        assert f.score < m.support  # the report's bar would mark it for a person …
        assert f.supported and not f.flagged, f  # … the rules' bar does not


def test_a_page_binds_in_the_share_of_its_statements() -> None:
    blocks = [
        Block(n=1, page=1, text="The Tenant shall pay the rent on the first day of each month."),
        Block(n=2, page=1, text="The warehouse has four loading bays and a covered yard."),
        Block(n=3, page=3, text="Net sales rose four percent in the year to December."),
        Block(n=4, page=3, text="访客须在入场前一日通过预约系统登记姓名和来访事由。"),
    ]
    view = DocView(
        doc_id="d", name="d.pdf", language="en", blocks=blocks, perception=Perception(), chunks=[]
    )
    assert view.binding_share(1, reach=0) == 0.5
    assert view.binding_share(3, reach=0) == 0.5  # 须 binds as 'shall' does
    assert view.binding_share(2, reach=1) == 0.5  # pages 1-3: two of four
    assert view.binding_share(9) == 0.0
