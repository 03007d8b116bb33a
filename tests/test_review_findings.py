"""Review findings a reviewer keeps: no boilerplate, relevant to the sub-goal, no repeats,
a short ranked report with the rest a click away, table rows cited and boxed as rows.
Every document here is invented for these tests."""

from __future__ import annotations

import json
from pathlib import Path

from agent.review.curate import boilerplate, signed_at, similar
from agent.review.execute import row_box
from agent.review.models import Citation, Finding
from agent.review.relevance import headline
from agent.review.report import dumps, to_markdown
from agent.review.scope import DocView
from agent.review.service import run_review
from pipeline.models import Block, Table
from pipeline.perceive.models import Perception
from pipeline.service import Folio
from ui.review_view import report_html

RISKS = [
    "A prolonged outage of our cloud platform could harm our reputation and reduce revenue.",
    "Rising interest rates could adversely affect the cost of our floating-rate debt.",
    "If we fail to retain key engineers, our product launches could be harmed by delays.",
    "Changes in tax laws could adversely affect our effective tax rate.",
    "A breach of customer data could harm us through fines and litigation.",
    "Competition from larger vendors could adversely affect our prices and margins.",
    "Shortages of memory chips are a risk to our shipments and could raise our costs.",
    "Fluctuations in exchange rates could adversely affect the revenue we report in dollars.",
]

FILING_MD = """# Northwind Corp Annual Report

## Table of Contents

Item 1A. Risk Factors .......... 4

Item 7. Management's Discussion and Analysis .......... 9

## Forward-Looking Statements

This report contains forward-looking statements within the meaning of the Private
Securities Litigation Reform Act of 1995, and actual results could differ materially because
of the risks described below. Readers should not place undue reliance on them.

## Item 1A. Risk Factors

{risks}

We must further enhance our core capabilities to keep pace with the market.

## Item 7. Liquidity

The Company is required to repay the term loan of 400 million dollars by March 2027.

## Report of Independent Registered Public Accounting Firm

In our opinion, the financial statements present fairly, in all material respects, the
financial position of Northwind Corp, and we believe that our audits provide a reasonable
basis for our opinion on the risk of material misstatement.

## Exhibit 31.1 Certification

I, Jane Roe, certify that: based on my knowledge, this report does not contain any untrue
statement of a material fact, and the other certifying officer and I must disclose any fraud.

## Signatures

Pursuant to the requirements of the Securities Exchange Act of 1934, the registrant has duly
caused this report to be signed on its behalf by the undersigned, thereunto duly authorized.
"""


def _filing(folio: Folio, tmp_path: Path, risks: list[str] = RISKS) -> str:
    path = tmp_path / "northwind_annual_report.md"
    path.write_text(FILING_MD.format(risks="\n\n".join(risks)), encoding="utf-8")
    doc_id = folio.ingest([path])[0].doc_id
    assert doc_id is not None
    return doc_id


BOILERPLATE_WORDS = ("forward-looking", "in our opinion", "certify", "duly authorized", "....")


def test_boilerplate_and_borrowed_words_are_never_findings(folio: Folio, tmp_path: Path) -> None:
    doc_id = _filing(folio, tmp_path)
    report = run_review(folio, [doc_id], "List the main risks and obligations", refine=False)
    texts = [f.text.lower() for f in report.findings]
    assert not [t for t in texts if any(w in t for w in BOILERPLATE_WORDS)]
    assert not any("enhance our core capabilities" in t for t in texts)
    # what a reviewer keeps is there: the risks, and the repayment the company must make
    for risk in RISKS:
        assert risk.lower() in texts
    assert any("required to repay the term loan" in t for t in texts)
    assert sum(n for k, n in report.dropped.items() if k.startswith("boilerplate")) >= 2
    assert report.dropped.get("not relevant", 0) >= 1
    md = to_markdown(report)
    assert "Dropped" in md and "boilerplate" in md and "not relevant to the sub-goal" in md
    ok, n = report.claims_supported, report.claims
    assert f"Supported (the cited passage states it): {ok} of {n} findings" in md


