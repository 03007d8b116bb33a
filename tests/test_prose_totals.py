"""A total of limits stated one sentence at a time (``agent/figures/prose_totals.py``):
invented filings, each test failing when the method breaks."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.prose_totals import asked_verb, prose_total
from agent.models.answering.scoring import wants_figure
from agent.models.compose import compose
from agent.question import parse
from agent.support import check

_TERM = (
    "On March 3, 2025, Corvane Holdings entered into a new $1,500,000,000 term facility (the "
    "Term Facility). The Term Facility enables Corvane and its financing subsidiaries to "
    "borrow up to $1,500,000,000 in U.S. Dollars, subject to customary conditions, and "
    "matures on March 1, 2030. Corvane may request an increase of the commitments to up to "
    "$2,000,000,000."
)
_REVOLVER = (
    "Corvane terminated the facility of April 2, 2021, which let it borrow up to $700,000,000. "
    "There were no outstanding borrowings under it. The Revolving Facility enables Corvane "
    "to borrow up to $900,000,000 in U.S. Dollars or Sterling, including a $100,000,000 "
    "letter of credit subfacility, and expires on March 2, 2026."
)
_QUESTION = "What is the total amount Corvane may borrow under its credit facilities?"


def _turn(*texts: str) -> list[Evidence]:
    passages = [
        Passage(
            chunk_id=f"corvane#{i}",
            doc_id="corvane",
            page=i + 1,
            page_end=i + 1,
            section="",
            text=text,
            rank=i + 1,
            score=1.0 / (i + 1),
        )
        for i, text in enumerate(texts)
    ]
    return [
        Evidence(tool="search_document", query="q", passages=passages, term_df={}, scope_chunks=40)
    ]


def test_the_verb_of_capacity_is_read_from_a_question_asking_a_total() -> None:
    assert asked_verb(_QUESTION) == "borrow"
    assert asked_verb("What is the combined amount Tessel is authorized to repurchase?") == (
        "repurchase"
    )
    # asked the other way round: the name or pronoun between is no verb
    assert asked_verb("How much may Blue Corvane Holdings also borrow in total?") == "borrow"
    assert asked_verb("What is the combined amount it can issue under both programmes?") == (
        "issue"
    )
    # no total asked, or no capacity asked: no verb
    assert asked_verb("How much may Corvane borrow under the Term Facility?") == ""
    assert asked_verb("What was the total amount Corvane borrowed in 2024?") == ""


def test_limits_stated_in_two_paragraphs_are_added_with_their_working_cited() -> None:
    out = prose_total(_QUESTION, _turn(_TERM, _REVOLVER), "en")
    assert out is not None
    assert out.lines[0] == (
        "Total limit (borrow up to) = $1,500,000,000 + $900,000,000 = $2,400,000,000 "
        "[corvane#0][corvane#1]."
    )
    # each amount's sentence is quoted, up to its amount, and cited
    assert any(
        "to borrow up to $900,000,000" in line and "[corvane#1]" in line for line in out.lines
    )
    # neither the terminated facility, nor the increase it may request, nor the
    # subfacility inside one of them is added
    assert "700,000,000" not in out.lines[0]
    assert "2,000,000,000" not in out.lines[0]
    assert "100,000,000 " not in out.lines[0]


def test_the_same_sentence_found_twice_counts_once() -> None:
    # one limit alone is no total: its page is read for the others beside it
    alone = prose_total(_QUESTION, _turn(_TERM, _TERM), "en")
    assert alone is not None and not alone.lines
    assert (alone.read, alone.read_doc) == ([1, 2], "corvane")  # its page and the next
    out = prose_total(_QUESTION, _turn(_TERM, _REVOLVER, _REVOLVER), "en")
    assert out is not None and out.lines[0].count("+") == 1


def test_amounts_done_are_not_limits() -> None:
    done = (
        "In 2024 Corvane borrowed $400,000,000 under the Term Facility. "
        "Corvane also borrowed $250,000,000 under the Revolving Facility."
    )
    assert prose_total(_QUESTION, _turn(done), "en") is None
    assert prose_total("What was the total amount Corvane borrowed?", _turn(_TERM), "en") is None


def test_a_sentence_stating_the_total_is_the_answer_alone() -> None:
    both = "Together the facilities allow Corvane to borrow up to an aggregate of $2,400,000,000."
    out = prose_total(_QUESTION, _turn(_TERM, both, _REVOLVER), "en")
    assert out is not None
    assert out.lines[0] == "Total limit (borrow up to) = $2,400,000,000 [corvane#1]."


def test_amounts_in_different_scales_are_added_in_one() -> None:
    a = "The programme authorizes Tessel to repurchase up to $1.5 billion of its shares."
    b = "A second programme permits Tessel to repurchase up to $750 million of its notes."
    q = "What is the combined amount Tessel is authorized to repurchase?"
    out = prose_total(q, _turn(a, b), "en")
    assert out is not None
    assert out.lines[0].startswith(
        "Total limit (repurchase up to) = $1.5 billion + $0.75 billion = $2.25 billion"
    )


def test_the_figure_answer_of_a_turn_without_tables_is_the_total() -> None:
    out = figure_answer(_QUESTION, _turn(_TERM, _REVOLVER), "en")
    assert out is not None and out.lines
    assert "$2,400,000,000" in out.lines[0]


def test_the_offline_answer_is_the_total_not_a_sentence_stating_one_amount() -> None:
    out = compose(_QUESTION, _turn(_TERM, _REVOLVER), "en")
    assert out.startswith(
        "Total limit (borrow up to) = $1,500,000,000 + $900,000,000 = $2,400,000,000"
    )


def test_a_total_of_what_may_be_done_asks_for_a_figure() -> None:
    assert wants_figure(parse(_QUESTION))
    assert not wants_figure(parse("Under which facilities may Corvane borrow?"))


def test_the_total_line_passes_the_support_check_against_the_sentences_it_cites() -> None:
    out = prose_total(_QUESTION, _turn(_TERM, _REVOLVER), "en")
    assert out is not None
    assert check(out.lines[0], f"{_TERM}\n{_REVOLVER}").supported
