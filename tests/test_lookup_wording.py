"""Single-figure questions worded as analysts word them: a unit asked for ("in USD
billions") is no word to search for, a company named by its ticker is the report's own,
a statement's scale note is no share column, and the report's own statement comes before
an exhibit's (another entity's) naming the same part. Invented documents only."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from agent.companies import named_documents
from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.lookup import Finder
from agent.figures.parts import share_column
from agent.figures.tables import read_grids
from agent.figures.turn_tables import grids
from agent.models.planner import plan
from agent.question.units import asked_scale, without_unit
from agent.scope import DocStats, trading_symbols
from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text


def _evidence(*texts: str, sections: tuple[str, ...] = (), page: int = 10) -> list[Evidence]:
    passages = [
        Passage(
            chunk_id=f"co#{i}",
            doc_id="co",
            page=page + i,
            page_end=page + i,
            text=t,
            rank=i + 1,
            section=sections[i] if i < len(sections) else "",
        )
        for i, t in enumerate(texts)
    ]
    # the scope's counts: "casino" in a few of its many chunks (a part's word, not the
    # company's own name)
    df = {"casino": 6, "international": 9, "coastal": 7, "revenues": 200}
    return [
        Evidence(tool="search_document", query="q", passages=passages, term_df=df, scope_chunks=900)
    ]


def test_the_unit_asked_is_read_but_not_searched_for() -> None:
    for q, unit, left in (
        ("What was Orrin's inventory at the end of 2024, in USD billions?", "billions", "2024?"),
        ("Give Orrin's FY2023 capex (in US$ millions).", "millions", "capex."),
        ("What dividends did Orrin pay in 2022, in thousands of dollars?", "thousands", "2022?"),
    ):
        assert asked_scale(q) == unit
        assert unit not in without_unit(q) and without_unit(q).endswith(left), without_unit(q)
    calls = plan(
        "What was Orrin's inventory at the end of 2024, in USD billions?",
        [],
        0,
        ["search_document"],
    )
    queries = [c["args"]["query"] for c in calls]
    assert queries and not any("billion" in q.lower() for q in queries), queries
    assert any("inventory" in q.lower() for q in queries), queries


def test_a_filing_states_its_own_trading_symbol() -> None:
    said = (
        "Market Information. Our common stock is traded on the Nasdaq Global Market under the "
        "symbol “BRGW.” The following table sets forth the high and low prices."
    )
    cover = (
        "| Title of each class | Trading Symbol(s) | Name of each exchange on which registered |\n"
        "|---|---|---|\n| Common Stock, $0.01 par value | ORNL | New York Stock Exchange |"
    )
    spun_off = (
        "Beginning in 2021, Kestrel operates as an independent publicly traded company, which "
        "is traded under the symbol “KSTR”."
    )
    assert trading_symbols([said]) == {"BRGW"}
    assert trading_symbols([cover]) == {"ORNL"}
    assert trading_symbols([spun_off]) == frozenset()  # another company's stock


REPORT = """# Annual Report of Brenmoor Glassworks 2023

## Management

Ilse Varga has served as our Chief Executive Officer since 2020.

## Market for our common stock

Our common stock is traded on the Nasdaq Global Market under the symbol “BRGW.”

## Competition

