"""An answer's figure is quoted from every page of the turn that states it for the same item:
the statement's cell beside the MD&A sentence, and never the same number for something else."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.models.compose import compose
from agent.models.corroborate import corroborating, statement_search

STATEMENT = """LARKSPUR MILLS
CONSOLIDATED STATEMENTS OF OPERATIONS (in millions)
Year Ended December 31,
2022  2023  2024
Net sales  1,210  1,388  1,642
Cost of sales  700  810  905
Net income  $  95 $  121 $  163"""

MDNA = (
    "Net sales increased 18% to $1.6 billion in 2024, driven by higher volumes in "
    "the specialty paper segment."
)
GROWTH = "Net sales rose 18.3% on higher volumes of specialty paper."
OTHER = "At year end we employed 1,642 people across four mills.\nTotal  1,642  1,388"
LATER = "Cost of sales will reach 1,642 million in 2026 on current plans."


_ASK = "What were net sales in 2024?"


def _passage(cid: str, text: str, *, page: int, rank: int) -> Passage:
    return Passage(chunk_id=cid, doc_id="lm", page=page, page_end=page, text=text, rank=rank)


def _evidence() -> list[Evidence]:
    return [
        Evidence(
            tool="search_document",
            query="net sales 2024",
            passages=[
                _passage("lm#40", STATEMENT, page=48, rank=1),
                _passage("lm#12", MDNA, page=21, rank=2),
                _passage("lm#13", OTHER, page=22, rank=3),
                _passage("lm#30", LATER, page=35, rank=4),
            ],
        )
    ]


def test_a_cell_answer_also_quotes_the_sentence_stating_that_figure() -> None:
    draft = compose("What were Larkspur Mills' net sales in FY2024?", _evidence(), "en")
    body = draft.split("Follow-up questions:")[0]
    assert body.startswith(
        "Net sales were $1,642 million in FY2024, up from $1,388 million a year earlier [lm#40]."
    )
    assert "Supporting quotes:" in body and "[lm#12]" in body  # the MD&A sentence, page 21
    # "$1.6 billion" is the cell of 1,642 (millions) to the sentence's rounding;
    # the same number as a head count, a "Total" row or another item's forecast is
    # another fact: none of them is quoted
    assert "[lm#13]" not in body and "[lm#30]" not in body


def test_a_sentence_answer_also_quotes_the_statement_row() -> None:
    found = corroborating("What were net sales?", [f"{MDNA} [lm#12]"], _evidence())
    assert [(p.chunk_id, u.text) for p, u in found] == [("lm#40", "Net sales  1,210  1,388  1,642")]


def test_nothing_is_added_without_a_figure_or_on_a_page_already_cited() -> None:
    evidence = _evidence()
    assert corroborating(_ASK, ["The mills make specialty paper [lm#12]."], evidence) == []
    lines = [f"{MDNA} [lm#12]", "Net sales were $1,642 million [lm#40]."]
    assert corroborating(_ASK, lines, evidence) == []
    # a quote must speak to the question, not only repeat the figure
    assert corroborating("How big is the company?", lines[1:], evidence) == []


def test_a_computed_result_also_quotes_the_sentence_stating_it() -> None:
    evidence = [
        Evidence(
            tool="search_document",
            query="net sales growth",
            passages=[
                _passage("lm#40", STATEMENT, page=48, rank=1),
                _passage("lm#14", GROWTH, page=23, rank=2),
                _passage("lm#15", "Cost of sales rose 18.3% on paper prices.", page=24, rank=3),
            ],
        )
    ]
    line = "Change in net sales FY2023 → FY2024 = (1,642 − 1,388) ÷ 1,388 = 18.3% [lm#40]."
    assert [
        p.chunk_id for p, _ in corroborating("How fast did net sales grow?", [line], evidence)
    ] == ["lm#14"]


EARNINGS = """| CONSOLIDATED STATEMENTS OF EARNINGS (Dollars in Millions) | 2024 | 2023 |
|---|---|---|
| Sales to customers | 4,210 | 4,150 |
| Cost of products sold | 1,900 | 1,850 |"""
WORLDWIDE = (
    "In 2024, worldwide sales increased 1.4% to $4.2 billion as compared to an increase "
    "of 6.0% in 2023."
)


def test_a_judgement_quotes_the_sentence_stating_its_figure_by_another_name() -> None:
    # "worldwide sales" is the item of the row "Sales to customers"; the question names
    # neither, its judgement (growth of revenue) does
    q = "Is Larkspur Mills a high growth company in FY2024?"
    table = Evidence(
        tool="search_document",
        query="q",
        passages=[_passage("lm#50", EARNINGS, page=47, rank=1)],
    )
    draft = compose(q, [table], "en")
    assert draft.startswith("No: change in sales to customers FY2023 → FY2024"), draft
    lines = draft.split("Follow-up questions:")[0].splitlines()
    # the planner's search for the sentence stating the cell in prose
    assert statement_search(q, lines, [table]) == "4.2 billion sales 2024"
    stated = Evidence(
        tool="search_document",
        query="4.2 billion sales 2024",
        passages=[_passage("lm#51", WORLDWIDE, page=28, rank=1)],
    )
    body = compose(q, [table, stated], "en").split("Follow-up questions:")[0]
    assert "worldwide sales increased 1.4% to $4.2 billion" in body and "[lm#51]" in body, body
    assert statement_search(q, lines, [table, stated]) == ""  # stated already: no search
