"""Rankings from the sentence that states each member's change, when no table of the turn
ranks the members: "<member> increased 31%, <member> decreased 27%", "a 12% increase at
<member>". Changes stated paragraph by paragraph rank nothing (the turn may hold some of
them). A qualified measure ("casino revenue", "operational growth"), a member's part
("U.S. Orchard") and another period's change are no member's. Invented companies only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer


def _lines(question: str, *texts: str | tuple[str, str]) -> list[str]:
    passages = []
    for i, t in enumerate(texts):
        section, text = t if isinstance(t, tuple) else ("Results of Operations", t)
        passages.append(
            Passage(
                chunk_id=f"kv#{i}",
                doc_id="kv",
                page=20 + i,
                page_end=20 + i,
                section=section,
                text=text,
                rank=i + 1,
            )
        )
    a = figure_answer(
        question, [Evidence(tool="search_document", query="q", passages=passages)], "en"
    )
    assert a is not None and a.lines, question
    return a.lines


LIST = (
    "Consolidated net revenues were $9.1 billion in 2025. As a result, net revenues at our "
    "Harbour Resorts increased 31%, Inland Operations increased 8%, and Coastal Macau "
    "decreased 27% compared to the prior year."
)


def test_a_sentence_listing_each_members_change() -> None:
    lines = _lines("Which region had the worst top line performance in 2025?", LIST)
    assert lines[0].startswith("Coastal Macau had the lowest net revenues growth"), lines
    assert "decreased 27% [kv#0]" in lines[0], lines
    assert "Harbour Resorts +31%; Inland Operations +8%" in lines[1], lines
    best = _lines("Which region had the best top line performance in 2025?", LIST)
    assert best[0].startswith("Harbour Resorts had the highest"), best


def test_changes_stated_paragraph_by_paragraph_rank_nothing() -> None:
    # the turn may hold some of the paragraphs only: ranking the ones it holds is wrong
    a = figure_answer(
        "Which division had the best top line performance in 2025?",
        [
            Evidence(
                tool="search_document",
                query="q",
                passages=[
                    Passage(chunk_id=f"kv#{i}", doc_id="kv", page=20, page_end=20, text=t)
                    for i, t in enumerate(
                        [
                            "Orchard\nNet revenue grew 12%, driven by pricing.",
                            "Meadow\nNet revenue decreased 3%, reflecting lower volume.",
                        ]
                    )
                ],
            )
        ],
        "en",
    )
    assert a is None or not a.lines, a


def test_qualified_measures_and_a_members_parts_are_no_members() -> None:
    lines = _lines(
        "Which segment had the weakest sales growth in 2025?",
        "Segment sales: Orchard sales increased 2.4%, with operational growth of 9.5%, U.S. "
        "Orchard sales decreased 4.0%, and Meadow sales increased 1.1%, while Meadow casino "
        "sales decreased 20%.",
    )
    assert lines[0] == "Meadow had the lowest sales growth: increased 1.1% [kv#0].", lines
    assert lines[1] == "Others: Orchard +2.4% [kv#0].", lines


def test_a_change_at_a_member_and_the_period_asked() -> None:
    text = (
        "Consolidated net revenues increased 9% for the three months ended June 30, 2025 due "
        "primarily to a 40% increase at Coastal Macau and a 2% increase at our Harbour Resorts. "
        "Consolidated net revenues increased 12% for the six months ended June 30, 2025 due "
        "primarily to a 25% increase at Coastal Macau, a 14% increase at our Harbour Resorts, "
        "and a 1% decrease at our Inland Operations."
    )
    q = "Which region had the lowest net revenues growth in the six months ended June 30, 2025?"
    lines = _lines(q, text)
    assert lines[0].startswith("Inland Operations had the lowest net revenues growth"), lines
    assert "Coastal Macau +25%; Harbour Resorts +14%" in lines[1], lines


SUMMARY = """| (In thousands) Balance Sheet | June 30, 2025 | December 31, 2024 |
|---|---|---|
| Current assets | $4,561 | $6,733 |
| Other long-term assets | 28,469 | 28,802 |
| Net revenues | $10,477 | $9,120 |
| Operating income | 4,981 | 3,200 |"""


def test_rows_above_the_measure_that_do_not_add_up_to_it_are_no_members() -> None:
    # a summary of two statements: balance rows above "Net revenues" are not its parts
    passages = [Passage(chunk_id="kv#0", doc_id="kv", page=3, page_end=3, text=SUMMARY, rank=1)]
    ev = [Evidence(tool="search_document", query="q", passages=passages)]
    a = figure_answer("Which region had the best topline performance in 2025?", ev, "en")
    assert a is not None and not a.lines, a
    # nothing to answer from: the kind's table, the segments' table, then the sentences
    assert [s.split(" by ")[-1] for s in a.searches[:2]][1].startswith("segment"), a.searches
    assert a.searches[-1] == "sales revenue increased decreased 2025", a.searches