We compete with Kestrel Optics Inc., which also sells architectural glass.
"""


def test_a_company_asked_by_its_ticker_is_the_reports_own(folio: Folio, tmp_path: Path) -> None:
    chat = ChatService(folio)
    doc = ingest_text(folio, tmp_path, "brenmoor.md", REPORT)
    a = chat.ask("Who is BRGW's chief executive officer?", [doc]).answer
    assert not a.refused and "Ilse Varga" in a.answer, a.answer
    other = chat.ask("Who is the chief executive officer of Kestrel Optics?", [doc]).answer
    assert other.refused, other.answer


OWN = """| CONSOLIDATED STATEMENTS OF OPERATIONS (In thousands, except per share data) \
| (In thousands, except per share data) Year Ended December 31, 2023 | Year Ended December 31, \
2022 |
|---|---|---|
| Revenues |  |  |
| Casino | $4,100,200 | $3,900,100 |
| Rooms | 1,200,300 | 1,100,400 |
|  | 5,300,500 | 5,000,500 |
| Expenses |  |  |
| Casino | 2,000,100 | 1,900,200 |"""

AFFILIATE = """| CONSOLIDATED STATEMENTS OF OPERATIONS (In thousands) \
| Year Ended December 31, 2023 | Year Ended December 31, 2022 |
|---|---|---|
| Casino revenues | $310,400 | $290,700 |
| Rooms revenues | 400,100 | 380,200 |
| Net revenues | 710,500 | 670,900 |"""


def test_a_scale_note_in_the_first_header_is_no_share_column() -> None:
    g = read_grids(_evidence(OWN)[0].passages[0])[0]
    assert "per share" in g.columns[0].text
    assert not share_column(g, 0) and not share_column(g, 1)


def test_the_reports_own_statement_answers_before_an_exhibits() -> None:
    sections = (
        "PART IV > EXHIBIT 99.2 > KESTREL HOLDINGS, LLC CONSOLIDATED STATEMENTS OF OPERATIONS",
        "PART II > ITEM 8 > BRENMOOR RESORTS CONSOLIDATED STATEMENTS OF OPERATIONS",
    )
    ev = _evidence(AFFILIATE, OWN, sections=sections)  # the affiliate's ranks first
    a = figure_answer("What were Brenmoor's casino revenues in 2023?", ev, "en")
    assert a is not None and a.lines, a
    assert "4,100,200" in a.lines[0] and "[co#1]" in a.lines[0], a.lines


def test_an_exhibits_row_alone_sends_the_planner_to_the_reports_own_statement() -> None:
    sections = (
        "PART IV > EXHIBIT 99.2 > KESTREL HOLDINGS, LLC CONSOLIDATED STATEMENTS OF OPERATIONS",
        "PART II > ITEM 8 > BRENMOOR RESORTS CONSOLIDATED STATEMENTS OF OPERATIONS",
    )
    # the group's statement is in the turn by a chunk without the part's row
    later = OWN.split("| Revenues |", maxsplit=1)[0] + "| Depreciation | 500,000 | 480,000 |"
    ev = _evidence(AFFILIATE, later, sections=sections)
    a = figure_answer("What were Brenmoor's casino revenues in 2023?", ev, "en")
    assert a is not None and a.wanted, a
    assert a.pages and a.pages[0] == 11, a.pages
    assert Finder(grids(ev)).statement_pages("revenue")[0] == 11


def test_a_ticker_names_its_companys_documents_among_several() -> None:
    docs = ("kestrel-10k", "orrin-10k")
    names = ("KESTRELVANE_2025_10K.pdf", "ORRIN_LABS_2025_10K.pdf")
    stats = [
        DocStats(chunks=1, df=Counter(), initials=frozenset({"K"}), symbols=frozenset({"KVN"})),
        DocStats(chunks=1, df=Counter(), initials=frozenset({"OL"}), symbols=frozenset({"ORL"})),
    ]
    assert named_documents("What was ORL's capex in 2025?", docs, names, stats) == ("orrin-10k",)
    assert named_documents("What was XYZ's capex in 2025?", docs, names, stats) == docs


INCOME = """| Consolidated Statements of Income (in millions) | 2023 | 2022 |
|---|---|---|
| Net sales | $9,120 | $8,450 |
| Cost of sales | 4,010 | 3,760 |
| Sales and marketing | 1,875 | 1,640 |
| General and administrative | 520 | 505 |
| Operating income | 2,715 | 2,545 |"""


def test_a_row_whose_name_holds_the_items_is_read_as_itself() -> None:
    ev = _evidence(INCOME)
    a = figure_answer("How much did Orrin book as sales and marketing expense in 2023?", ev, "en")
    assert a is not None and a.lines, a
    assert "1,875" in a.lines[0] and "9,120" not in a.lines[0], a.lines
    assert "[co#0]" in a.lines[0]
    plain = figure_answer("What were Orrin's net sales in 2023?", ev, "en")
    assert plain is not None and "9,120" in plain.lines[0], plain


CASH = """| Consolidated Statements of Cash Flows (in millions) | 2023 | 2022 |
|---|---|---|
| Net cash provided by operating activities | 3,310 | 2,980 |
| Additions to property and equipment | (845) | (790) |
| Purchases of treasury stock | (1,200) | (950) |
| Dividends to shareholders | (610) | (575) |"""

BALANCE = """| Consolidated Balance Sheets (in millions) | 2023 | 2022 |
|---|---|---|
| Property and equipment, net | 4,400 | 4,150 |
| Goodwill | 2,730 | 2,715 |
| Total assets | 19,880 | 18,640 |"""


def test_paraphrased_cash_items_are_read_from_their_rows() -> None:
    ev = _evidence(BALANCE, CASH)
    for q, figure in (
        ("How much money did Orrin spend buying property and equipment in 2023?", "845"),
        ("How much did Orrin spend buying back its own shares in 2022?", "950"),
        ("How much did Orrin spend repurchasing treasury stock in 2023?", "1,200"),
        ("What dividends did Orrin pay in 2023?", "610"),
        ("How much cash did Orrin pay out as dividends in 2022?", "575"),
        ("What was Orrin's goodwill at the end of 2022?", "2,715"),
    ):
        a = figure_answer(q, ev, "en")
        assert a is not None and a.lines and figure in a.lines[0], (q, a and a.lines)


QUARTERS = """| (In thousands, except per share data) 2023 | Quarter First | Quarter Second \
| Quarter Third | Quarter Fourth | Quarter Total |
|---|---|---|---|---|---|
| Net revenues | $2,110,000 | $2,240,000 | $2,390,000 | $2,460,000 | $9,200,000 |
| Earnings per share-diluted | $0.41 | $0.22 | $0.27 | $0.35 | $1.25 |
| 2022 |  |  |  |  |  |
| Net revenues | $1,900,000 | $2,050,000 | $2,120,000 | $2,230,000 | $8,300,000 |"""

STATEMENT_EPS = """| CONSOLIDATED STATEMENTS OF OPERATIONS (In thousands, except per share data) \
| Year Ended December 31, 2023 | Year Ended December 31, 2022 |
|---|---|---|
| Net revenues | $9,200,000 | $8,300,000 |
| Net income | 640,000 | 590,000 |
| Earnings per share |  |  |
| Basic | $1.27 | $1.10 |
| Diluted | $1.25 | $1.08 |
| Weighted average common shares outstanding |  |  |
| Basic | 503,900 | 536,400 |
| Diluted | 512,000 | 546,300 |"""


def test_a_year_in_the_label_columns_header_dates_the_total_not_the_first_quarter() -> None:
    grids_read = read_grids(_evidence(QUARTERS)[0].passages[0])
    # each quarter is its year's three months, the total the year's twelve (the two
    # halves added from the quarters follow)
    assert [(c.year, c.months) for c in grids_read[0].columns][:5] == [(2023, 3)] * 4 + [(2023, 12)]
    assert [(c.year, c.months) for c in grids_read[1].columns][:5] == [(2022, 3)] * 4 + [(2022, 12)]
    a = figure_answer("What were Orrin's net revenues in 2022?", _evidence(QUARTERS), "en")
    assert a is not None and a.lines and "8,300,000" in a.lines[0], a and a.lines


def test_a_short_row_is_read_with_the_heading_above_it() -> None:
    ev = _evidence(QUARTERS, STATEMENT_EPS)  # the quarters' table ranks first
    a = figure_answer(
        "What was Orrin's diluted EPS for the year ended December 31, 2022?", ev, "en"
    )
    assert a is not None and a.lines, a
    line = a.lines[0]
    assert "1.08" in line and "[co#1]" in line and "thousand" not in line, line
    assert line.startswith("Diluted earnings per share"), line


ONE_SEGMENT = """| International Segment Performance Summary ($ in millions) | 2023 | 2022 |
|---|---|---|
| Revenue | $3,575 | $3,489 |
| Gross profit | $817 | $811 |
| SG&A | $715 | $719 |"""

CONSOLIDATED = """| Consolidated Performance Summary ($ in millions) | 2023 | 2022 |
|---|---|---|
| Revenue | $42,879 | $42,151 |
| Gross profit | $9,961 | $9,876 |
| SG&A | $8,015 | $8,023 |"""


def test_a_table_titled_by_one_segment_does_not_answer_for_the_company() -> None:
    ev = _evidence(ONE_SEGMENT, CONSOLIDATED)  # the segment's table ranks first
    a = figure_answer("What was Orrin's gross profit in fiscal 2022?", ev, "en")
    assert a is not None and a.lines and "9,876" in a.lines[0], a and a.lines
    # the segment's table alone: its figure is no sure answer, the company's is searched for
    alone = figure_answer(
        "What was Orrin's gross profit in fiscal 2022?", _evidence(ONE_SEGMENT), "en"
    )
    assert alone is not None and alone.wanted == [("gross_profit", 2022)], alone
    calls = plan(
        "What was Orrin's gross profit in fiscal 2022?",
        _evidence(ONE_SEGMENT),
        1,
        ["search_document", "read_page"],
    )
    assert any("gross profit" in c["args"].get("query", "") for c in calls), calls
    part = figure_answer("What was Orrin's International gross profit in 2022?", ev, "en")
    assert part is not None and part.lines and "811" in part.lines[0], part and part.lines


COASTAL = """| Coastal Segment ($ in millions) | Three Months Ended March 31, 2024 \
| Three Months Ended March 31, 2023 |
|---|---|---|
| Net sales | $1,410 | $1,322 |
| Adjusted EBIT | 188 | 176 |"""

GROUP_QUARTER = """| Condensed Consolidated Statements of Income ($ in millions) \
| Three Months Ended March 31, 2024 | Three Months Ended March 31, 2023 |
|---|---|---|
| Net sales | $3,640 | $3,505 |
| Operating income | 410 | 395 |"""


def test_a_segments_own_table_gives_its_rows_for_the_segment() -> None:
    prose = "Sales of the Coastal segment rose on demand from shipyards."  # a name so written
    ev = _evidence(GROUP_QUARTER, COASTAL, prose)
    q = "What net sales did Orrin's Coastal segment make in the quarter ended March 31, 2024?"
    a = figure_answer(q, ev, "en")
    assert a is not None and a.lines and "1,410" in a.lines[0], a and a.lines


EXPENSES = """| Consolidated Statements of Operations (in millions) | 2023 | 2022 |
|---|---|---|
| Net sales | $52,100 | $47,300 |
| Fulfillment | 7,420 | 6,910 |
| Technology and content | 6,050 | 5,480 |
| Net income | 2,930 | 2,610 |
| Net income attributable to noncontrolling interests | 130 | 120 |
| Net income attributable to Orrin Labs | 2,800 | 2,490 |"""

POSITION = """| Consolidated Balance Sheets (in millions) | 2023 | 2022 |
|---|---|---|
| Cash and cash equivalents | $1,240 | $1,115 |
| Long-Term Debt Obligations | 8,300 | 8,950 |
| Total assets | 31,200 | 29,800 |"""

PPE_CASH = """| Consolidated Statements of Cash Flows (in millions) | 2023 | 2022 |
|---|---|---|
| Purchases of property, plant and equipment | (1,310) | (1,205) |"""


def test_a_row_no_item_names_is_read_when_the_question_names_it() -> None:
    ev = _evidence(EXPENSES)
    a = figure_answer("How much did Orrin spend on fulfillment in 2022?", ev, "en")
    assert a is not None and a.lines and "6,910" in a.lines[0], a and a.lines
    # what a row holds is no figure asked
    assert figure_answer("What is included in fulfillment?", ev, "en") is None


def test_the_qualifier_after_an_items_name_picks_its_row() -> None:
    ev = _evidence(EXPENSES)
    q = "What net income attributable to Orrin Labs did the company report for 2023?"
    a = figure_answer(q, ev, "en")
    assert a is not None and a.lines and "2,800" in a.lines[0], a and a.lines
    plain = figure_answer("What was Orrin's net income in 2023?", ev, "en")
    assert plain is not None and "2,930" in plain.lines[0], plain


def test_more_wordings_of_balance_and_cash_items() -> None:
    ev = _evidence(POSITION, PPE_CASH)
    for q, figure in (
        ("How much long-term debt did Orrin carry at the end of 2023?", "8,300"),
        ("How much cash did Orrin hold at the end of 2022?", "1,115"),
        ("How much did Orrin spend on property, plant and equipment in 2022?", "1,205"),
    ):
        a = figure_answer(q, ev, "en")
        assert a is not None and a.lines and figure in a.lines[0], (q, a and a.lines)


DIVISION_CHARGES = """| Productivity plan charges by division (in millions) | 2023 | 2022 |
|---|---|---|
| Cost of sales | 29 | 30 |
| Selling, general and administrative expenses | 140 | 95 |"""


def test_an_items_row_outside_its_statement_sends_the_planner_to_the_statement() -> None:
    a = figure_answer("What was Orrin's cost of sales in 2022?", _evidence(DIVISION_CHARGES), "en")
    assert a is not None and a.wanted == [("cost_of_revenue", 2022)], a