def test_near_duplicates_are_merged(folio: Folio, tmp_path: Path) -> None:
    repeated = [*RISKS[:3], RISKS[0].replace("reduce revenue", "reduce our revenue")]
    doc_id = _filing(folio, tmp_path, repeated)
    report = run_review(folio, [doc_id], "What risks does the report state?", refine=False)
    outage = [f for f in report.findings if "outage of our cloud platform" in f.text]
    assert len(outage) == 1
    assert report.dropped.get("duplicate", 0) >= 1
    assert similar(RISKS[0], repeated[-1], 0.7) and not similar(RISKS[0], RISKS[1], 0.7)


def test_the_report_is_short_and_ranked_and_the_rest_is_one_flag_away(
    folio: Folio, tmp_path: Path
) -> None:
    doc_id = _filing(folio, tmp_path, _many_risks())
    report = run_review(folio, [doc_id], "What risks does the report state?", refine=False)
    assert len(report.findings) > report.shown > 0
    assert report.shown <= 30
    scores = [f.score for f in report.findings[report.shown :]]
    assert scores == sorted(scores, reverse=True)
    # each sub-goal's best come first (every sub-goal found keeps a place in the short list)
    for f in report.findings[report.shown :]:
        same = [g.score for g in report.findings[: report.shown] if g.subgoal == f.subgoal]
        assert same and min(same) >= f.score
    short, full = to_markdown(report), to_markdown(report, full=True)
    last = report.findings[-1].text
    assert last not in short and last in full
    assert f"Showing the {report.shown} most relevant of {len(report.findings)}" in short
    html = report_html(report, "en")
    rest = html.split('<details class="rv-all">', 1)
    assert len(rest) == 2 and "Show all findings" in rest[1]
    assert html.count('class="rv-finding"') == len(report.findings)  # every one, one click away
    data = json.loads(dumps(report))
    assert len(data["findings"]) == len(report.findings)
    assert sum(f["in_short_report"] for f in data["findings"]) == report.shown


def _many_risks() -> list[str]:
    """Forty distinct risks under five headings (a unit and page hold at most eight)."""
    subjects = [
        "Outages at our billing platform",
        "Defects in our payroll software",
        "Delays at our ordering partners",
        "Strikes at our shipping carriers",
        "Turnover among support staff",
        "Errors in our pricing models",
        "Fraud in the loyalty programme",
        "Gaps in our audit trail",
    ]
    areas = {
        "Operations": "could harm our reputation with customers",
        "Markets": "could adversely affect gross margins",
        "People": "could harm operating cash flow",
        "Finance": "could adversely affect growth in new markets",
        "Law": "are a risk to our licences",
    }
    out = []
    for area, consequence in areas.items():
        out.append(f"### Risks Related to {area}")
        out += [f"{s} {consequence}." for s in subjects]
    return out


def test_coverage_names_the_asked_part_nothing_was_found_for(folio: Folio, tmp_path: Path) -> None:
    path = tmp_path / "harbour.md"
    path.write_text(
        "# Harbour notice\n\n## Risks\n\n" + "\n\n".join(RISKS[:3]) + "\n", encoding="utf-8"
    )
    doc_id = folio.ingest([path])[0].doc_id
    assert doc_id is not None
    report = run_review(folio, [doc_id], "List the main risks and obligations", refine=False)
    cov = report.coverage
    assert len(cov.asked) == 2 and cov.relevant == 2 and cov.covered == 1 and cov.ratio == 0.5
    assert len(cov.left_out) == 1 and "obligation" in cov.left_out[0].lower()
    assert "Parts of the goal left out (nothing relevant found): " + cov.left_out[0] in to_markdown(
        report
    )


def _table_block(cell_boxes: bool) -> Block:
    rows = [["Item", "2024", "2023"], ["Revenue", "100", "90"], ["Costs", "60", "55"]]
    boxes = [
        [(72.0, 100.0 + 20 * r, 200.0 + 100 * c, 118.0 + 20 * r) for c in range(3)]
        for r in range(3)
    ]
    table = Table(rows=rows, header_rows=1, cell_boxes=boxes if cell_boxes else None)
    return Block(n=3, page=1, kind="table", text="", box=(72.0, 100.0, 400.0, 160.0), table=table)


