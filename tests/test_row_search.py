"""Figure questions reach the table row they ask for wherever it is printed: the row index
over every table of the scope (``agent/row_index.py``) searched by the question's words,
its line items and the operands of its metric (``agent/row_search.py``), and the chat's
first round asking it (``find_rows``). Invented filings only."""

from __future__ import annotations

from pathlib import Path

from agent.models.planner import plan
from agent.row_index import row_index
from agent.row_search import asks_figure, find_rows
from agent.service import ChatService
from pipeline.models import Chunk
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

DOC = "velmor-2024"


def _table(n: int, section: str, header: str, rows: list[str], page: int) -> Chunk:
    lines = [f"| {header} |", "|" + "---|" * (header.count("|") + 1)]
    lines += [f"| {r} |" for r in rows]
    return Chunk(
        chunk_id=f"{DOC}#{n}",
        doc_id=DOC,
        n=n,
        text="\n".join(lines),
        kind="table",
        section=["Item 8. Financial Statements", section],
        page_start=page,
        page_end=page,
    )


YEARS = "(in millions) | 2024 | 2023"
CHUNKS = [
    _table(
        1,
        "Consolidated Statements of Operations",
        YEARS,
        ["Net sales | 9,120 | 8,400", "Operating income | 1,310 | 1,150", "Net income | 902 | 811"],
        40,
    ),
    _table(
        2,
        "Consolidated Statements of Cash Flows",
        YEARS,
        ["Net income | 902 | 811", "Depreciation and amortization | 377 | 341"],
        43,
    ),
    _table(
        3,
        "Note 9 — Segment Information",
        YEARS,
        [
            "Orchard segment | |",
            "Depreciation and amortization | 120 | 101",
            "Net sales | 4,020 | 3,700",
        ],
        71,
    ),
    _table(
        4,
        "Note 6 — Accrued Liabilities",
        YEARS,
        [
            "Accrued kiln maintenance | 64 | 58",
            "Accrued wages and bonuses | 212 | 190",
            "Kiln equipment deposits | 15 | 12",
        ],
        66,
    ),
    _table(
        5,
        "Note 7 — Intangible Assets",
        YEARS,
        ["Intangible assets with indefinite lives: | |", "Trademarks | 754 | 479"],
        67,
    ),
    _table(
        6,
        "Note 8 — Goodwill",
        "(in millions) | Orchard Segment | Harbor Segment | Total",
        ["Balance as of June 30, 2024 | 410 | 96 | 506", "Acquisitions | 12 | — | 12"],
        68,
    ),
    _table(
        7,
        "Note 12 — Supplemental Cash Flow Information",
        YEARS,
        ["Interest paid | 88 | 79", "Income taxes paid | 240 | 205"],
        80,
    ),
    _table(
        8,
        "Note 5 — Property and Equipment",
        YEARS,
        ["Trademarks licensed to partners | 30 | 28", "Machinery | 2,410 | 2,250"],
        65,
    ),
    _table(
        9,
        "Note 10 — Income Taxes",
        YEARS,
        ["Income taxes at the statutory rate | 250 | 230", "Accrued kiln maintenance | (9) | (8)"],
        75,
    ),
    _table(
        10,
        "Note 11 — Selected Quarterly Data",
        "(in millions) | 2022 | 2021",
        ["Trade creditors | 410 | 388"],
        90,
    ),
    _table(
        11,
        "Note 4 — Payables",
        YEARS,
        ["Trade creditors | 530 | 410"],
        64,
    ),
]
INDEX = row_index(CHUNKS)


def _found(question: str) -> list[str]:
    return [f.chunk_id for f in find_rows([INDEX], question, frozenset({"velmor"}))]


def test_the_index_reads_each_row_with_its_heading_and_its_table_title() -> None:
    rows = {r.label: r for r in INDEX.rows}
    trademarks = rows["Trademarks"]
    assert trademarks.words == frozenset({"trademark"})
    assert {"indefinit", "intangibl"} <= trademarks.context  # the heading row above it
    assert "intangibl" in INDEX.titles[f"{DOC}#5"]
    assert "Intangible assets with indefinite lives:" not in rows  # a heading, no figures


