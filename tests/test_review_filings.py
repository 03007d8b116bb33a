"""Review mode on an annual filing: its obligations are found where the filing states them
(a contractual obligations table, a note on commitments and covenants), a finding is a
whole sentence, the plans filed after the report's signatures are exhibits wherever the
signatures fall, a reassurance or a pointer to "the foregoing risks" is no risk, and the
coverage line names the parts of the goal it covered and left out. Every document here is
invented for these tests."""

from __future__ import annotations

from pathlib import Path

from agent.review.curate import boilerplate, signed_at
from agent.review.execute import MAX_SENTENCE, quote_for
from agent.review.models import Citation, Finding
from agent.review.relevance import features
from agent.review.report import to_markdown
from agent.review.scope import DocView
from agent.review.service import run_review
from pipeline.models import Block
from pipeline.perceive.models import Perception
from pipeline.service import Folio
from testkit.agentdocs import ingest_text
from ui.review_view import report_html

# Long enough to pass any window a report might cut a sentence to; its start and end are
# what a cut loses.
LONG_RISK = (
    "Because our vessels carry refrigerated cargo across three oceans, any prolonged "
    + ", ".join(f"failure of the cooling plant aboard ship number {i}" for i in range(1, 12))
    + ", or a strike at the ports we call at, could spoil the cargo we carry and adversely "
    "affect our revenue, our margins and the insurance cover we can buy at the end."
)

FILING_MD = """# Bluefin Shipping Annual Report

## Item 1A. Risk Factors

{long_risk}

A shortage of qualified officers could delay our sailings and reduce our revenue.

## Item 7. Liquidity and Capital Resources

Cash from operations funded the fleet renewal in the year.

## Contractual Obligations

The following table summarizes our contractual obligations at year end (in millions).

| Obligation | Less than 1 year | 1-3 years | Total |
|---|---|---|---|
| Charter hire payments | 120 | 260 | 380 |
| Vessel purchase commitments | 75 | 410 | 485 |

## Debt Covenants

Our revolving credit facility has covenants that require Bluefin to keep a net leverage
ratio below 3.5 times and an interest cover above 4 times, tested every quarter.

In 2019 Bluefin repaid its old term loan of 90 million dollars in full from cash.

## Item 8. Financial Statements

Revenue rose by 8 % in the year on higher freight rates.
"""


def _ingest(folio: Folio, tmp_path: Path, text: str, name: str = "bluefin_10k.md") -> str:
    return ingest_text(folio, tmp_path, name, text)


def test_a_filings_obligations_are_found_in_the_sections_that_state_them(
    folio: Folio, tmp_path: Path
) -> None:
    # none of these obligations says "shall", "must" or "is required to"
    doc_id = _ingest(folio, tmp_path, FILING_MD.format(long_risk=LONG_RISK))
    report = run_review(folio, [doc_id], "List the main risks and obligations", refine=False)
    duties = [f for f in report.findings if f.subgoal == "obligations"]
    texts = " | ".join(f.text for f in duties)
    assert "Charter hire payments" in texts and "Vessel purchase commitments" in texts
    assert "net leverage ratio below 3.5 times" in texts
    rows = [f for f in duties if f.cells]
    assert ["Charter hire payments", "120", "260", "380"] in [f.cells for f in rows]
    # a section that states no obligation gives none, nor a past repayment under "Debt
    # Covenants" that states no obligation of the company now
    assert not any("Revenue rose" in f.text or "fleet renewal" in f.text for f in duties)
    assert not any("repaid its old term loan" in f.text for f in duties)
    # and the short report shows them beside the risks
    assert any(f.subgoal == "obligations" for f in report.findings[: report.shown])
    assert not report.coverage.left_out


