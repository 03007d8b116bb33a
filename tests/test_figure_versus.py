"""Two rows of one table compared ("How did A's … compare to B's …?"): regions or segments
listed as rows with no group heading, rows labelled in initials ("U.K."), a growth worked
from each row's two cells, and a quarter's table never read for a year. Invented
companies only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.tables import read_grid
from agent.figures.versus import sides
from agent.support import check

QUARTER = """| ($ in Millions) Fourth Quarter | 2025 | 2024 | % Change |
|---|---|---|---|
| U.K. | $1,300 | $1,000 | 30.0% |
| Continental Europe | 900 | 1,000 | (10.0) |
| Total | $2,200 | $2,000 | 10.0% |"""
YEAR = """| ($ in Millions) Full Year | 2025 | 2024 | % Change |
|---|---|---|---|
| U.K.1 | $5,200 | $4,800 | 8.3% |
| Continental Europe2 | 2,100 | 2,200 | (4.6)% |
| Total | $7,300 | $7,000 | 4.3% |"""
QUESTION = (
    "How did Brackwater's U.K. freight revenue growth compare to Continental Europe "
    "freight revenue growth in FY2025?"
)


def _evidence(*texts: str) -> list[Evidence]:
    passages = [
        Passage(chunk_id=f"bw#{i}", doc_id="bw", page=3, page_end=3, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    return [Evidence(tool="search_document", query="q", passages=passages)]


def test_a_row_labelled_in_initials_is_a_row() -> None:
    g = read_grid(_evidence(YEAR)[0].passages[0])
    assert g is not None and g.rows[0].label == "U.K.1", g


def test_the_sides_and_the_measure_they_share() -> None:
    s = sides(QUESTION)
    assert s is not None and (s.a, s.b, s.measure) == (
        "U.K.",
        "Continental Europe",
        "freight revenue growth",
    ), s
    assert sides("How did revenue in 2025 compare to 2024?") is None  # no two things named


def test_two_rows_of_one_table_are_compared_for_the_year_asked() -> None:
    a = figure_answer(QUESTION, _evidence(QUARTER, YEAR), "en")
    assert a is not None and a.lines, a
    line = a.lines[0]
    # the full year's table, never the quarter's (30.0%, −10.0%); the change as the table
    # prints it (from unrounded amounts: −4.6%, where the rounded cells give −4.5%)
    assert "8.3% (5,200 against 4,800, as printed)" in line, line
    assert "−4.6% (2,100 against 2,200, as printed)" in line, line
    assert "[bw#1]" in line and "30.0" not in line, line
    assert check(line.split("[")[0], YEAR).supported


def test_a_table_printing_no_change_gets_it_worked_from_its_cells() -> None:
    plain = "\n".join("|".join(line.split("|")[:-2]) + "|" for line in YEAR.split("\n"))
    assert "%" not in plain, plain
    a = figure_answer(QUESTION, _evidence(QUARTER, plain), "en")
    assert a is not None and a.lines, a
    assert "(5,200 − 4,800) ÷ 4,800 = 8.3%" in a.lines[0], a.lines
    assert "(2,100 − 2,200) ÷ 2,200 = −4.5%" in a.lines[0], a.lines


def test_a_quarter_asked_reads_the_quarters_table_and_a_level_is_no_change() -> None:
    q = "How did U.K. revenue in Q4 2025 compare with Continental Europe revenue?"
    a = figure_answer(q, _evidence(QUARTER, YEAR), "en")
    assert a is not None and a.lines, a
    assert "U.K. 2025: $1,300 million; Continental Europe: $900 million" in a.lines[0], a.lines
    assert check(a.lines[0].split("[")[0], QUARTER).supported


def test_no_table_listing_both_searches_for_one() -> None:
    q = "How did Brackwater's U.K. freight revenue growth compare to Nordic freight revenue growth?"
    a = figure_answer(q, _evidence(YEAR), "en")
    assert a is not None and not a.lines and a.searches == ["U.K. Nordic freight revenue growth"]


SEGMENTS_ZH = """| 项目（单位：万元） | 2025 | 2024 |
|---|---|---|
| 国内 | 5,200 | 4,800 |
| 海外 | 2,100 | 2,200 |
| 合计 | 7,300 | 7,000 |"""


def test_a_chinese_comparison_reads_the_two_rows_too() -> None:
    q = "甲公司2025年国内收入增长与海外收入增长相比如何？"
    a = figure_answer(q, _evidence(SEGMENTS_ZH), "zh")
    assert a is not None and a.lines, a
    assert a.lines[0].startswith("国内2025年增长：(5,200 − 4,800) ÷ 4,800 = 8.3%"), a.lines
    assert "海外：(2,100 − 2,200) ÷ 2,200 = −4.5%" in a.lines[0], a.lines


def test_a_comparison_in_a_turn_without_tables_searches_for_nothing() -> None:
    prose = "Brackwater carried more freight in the U.K. than in Continental Europe."
    assert figure_answer(QUESTION, _evidence(prose), "en") is None


BY_SEGMENT = """| ($ in Millions) Full Year | 2025 | 2024 | % Change |
|---|---|---|---|
| Freight | | | |
| U.K. | $3,000 | $2,500 | 20.0% |
| Continental Europe | 1,000 | 1,100 | (9.1) |
| Parcels | | | |
| U.K. | $2,200 | $2,300 | (4.3) |
| Continental Europe | 1,100 | 1,100 | 0.0 |"""


def test_a_table_naming_each_side_under_several_segments_is_not_read_for_the_company() -> None:
    q = "How did Brackwater's U.K. revenue growth compare to Continental Europe revenue growth?"
    a = figure_answer(q, _evidence(BY_SEGMENT, YEAR), "en")
    assert a is not None and a.lines, a
    assert "8.3% (5,200 against 4,800, as printed)" in a.lines[0] and "[bw#1]" in a.lines[0], (
        a.lines
    )
    alone = figure_answer(q, _evidence(BY_SEGMENT), "en")
    assert alone is not None and not alone.lines, alone  # it searches for the company's table


UNDER_A_HEADING = """| ($ in Millions) Full Year | 2025 | 2024 |
|---|---|---|
| Net revenue: | | |
| U.K. | $5,200 | $4,800 |
| Continental Europe | 2,100 | 2,200 |"""


def test_rows_under_a_heading_the_question_shares_a_word_with_are_the_companys() -> None:
    a = figure_answer(QUESTION, _evidence(UNDER_A_HEADING), "en")
    assert a is not None and a.lines and "= 8.3%" in a.lines[0], a