def test_a_note_row_is_reached_by_the_words_of_its_label() -> None:
    found = _found("How much accrued kiln maintenance did Velmor owe at the end of 2024?")
    assert found[0] == f"{DOC}#4"


def test_the_heading_a_question_names_decides_between_rows_of_one_label() -> None:
    found = _found("What indefinite-lived trademarks did Velmor carry at year-end 2024?")
    assert found[0] == f"{DOC}#5"  # not the licensed trademarks of the equipment note


def test_a_label_in_another_form_of_the_questions_verb_is_reached() -> None:
    assert _found("How much interest did Velmor pay in cash in 2024?")[0] == f"{DOC}#7"


def test_a_figure_its_column_names_is_reached_by_its_tables_title() -> None:
    assert f"{DOC}#6" in _found("How much goodwill did Velmor's Harbor segment carry in 2024?")


def test_each_operand_of_a_metric_reaches_its_own_statement_first() -> None:
    found = _found("What was Velmor's EBITDA margin in 2024?")
    assert {f"{DOC}#1", f"{DOC}#2"} <= set(found)  # operating income, sales; D&A
    # the cash-flow statement's D&A before a segment note's
    assert found.index(f"{DOC}#2") < found.index(f"{DOC}#3")


def test_only_figure_questions_search_the_rows() -> None:
    assert asks_figure("How much accrued kiln maintenance did Velmor owe at the end of 2024?")
    assert asks_figure("What was Velmor's EBITDA margin in 2024?")
    assert not asks_figure("What are Velmor's main risk factors?")
    assert not asks_figure("Summarize this report.")
    tools = ["search_document", "find_rows"]
    first = plan("What was Velmor's EBITDA margin in 2024?", [], 0, tools)
    assert [c["name"] for c in first].count("find_rows") == 1
    other = plan("Who audits Velmor's accounts?", [], 0, tools)
    assert all(c["name"] != "find_rows" for c in other)


# A filing whose prose uses the asked row's words over and over (and gives no figure for
# it), so the searches' best passages are all prose and the note's table ranks below them.
_PROSE = (
    "Velmor reviews accrued kiln maintenance each quarter. Kiln maintenance accruals at Velmor "
    "follow the kiln maintenance schedule, and accrued kiln maintenance is reviewed by the "
    "kiln maintenance committee of Velmor in 2024."
)
FILING = "\n\n".join(
    ["# Velmor Ceramics Annual Report 2024"]
    + [f"## Kiln site {i}\n\n{_PROSE} Site {i} of Velmor." for i in range(60)]
    + [
        "## Note 6 — Accrued Liabilities",
        "Accrued liabilities consisted of the following (in millions):",
        "| (in millions) | 2024 | 2023 |\n|---|---|---|\n| Accrued wages and bonuses | 212 | 190 |"
        "\n| Accrued kiln maintenance | 64 | 58 |\n| Other accrued liabilities | 33 | 31 |",
    ]
)


def test_the_chat_answers_a_row_its_searches_rank_below_prose(folio: Folio, tmp_path: Path) -> None:
    doc = ingest_text(folio, tmp_path, "velmor.md", FILING)
    seen: list[str] = []
    question = "How much accrued kiln maintenance did Velmor owe at the end of 2024?"
    event = ChatService(folio).ask(
        question, [doc], on_event=lambda e: seen.append(getattr(e, "message", ""))
    )
    assert any(s.startswith("finding table rows") for s in seen)
    lead = event.answer.answer.split("Supporting quotes:", 1)[0]
    assert "64" in lead and not event.answer.refused


def test_a_label_repeated_in_other_tables_brings_only_its_best_table() -> None:
    found = _found("How much accrued kiln maintenance did Velmor owe at the end of 2024?")
    assert f"{DOC}#4" in found and f"{DOC}#9" not in found  # not the tax note's effect


def test_the_table_dated_with_the_year_asked_comes_first() -> None:
    assert _found("How much did Velmor owe trade creditors at the end of 2024?")[0] == f"{DOC}#11"
