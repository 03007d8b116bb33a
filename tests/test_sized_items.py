"""A total of items a filing sizes in noun phrases, not with a verb of capacity
(``agent/figures/sized_items.py`` through ``prose_totals``): invented filings, each test
failing when the method breaks."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.prose_totals import asked_verb, prose_total
from agent.figures.sized_items import asked_items, sized_amounts

_Q = "What is the total amount Vellmar may borrow under its revolving credit facilities?"
_NOTE = (
    "In May 2024, Vellmar secured a new 364-day Credit Facility of $4 billion, which expires "
    "in May 2025. In June 2024, Vellmar secured an additional 364-day Credit Facility of "
    "$4 billion, which expires in June 2025."
)
_MDA = (
    "Vellmar had $300 million of borrowings outstanding under its $1.2 billion secured "
    "revolving credit facility at year end."
)


def _turn(*texts: str) -> list[Evidence]:
    passages = [
        Passage(chunk_id=f"vellmar#{i}", doc_id="vellmar", page=i + 1, page_end=i + 1, text=t)
        for i, t in enumerate(texts)
    ]
    return [Evidence(tool="search_document", query="q", passages=passages)]


def _total(question: str, *texts: str) -> str:
    out = prose_total(question, _turn(*texts), "en")
    assert out is not None and out.lines
    return out.lines[0]


def test_the_kinds_of_item_asked_are_read_from_the_question() -> None:
    assert "revolving credit facility" in asked_items(_Q)
    assert "line of credit" in asked_items(
        "How much could it draw in total on its lines of credit?"
    )
    assert asked_items("What was the total revenue of the Americas?") == ()


def test_facilities_sized_in_noun_phrases_are_added_but_not_amounts_drawn() -> None:
    line = _total(_Q, _NOTE, _MDA)
    # two facilities of the same size side by side are two items; the $300 million
    # drawn is no facility's size
    assert "$4 billion + $4 billion + $1.2 billion = $9.2 billion" in line
    assert "300" not in line


def test_a_facility_repeated_in_another_passage_counts_once() -> None:
    again = _NOTE.replace("an additional", "a further")  # the note worded otherwise
    assert "= $9.2 billion" in _total(_Q, _NOTE, _MDA, again)


def test_a_facility_raised_later_in_its_sentence_counts_at_its_later_size() -> None:
    raised = (
        "In 2021 Vellmar entered into a $500 million secured revolving credit facility, which "
        "it subsequently increased to $900 million."
    )
    capacity = (
        "Vellmar amended its unsecured revolving credit facility to increase its borrowing "
        "capacity thereunder to $6.0 billion."
    )
    line = _total(_Q, raised, capacity)
    assert "$0.9 billion + $6 billion = $6.9 billion" in line
    assert "0.5 billion" not in line


def test_amounts_in_lines_of_credit_and_other_scales_are_added_in_the_largest() -> None:
    text = (
        "Vellmar has access to a $7 billion committed revolving credit facility. Its lenders "
        "also provide an additional $250 million in lines of credit, of which $200 million "
        "expire within one year."
    )
    q = "How much could Vellmar draw in total from its credit facility and lines of credit?"
    assert "$7 billion + $0.25 billion = $7.25 billion" in _total(q, text)


def test_a_name_qualifying_the_items_keeps_the_sentences_saying_it() -> None:
    text = (
        "The Company's senior credit facility consisted of a $1.5 billion revolving credit "
        "facility. The Orrin Asia first revolving credit facility consisted of a HK$7.8 "
        "billion (approximately $1.0 billion) unsecured revolving credit facility. The Orrin "
        "Asia second revolving credit facility consisted of a HK$2.0 billion (approximately "
        "$256 million) unsecured revolving credit facility."
    )
    q = "As of June 30, 2024, how much may Orrin Asia borrow in total under its credit facilities?"
    assert "HK$7.8 billion + HK$2 billion = HK$9.8 billion" in _total(q, text)


def test_a_facility_that_ended_is_not_added() -> None:
    ended = "In 2024 Vellmar terminated its $2 billion five-year revolving credit facility."
    assert [lim.amount for lim in sized_amounts(_Q, _turn(ended, _MDA))] == [1.2e9]


def test_a_capacity_noun_asks_the_verb_it_is_of() -> None:
    assert asked_verb("What was the combined borrowing capacity of its credit agreements?") == (
        "borrow"
    )
    assert asked_verb("What was the combined capacity of its plants?") == ""
