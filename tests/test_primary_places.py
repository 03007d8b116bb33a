"""Which place stating an answer's figure is quoted first: the primary statement's row,
then a sentence, then another table (earliest page first); a statement's page the turn
holds another part of is read, else its row is searched for; a quoted list of bullets is
cut to the bullet stating the figure; a sibling row of another item is no support."""

from __future__ import annotations

from agent.evidence import Evidence, Passage, Unit
from agent.models.candidates import Candidate
from agent.models.corroborate import corroborating, statement_place
from agent.models.primary_places import narrowed, statement_of
from agent.models.support_quotes import supports

CASH = """| WILLOWMERE CONSOLIDATED STATEMENTS OF CASH FLOWS (in thousands) | 2024 | 2023 |
|---|---|---|
| Net cash provided by operating activities | 4,481,372 | 3,902,118 |
| Net cash used for investing activities | (912,004) | (730,551) |"""
CASH_TOP = """| WILLOWMERE CONSOLIDATED STATEMENTS OF CASH FLOWS (in thousands) | 2024 | 2023 |
|---|---|---|
| Net income | 2,210,455 | 1,980,330 |
| Depreciation | 401,220 | 388,907 |"""
SUMMARY = """| Read with our Consolidated Statements of Cash Flows. (in millions) | 2024 | 2023 |
|---|---|---|
| Net cash provided by operating activities | $4,481.4 | $3,902.1 |
| Net cash used for investing activities | (912.0) | (730.6) |"""
BULLETS = (
    "Revenue grew on higher volumes across the region. • Net income of $2.21 billion "
    "increased by 12%. • Net cash provided by operating activities of $4.48 billion "
    "increased by $579.3 million during fiscal 2024."
)
SELECTED = """| SELECTED FINANCIAL DATA (in millions) | 2024 | 2023 | 2022 |
|---|---|---|---|
| Net cash provided by operating activities | 4,481.4 | 3,902.1 | 3,377.0 |"""
ASK = "How much cash did Willowmere's operating activities provide in 2024?"
LEAD = "Net cash provided by operating activities was $4,481.4 million in FY2024 [wm#20]."


def _passage(cid: str, text: str, page: int, rank: int, section: str = "") -> Passage:
    return Passage(
        chunk_id=cid, doc_id="wm", page=page, page_end=page, text=text, rank=rank, section=section
    )


def _turn(*passages: Passage) -> list[Evidence]:
    return [Evidence(tool="search_document", query="q", passages=list(passages))]


MDNA = "ITEM 7. MANAGEMENT'S DISCUSSION > LIQUIDITY AND CAPITAL RESOURCES"


def test_a_statement_is_told_by_its_own_title_not_by_a_mention() -> None:
    assert statement_of(_passage("wm#60", CASH, 61, 1)) == "cash"
    assert statement_of(_passage("wm#20", SUMMARY, 49, 1, MDNA)) is None
    release = _passage(
        "wm#5",
        "| Net earnings | 3,520 |",
        10,
        1,
        "Willowmere Inc. and Subsidiaries Condensed Consolidated Statement of Earnings",
    )
    assert statement_of(release) == "income"
    assert statement_of(_passage("wm#9", SELECTED, 18, 1)) is None


def test_the_statement_row_is_quoted_before_the_sentence_and_other_tables() -> None:
    turn = _turn(
        _passage("wm#20", SUMMARY, 49, 1, MDNA),
        _passage("wm#9", SELECTED, 18, 2),
        _passage("wm#30", BULLETS, 40, 3, MDNA),
        _passage("wm#60", CASH, 61, 4),
    )
    found = corroborating(ASK, [LEAD], turn)
    assert [p.chunk_id for p, _ in found] == ["wm#60", "wm#30"]  # at most two: no wm#9
    # the bullet stating the figure, not the three bullets of its unit
    assert found[1][1].text.startswith("Net cash provided by operating activities of $4.48")
    assert "Net income" not in found[1][1].text


def test_other_tables_are_quoted_earliest_page_first() -> None:
    later = _passage("wm#70", SELECTED.replace("SELECTED FINANCIAL DATA", "NOTE 9"), 75, 1)
    turn = _turn(later, _passage("wm#20", SUMMARY, 49, 2, MDNA), _passage("wm#9", SELECTED, 18, 3))
    line = "Net cash provided by operating activities was $4,481,372 thousand [wm#60]."
    cash = _turn(_passage("wm#60", CASH, 61, 4))[0].passages
    found = corroborating(ASK, [line], [*turn, *_turn(*cash)])
    assert [p.page for p, _ in found] == [18, 49]


