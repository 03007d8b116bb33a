"""The figure methods are a scored registry: every method that applies offers candidates,
the best scored comes first whatever the registry's order, and one the verifier rejects
gives way to the next. Invented statements and scripted methods only."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from agent import prompts
from agent.evidence import Evidence, Passage
from agent.figures import answer
from agent.figures.candidate import FigureAnswer
from agent.figures.methods import FigureMethod, asked_operation, offered, score
from agent.question.parsed import Operation

BALANCE = """| Condensed Consolidated Balance Sheets (in millions) | July 27, 2024 | \
January 27, 2024 | July 29, 2023 |
|---|---|---|---|
| Cash and cash equivalents | $1,210 | $1,640 | $990 |
| Inventories | 3,400 | 3,150 | 3,300 |"""


def _evidence(text: str) -> list[Evidence]:
    p = Passage(chunk_id="mr#1", doc_id="mr", page=5, page_end=5, text=text, rank=1)
    return [Evidence(tool="search_document", query="q", passages=[p])]


def _scripted(
    name: str, *lines: str, ops: frozenset[Operation] = frozenset({"lookup"})
) -> FigureMethod:
    def offer(q: str, ev: Sequence[Evidence], lang: prompts.Lang) -> list[FigureAnswer]:
        return [FigureAnswer([line]) for line in lines]

    return FigureMethod(name, lambda q: True, offer, ops)


def test_the_registrys_order_decides_nothing() -> None:
    q = "Did Marrowby's cash and cash equivalents fall between FY2024 and Q2 of FY2025?"
    ev = _evidence(BALANCE)
    forward = offered(answer.METHODS, q, ev, "en")
    backward = offered(tuple(reversed(answer.METHODS)), q, ev, "en")
    assert forward and forward[0].lines == backward[0].lines
    # the method reading both periods asked wins over the year-on-year cell lookup
    assert forward[0].lines[0].startswith("Yes, cash and cash equivalents fell"), forward[0].lines


def test_the_operation_asked_and_the_words_said_score() -> None:
    q = "How did Marrowby's inventories compare with its cash in FY2024?"
    assert asked_operation(q) == "comparison"
    both = FigureAnswer(
        ["Inventories of $3,400 million exceeded cash of $1,210 million in FY2024 [m#1]."]
    )
    one = FigureAnswer(["Inventories were $3,400 million in FY2024 [m#1]."])
    compares = _scripted("a", ops=frozenset({"comparison"}))
    looks_up = _scripted("b")
    assert score(q, both, compares) > score(q, one, compares) > score(q, one, looks_up)
    # the years asked: a line of the year asked over one of no year
    assert score(q, one, looks_up) > score(
        q, FigureAnswer(["Inventories: $3,400 [m#1]."]), looks_up
    )


def test_a_candidate_the_verifier_rejects_gives_way_to_the_next(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    q = "What was Marrowby's gross margin in FY2024?"
    wrong = "Gross margin FY2024 = 9,100 ÷ 70 = 13000.0% [m#1]."
    right = "Gross margin FY2024 = 3,100 ÷ 9,100 = 34.1% [m#1]."
    # the rejected one scores higher (it names the year twice as often): still not given
    lower = "Gross profit was $3,100 million [m#1]."  # below the one that passes: never offered
    methods = (_scripted("z", right), _scripted("a", f"{wrong} FY2024"), _scripted("y", lower))
    monkeypatch.setattr(answer, "METHODS", methods)
    found = answer.figure_candidates(q, _evidence(BALANCE), "en")
    assert [f.lines[0] for f in found] == [f"{wrong} FY2024", right]  # no lower one
    chosen = answer.figure_answer(q, _evidence(BALANCE), "en")
    assert chosen is not None and chosen.lines == [right]


def test_a_need_is_offered_only_when_no_method_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    def needs(q: str, ev: Sequence[Evidence], lang: prompts.Lang) -> list[FigureAnswer]:
        return [FigureAnswer(searches=["Marrowby gross profit"])]

    need = FigureMethod("n", lambda q: True, needs, frozenset({"lookup"}))
    q = "What was Marrowby's gross profit in FY2024?"
    monkeypatch.setattr(answer, "METHODS", (need, _scripted("m", "Gross profit was $3,100 [m#1].")))
    assert [f.lines for f in answer.figure_candidates(q, _evidence(BALANCE), "en")] == [
        ["Gross profit was $3,100 [m#1]."]
    ]
    monkeypatch.setattr(answer, "METHODS", (need,))
    found = answer.figure_candidates(q, _evidence(BALANCE), "en")
    assert [f.searches for f in found] == [["Marrowby gross profit"]]


def test_what_the_method_computing_the_operation_needs_comes_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def reads_on(q: str, ev: Sequence[Evidence], lang: prompts.Lang) -> list[FigureAnswer]:
        return [FigureAnswer(read=[6], read_doc="mr")]

    ranks = FigureMethod("r", lambda q: True, reads_on, frozenset({"extreme"}))
    total = _scripted("t", "Net sales grew 4.0% in FY2024 [m#1].")
    q = "Which segment had the lowest net sales growth in FY2024?"
    assert asked_operation(q) == "extreme"
    monkeypatch.setattr(answer, "METHODS", (total, ranks))
    found = answer.figure_candidates(q, _evidence(BALANCE), "en")
    assert [(f.lines, f.read) for f in found] == [([], [6])]
