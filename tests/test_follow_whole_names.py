"""Follow-up suggestions name only whole names of the document (found walking the app on an
8-K): "How is Day Credit Agreement related to Effective May?" cut "Day Credit Agreement" out
of "2031 364 Day Credit Agreement" and took the date a sentence opens with ("Effective May
26, 2031, …") for its subject. Invented company and filing."""

from __future__ import annotations

import re

from agent.evidence import Evidence, Passage
from agent.models.follow import follow_ups

FILING = (
    'Effective May 26, 2031, Kestrel Foods, Inc. ("Kestrel") terminated the $2,100,000,000 '
    "364 day unsecured revolving credit agreement, dated as of May 27, 2030, among Kestrel, "
    "as borrower, the lenders party thereto, and Harbour Bank, N.A., as administrative agent "
    '(the "2030 364 Day Credit Agreement"). There were no outstanding borrowings under the '
    "2030 364 Day Credit Agreement at the time of its termination.\n\n"
    "On May 26, 2031, Kestrel entered into a new $2,400,000,000 364 day unsecured revolving "
    'credit agreement (the "2031 364 Day Credit Agreement") among Kestrel, as borrower, the '
    "lenders party thereto, and Harbour Bank, N.A., as administrative agent. The 2031 364 "
    "Day Credit Agreement enables Kestrel to borrow up to $2,400,000,000, subject to "
    "customary terms and conditions, and expires on May 24, 2032."
)
# The same sentences, the names written whole (no number before them, no date after).
NAMED = (
    "Kestrel Foods signed a revolving credit agreement with Harbour Bank as administrative "
    "agent. The agreement lets Kestrel Foods borrow up to $2,400,000,000 from Harbour Bank "
    "and the Osprey Trust."
)


def _asked(text: str) -> list[str]:
    p = Passage(
        chunk_id="k#1", doc_id="KESTREL_2031_8K", page=2, page_end=2, text=text, rank=1,
        section="Item 8.01. Other Events",
    )  # fmt: skip
    ev = Evidence(tool="search", query="credit facility", passages=[p])
    return follow_ups("How large is Kestrel's new credit facility?", [ev], [p], "en")


def _names(question: str) -> list[str]:
    """The capitalised runs a question names (past its first word; a date it asks of, "on
    May 26, 2031", is no name)."""
    return re.findall(r"(?<!^)\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*\b(?!\s+\d)", question)


def test_a_name_after_a_number_or_a_date_opening_a_sentence_is_never_asked_about() -> None:
    asked = _asked(FILING)
    for question in asked:
        for name in _names(question):
            # each name stands whole in the filing: no number before it, no day after it
            whole = rf"(?<![\d-])(?<![\d-]\s){re.escape(name)}(?!\s+\d)"
            assert re.search(whole, FILING), (name, asked)
        assert "Effective" not in question and "Day Credit" not in question, asked


def test_a_whole_name_beside_the_subject_is_still_asked_about() -> None:
    asked = _asked(NAMED)
    assert any("Osprey Trust" in q or "Harbour Bank" in q for q in asked), asked


def test_a_dated_follow_up_names_whom_it_asks_about() -> None:
    """ "What happened on May 26, 2031?" was refused when clicked: a date alone asks of no
    one. The name the dated sentence tells of is asked about; with none, nothing is asked."""
    asked = _asked(FILING)
    dated = [q for q in asked if "May 26, 2031" in q]
    assert dated and all(re.search(r"\bto Kestrel\b", q) for q in dated), asked
    qualified = FILING.replace("Kestrel entered", "Kestrel Finance (USA), Inc. entered")
    assert any("to Kestrel Finance on May 26, 2031" in q for q in _asked(qualified))
    unnamed = FILING.replace(
        "On May 26, 2031, Kestrel entered", "On May 26, 2031, the company entered"
    )
    assert not [q for q in _asked(unnamed) if q.startswith("What happened on")], _asked(unnamed)


def test_a_contents_line_is_no_figure_to_ask_about() -> None:
    """A credit agreement's contents ("ARTICLE I DEFINITIONS AND ACCOUNTING TERMS | 1") asked
    "What were article I definitions and accounting terms?" (ui14 walk): a part of the
    document and its page, no line item with a figure."""
    contents = (
        "| ARTICLE I DEFINITIONS AND ACCOUNTING TERMS | 1 |\n"
        "| ARTICLE II AMOUNTS AND TERMS OF THE ADVANCES | 14 |\n"
        "| SECTION 2.01 THE ADVANCES | 14 |\n"
        "| Net sales | 7,354 | 6,900 |"
    )
    asked = _asked(contents)
    assert not [q for q in asked if re.search(r"article|section", q, re.I)], asked
    assert any("net sales" in q for q in asked), asked


def test_a_company_whose_file_name_runs_its_name_together_is_still_named() -> None:
    """The journey's "bestbuy-10k-excerpt.pdf": "Best Buy" is one word of the file name, and
    a passage in the first person ("we set goals in fiscal 2021") is about Best Buy."""
    text = (
        "We believe in the power of our people. At the end of fiscal 2031, we employed more "
        "than 9,000 employees. In fiscal 2029, we set employee diversity goals to be "
        "attained by 2033. Osprey Mart Teen Centers opened in fiscal 2030."
    )
    p = Passage(
        chunk_id="o#46", doc_id="ospreymart-10k-excerpt-db8248", page=7, page_end=7,
        text=text, rank=1, section="Human Capital Management",
    )  # fmt: skip
    ev = Evidence(tool="search", query="employees", passages=[p])
    quoted = ["At the end of fiscal 2031, we employed more than 9,000 employees."]
    asked = follow_ups("How many employees did Osprey Mart have?", [ev], [p], "en", quoted=quoted)
    assert any("Osprey Mart" in q and "2029" in q for q in asked), asked


def test_a_heading_run_into_the_next_sentence_is_no_name() -> None:
    """A chunk that keeps a heading on the line of the sentence after it ("Benefits We
    offer …") has the capitalised run "Benefits We": a heading's tail and a pronoun, no party."""
    asked = _asked(
        "Kestrel Foods employs 9,000 people. Employee Benefits We offer Kestrel Foods staff a "
        "pension plan run by the Osprey Trust."
    )
    assert not any(re.search(r"\bWe\b", q) for q in asked), asked
    assert any("Osprey Trust" in q for q in asked), asked
