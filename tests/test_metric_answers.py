"""Computed answers over invented statements: book value per share from a label's share
count, a definition set off by a comma, a working whose labels hold commas, and a row of
another period length than the one asked."""

from __future__ import annotations

import re

from agent.arith import checked_results
from agent.evidence import Evidence, Passage
from agent.figures.asked_length import other_length
from agent.figures.book_value import book_value_answer
from agent.figures.candidate import FigureAnswer
from agent.figures.formula import defined_formula, without_definition
from agent.figures.note_shares import note_share
from agent.figures.segment_levels import segment_levels
from agent.figures.turn_tables import grids
from agent.question.parsed import parse
from agent.support import check

HEAD = (
    "| CONSOLIDATED BALANCE SHEETS ({scale}) | December 31, 2021 | December 31, 2020 |\n"
    "|---|---|---|\n"
)
EQUITY_ROWS = (
    "| Common stock, $0.01 par value; 900,000,000 shares authorized; issued and outstanding"
    " 250,000,000 and 240,000,000 shares | 2,500 | 2,400 |\n"
    "| Retained earnings | 3,000,000 | 2,500,000 |\n"
    "| Total Velmor Inc. stockholders' equity | 3,750,000 | 3,120,000 |\n"
    "| Noncontrolling interests | 500,000 | 400,000 |\n"
    "| Total equity | 4,250,000 | 3,520,000 |\n"
)


def _tables(text: str, cid: str = "velmor-10k#40", page: int = 51) -> list:
    doc = cid.partition("#")[0]
    p = Passage(chunk_id=cid, doc_id=doc, page=page, page_end=page, text=text, kind="table")
    return grids([Evidence(tool="search_document", query="q", passages=[p])])


def test_book_value_is_the_company_equity_over_the_label_count_in_its_unit() -> None:
    tables = _tables(HEAD.format(scale="In thousands, except share data") + EQUITY_ROWS)
    q = "What was Velmor's book value per share at the end of 2021?"
    out = book_value_answer(q, tables, "en", {})
    assert out is not None and out.lines and not out.problem()[1]
    line = out.lines[0]
    # 3,750,000 thousand ÷ 250,000,000 shares: the parent's equity, not the total with NCI
    assert "$15.00" in line and "3,750,000" in line and "4,250,000" not in line
    assert "250,000 thousand" in line
    # the working evaluates to what it states, so the reflection can check it
    assert checked_results(line) == ["15.00"]
    assert check(re.sub(r"\[[^\]]+\]", "", line), tables[0].passage.text).supported


def test_book_value_counts_in_thousands_when_the_caption_says_so() -> None:
    rows = (
        "| Common stock, $0.0001 par value; 500,000 shares issued; 412,300 and 415,900 shares"
        " outstanding, respectively | 61 | 61 |\n"
        "| Total stockholders' equity | 5,400,000 | 5,198,750 |\n"
    )
    tables = _tables(HEAD.format(scale="In thousands, except par value") + rows)
    out = book_value_answer("What was book value per share in 2020?", tables, "en", {})
    assert out is not None and out.lines
    assert "$12.50" in out.lines[0]  # 5,198,750 ÷ 415,900, the 2020 column


def test_book_value_not_worked_when_a_row_prints_it_or_it_is_not_asked() -> None:
    printed = HEAD.format(scale="In thousands") + EQUITY_ROWS
    printed += "| Book value per share | 15.00 | 13.00 |\n"
    q = "What was Velmor's book value per share at the end of 2021?"
    assert book_value_answer(q, _tables(printed), "en", {}) is None
    plain = _tables(HEAD.format(scale="In thousands") + EQUITY_ROWS)
    assert book_value_answer("What was Velmor's total equity in 2021?", plain, "en", {}) is None


def test_book_value_asks_for_the_equity_when_only_the_count_is_in_the_turn() -> None:
    count_only = EQUITY_ROWS.splitlines()[0] + "\n"
    tables = _tables(HEAD.format(scale="In thousands") + count_only)
    out = book_value_answer("Velmor's book value per share in 2021?", tables, "en", {})
    assert out is not None and not out.lines
    assert out.wanted == [("total_equity", 2021)] and out.pages == [51] and out.searches


def test_definition_after_a_comma_is_the_formula() -> None:
    q = (
        "What was Velmor's FY2021 inventory turnover ratio, defined as cost of sales / average"
        " inventories between FY2020 and FY2021? Round to two decimal places."
    )
    assert defined_formula(q) == ("inventory turnover ratio", "cost_of_revenue / avg(inventories)")
    # the definition's two years ask no average over them
    assert "between" not in without_definition(q) and "inventory turnover" in without_definition(q)


def test_an_aside_tied_by_no_operator_is_no_definition() -> None:
    q = "What was the cash ratio, calculated as cash over current liabilities, in 2021?"
    assert defined_formula(q) is None
    assert without_definition(q) == q


