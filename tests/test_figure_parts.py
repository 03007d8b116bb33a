"""A line item asked of a part of the business: a product's or a segment's row, never the
company's total; the column of a table of several measures that names the item; a part
no table of the turn holds is searched for; the company's own name and a question's title
case are no part. Invented companies only."""

from __future__ import annotations

from agent.evidence import Evidence
from agent.figures.answer import figure_answer
from agent.figures.parts import PART_SEARCH_K, asked_parts
from agent.figures.statements import asked_words
from agent.support import check
from testkit.figure_turns import first_line, velmor_turn

INCOME = """| (in millions) Consolidated Statements of Income | 2025 | 2024 |
|---|---|---|
| Total revenues | $20,000 | $18,000 |
| Cost of sales | 8,000 | 7,500 |
| Net income | 3,100 | 2,900 |"""
PRODUCTS = """| (MILLIONS) Product revenues | 2025 | 2024 |
|---|---|---|
| Zentaril direct sales and alliance revenues | 4,100 | 3,900 |
| Orvexa | 2,500 | 2,000 |
| Total revenues | $20,000 | $18,000 |"""
SEGMENTS = (
    "| (Dollars in Millions) | Income Before Tax 2025 | Income Before Tax 2024 "
    "| Segment Sales 2025 | Segment Sales 2024 | Percent of Segment Sales 2025 |\n"
    "|---|---|---|---|---|---|\n"
    "| Oncology (1) | $3,000 | 2,800 | 9,000 | 8,500 | 33.3 % |\n"
    "| Devices | 1,200 | 1,100 | 11,000 | 9,500 | 10.9 % |\n"
    "| Total | 4,200 | 3,900 | 20,000 | 18,000 | 21.0 % |"
)
PROSE = (
    "Sales of Zentaril and Orvexa grew in 2025. The Oncology segment reported higher "
    "sales, and reported revenues rose in every region. Its newest product, Quintara, "
    "launched in 2026."
)
DF = {"zentaril": 3, "orvexa": 2, "oncology": 9, "quintara": 1, "velmor": 80, "reported": 40}
DF |= {"northern": 5, "specialty": 6, "pharma": 4, "nsp": 9}


def _evidence(*texts: str) -> list[Evidence]:
    return velmor_turn(texts, DF)


def _line(question: str, *texts: str) -> str:
    return first_line(question, _evidence(*texts))


def test_a_products_revenue_is_its_row_not_the_companys_total() -> None:
    line = _line("What were Zentaril revenues in 2025?", INCOME, PRODUCTS, PROSE)
    assert "$4,100 million in FY2025, up from $3,900 million a year earlier [vm#1]" in line, line
    assert line.startswith("Zentaril direct sales and alliance revenues were"), line
    assert check(line.split("[")[0], PRODUCTS).supported


def test_a_row_naming_only_the_part_is_read_once_a_search_for_the_part_found_no_better() -> None:
    q = "What was the revenue of Orvexa in 2024?"
    first = figure_answer(q, _evidence(INCOME, PRODUCTS, PROSE), "en")
    # a row labelled by the part alone, in a table titled by the item: a row naming both
    # may be elsewhere, so the part is searched for first
    assert first is not None and first.searches == ["Orvexa", "Orvexa revenue"], first
    assert not first.lines, first
    searched = _evidence(INCOME, PRODUCTS, PROSE)
    searched[0].query = "Orvexa"
    more = figure_answer(q, searched, "en")  # then with the item's words
    assert more is not None and more.searches == ["Orvexa revenue"], more
    searched += _evidence(PROSE)
    searched[1].query = "Orvexa revenue"
    a = figure_answer(q, searched, "en")
    assert a is not None and a.lines, a
    assert a.lines[0].startswith("Orvexa revenue was $2,000 million in FY2024"), a.lines


def test_a_segments_sales_come_from_the_column_naming_sales() -> None:
    line = _line("What were the Oncology segment's sales in 2025?", INCOME, SEGMENTS, PROSE)
    # not income before tax (3,000), not the percent of sales (33.3), no footnote marker
    assert line.startswith("Oncology sales were $9,000 million in FY2025"), line


def test_the_companys_own_name_is_no_part() -> None:
    line = _line("What was Velmor's total revenue in 2025?", INCOME, PRODUCTS, PROSE)
    assert "$20,000 million" in line, line


def test_title_case_in_a_question_is_no_part() -> None:
    # the documents write "reported" in lower case: the question's capital names nothing
    q = "What were Reported revenues in 2025?"
    assert not asked_parts(q, _evidence(PROSE), asked_words(q))
    assert "$20,000 million" in _line(q, INCOME, PRODUCTS, PROSE)


def test_a_part_no_table_holds_is_searched_for_not_answered_with_the_total() -> None:
    a = figure_answer("What were Quintara revenues in 2025?", _evidence(INCOME, PROSE), "en")
    assert a is not None and not a.lines and not a.missing, a
    assert a.searches == ["Quintara", "Quintara revenues"] and a.search_k == PART_SEARCH_K, a


GROUPED = """| (in millions) | 2024 | Year Ended December 31, | 2025 |
|---|---|---|---|
| Net sales: |  |  |  |
| Orvexa | 2,000 |  | 2,500 |
| Zentaril | 3,900 |  | 4,100 |
| Operating income: |  |  |  |
| Orvexa | 300 |  | 420 |
| Zentaril | 610 |  | 650 |"""


