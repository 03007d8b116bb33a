"""How a part of the business performed in a quarter: its sales in the quarter against
the same quarter a year before, from a release's table whose corner names the quarter
("($ in Millions) Q2" over "2025 | 2024"), each period said as the table prints it.
Invented companies only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.tables import read_grids
from agent.support import check

SEGMENT_SALES = """| Sales by segment ($ in Millions) Q2 | 2025 | 2024 | % Change Reported |
|---|---|---|---|
| Orchard | 6,300 | 6,000 | 5.0 |
| Harbor | 2,100 | 2,200 | (4.5) |
| Worldwide | 8,400 | 8,200 | 2.4 |"""
# a release: the segment's name is in most of its passages, as the company's would be
PROSE = "Orchard worldwide sales grew. The Orchard pipeline advanced. Orchard launches continued."


def _evidence(*texts: str, chunks: int = 10) -> list[Evidence]:
    """The turn after the search for the part by its name has run."""
    passages = [
        Passage(chunk_id=f"hv#{i}", doc_id="hv", page=2 + i, page_end=2 + i, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    return [
        Evidence(
            tool="search_document", query="Orchard", passages=passages,
            term_df={"orchard": chunks - 1, "harbor": 2}, scope_chunks=chunks, names=["hollyvale"],
        )
    ]  # fmt: skip


def test_a_corner_naming_the_quarter_dates_the_year_columns() -> None:
    p = Passage(chunk_id="hv#0", doc_id="hv", page=2, page_end=2, text=SEGMENT_SALES, rank=1)
    columns = read_grids(p)[0].columns
    assert [(c.year, c.months) for c in columns] == [(2025, 3), (2024, 3)], columns


def test_how_a_segment_performed_is_its_sales_against_the_same_quarter() -> None:
    q = "How did Hollyvale's Orchard segment perform in Q2 2025?"
    a = figure_answer(q, _evidence(SEGMENT_SALES, PROSE), "en")
    assert a is not None, q
    assert a.lines == [
        "Orchard sales were $6,300 million in Q2 2025 [hv#0].",
        "Orchard sales were $6,000 million in Q2 2024 [hv#0].",
        "Change in Orchard sales (Q2 2024 → Q2 2025) = (6,300 − 6,000) ÷ 6,000 = 5.0% [hv#0].",
    ], a
    for line in a.lines:
        assert check(line.split("[")[0], SEGMENT_SALES).supported, line


def test_a_word_as_common_as_the_companys_name_is_a_part_when_called_a_segment() -> None:
    a = figure_answer("How did Orchard perform in Q2 2025?", _evidence(SEGMENT_SALES, PROSE), "en")
    # called nothing, the word may be the company itself: no part's row is read for it
    assert a is None or not any("Orchard sales" in line for line in a.lines), a


REVENUES = """| Hollyvale Consolidated Statements of Operations (in millions) | 2025 | 2024 |
|---|---|---|
| Revenues |  |  |
| Casino | $3,800 | $3,500 |
| Rooms | 1,900 | 1,700 |
| Net revenues | 5,700 | 5,200 |"""


def test_a_lower_case_word_before_the_item_that_is_a_rows_label_names_that_row() -> None:
    p = Passage(chunk_id="hv#0", doc_id="hv", page=9, page_end=9, text=REVENUES, rank=1)
    ev = [
        Evidence(
            tool="search_document", query="casino revenues", passages=[p],
            term_df={"casino": 3, "revenues": 40}, scope_chunks=60, names=["hollyvale"],
        )
    ]  # fmt: skip
    a = figure_answer("What were Hollyvale's casino revenues in FY2025?", ev, "en")
    assert a is not None and a.lines and "$3,800 million" in a.lines[0], a
    a = figure_answer("What were Hollyvale's net revenues in FY2025?", ev, "en")
    assert a is not None and a.lines and "$5,700 million" in a.lines[0], a


STATEMENT = """| Hollyvale Statements of Earnings ($ in Millions) | Q2 2025 | Q2 2024 |
|---|---|---|
| Sales to customers | $8,400 | $8,200 |
| Net earnings | 1,100 | 1,000 |"""


_UNTOTALLED = "\n".join(ln for ln in SEGMENT_SALES.splitlines() if "Worldwide" not in ln)


def test_a_parts_share_of_the_whole_is_its_cell_over_the_companys() -> None:
    # the segment table closes its rows with no total of its own: the whole is the
    # company's figure, read off its statement (a table closing the parts with their total
    # is read whole, ``test_part_shares``)
    q = "What percentage of Hollyvale's Q2 2025 sales came from the Orchard segment?"
    searched = Evidence(tool="search_document", query="Orchard sales")  # the part's rows
    a = figure_answer(q, [*_evidence(_UNTOTALLED, STATEMENT, PROSE), searched], "en")
    assert a is not None and a.lines == [
        "Orchard sales were 75.0% of sales to customers in Q2 2025: 6,300 ÷ 8,400 = 75.0% "
        "[hv#0][hv#1]."
    ], a
    assert check(a.lines[0].split("[")[0], _UNTOTALLED + "\n" + STATEMENT).supported


def test_a_share_of_a_singular_item_reads_was() -> None:
    segment = _UNTOTALLED.replace("Sales by segment", "Revenue by segment")
    statement = STATEMENT.replace("Sales to customers", "Total revenue")
    q = "What share of Hollyvale's Q2 2025 revenue came from the Orchard segment?"
    searched = Evidence(tool="search_document", query="Orchard revenue")
    a = figure_answer(q, [*_evidence(segment, statement, PROSE), searched], "en")
    assert a is not None and a.lines and a.lines[0].startswith("Orchard revenue was 75.0% of"), a


def test_a_statement_of_the_quarter_asked_is_read_first_for_a_missing_figure() -> None:
    from agent.figures.lookup import Finder
    from agent.figures.turn_tables import grids

    six = STATEMENT.replace("Q2 2025", "Six Months 2025").replace("Q2 2024", "Six Months 2024")
    tables = grids(_evidence(six, STATEMENT))  # pages 2 and 3
    assert Finder(tables, months=3).statement_pages("revenue") == [3, 2]
    assert Finder(tables, months=6).statement_pages("revenue") == [2, 3]


def test_a_parts_row_and_the_wholes_missing_figure_are_searched_in_one_round() -> None:
    from agent.models.planner import plan

    q = "What percentage of Hollyvale's Q2 2025 sales came from the Orchard segment?"
    table = "\n".join(ln for ln in SEGMENT_SALES.splitlines() if "Worldwide" not in ln)
    calls = plan(q, _evidence(table, PROSE), 2, ["search_document", "read_page"])
    queries = [c["args"].get("query", "") for c in calls]
    assert "Orchard sales" in queries, calls  # the part's own row, named with its item
    assert any(q.startswith("total revenue") for q in queries), calls  # the whole's row


def test_a_parts_share_is_worked_in_one_unit_when_its_tables_state_two() -> None:
    # the segment table in millions, the statement in thousands: 6,300 ÷ 8,400,000 would
    # read 0.1%
    statement = STATEMENT.replace("($ in Millions)", "(in thousands)")
    statement = statement.replace("$8,400", "$8,400,000").replace("$8,200", "$8,200,000")
    q = "What percentage of Hollyvale's Q2 2025 sales came from the Orchard segment?"
    searched = Evidence(tool="search_document", query="Orchard sales")
    a = figure_answer(q, [*_evidence(_UNTOTALLED, statement, PROSE), searched], "en")
    assert a is not None and a.lines and "= 75.0%" in a.lines[0], a


def test_a_share_above_its_whole_is_refused_by_the_verifier() -> None:
    # the statement's figure smaller than the part's: a wrong row for one of them
    statement = STATEMENT.replace("$8,400", "$5,000")
    q = "What percentage of Hollyvale's Q2 2025 sales came from the Orchard segment?"
    searched = Evidence(tool="search_document", query="Orchard sales")
    a = figure_answer(q, [*_evidence(_UNTOTALLED, statement, PROSE), searched], "en")
    assert a is not None and a.refusal, a  # 6,300 ÷ 5,000 = 126% is no share
    assert not any("126.0%" in line for line in a.lines), a
