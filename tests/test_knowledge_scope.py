"""Summaries and terms read the report itself: not the boilerplate the shared classifier
finds, not the exhibits a periodic report files after its signatures; the reporting
company is no term of its own report."""

from __future__ import annotations

from pathlib import Path

from pipeline.knowledge.api import list_terms, load_view
from pipeline.knowledge.scope import report_end
from pipeline.knowledge.source import DocText, build_doc_text
from pipeline.knowledge.terms import extract_terms
from pipeline.models import Block, Line
from pipeline.service import Folio
from tests.filingdocs import WITNESS, logo_filing_pdf


def _doc(title: str, pages: list[list[tuple[str, str]]]) -> DocText:
    blocks = [
        Block(page=p, kind=kind, level=1 if kind == "heading" else 0, text=text,
              lines=[Line(text=text)])
        for p, page in enumerate(pages, start=1)
        for kind, text in page
    ]  # fmt: skip
    return build_doc_text("d", title, "en", blocks, [])


SIGNED = (
    "Pursuant to the requirements of the Securities Exchange Act of 1934, the registrant has "
    "duly caused this report to be signed on its behalf by the undersigned."
)
BODY = [("heading", "Item 1. Business"), ("paragraph", "A beacon unit is a lantern that comes "
         "with its charging base and mounting post as one package.")]  # fmt: skip
EXHIBIT = [("heading", "Award Agreement"), ("paragraph", "“Vesting Date” means each "
           "anniversary of the grant date on which a part of the award vests.")]  # fmt: skip


def test_a_periodic_reports_exhibits_after_its_signatures_are_not_read() -> None:
    pages = [BODY, [("paragraph", SIGNED)], EXHIBIT]
    annual = _doc("Lantern Works, Inc. — Form 10-K, fiscal year ended June 30, 2031", pages)
    assert report_end(annual) == 2
    assert {t.term for t in extract_terms(annual)} >= {"beacon unit"}
    assert "Vesting Date" not in {t.term for t in extract_terms(annual)}
    # A current report's exhibit is its content: kept whole.
    current = _doc("Lantern Works, Inc. — Form 8-K, May 3, 2031", pages)
    assert report_end(current) == 3
    assert "Vesting Date" in {t.term for t in extract_terms(current)}


def test_financial_statements_printed_after_the_signatures_are_still_the_report() -> None:
    statements = [("heading", "Report of Independent Registered Public Accounting Firm"),
                  ("paragraph", "We have audited the balance sheets of the company.")]  # fmt: skip
    doc = _doc("Lantern Works — Form 10-K, fiscal year ended June 30, 2031",
               [BODY, [("paragraph", SIGNED)], statements])  # fmt: skip
    assert report_end(doc) == 3


def test_the_reporting_company_is_no_term_of_its_report() -> None:
    page = [*BODY,
            ("paragraph", "Lantern Works, Inc. (“Lantern Works”), a maker of garden lanterns, "
             "sells in three regions."),
            ("paragraph", "Lantern Works ships from one warehouse near the port.")]  # fmt: skip
    terms = {t.term for t in extract_terms(_doc("Lantern Works, Inc. — Form 10-K", [page]))}
    assert "beacon unit" in terms
    assert not any(t.lower().startswith("lantern works") for t in terms), terms
    # Any other document keeps such a name: only a filing's registrant is left out.
    terms = {t.term for t in extract_terms(_doc("Garden notes", [page]))}
    assert any(t.lower().startswith("lantern works") for t in terms), terms


def test_a_filings_summary_and_terms_leave_out_its_boilerplate(
    folio: Folio, tmp_path: Path
) -> None:
    result = folio.ingest([logo_filing_pdf(tmp_path / "hlw-10k.pdf")], wait=True)[0]
    assert result.doc_id, result.error
    summary = load_view(folio.db, result.doc_id, "summary")
    assert summary is not None and "Harbour Lantern Works designs" in summary.markdown
    for words in (WITNESS[:30], "certify that I have reviewed", "duly caused"):
        assert words not in summary.markdown
    terms = {t.term for t in list_terms(folio.db, result.doc_id)}
    assert "beacon unit" in terms and "Vesting Date" not in terms, terms
