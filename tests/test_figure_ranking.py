"""Which member of a group did best or worst: performance by top line is revenue growth
over the comparable prior period, worked for every member from its two cells; a
contribution is a member's share of the total; a table titled by the kind of member asked
(a geographic one for "which region") is read before another. Invented companies only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.support import check
from tests.test_figure_lookup import SEGMENT_NOTE

# Regions listed under the measure's heading, beside a segment note with larger growth.
REGIONS = """| Net sales by geographic area (in millions) | 2025 | 2024 |
|---|---|---|
| Net sales: |  |  |
| Americas | $9,000 | $8,500 |
| EMEA | 4,100 | 4,300 |
| Asia Pacific | 2,100 | 2,000 |
| Total net sales | $15,200 | $14,800 |
| Operating income: |  |  |
| Americas | 900 | 700 |
| EMEA | 300 | 500 |
| Asia Pacific | 200 | 260 |"""
SEGMENTS = """| Revenue by reportable segment (in millions) | 2025 | 2024 |
|---|---|---|
| Outdoor | $6,000 | $4,000 |
| Home | 9,200 | 10,800 |
| Total | $15,200 | $14,800 |"""
QUARTER = """| Revenue by reportable segment (in millions) | Three Months Ended June 30, 2025 \
| Three Months Ended June 30, 2024 |
|---|---|---|
| Outdoor | $1,500 | $1,000 |
| Home | 2,400 | 2,600 |
| Total | $3,900 | $3,600 |"""


def _lines(question: str, *texts: str) -> list[str]:
    passages = [
        Passage(chunk_id=f"kv#{i}", doc_id="kv", page=7 + i, page_end=7 + i, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    a = figure_answer(
        question, [Evidence(tool="search_document", query="q", passages=passages)], "en"
    )
    assert a is not None and a.lines, question
    return a.lines


def test_the_worst_topline_performance_is_the_lowest_revenue_growth() -> None:
    q = "Which region showed the worst topline performance for Kestrelvane in FY2025?"
    lines = _lines(q, SEGMENTS, REGIONS)  # the segment table ranks first
    assert lines[0].startswith("EMEA had the lowest net sales growth in FY2025 against FY2024"), (
        lines
    )
    assert "EMEA = (4,100 − 4,300) ÷ 4,300 = −4.7%" in lines[0] and "[kv#1]" in lines[0], lines
    assert "Americas = (9,000 − 8,500) ÷ 8,500 = 5.9%" in lines[1], lines
    assert "Asia Pacific = (2,100 − 2,000) ÷ 2,000 = 5.0%" in lines[1], lines
    assert "900" not in " ".join(lines)  # operating income is no top line
    for line in lines:
        assert check(line.split("[")[0], REGIONS).supported, line


def test_the_best_performer_and_the_biggest_drop_on_a_percentage_basis() -> None:
    q = "Which segment performed the best by top line in FY2025?"
    lines = _lines(q, REGIONS, SEGMENTS)
    assert lines[0].startswith("Outdoor had the highest revenue growth"), lines
    assert "Outdoor = (6,000 − 4,000) ÷ 4,000 = 50.0%" in lines[0], lines
    q = "Which segment had the biggest drop in revenue (on a percentage basis) in FY2025?"
    lines = _lines(q, SEGMENTS)
    assert lines[0].startswith("Home had the lowest revenue growth"), lines
    assert "(9,200 − 10,800) ÷ 10,800 = −14.8%" in lines[0], lines


def test_a_quarter_asked_reads_the_quarters_columns() -> None:
    q = "Which segment had the worst topline performance in Q2 2025?"
    lines = _lines(q, SEGMENTS, QUARTER)
    assert "Home = (2,400 − 2,600) ÷ 2,600 = −7.7%" in lines[0] and "[kv#1]" in lines[0], lines


def test_the_highest_contribution_is_the_largest_share_of_the_total() -> None:
    q = "Which segment had the highest contribution to Kestrelvane's revenue in FY2025?"
    lines = _lines(q, SEGMENTS)
    assert lines[0].startswith("Home had the highest share of revenue in FY2025"), lines
    assert "Home = 9,200 ÷ 15,200 = 60.5%" in lines[0], lines
    assert "Outdoor = 6,000 ÷ 15,200 = 39.5%" in lines[1], lines


# Divisions as rows, the measures as columns, operating profit first.
SIDEWAYS = """| Kestrelvane divisions | Operating Profit 2025 | Operating Profit 2024 \
| Net Revenue 2025 | Net Revenue 2024 |
|---|---|---|---|---|
| North | $600 | $500 | $3,000 | $2,900 |
| South (a) | 400 | 100 | 2,000 | 2,100 |
| Total division | 1,000 | 600 | 5,000 | 5,000 |"""


def test_the_measures_columns_when_columns_name_line_items() -> None:
    lines = _lines("Which division performed the best by top line in FY2025?", SIDEWAYS)
    assert lines[0].startswith("North had the highest net revenue growth"), lines
    assert "North = (3,000 − 2,900) ÷ 2,900 = 3.4%" in lines[0], lines
    assert "South = (2,000 − 2,100) ÷ 2,100 = −4.8%" in lines[1], lines  # its mark aside


def test_no_table_of_the_kind_asked_searches_for_one() -> None:
    q = "In FY2025, which region had the worst topline performance?"
    placed = SEGMENTS.replace("Outdoor", "Keswick China").replace("Home", "Keswick Europe")
    for table, answers in ((placed, True), (SEGMENTS, False)):
        passages = [Passage(chunk_id="kv#0", doc_id="kv", page=3, page_end=3, text=table, rank=1)]
        a = figure_answer(q, [Evidence(tool="search_document", query="q", passages=passages)], "en")
        # segments named by places answer meanwhile (they are regions), segments named by
        # none are no regions; the planner searches for a table titled by regions, or by
        # another word for them, by the measure's names
        assert a is not None and bool(a.lines) == answers and a.searches, (table, a)
        assert a.searches[0].startswith("sales revenue by region "), a.searches
        assert "geographic" in a.searches[0] and a.searches[0].endswith(" 2025"), a.searches


def test_what_dragged_the_whole_down_is_its_lowest_growth() -> None:
    q = "Which segment dragged down Kestrelvane's overall growth in FY2025?"
    lines = _lines(q, SEGMENTS)
    assert lines[0].startswith("Home had the lowest revenue growth in FY2025"), lines
    assert "Home = (9,200 − 10,800) ÷ 10,800 = −14.8%" in lines[0], lines


CUT = """| Revenue by reportable segment (in millions) | 2025 | 2024 |
|---|---|---|
| Corporate | — | — |
| Total | $15,200 | $14,800 |"""


def test_a_table_cut_before_its_members_sends_the_planner_to_its_page() -> None:
    passages = [Passage(chunk_id="kv#5", doc_id="kv", page=41, page_end=41, text=CUT, rank=1)]
    ev = [Evidence(tool="search_document", query="q", passages=passages)]
    a = figure_answer("Which segment had the worst topline performance in FY2025?", ev, "en")
    assert a is not None and not a.lines and a.read == [41], a


CLOSED = """| ($ in millions) | Three Months Ended June 30, 2025 \
| Three Months Ended June 30, 2024 |
|---|---|---|
| Outdoor | $1,500 | $1,000 |
| Home | 2,400 | 2,600 |
| Net sales | $3,900 | $3,600 |
| Adjusted EBIT | 500 | 450 |"""


def test_parts_listed_above_the_measures_own_row() -> None:
    q = "Which segment had the highest contribution to net sales in Q2 2025?"
    lines = _lines(q, CLOSED)
    assert lines[0].startswith("Home had the highest share of net sales"), lines
    assert "Home = 2,400 ÷ 3,900 = 61.5%" in lines[0], lines


ACROSS = """|  | 2025 | 2025 | 2025 | 2024 | 2024 | 2024 |
|---|---|---|---|---|---|---|
| ($ in millions) | Outdoor | Home | Total | Outdoor | Home | Total |
| North | $4,000 | $1,000 | $5,000 | $2,500 | $1,500 | $4,000 |
| South | 2,000 | 8,200 | 10,200 | 1,500 | 9,300 | 10,800 |
| Net sales | $6,000 | $9,200 | $15,200 | $4,000 | $10,800 | $14,800 |"""


def test_a_period_printed_over_several_columns_is_no_period_column() -> None:
    # the segments are across: each column of 2025 is a segment, not the year's figure
    q = "Which segment had the highest contribution to net sales in FY2025?"
    passages = [Passage(chunk_id="kv#3", doc_id="kv", page=9, page_end=9, text=ACROSS, rank=1)]
    a = figure_answer(q, [Evidence(tool="search_document", query="q", passages=passages)], "en")
    assert a is None or not a.lines, a  # never "North = 4,000 ÷ 6,000"


def test_which_member_had_the_highest_figure_is_the_row_with_the_largest_cell() -> None:
    lines = _lines("Which segment had the highest revenue in FY2025?", SEGMENTS)
    assert lines[0] == (
        "Home had the highest revenue in FY2025: $9,200 million; its share of the total "
        "= 9,200 ÷ 15,200 = 60.5% [kv#0]."
    ), lines
    assert lines[1] == "Others: Outdoor = $6,000 million [kv#0].", lines
    low = _lines("Which region had the lowest operating income in 2024?", SEGMENTS, REGIONS)
    assert low[0].startswith("Asia Pacific had the lowest operating income in FY2024: $260"), low


CN_REGIONS = """| 营业收入按地区分类（单位：万元） | 2025年 | 2024年 |
|---|---|---|
| 华东 | 9,000 | 8,500 |
| 华南 | 4,100 | 4,300 |
| 西北 | 2,100 | 2,000 |
| 合计 | 15,200 | 14,800 |"""


def test_chinese_rankings_by_figure_growth_and_share() -> None:
    passages = [Passage(chunk_id="cn#0", doc_id="cn", page=3, page_end=3, text=CN_REGIONS, rank=1)]
    ev = [Evidence(tool="search_document", query="q", passages=passages)]

    def first(q: str) -> str:
        a = figure_answer(q, ev, "zh")
        assert a is not None and a.lines, q
        return a.lines[0]

    assert first("哪个地区2024年营业收入最低？").startswith(
        "西北的营业收入最低（2024年）：2,000万元"
    )
    assert "华南 = (4,100 − 4,300) ÷ 4,300 = −4.7%" not in first("哪个地区2025年营业收入增长最快？")
    assert first("哪个地区2025年营业收入增长最快？").startswith("华东的营业收入增长最高（2025年）")
    assert "9,000 ÷ 15,200 = 59.2%" in first("哪个地区的营业收入占比最高？")


# the segment note of the lookup tests, with the whole's rows after the segments'
WHOLE = (
    "\n| Consolidated |  |  |\n| Net sales | $7,800 | $9,200 |"
    "\n| Operating income | $1,040 | $1,365 |"
)


def test_members_rank_by_a_metric_worked_from_the_rows_under_each_heading() -> None:
    note = SEGMENT_NOTE + WHOLE
    lines = _lines("Which segment had the highest operating margin in 2025?", note)
    assert lines[0] == (
        "Marine had the highest operating margin in FY2025: operating income 880 ÷ net sales "
        "900 = 97.8% [kv#0]."
    ), lines
    assert lines[1] == "Others: Retail = 9.3%; Cloud = −1.3% [kv#0].", lines  # no Consolidated
    low = _lines("Which segment had the lowest operating margin in 2024?", note)
    assert low[0].startswith("Cloud had the lowest operating margin in FY2024"), low


DRIVERS = """| Sales increase/(decrease) due to: | 2025 | 2024 |
|---|---|---|
| Volume | 6.9 % | 12.9 % |
| Price | (0.8) | (0.7) |
| Currency | (4.8) | 1.4 |
| Total | 1.3 % | 13.6 % |"""


def test_a_column_of_percentages_or_a_negative_base_ranks_nothing() -> None:
    # the drivers of a change are no members, and no growth is worked from a negative base
    passages = [Passage(chunk_id="kv#0", doc_id="kv", page=3, page_end=3, text=DRIVERS, rank=1)]
    ev = [Evidence(tool="search_document", query="q", passages=passages)]
    a = figure_answer("Which segment had the weakest sales growth in 2025?", ev, "en")
    assert a is None or not any("Currency" in line or "Price" in line for line in a.lines), a


def test_a_group_whose_year_cells_are_all_blank_ranks_nothing() -> None:
    # the year's column holds only the total: no member has a figure to rank (it raised)
    blank = """| Revenue by reportable segment (in millions) | 2025 | 2024 |
|---|---|---|
| Outdoor | — | $4,000 |
| Home | — | 10,800 |
| Total | $15,200 | $14,800 |"""
    q = "Which segment had the largest revenue for Kestrelvane in FY2025?"
    passages = [Passage(chunk_id="kv#0", doc_id="kv", page=7, page_end=7, text=blank, rank=1)]
    a = figure_answer(q, [Evidence(tool="search_document", query="q", passages=passages)], "en")
    # no member is named the largest: the turn reads on (a search, the page) instead
    assert a is not None and not a.lines and (a.searches or a.read), a
