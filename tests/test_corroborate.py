"""An answer's figure is quoted from every page of the turn that states it for the same item:
the statement's cell beside the MD&A sentence, and never the same number for something else."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.models.compose import compose
from agent.models.corroborate import corroborating

STATEMENT = """LARKSPUR MILLS
CONSOLIDATED STATEMENTS OF OPERATIONS (in millions)
Year Ended December 31,
2022  2023  2024
Net sales  1,210  1,388  1,642
Cost of sales  700  810  905
Net income  $  95 $  121 $  163"""

MDNA = (
    "Net sales increased 18% to $1,642 million in 2024, driven by higher volumes in "
    "the specialty paper segment."
)
OTHER = "At year end we employed 1,642 people across four mills.\nTotal  1,642  1,388"
LATER = "Cost of sales will reach 1,642 million in 2026 on current plans."


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
    assert body.startswith("Net sales were $1,642 million in FY2024 [lm#40].")
    assert "Supporting quotes:" in body and "[lm#12]" in body  # the MD&A sentence, page 21
    # the same number as a head count, a "Total" row or another item's forecast is
    # another fact: none of them is quoted
    assert "[lm#13]" not in body and "[lm#30]" not in body


def test_a_sentence_answer_also_quotes_the_statement_row() -> None:
    found = corroborating([f"{MDNA} [lm#12]"], _evidence())
    assert [(p.chunk_id, u.text) for p, u in found] == [("lm#40", "Net sales  1,210  1,388  1,642")]


def test_nothing_is_added_without_a_figure_or_on_a_page_already_cited() -> None:
    evidence = _evidence()
    assert corroborating(["The mills make specialty paper [lm#12]."], evidence) == []
    both = corroborating([f"{MDNA} [lm#12]", "Net sales were $1,642 million [lm#40]."], evidence)
    assert both == []