def test_a_finding_is_the_whole_sentence_however_long(folio: Folio, tmp_path: Path) -> None:
    assert len(LONG_RISK) > 320  # longer than the window findings were once cut to
    text = f"Our fleet is ageing. {LONG_RISK} Fuel costs rose."
    assert quote_for(text, "adversely affect") == LONG_RISK
    doc_id = _ingest(folio, tmp_path, FILING_MD.format(long_risk=LONG_RISK))
    report = run_review(folio, [doc_id], "List the main risks to the business", refine=False)
    assert LONG_RISK in [" ".join(f.text.split()) for f in report.findings]
    assert LONG_RISK in " ".join(to_markdown(report).split())


def test_a_run_on_longer_than_the_limit_keeps_whole_clauses_around_its_cue() -> None:
    clauses = [f"clause {i} says the lessee pays rent item {i}" for i in range(60)]
    run_on = "; ".join(clauses) + "."
    assert len(run_on) > MAX_SENTENCE
    quote = quote_for(run_on, "item 30;")
    assert "item 30;" in quote and len(quote) <= MAX_SENTENCE
    assert quote.startswith("clause ") and (quote.endswith(";") or quote.endswith("."))
    assert quote in run_on


def _view(blocks: list[Block]) -> DocView:
    return DocView(
        doc_id="d", name="d.pdf", language="en", blocks=blocks, perception=Perception(), chunks=[]
    )


def test_a_reports_own_signature_page_ends_it_even_early_in_a_long_filing() -> None:
    """The report is signed on page 10 of 40: the 30 pages of plans filed after it are
    exhibits, though the signatures are nowhere near the filing's last third."""
    blocks = [
        Block(n=i, page=i, text=f"Item {i}. Business text of page {i}.") for i in range(1, 10)
    ]
    attest = (
        "Pursuant to the requirements of the Securities Exchange Act of 1934, the registrant "
        "has duly caused this report to be signed on its behalf by the undersigned."
    )
    plan = "A Member shall be entitled to an early retirement pension at the age of 55 years."
    blocks += [
        Block(n=10, page=10, kind="heading", level=1, text="SIGNATURES"),
        Block(n=11, page=10, text=attest),
        Block(n=12, page=25, text=plan),
        Block(n=13, page=40, kind="heading", level=1, text="SIGNATURES"),
    ]
    view = _view(blocks)
    assert signed_at(view) == 10
    cite = Citation(doc_id="d", page=25, block=12, quote=plan)
    assert boilerplate(view, Finding(subgoal="obligations", text=plan, citation=cite)) == "exhibits"
    # an agreement's signature page (no report attestation) early on ends nothing
    other = [b for b in blocks if b.n != 11]
    assert signed_at(_view(other)) == 40


def _finding(text: str) -> Finding:
    return Finding(
        subgoal="risks", text=text, citation=Citation(doc_id="d", page=1, block=1, quote=text)
    )


def test_a_reassurance_or_a_pointer_to_other_risks_is_no_risk_stated() -> None:
    not_risks = [
        "Management believes the outcome of these proceedings will not have a material "
        "adverse effect on our financial position.",
        "The new ledger system did not have an adverse effect on our internal controls.",
        "Any or all of the foregoing risks could have an adverse effect on our results.",
        "If known or unknown risks materialize, our results could be adversely affected.",
        "The audit committee of the board reviews our policies that could lead to risk.",
    ]
    risks = [
        "If we do not renew our charters, our revenue could be adversely affected.",
        "Failure to keep our licences may not be insured, which could have a material "
        "adverse effect on us.",
        "A shortage of qualified officers could delay our sailings and reduce our revenue.",
    ]
    for text in not_risks:
        assert features("risks", _finding(text), "Risk Factors", 0.5)["not"] == 1.0, text
    for text in risks:
        values = features("risks", _finding(text), "Risk Factors", 0.5)
        assert values["not"] == 0.0 and values["states"] == 1.0, text