def test_narrowing_keeps_a_one_piece_sentence_whole() -> None:
    one = Unit(0, 24, "Sales rose to $4.2 billion.", "sentence")
    assert narrowed(one, lambda t: "4.2" in t) == one
    many = Unit(10, 10 + len(BULLETS), BULLETS, "sentence")
    cut = narrowed(many, lambda t: "4.48" in t)
    assert cut.text.startswith("Net cash provided") and cut.start > many.start


def test_the_statement_page_is_read_when_the_turn_holds_another_part_of_it() -> None:
    summary = _passage("wm#20", SUMMARY, 49, 1, MDNA)
    top = _passage("wm#59", CASH_TOP, 61, 2)
    assert statement_place([LEAD], _turn(summary, top)).page == 61
    # no part of it in the turn: its row searched for by label, figure and title words
    query = statement_place([LEAD], _turn(summary)).query
    assert query.startswith("Net cash provided by operating activities 4,481.4")
    assert "cash flows" in query
    # the statement prints it already: nothing to look for
    assert statement_place([LEAD], _turn(summary, _passage("wm#60", CASH, 61, 2))).page == 0
    assert statement_place([LEAD], _turn(summary, _passage("wm#60", CASH, 61, 2))).query == ""


def _row(cid: str, text: str) -> Candidate:
    p = _passage(cid, text, 61, 1)
    return Candidate(p, Unit(0, len(text), text, "row"), 0.0, frozenset(), 0)


def test_a_sibling_row_of_another_item_is_no_support() -> None:
    lead = _row("wm#60", "Net cash provided by operating activities | 4,481,372 | 3,902,118")
    other = _row("wm#61", "Net cash used for investing activities | (912,004) | (730,551)")
    assert not supports(other, lead, ASK)
    # asked for by its own word, or the same figure printed elsewhere: it supports
    assert supports(other, lead, ASK + " And how much went to investing activities?")
    again = _row("wm#9", "Net cash provided by operating activities (1) | 4,481,372")
    assert supports(again, lead, ASK)
    income = _row("wm#62", "Net income | 2,210,455 | 1,980,330")
    revenue = _row("wm#63", "Total revenues | 9,870,112 | 9,001,400")
    assert supports(income, revenue, "What were revenues and net income in 2024?")


def test_the_same_line_printed_on_two_pages_is_quoted_once() -> None:
    table = """| SEGMENT NET REVENUES (in thousands) | 2024 | 2023 |
|---|---|---|
| Total | 9,870,112 | 9,001,400 |"""
    turn = _turn(
        _passage("wm#40", table, 44, 1),
        _passage("wm#90", table.replace("SEGMENT NET REVENUES", "NOTE 14"), 101, 2),
        _passage("wm#95", table.replace("SEGMENT NET REVENUES", "NOTE 15"), 102, 3),
    )
    line = "Total revenues were $9,870,112 thousand in FY2024 [wm#10]."
    income = _passage(
        "wm#10", "| STATEMENTS OF OPERATIONS | 2024 |\n| Total revenues | 9,870,112 |", 65, 4
    )
    found = corroborating("What were total revenues in 2024?", [line], [*turn, *_turn(income)])
    assert [p.page for p, _ in found] == [44]


def test_a_row_printing_the_same_pair_of_amounts_is_the_same_line_whatever_its_label() -> None:
    segments = "| SEGMENT SALES ($ in Millions) | Q2 2024 | Q2 2023 |\n| Devices | 7,788 | 6,898 |"
    detail = "DEVICES\n| ($MM) | Q2 2024 | Q2 2023 |\n| WW | $7,788 | 6,898 |"
    other = "| ($MM) | Q2 2024 | Q2 2023 |\n| WW | $7,788 | 5,120 |"  # one amount alike: no
    # under a heading naming another item, the same two amounts are another fact
    staff = "STAFF AT YEAR END\n| | Q2 2024 | Q2 2023 |\n| Total | 7,788 | 6,898 |"
    turn = _turn(
        _passage("wm#9", segments, 2, 1),
        _passage("wm#146", detail, 20, 2),
        _passage("wm#150", other, 21, 3),
        _passage("wm#160", staff, 30, 4),
    )
    line = "Devices revenue was $7,788 million in Q2 2024, up from $6,898 million [wm#9]."
    found = corroborating("What did the devices business sell in Q2 2024?", [line], turn)
    assert [p.page for p, _ in found] == [20]