def test_a_parts_row_is_read_under_the_group_heading_naming_the_item() -> None:
    sales = _line("What were Orvexa sales in 2025?", GROUPED, PROSE)
    assert sales.startswith("Orvexa sales were 2,500 million in FY2025"), sales
    # what to ask next: the part beside it, by its name and the item, once each
    nxt = figure_answer("What were Orvexa sales in 2025?", _evidence(GROUPED, PROSE), "en")
    assert nxt is not None and nxt.follow == ["What were Zentaril sales in FY2025?"], nxt
    profit = _line("What was Zentaril operating income in 2024?", GROUPED, PROSE)
    assert profit.startswith("Zentaril operating income was 610 million in FY2024"), profit
    grew = figure_answer("How much did Orvexa sales grow in 2025?", _evidence(GROUPED, PROSE), "en")
    assert grew is not None and grew.lines, grew
    assert (
        "Change in Orvexa sales FY2024 → FY2025 = (2,500 − 2,000) ÷ 2,000 = 25.0%"
        in (grew.lines[-1])
    ), grew.lines


DIVISIONS = """| (in millions) | Net Revenue 2025 | Net Revenue 2024 | Operating Profit 2025 |
|---|---|---|---|
| NSP | $6,300 | $5,900 | $1,250 |
| Devices | 11,000 | 9,500 | 1,900 |"""
DEFINED = (
    "We are organized into two divisions: Northern Specialty Pharma (NSP), which makes "
    "the Zentaril line, and Devices."
)


def test_a_part_is_read_by_the_abbreviation_the_document_defines_for_it() -> None:
    q = "What was Northern Specialty Pharma net revenue in 2025?"
    a = figure_answer(q, _evidence(DIVISIONS, DEFINED), "en")
    assert a is not None and a.lines, a
    assert a.lines[0].startswith("NSP net revenue was $6,300 million in FY2025"), a.lines


SUBSCRIPTION = """| Revenue (dollars in millions) | 2025 | 2024 |
|---|---|---|
| Studio Suite | $9,100 | $8,200 |
| Signal Hub | 2,900 | 2,500 |
| Total subscription revenue | $12,000 | $10,700 |"""
BY_SEGMENT = """| Revenue (dollars in millions) | 2025 | 2024 |
|---|---|---|
| Studio Suite | $9,700 | $8,800 |
| Signal Hub | 3,300 | 2,950 |
| Total revenue | $13,000 | $11,750 |"""
CLOUDS = "Our Studio Suite and Signal Hub segments grew; Signal Hub added clients."


def test_a_segment_named_everywhere_is_still_a_part_read_from_the_table_of_the_item() -> None:
    ev = _evidence(SUBSCRIPTION, BY_SEGMENT, CLOUDS)
    # the segment's words are in most chunks of such a report: a two-word name is a part
    # all the same, not the company's own name
    ev[0].term_df = {"studio": 200, "suit": 180, "signal": 220, "hub": 300}
    ev[0].query = "Signal Hub revenue"  # its searches have run
    ev += _evidence(CLOUDS)
    ev[1].query = "Signal Hub"
    a = figure_answer("What was Signal Hub revenue in 2024?", ev, "en")
    assert a is not None and a.lines, a
    # from the table whose total is revenue, not the one totalling subscription revenue
    assert a.lines[0].startswith("Signal Hub revenue was $2,950 million in FY2024"), a


def test_the_company_its_cover_names_is_no_part_whatever_the_file_is_called() -> None:
    from agent.scope import _registrant
    from pipeline.models import Chunk

    cover = Chunk(
        chunk_id="ar#1",
        doc_id="ar",
        n=1,
        text="LARKSPUR MILLS, INC.\n(Exact name of registrant as specified in its charter)\n",
        kind="text",
        page_start=1,
        page_end=1,
    )
    assert _registrant([cover]) == "LARKSPUR MILLS, INC."
    ev = _evidence("Paper from Larkspur Mills is sold in Larkspur Outlet stores.")
    ev[0].names, ev[0].owner = ["annual", "report"], ["larkspur", "mill"]
    ev[0].term_df = {"larkspur": 90, "mills": 60}
    q = "What were Larkspur Mills' total revenues in 2025?"
    assert not asked_parts(q, ev, asked_words(q))


REGIONS = """| Sales by region (in millions) | 2025 | 2024 | Percent Change 2025 |
|---|---|---|---|
| Devices: |  |  |  |
| U.S. | $1,200 | $1,100 | 9.1 % |
| International | 800 | 700 | 14.3 % |
| Company: |  |  |  |
| U.S. | $5,400 | $5,000 | 8.0 % |
| International | 3,600 | 3,300 | 9.1 % |
| Total revenue | $9,000 | $8,300 | 8.4 % |"""
ABROAD = "Sales grew in the U.S. and in international markets, where Devices led."


def test_a_region_the_tables_name_is_a_part_read_for_the_company_not_a_segment() -> None:
    # prose writes "international" in lower case; the tables name the row so
    for q, figure, searched in (
        ("What were International sales in 2025?", "3,600", ("International", "sales")),
        ("What was U.S. revenue in 2024?", "5,000", ("U.S", "revenue")),
    ):
        ev = _evidence(REGIONS, ABROAD) + _evidence(ABROAD) + _evidence(ABROAD)
        ev[0].term_df = {"international": 12, "us": 30}
        ev[1].query, ev[2].query = searched[0], " ".join(searched)  # its searches have run
        a = figure_answer(q, ev, "en")
        assert a is not None and a.lines and f"{figure} million" in a.lines[0], (q, a)
        assert "%" not in a.lines[0]  # never the change column
