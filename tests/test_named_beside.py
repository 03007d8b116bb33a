"""A "which <noun>" question's firm is held by a unit naming it beside that noun, with no
legal form ("our Varnel subsidiary"), so the answer is not refused as holding no firm.
Every company and name here is invented."""

from __future__ import annotations

from agent.evidence import Passage, units
from agent.models.judge import Candidate
from agent.models.kind_lead import lead_with_asked, unheld_note
from agent.models.named_beside import asked_noun, named_beside
from agent.scope import stem

SOLD = "On March 3, 2041, we completed the sale of our Varnel subsidiary to a buyer."
BOUGHT = (
    "On May 2, 2040, we acquired all of the outstanding shares of Oskelo Foods, a snack "
    "and beverage company in Tarrow with exports across the region."
)
LISTED = (
    "Our 10 largest suppliers made up 70% of purchases, with four suppliers – Brindle, "
    "Corvax, Helm-Tide and Quay – representing about half of them."
)


def _names(question: str, text: str) -> set[str]:
    return {text[s:e] for s, e in named_beside(question, text)}


def test_the_noun_a_which_question_asks_a_firm_by() -> None:
    assert asked_noun("Which subsidiary did Quillon sell in 2041?") == stem("subsidiaries")
    assert asked_noun("Which South American company did Quillon acquire?") == stem("company")
    assert asked_noun("Which suppliers made up half of Quillon's purchases?") == stem("supplier")
    assert asked_noun("Who audits Quillon?") == ""  # no noun asked: a legal form says a firm
    assert asked_noun("Which year did Quillon sell Varnel?") == ""


def test_a_name_before_after_or_in_apposition_to_the_noun_asked() -> None:
    assert _names("Which subsidiary did Quillon sell?", SOLD) == {"Varnel"}
    assert _names("Which company did Quillon acquire in 2040?", BOUGHT) == {"Oskelo Foods"}
    listed = _names("Which suppliers made up about half of Quillon's purchases?", LISTED)
    assert {"Brindle", "Corvax", "Helm-Tide"} <= listed


def test_no_name_beside_the_noun_the_question_names_or_none_asked() -> None:
    # the name the question gives is not its answer
    assert _names("Which subsidiary of Quillon owned Varnel?", SOLD) == set()
    # a sentence opening, the filer's own defined term, and a noun the question does not ask
    assert _names("Which company did Quillon buy?", "The Company acquired shares.") == set()
    assert _names("Which subsidiary did Quillon sell?", BOUGHT) == set()
    assert _names("Which company did Quillon buy?", "We are a company that sells gears.") == set()


def test_a_unit_naming_the_firm_beside_the_noun_is_no_unheld_answer() -> None:
    q = "Which subsidiary did Quillon sell in 2041?"
    assert unheld_note(q, [SOLD]) == ""
    assert unheld_note(q, ["We have audited the balance sheets of Quillon."]) != ""


def test_the_unit_naming_the_firm_beside_the_noun_leads() -> None:
    text = "We have audited the balance sheets of Quillon Inc. and subsidiaries. " + SOLD
    p = Passage(chunk_id="qw#9", doc_id="qw", page=3, page_end=3, text=text, rank=1)
    opening, sold = units(p.text)[:2]
    first = Candidate(p, opening, 0.9, frozenset({"subsidiari"}), 0, features=(1.0,))
    second = Candidate(p, sold, 0.5, frozenset({"subsidiari"}), 1, features=(1.0,))
    led = lead_with_asked("Which subsidiary did Quillon sell?", [first, second], [], 0.3)
    assert led[0] is second


def test_a_what_was_question_of_a_named_company_asks_no_noun() -> None:
    assert asked_noun("What was The Varnel Company's revenue in 2041?") == ""


def test_a_title_case_heading_names_no_firm_beside_its_noun() -> None:
    heading = "Report of Independent Registered Public Accounting Firm (Varnel ID 9)"
    assert _names("Which accounting firm audits Quillon?", heading) == set()
