"""Two or three members of one table added (``agent/figures/summed_items.py``): invented
tables, each test failing when the method breaks."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.summed_items import asks_sum, summed_answer
from agent.models.compose import compose

DIVISIONS = """Net revenue of each division (in millions)
| | 2025 | 2024 |
|---|---|---|
| Snacks North | 5,633 | 5,340 |
| Cereal Foods | 578 | 669 |
| Drinks North | 2,442 | 1,937 |
| Print and Publishing | 170 | 176 |
| Total division | 8,823 | 8,122 |"""


def _turn(*texts: str) -> list[Evidence]:
    passages = [
        Passage(
            chunk_id=f"vela#{i}",
            doc_id="vela",
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


def test_a_sum_is_asked_by_words_saying_the_members_are_added() -> None:
    assert asks_sum("What did Snacks North and Cereal Foods earn combined in 2025?")
    assert asks_sum("What did Snacks North and Cereal Foods bring in together?")
    assert not asks_sum("How did Snacks North compare with Cereal Foods in 2025?")


def test_three_members_are_added_with_every_operand_shown_and_cited() -> None:
    q = "What net revenue did Snacks North, Cereal Foods and Drinks North earn combined in 2025?"
    out = summed_answer(q, _turn(DIVISIONS), "en")
    assert out is not None
    line = out.lines[0]
    for operand in ("5,633", "578", "2,442"):
        assert operand in line
    assert "= 8,653" in line and "[vela#0]" in line
    assert "8,823" not in line  # the table's total adds all four divisions
    assert [c.value for c in out.cells] == [5633, 578, 2442]


def test_a_label_holding_and_is_one_member_and_the_period_is_the_column_asked() -> None:
    q = "What did Cereal Foods and Print and Publishing bring in together in 2024?"
    out = summed_answer(q, _turn(DIVISIONS), "en")
    assert out is not None
    assert "669 + Print and Publishing 176 = 845" in out.lines[0]


def test_members_not_named_side_by_side_are_no_sum() -> None:
    # a single member, and two named apart by other words, ask no sum of rows
    alone = "What did Snacks North earn in total in 2025?"
    assert summed_answer(alone, _turn(DIVISIONS), "en") is None
    q = "What did Snacks North earn combined with its growth over Cereal Foods in 2025?"
    assert summed_answer(q, _turn(DIVISIONS), "en") is None


def test_the_offline_answer_is_the_sum_with_its_working() -> None:
    q = "What net revenue did Snacks North and Drinks North generate together in 2025?"
    said = compose(q, _turn(DIVISIONS), "en")
    assert "5,633 + Drinks North 2,442 = 8,075" in said


PRODUCTS = """Sales by product (in millions)
| | 2025 | 2024 |
|---|---|---|
| KORVA |  |  |
| U.S. | 6,388 | 5,938 |
| International | 3,335 | 3,196 |
| Worldwide | 9,723 | 9,134 |
| TELMIRA |  |  |
| U.S. | 1,844 | 1,503 |
| International | 824 | 624 |
| Worldwide | 2,668 | 2,127 |"""


def test_members_named_by_their_headings_add_the_row_the_question_names() -> None:
    q = "What were the combined worldwide sales of KORVA and TELMIRA in 2025?"
    out = summed_answer(q, _turn(PRODUCTS), "en")
    assert out is not None
    assert "KORVA worldwide 9,723 + TELMIRA worldwide 2,668 = 12,391" in out.lines[0]
    # "U.S." said before each heading is the row under it, the words between them too
    q = "What were U.S. KORVA and U.S. TELMIRA sales added together in 2024?"
    out = summed_answer(q, _turn(PRODUCTS), "en")
    assert out is not None and "5,938" in out.lines[0] and "= 7,441" in out.lines[0]


def test_members_counted_not_named_are_every_group_of_the_table() -> None:
    q = "What worldwide sales did Vela's two segments earn in all in 2025?"
    out = summed_answer(q, _turn(PRODUCTS), "en")
    assert out is not None and "= 12,391" in out.lines[0]
    # a count the table's groups do not match adds nothing
    q = "What worldwide sales did Vela's three segments earn in all in 2025?"
    assert summed_answer(q, _turn(PRODUCTS), "en") is None


GROUPED = """| | Net Revenue 2025 | Net Revenue 2024 | Operating Profit 2025 \
| Operating Profit 2024 |
|---|---|---|---|---|
| Snacks North | $19,608 | $18,189 | $5,633 | $5,340 |
| Cereal Foods | 2,751 | 2,742 | 578 | 669 |
| Total division | 22,359 | 20,931 | 6,211 | 6,009 |"""


def test_the_members_are_read_in_the_column_group_the_question_names() -> None:
    q = "What operating profit did Snacks North and Cereal Foods earn combined in 2025?"
    out = summed_answer(q, _turn(GROUPED), "en")
    assert out is not None and "5,633 + Cereal Foods 578 = 6,211" in out.lines[0]
    q = "What net revenue did Snacks North and Cereal Foods earn combined in 2024?"
    out = summed_answer(q, _turn(GROUPED), "en")
    assert out is not None and "18,189 + Cereal Foods 2,742 = 20,931" in out.lines[0]
