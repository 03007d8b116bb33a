"""A report's exhibit index is no support for an answer about anything else: found trying
the app, an answer on a 10-K's employees quoted "*10.2 <Company> 2004 Omnibus Stock and
Incentive Plan, as amended S-8 99 7/15/2011" for sharing the company's name. Every
document and name here is invented."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.models.back_matter import back_matter
from agent.models.corroborate import corroborating

PEOPLE = (
    "Human Capital Management\n"
    "At the end of fiscal 2023, we employed more than 4,200 employees in the U.S. and "
    "Canada, comprised of approximately 58% full-time, 32% part-time and 10% seasonal "
    "employees. "
    "Quillon Widgets employees receive training in every store."
)
OFFICERS = (
    "In this role, she oversees the training and well-being of the more than 4,200 "
    "Quillon Widgets employees worldwide."
)
EXHIBITS = (  # the exhibit index as its table reads: cells apart by two spaces
    "*10.2  Quillon Widgets, Inc. 2034 Omnibus Stock and Incentive Plan, as amended  S-8  99  "
    "7/15/2035\n"
    "*10.3  Quillon Widgets, Inc. 2036 Employee Stock Purchase Plan  10-K  10.3  3/2/2037"
)
ASK = "How many employees did Quillon Widgets have at the end of fiscal 2023?"


def _passage(cid: str, text: str, *, page: int, rank: int) -> Passage:
    return Passage(chunk_id=cid, doc_id="qw", page=page, page_end=page, text=text, rank=rank)


def _search(query: str, order: list[tuple[str, str, int]]) -> Evidence:
    passages = [_passage(c, t, page=p, rank=i + 1) for i, (c, t, p) in enumerate(order)]
    return Evidence(tool="search_document", query=query, passages=passages)


def test_an_exhibit_row_is_back_matter_and_a_sentence_is_not() -> None:
    assert back_matter(EXHIBITS.splitlines()[0])
    assert back_matter("10.4 Quillon Widgets Credit Agreement 8-K 10.1 6/30/2038")
    assert not back_matter(PEOPLE.splitlines()[1])


def test_an_answer_about_employees_quotes_no_exhibit_row() -> None:
    people, exhibits = ("qw#45", PEOPLE, 7), ("qw#578", EXHIBITS, 66)
    evidence = [
        _search(ASK, [people, exhibits]),
        _search("employees quillon widgets", [exhibits, people]),
    ]
    lines = [
        "We employed more than 4,200 employees in the U.S. and Canada [qw#45].",
        "- " + PEOPLE.splitlines()[1].split(" Quillon")[0] + " [qw#45]",
    ]
    # the draft's "10% seasonal" and the exhibit number "*10.2" are one figure to the
    # corroboration; the exhibit row also says the company's name and "employee"
    assert corroborating(ASK, lines, evidence) == []
