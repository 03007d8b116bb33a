"""The synthetic-filing bench (bench/synth_filings.py) cannot drift from its PDFs: every
gold figure is printed on its gold pages, the statements foot, and a seed gives the same
set every time."""

from __future__ import annotations

import pymupdf
import pytest

from testkit.synth.company import Company, companies
from testkit.synth.questions import hit, questions_for

LOOKUPS = {"income", "balance", "cash", "prior_year", "segment", "fact"}


@pytest.fixture(scope="module")
def filings() -> list[Company]:
    return companies(1, 12)


def _texts(company: Company) -> list[str]:
    doc = pymupdf.open(stream=company.writer.doc.tobytes(), filetype="pdf")
    return [" ".join(doc[i].get_text().split()) for i in range(len(doc))]


def test_gold_values_are_printed_on_the_gold_pages(filings: list[Company]) -> None:
    checked = 0
    for c in filings:
        texts = _texts(c)
        for q in questions_for(c, 1):
            if q.check == "refuse":
                assert not q.pages
                continue
            assert q.pages, q.question
            for fact in q.facts:  # each operand as printed, on each page it was printed on
                for page, shown in c.writer.facts[fact].items():
                    assert shown in texts[page - 1], (c.profile.file_name, fact, page, shown)
                    checked += 1
            if q.kind in LOOKUPS:  # the gold itself on a gold page
                assert any(q.answer in texts[p - 1] for p in q.pages), (q.question, q.answer)
    assert checked > 300


def test_statements_foot(filings: list[Company]) -> None:
    for c in filings:
        led = c.ledger
        for y in led.years:
            v = led.v
            assert v("total_assets", y) == v("total_liabilities", y) + v("total_equity", y)
            assert v("cfo", y) + v("cfi", y) + v("cff", y) == v("cash_change", y)
            assert v("revenue", y) - v("cogs", y) - v("rnd", y) - v("sga", y) == v(
                "operating_income", y
            )
            assert sum(s["sales"][y] for n, s in led.segments.items() if n != "_corporate") == v(
                "revenue", y
            )


def test_the_same_seed_gives_the_same_set(filings: list[Company]) -> None:
    again = companies(1, 2)
    for a, b in zip(filings[:2], again, strict=True):
        assert [q.__dict__ for q in questions_for(a, 1)] == [
            q.__dict__ for q in questions_for(b, 1)
        ]


def test_scoring_reads_names_dates_and_signed_changes() -> None:
    from testkit.synth.questions import Question

    firm = Question("x.pdf", "Who audits?", "Mercer Hale LLP", "fact", check="text")
    assert hit(firm, "The auditor is Mercer Hale.") and not hit(firm, "Mercer audits it.")
    fye = Question("x.pdf", "When?", "September 28, 2024", "fact", check="text")
    assert hit(fye, "It ended on September 28.") and not hit(fye, "September 30, 2024")
    change = Question("x.pdf", "By how much?", "1,234", "change", check="change")
    assert hit(change, "down $-1,234 million") and not hit(change, "1,300")
