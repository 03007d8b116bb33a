"""A ranking over tables cut into chunks that repeat their group's heading (the chunker
prints "Sales to customers by geographic area" or a product's name again at the top of
a chunk opening inside its rows): the heading repeated keeps the rows before it; a piece
of the kind asked cut off its other members, or a named parent standing among the
members, sends the planner to its page before ranking; a statement's section going on
past the chunk ("Other comprehensive income:") does not; a "Total …" row over rows adding
up to it is their parent. Invented companies only (``figures/ranking.py``,
``figures/member_levels.py``, ``figures/subtotals.py``)."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.candidate import FigureAnswer

COLS = "| Sales (in millions) | 2025 | 2024 |\n|---|---|---|\n"


def _ask(question: str, *texts: str, read: tuple[int, ...] = ()) -> FigureAnswer:
    passages = [
        Passage(chunk_id=f"kv#{40 + i}", doc_id="kv", page=9, page_end=9, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    ev = [Evidence(tool="search_document", query="q", passages=passages)]
    ev += [Evidence(tool="read_page", reads="page", query=str(p), passages=passages) for p in read]
    a = figure_answer(question, ev, "en")
    assert a is not None, question
    return a


# each product a heading over its places; the second chunk opens inside ORVANT's rows
# and prints its heading again
PRODUCTS = [
    COLS
    + "| Net sales |  |  |\n| ORVANT |  |  |\n| US | 300 | 320 |\n| Intl | 200 | 260 |\n"
    + "| Worldwide | 500 | 580 |\n| KESTRA |  |  |\n| US | 410 | 300 |",
    COLS + "| KESTRA |  |  |\n| Intl | 190 | 200 |\n| Worldwide | 600 | 500 |\n"
    "| PALLEN |  |  |\n| US | 100 | 60 |\n| Intl | 30 | 40 |\n| Worldwide | 130 | 100 |",
]


def test_a_heading_printed_again_atop_a_chunk_keeps_its_rows_before() -> None:
    a = _ask("Which product's net sales grew the fastest in 2025?", *PRODUCTS)
    said = " ".join(a.lines)
    assert a.lines[0].startswith("PALLEN had the highest"), a.lines
    # KESTRA's worldwide total adds up its US row of the first chunk and its Intl row
    assert "KESTRA = (600 − 500) ÷ 500 = 20.0%" in said, a.lines


REGIONS = COLS + "| U.S. | 1,300 | 1,200 |\n| International | 1,010 | 1,000 |\n"
REGIONS += "| Worldwide | 2,310 | 2,200 |"
GEO = COLS + "| Sales to customers by geographic area |  |  |\n"
GEO_PIECES = [
    GEO + "| U.S. | 1,300 | 1,200 |\n| Europe | 580 | 600 |",
    GEO + "| Asia-Pacific | 430 | 400 |",
    GEO + "| International | 1,010 | 1,000 |\n| Worldwide | 2,310 | 2,200 |",
]
Q_REGION = "Which region's sales fell in 2025?"


def test_a_piece_of_the_kind_asked_cut_off_its_members_is_read_before_ranking() -> None:
    # the home-and-abroad split answers no region question while the geographic table's
    # last piece shows the others are cut off: its page is read first
    a = _ask(Q_REGION, REGIONS, GEO_PIECES[2])
    assert not a.lines and a.read == [9], a
    # the page read, its pieces join and the finest split is ranked
    a = _ask(Q_REGION, REGIONS, *GEO_PIECES, read=(9,))
    assert a.lines and a.lines[0].startswith("Europe had the lowest"), a.lines


SEGMENTS = COLS + "| Net sales: |  |  |\n| Outdoor | 600 | 400 |\n| Home | 900 | 1,000 |\n"
SEGMENTS += "| Total | 1,500 | 1,400 |"
# a statement's section cut after its heading's first rows (the table goes on)
STATEMENT = (
    "| STATEMENTS OF COMPREHENSIVE INCOME (in millions) | Year Ended 2025 | Year Ended 2024 |\n"
    "|---|---|---|\n"
    "| Net income | 300 | 250 |\n| Other comprehensive income (loss): |  |  |\n"
    "| Translation adjustments: |  |  |\n| Translation adjustments, net of tax | 53 | (38) |"
)


def test_a_statements_section_going_on_is_no_table_to_read_on() -> None:
    a = _ask("Which segment's sales grew fastest in 2025?", SEGMENTS, STATEMENT)
    assert a.lines and a.lines[0].startswith("Outdoor had the highest"), a
    assert not a.read, a.read


AREAS = COLS + (
    "| Total Immunology | 1,000 | 900 |\n| ALVEN | 600 | 500 |\n| BRISO | 400 | 400 |\n"
    "| Total Oncology | 1,500 | 1,450 |\n| CORDA | 750 | 700 |\n| DELTIN | 300 | 350 |\n"
    "| Other Oncology | 450 | 400 |\n| Total Pharmaceutical | 2,500 | 2,350 |"
)


def test_a_total_over_the_rows_adding_up_to_it_is_their_parent() -> None:
    a = _ask("Which Oncology product's sales fell the most in 2025?", AREAS)
    said = " ".join(a.lines)
    assert a.lines[0].startswith("DELTIN had the lowest"), a.lines
    # CORDA, half of its parent's sales, is a member, no total of the others; "Other
    # Oncology" is one of the children, not the parent named
    assert "CORDA = (750 − 700)" in said and "Other Oncology" in said, a.lines
    assert "ALVEN" not in said, a.lines


CUT_AREA = "| (in millions) | Sales 2025 | Sales 2024 |\n|---|---|---|\n" + (
    "| Oncology |  |  |\n| US | 900 | 850 |\n| Intl | 600 | 600 |\n| Worldwide | 1,500 | 1,450 |\n"
    "| CORDA |  |  |\n| US | 500 | 400 |\n| Intl | 300 | 300 |\n| Worldwide | 800 | 700 |"
)


def test_a_named_parent_among_the_members_reads_their_page_first() -> None:
    a = _ask("Which Oncology product's sales fell the most in 2025?", CUT_AREA)
    assert not a.lines and a.read == [9], a


SHARES = (
    "| (dollars in millions) | Fiscal 2025 | Fiscal 2025 | Fiscal 2024 | Fiscal 2024 |\n"
    "|---|---|---|---|---|\n"
    "| Americas | $2,800.0 |  | $2,300.0 |  |\n| Percentage of total revenue |  | 58% |  | 56% |\n"
    "| EMEA | 1,340.0 |  | 1,180.0 |  |\n| Percentage of total revenue |  | 28% |  | 28% |\n"
    "| APAC | 670.0 |  | 650.0 |  |\n| Percentage of total revenue |  | 14% |  | 16% |\n"
    "| Total revenue | $4,810.0 |  | $4,130.0 |  |"
)


def test_an_amount_beside_its_share_under_one_period_is_ranked_by_the_amount() -> None:
    # each period prints the amount and, in a column of the same heading, its share on a
    # row of its own: one period, members with a share row under each
    a = _ask("Which region grew revenue the fastest in fiscal 2025?", SHARES)
    assert a.lines and a.lines[0].startswith("Americas had the highest"), a
    said = " ".join(a.lines)
    assert "EMEA = (1,340 − 1,180) ÷ 1,180 = 13.6%" in said and "Percentage" not in said, said