def test_the_coverage_line_names_the_parts_covered_and_left_out(
    folio: Folio, tmp_path: Path
) -> None:
    notice = "# Harbour notice\n\n## Risks\n\n" + (
        "A prolonged storm surge could flood the quay and could adversely affect our revenue.\n\n"
        "Silting of the channel could delay ships and could harm our reputation with owners.\n"
    )
    doc_id = _ingest(folio, tmp_path, notice, "harbour.md")
    report = run_review(folio, [doc_id], "List the main risks and obligations", refine=False)
    cov = report.coverage
    assert cov.covered == 1 and cov.relevant == 2
    risk_title = next(p for p in cov.asked if p not in cov.left_out)
    md = to_markdown(report)
    assert f"Parts of the goal covered: 1 of 2 (50%) — with findings: {risk_title}" in md
    assert f"Parts of the goal left out (nothing relevant found): {cov.left_out[0]}" in md
    html = report_html(report, "en")
    assert "Parts of the goal covered: 1 of 2 (50%) — with findings: " in html
    assert "left out (nothing relevant found)" in html
    # all parts covered: said so, no part named as left out
    full = _ingest(folio, tmp_path, FILING_MD.format(long_risk=LONG_RISK), "bluefin2.md")
    done = run_review(folio, [full], "List the main risks and obligations", refine=False)
    assert "No part of the goal was left out." in to_markdown(done)
    assert "Parts of the goal covered: 2 of 2 (100%)" in to_markdown(done)


def test_the_rest_of_a_sentence_cut_by_the_layout_is_no_finding(
    folio: Folio, tmp_path: Path
) -> None:
    notice = "# Harbour notice\n\n## Risks\n\n" + (
        "A prolonged storm surge could flood the quay and could adversely affect our revenue.\n\n"
        "and the loss of the crane fleet for months could adversely affect our revenue and our "
        "reputation with owners.\n"
    )
    doc_id = _ingest(folio, tmp_path, notice, "harbour_cut.md")
    report = run_review(folio, [doc_id], "List the main risks to the business", refine=False)
    texts = [f.text for f in report.findings]
    assert any(t.startswith("A prolonged storm surge") for t in texts)
    assert not any(t.startswith("and the loss of the crane fleet") for t in texts)
    assert report.dropped.get("fragment", 0) >= 1
    assert "not a whole sentence" in to_markdown(report)


def test_how_a_company_manages_an_exposure_is_no_risk() -> None:
    """A mitigation names the risk it manages ("To manage this currency risk, the group uses
    forward contracts"): it states what the company does about a risk, not a risk it faces;
    a consequence in the same words stays one (invented sentences)."""

    def neg(text: str) -> float:
        cite = Citation(doc_id="d", page=1, block=1, quote=text)
        f = Finding(subgoal="risks", text=text, citation=cite)
        return features(
            "risks", f, "Quantitative and Qualitative Disclosures About Market Risk", 0.1
        )["not"]

    for text in (
        "To manage this currency risk, the Group buys forward contracts each quarter.",
        "The Group's policy is to minimize exposure to fuel prices by passing costs to customers.",
        "Our treasury offsets currency exposure with borrowings in the same currencies.",
    ):
        assert neg(text) == 1.0, text
    for text in (
        "A stronger dollar could reduce the value of our export sales next year.",
        "Rising fuel prices may adversely affect our margins.",
    ):
        assert neg(text) == 0.0, text


def test_a_quarter_saying_nothing_changed_or_pointing_elsewhere_states_no_risk() -> None:
    """A quarterly report's market-risk item often says only that nothing changed, points to
    a note, or denies an effect at length; none states a risk (invented sentences)."""

    def neg(text: str) -> float:
        cite = Citation(doc_id="d", page=1, block=1, quote=text)
        f = Finding(subgoal="risks", text=text, citation=cite)
        return features("risks", f, "Item 3. Market Risk", 0.1)["not"]

    for text in (
        "There have been no material changes in our exposure to market risk this quarter.",
        "For further information, refer to Note 7, Derivatives, in our annual report.",
        "The Group does not expect that the pending tax audits in Spain will have a material "
        "adverse effect on its results.",
    ):
        assert neg(text) == 1.0, text
    for text in (
        "Further changes in tariffs could have a material adverse effect on our margins.",
        "A cyber attack on our plants may disrupt production and harm our reputation.",
    ):
        assert neg(text) == 0.0, text
