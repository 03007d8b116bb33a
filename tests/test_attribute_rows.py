"""A row of a table whose columns say what each cell is (a policy's schedule, a price list),
not periods, is answered as a sentence a person writes: the value and what it is, then the
row quoted. A statement's row keeps its figure sentence. Every document here is invented."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.attribute_rows import attribute_columns, attribute_sentence
from agent.models.compose import compose
from agent.support import check

LOANS = (
    "Equipment is lent for the periods below.\n"
    "| Equipment | Loan period | Approved by |\n"
    "|---|---|---|\n"
    "| Field microscopes | 14 days | Station warden |\n"
    "| Survey drones | 3 days | Flight officer |\n"
    "| Tide gauges | 6 weeks | Station warden |"
)


def _evidence(query: str, text: str) -> Evidence:
    p = Passage(chunk_id="loans#2", doc_id="loans", page=1, page_end=1, text=text, rank=1)
    df = {"survey": 1, "drones": 1, "tide": 1, "gauges": 1, "loan": 2, "period": 2, "lent": 1}
    return Evidence(tool="search_document", query=query, passages=[p], term_df=df, scope_chunks=12)


def test_a_schedule_row_is_said_as_its_value_and_what_it_is_then_quoted() -> None:
    q = "How long can survey drones be borrowed?"
    draft = compose(q, [_evidence("survey drones", LOANS)], "en")
    direct, *rest = draft.splitlines()
    assert direct == (
        "The loan period for survey drones is 3 days, and approved by Flight officer [loans#2]."
    ), draft
    assert " in Loan period" not in draft  # not a statement's "figure in period"
    # the row itself follows, so its span stays cited, and the sentence stands on it
    assert any("Survey drones | 3 days" in line and "[loans#2]" in line for line in rest), draft
    assert check(direct, LOANS).supported


def test_a_cell_the_question_names_by_its_column_is_said_alone() -> None:
    q = "What is the loan period for survey drones?"
    draft = compose(q, [_evidence("loan period survey drones", LOANS)], "en")
    assert draft.splitlines()[0] == "The loan period for survey drones is 3 days [loans#2].", draft


def test_the_column_the_question_names_is_said_first() -> None:
    pairs = [("Loan period", "3 days"), ("Approved by", "Flight officer")]
    said = attribute_sentence("Survey drones", pairs, "Who approved the survey drones?")
    assert said == "Survey drones: approved by Flight officer, and the loan period is 3 days"


def test_names_keep_their_capitals_and_a_heading_opener_is_lowered() -> None:
    said = attribute_sentence("Oslo", [("Hotel per night", "$210")], "hotel in Oslo?")
    assert said == "The hotel per night for Oslo is $210"
    said = attribute_sentence("New York office", [("IT owner", "Dana")], "who?")
    assert said == "The IT owner for New York office is Dana"


def test_period_columns_are_no_attributes() -> None:
    assert attribute_columns(["Loan period", "Approved by"])
    assert not attribute_columns(["2031", "2030"])
    assert not attribute_columns(["Year ended June 30, 2031", "Change"])
    assert not attribute_columns(["Fiscal 2031", "% of sales"])
    assert not attribute_columns(["Q2", "Q1"])


def test_who_is_answered_by_the_role_a_schedule_names() -> None:
    # "Station warden" is no person's name, but it is who the schedule says approves
    draft = compose("Who approves tide gauges?", [_evidence("tide gauges", LOANS)], "en")
    assert draft.splitlines()[0] == (
        "Tide gauges: approved by Station warden, and the loan period is 6 weeks [loans#2]."
    ), draft
    assert "do not specify" not in draft and "do not say" not in draft