def test_a_table_row_is_boxed_as_the_row_not_the_table() -> None:
    block = _table_block(cell_boxes=True)
    assert row_box(block, 0) == (72.0, 120.0, 400.0, 138.0)  # 'Revenue', under the header
    assert row_box(block, 1) == (72.0, 140.0, 400.0, 158.0)
    # Without cell boxes the table's box is cut into its rows.
    plain = _table_block(cell_boxes=False)
    assert row_box(plain, 1) == (72.0, 140.0, 400.0, 160.0)


TABLES_MD = """# Harbour Works Plan

## Contents

| Section | Page |
|---|---|
| Item 1. Works | 1 |
| Item 2. Fees | 2 |
| Item 3. Limits | 3 |

## Fees

The following table sets the maximum fees the contractor may charge.

| Service | Monthly fee | Annual cap |
|---|---|---|
| Dredging | 1,200 | 14,400 |
| Crane hire | 2,000 | 24,000 |
"""


def test_a_table_finding_cites_its_row_and_a_contents_table_none(
    folio: Folio, tmp_path: Path
) -> None:
    path = tmp_path / "harbour_plan.md"
    path.write_text(TABLES_MD, encoding="utf-8")
    doc_id = folio.ingest([path])[0].doc_id
    assert doc_id is not None
    report = run_review(
        folio, [doc_id], "Extract the quantitative limits and figures from the tables", refine=False
    )
    rows = [f for f in report.findings if f.cells]
    assert ["Dredging", "1,200", "14,400"] in [f.cells for f in rows]
    assert not any("Page" in f.text or "Item 1." in f.text for f in report.findings)


def _view(blocks: list[Block]) -> DocView:
    return DocView(
        doc_id="d", name="d.pdf", language="en", blocks=blocks, perception=Perception(), chunks=[]
    )


def test_documents_filed_after_the_signatures_are_exhibits_not_findings() -> None:
    text = "Each Member shall keep the Plan Administrator informed of the Member's address."
    blocks = [Block(n=i, page=i, text=f"Item {i}. Business text of page {i}.") for i in range(1, 9)]
    blocks += [
        Block(n=9, page=9, kind="heading", level=1, text="SIGNATURES"),
        Block(n=10, page=10, text=text),
    ]
    view = _view(blocks)
    assert signed_at(view) == 9
    cite = Citation(doc_id="d", page=10, block=10, quote=text)
    assert boilerplate(view, Finding(subgoal="obligations", text=text, citation=cite)) == "exhibits"
    # the same sentence in the body of the report is no exhibit
    body = _view([*blocks[:8], Block(n=10, page=5, text=text)])
    assert signed_at(body) == 0
    cite5 = cite.model_copy(update={"page": 5})
    assert boilerplate(body, Finding(subgoal="obligations", text=text, citation=cite5)) is None


def test_a_heading_read_as_a_sentence_is_no_finding() -> None:
    assert headline("Risks Related to Economic Conditions and Operating Internationally")
    assert not headline("Rising interest rates could adversely affect our floating-rate debt.")
    assert not headline("运营单位应当建立能耗在线监测系统")


def test_a_row_finding_is_highlighted_by_its_row_box() -> None:
    from ui.review import finding_target

    row = (72.0, 120.0, 400.0, 138.0)
    cite = Citation(
        doc_id="d", page=2, block=3, chunk_id="d#4", box=row, quote="Revenue — 2024: 100"
    )
    f = Finding(subgoal="limits", text=cite.quote, citation=cite, cells=["Revenue", "100", "90"])
    target = finding_target(None, f)  # type: ignore[arg-type]  # a row box needs no lookup
    assert [m.box for m in target.marks] == [row] and target.page == 2


HANDBOOK_MD = """# Harbour Lantern Works Staff Handbook

## 1. Equipment

Staff must return borrowed survey drones within three days.

## 2. Misconduct

Staff who falsify a timesheet may face disciplinary action, up to dismissal.
"""


def test_a_disciplinary_consequence_is_a_penalty_finding(folio: Folio, tmp_path: Path) -> None:
    path = tmp_path / "handbook.md"
    path.write_text(HANDBOOK_MD, encoding="utf-8")
    doc_id = folio.ingest([path])[0].doc_id
    assert doc_id is not None
    report = run_review(folio, [doc_id], "list every obligation and penalty", refine=False)
    texts = [f.text.lower() for f in report.findings]
    assert any("disciplinary action" in t for t in texts), (texts, report.dropped)