def test_working_with_a_comma_in_a_label_is_checked() -> None:
    line = (
        "Quick ratio FY2021 = (cash 100 + receivables, net 50) ÷ total current liabilities 60"
        " = 2.50"
    )
    assert checked_results(line) == ["2.50"]
    assert checked_results(line.replace("2.50", "3.50")) == []


def test_row_of_another_length_gives_way() -> None:
    six = FigureAnswer(["Gross margin was 41.3% in the six months ended June 30 [a#1]."])
    three = FigureAnswer(["Gross margin was 40.2% in the three months ended June 30 [a#1]."])
    asked = "What was the gross margin for the three months ended June 30, 2022?"
    assert other_length(asked, [six])
    assert not other_length(asked, [three])
    # a year's question, or one naming no length, is no quarter's
    assert not other_length("What was the gross margin in 2022?", [six])


SEGMENT_HEAD = (
    "| (In thousands) | Year Ended December 31, 2025 | Year Ended December 31, 2024 |\n"
    "|---|---|---|\n"
)
SEGMENT_PART_1 = (
    "| Net revenues |  |  |\n| Harbor Resorts |  |  |\n| Casino | $900 | $800 |\n"
    "| Rooms | 700 | 650 |\n| Total Harbor Resorts | 1,600 | 1,450 |\n"
    "| Inland Operations |  |  |\n| Casino | 1,200 | 1,100 |\n"
)
SEGMENT_PART_2 = (
    "| Rooms | 100 | 90 |\n| Total Inland Operations | 1,300 | 1,190 |\n"
    "| Velmor Macau |  |  |\n| Casino | 1,250 | 1,000 |\n| Rooms | 50 | 40 |\n"
    "| Total Velmor Macau | 1,300 | 1,040 |\n| Reportable segment net revenues | 4,200 | 3,680 |\n"
)


def _segment_answer(*parts: tuple[int, str]) -> FigureAnswer | None:
    """The ranking over the statement's chunks given as (place in the document, text)."""
    passages = [
        Passage(
            chunk_id=f"velmor-10k#{70 + n}",
            doc_id="velmor-10k",
            page=91,
            page_end=91,
            text=SEGMENT_HEAD + part,
            kind="table",
        )
        for n, part in parts
    ]
    ev = [Evidence(tool="search_document", query="q", passages=passages)]
    q = "Which of Velmor Resorts' reportable segments had the highest net revenues in 2025?"
    return segment_levels(q, ev, "en")


def test_segment_ranking_reads_each_member_total_over_the_statement_chunks() -> None:
    out = _segment_answer((1, SEGMENT_PART_2), (0, SEGMENT_PART_1))  # in the turn out of order
    assert out is not None and out.lines
    # the segment's total, never its largest line (Velmor Macau's casino, 1,250)
    assert out.lines[0].startswith("Harbor Resorts had the highest net revenues"), out.lines
    assert "$1,600" in out.lines[0] and "1,250" not in " ".join(out.lines)
    assert "Inland Operations = $1,300" in out.lines[1] and "4,200" not in out.lines[1]


def test_segment_ranking_reads_the_page_when_one_member_of_the_list_is_in_the_turn() -> None:
    out = _segment_answer((1, SEGMENT_PART_2))
    assert out is not None and not out.lines and out.read == [91]


def test_top_line_is_revenue() -> None:
    # the answer from the revenue row names the item the question asked by its synonym
    assert parse("What was Velmor's top line in FY2021?").items == ("revenue",)
    assert parse("What was Velmor's topline growth in 2021?").operation == "growth"


WARRANTY_NOTE = (
    "| (In thousands) | Three Months Ended June 30, 2025 | Six Months Ended June 30, 2025 |\n"
    "|---|---|---|\n"
    "| Recall provisions | $500 | $1,000 |\n"
    "| Labour | $30 | $45 |\n"
    "| Parts | 170 | 355 |\n"
    "| Total warranty costs | $200 | $400 |\n"
)


def test_a_part_share_of_a_note_total_no_item_names() -> None:
    q = (
        "What percentage of Velmor's total warranty costs in the six months ended"
        " June 30, 2025 was labour?"
    )
    out = note_share(q, _tables(WARRANTY_NOTE, page=21))
    assert out is not None and out.lines and not out.problem()[1]
    line = out.lines[0]
    # the six months' column, not the quarter's (30 ÷ 200 = 15%)
    assert "45 ÷ total warranty costs 400 = 11.25%" in line, line
    assert "six months ended June 30, 2025" in line
    assert checked_results(line) == ["11.25"]
    # not in the turn: the note is searched for by the total's words
    miss = note_share(q, _tables(HEAD.format(scale="In thousands") + EQUITY_ROWS))
    assert miss is not None and not miss.lines and miss.searches
    # a share of an item (revenue) is the items' own methods'
    assert note_share("What percentage of total revenue in 2025 was services?", []) is None
