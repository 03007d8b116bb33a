"""The page the turn's searches agree on is quoted too, when it holds a likely answer that
the best single unit (from another page) left out; never a unit below the refusal floor."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.models.judge import judge

QUESTION = "Are Harrow Instruments' 2024 financials those of a high growth company?"
SLOW = (
    "Harrow Instruments grew slowly in 2024: revenue rose 1.1% after 0.9% in 2023, "
    "below the industry's growth."
)
LIKELY = "Growth at Harrow Instruments came mostly from its laboratory customers."
UNLIKELY = "Optics remain the focus of Harrow Instruments."
FOUNDED = "The company was founded in 1962 and employs 2,400 people."
DF = {"harrow": 30, "instruments": 30, "growth": 4, "company": 25, "financials": 2, "high": 6}


def _passage(n: int, text: str, rank: int) -> Passage:
    return Passage(
        chunk_id=f"h#{n}", doc_id="h", page=n, page_end=n, text=text, rank=rank, score=1 / rank
    )


def _search(query: str, *passages: Passage) -> Evidence:
    return Evidence(
        tool="search_document", query=query, passages=list(passages), term_df=DF, scope_chunks=40
    )


def _turn(agreed: str) -> list[Evidence]:
    """The question's search ranks page 30 first; the keyword search ranks page 9 first
    and page 30 fourth: page 9 gets the most votes over the two."""
    return [
        _search(QUESTION, _passage(30, SLOW, 1), _passage(9, agreed, 2), _passage(31, FOUNDED, 3)),
        _search(
            "harrow instruments growth",
            _passage(9, agreed, 1),
            _passage(31, FOUNDED, 2),
            _passage(33, FOUNDED + " ", 3),
            _passage(30, SLOW, 4),
        ),
    ]


def test_the_page_the_searches_agree_on_is_quoted_beside_the_best_unit() -> None:
    chosen = judge(QUESTION, _turn(LIKELY)).chosen
    assert chosen[0].passage.page == 30  # the direct answer stays the best unit
    assert [c.passage.page for c in chosen[1:]] == [9]
    assert chosen[1].unit.text == LIKELY


def test_a_unit_unlikely_to_answer_is_not_quoted_for_its_page() -> None:
    chosen = judge(QUESTION, _turn(UNLIKELY)).chosen
    assert [c.passage.page for c in chosen] == [30]
