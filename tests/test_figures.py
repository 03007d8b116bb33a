"""Figures from tables: cells by line item and year, metrics computed with the working
shown and checked, missing operands named, and one vocabulary for search and answers."""

from __future__ import annotations

import ast
from pathlib import Path

from langchain_core.messages import AIMessage, BaseMessage, ToolMessage

from agent.arith import checked_results, evaluate
from agent.columns import header_of, needs_columns
from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.asking import what_is_asked
from agent.figures.formula import defined_formula, names
from agent.figures.items import asked_items, years
from agent.figures.tables import read_grid
from agent.models import ChatModels
from agent.models.fake import FakeChatModel, tool_call
from agent.service import ChatService
from agent.support import check
from pipeline.models import Chunk
from pipeline.service import Folio
from pipeline.text.expand import expand_query
from pipeline.text.finance import vocabulary
from testkit.agentdocs import ingest_text

INCOME = """NORTHWIND TRADERS
CONSOLIDATED STATEMENTS OF OPERATIONS (in millions)
Year Ended December 31,
2019  2020  2021
Total net sales  1,000  1,200  1,500
Cost of sales  600  700  800
Operating income  100  150  240
Net income  $  50 $  90 $  160"""

BALANCE_HEAD = """CONSOLIDATED BALANCE SHEETS (in millions)
December 31,
2020  2021"""

BALANCE_ROWS = """Inventories  300  340
Total current assets  900  1,100
Accounts payable  $  210 $  260
Total current liabilities  450  500"""


def _passage(cid: str, text: str, *, page: int, rank: int, columns: str = "") -> Passage:
    doc = cid.partition("#")[0]
    return Passage(
        chunk_id=cid, doc_id=doc, page=page, page_end=page, text=text, rank=rank, columns=columns
    )


def _evidence(*passages: Passage) -> list[Evidence]:
    return [Evidence(tool="search_document", query="q", passages=list(passages))]


def _statements() -> list[Evidence]:
    return _evidence(
        _passage("nw#4", INCOME, page=38, rank=1),
        _passage("nw#7", BALANCE_ROWS, page=40, rank=2, columns=BALANCE_HEAD),
    )


def test_a_statement_continuation_gets_the_column_header_of_the_chunk_before() -> None:
    head = Chunk(chunk_id="nw#6", doc_id="nw", n=6, text=BALANCE_HEAD, page_start=40, page_end=40)
    assert needs_columns(BALANCE_ROWS) and not needs_columns(INCOME)
    assert header_of([head]).endswith("December 31,\n2020  2021")
    grid = read_grid(_passage("nw#7", BALANCE_ROWS, page=40, rank=1, columns=header_of([head])))
    assert grid is not None and [c.year for c in grid.columns] == [2020, 2021]
    assert grid.columns[1].text == "December 31, 2021" and grid.scale == "millions"
    payable = next(r for r in grid.rows if r.label == "Accounts payable")
    assert payable.values == (210.0, 260.0)


def test_a_line_item_and_a_year_are_answered_with_that_cell() -> None:
    a = figure_answer(
        "What were Northwind's total current liabilities in FY2021?", _statements(), "en"
    )
    assert a is not None
    assert a.lines == [
        "Total current liabilities were $500 million at December 31, 2021, "
        "up from $450 million a year earlier [nw#7]."
    ]
    # the rows beside the cited one, same period as the answer says it: what a reader asks next
    assert a.follow == [
        "What was accounts payable at December 31, 2021?",
        "What were total current assets at December 31, 2021?",
        "What were inventories at December 31, 2021?",
    ]
    sales = figure_answer("How much were net sales in fiscal 2020?", _statements(), "en")
    assert sales is not None and sales.lines[0].startswith(
        "Total net sales were $1,200 million in FY2020"
    )
    # COGS is another name of the cost of sales row (one vocabulary for search and answers)
    cogs = figure_answer("What was the FY2019 COGS?", _statements(), "en")
    assert cogs is not None and "$600 million" in cogs.lines[0]


def test_a_metric_is_computed_from_cited_cells_with_the_working_shown() -> None:
    a = figure_answer("What is the working capital ratio for FY2021?", _statements(), "en")
    assert a is not None
    assert a.lines == [
        "Working capital ratio FY2021 = total current assets 1,100 ÷ total current "
        "liabilities 500 = 2.20 [nw#7]."
    ]
    margin = figure_answer("Did the operating margin improve in FY2021?", _statements(), "en")
    assert margin is not None and len(margin.lines) == 3
    assert "= 16.0%" in margin.lines[0] and "= 12.5%" in margin.lines[1]  # 240/1500, 150/1200
    assert "16.00% − 12.50% = 3.50 percentage points" in margin.lines[2]


def test_one_figure_as_a_percent_of_another_is_their_quotient() -> None:
    a = figure_answer(
        "What was cost of sales as a % of total net sales in FY2021?", _statements(), "en"
    )
    assert a is not None and a.lines[0].startswith("Cost of sales as a % of total net sales FY2021")
    assert a.lines[0].endswith("= 53.3% [nw#4].")  # 800 / 1,500
    zh = what_is_asked("2021年营业成本占营业收入的比例是多少？")
    assert zh is not None and zh.percent and ast.unparse(zh.formula) == "cost_of_revenue / revenue"
    # a share of net sales whose first figure is no line item is not net sales itself
    assert what_is_asked("Did freight as a percentage of net sales increase in FY2021?") is None
    assert what_is_asked("Did net sales increase in FY2021?") is not None


def test_formulas_the_question_defines_are_used_as_written() -> None:
    q = (
        "What is Northwind's FY2021 payables period? It is defined as: 365 * (average "
        "accounts payable between FY2020 and FY2021) / (FY2021 cost of sales). Round to two "
        "decimal places."
    )
    term, formula = defined_formula(q) or ("", "")
    assert term == "It"  # the answer then names what the question asks for
    assert set(names(ast.parse(formula, mode="eval").body)) == {
        "accounts_payable",
        "cost_of_revenue",
    }
    a = figure_answer(q, _statements(), "en")
    assert a is not None and a.lines[0].endswith("= 107.22 [nw#7][nw#4].")  # 365*235/800
    assert a.lines[0].startswith("Payables period FY2021 = 365 × (accounts payable 210 + 260)")


def test_growth_and_multi_year_averages() -> None:
    growth = figure_answer(
        "By what percent did net sales grow from FY2020 to FY2021?", _statements(), "en"
    )
    assert growth is not None and growth.lines[-1].endswith("= 25.0% [nw#4].")
    average = figure_answer(
        "What is the FY2019 - FY2021 average net profit margin?", _statements(), "en"
    )
    assert average is not None and average.lines[0].startswith(
        "Average net profit margin FY2019–FY2021 = ((net income 50"
    )
    assert "÷ 3 = 7.7%" in average.lines[0]  # (5 + 7.5 + 10.67) / 3


def test_the_figure_computed_follows_the_operation_the_question_asks() -> None:
    # the dispatch reads ``Question.operation``: an average whose range is said "between …
    # and …", a steadiness question answered by the change, a comparison by the change
    ranged = figure_answer(
        "What was the average net profit margin between FY2019 and FY2021?", _statements(), "en"
    )
    assert ranged is not None and ranged.lines[0].startswith("Average net profit margin FY2019")
    steady = figure_answer("Were net sales stable in FY2021?", _statements(), "en")
    assert steady is not None and steady.lines[-1].endswith("= 25.0% [nw#4].")
    versus = figure_answer(
        "What were net sales in FY2021 compared with FY2020?", _statements(), "en"
    )
    assert versus is not None and versus.lines[-1].endswith("= 25.0% [nw#4].")
    plain = figure_answer("What were net sales in FY2021?", _statements(), "en")
    assert plain is not None and len(plain.lines) == 1


def test_a_missing_operand_is_named_never_guessed() -> None:
    a = figure_answer("What was the inventory turnover in FY2020?", _statements(), "en")
    assert a is not None and not a.lines
    assert a.missing == ["The documents do not say what FY2019 inventories were."]
    assert a.wanted == [("inventories", 2019)]


def test_questions_that_ask_for_reasons_are_left_to_the_sentences() -> None:
    assert (
        figure_answer("Why did the operating margin improve in FY2021?", _statements(), "en")
        is None
    )
    assert figure_answer("Who is the chief executive?", _statements(), "en") is None
    # "which … highest" compares rows (agent/models/compare.py), it computes no metric
    assert (
        figure_answer("Which segment had the highest EBITDA in FY2021?", _statements(), "en")
        is None
    )


def test_the_reflection_checks_a_working_by_computing_it_again() -> None:
    cited = BALANCE_HEAD + "\n" + BALANCE_ROWS
    good = (
        "Working capital ratio FY2021 = total current assets 1,100 ÷ "
        "total current liabilities 500 = 2.20"
    )
    assert check(good, cited).supported
    assert not check(good.replace("2.20", "2.40"), cited).supported
    assert not check(good.replace("1,100", "1,300"), cited).supported  # an uncited operand
    assert checked_results("x = 365 × (210 + 260) ÷ 2 ÷ 800 = 107.31") == []
    assert evaluate("(1,100 − 500) ÷ 500") == 1.2


def test_questions_name_items_and_years_in_their_own_words() -> None:
    assert [a.item.key for a in asked_items("FY2022 COGS and 营业收入")] == [
        "cost_of_revenue",
        "revenue",
    ]
    assert years("between FY21 and fiscal 2022, 2023年") == [2021, 2022, 2023]


def test_one_vocabulary_serves_search_and_answers() -> None:
    vocab = vocabulary()
    for metric in vocab.metrics:  # every formula names line items the vocabulary defines
        if metric.formula:
            used = names(ast.parse(metric.formula, mode="eval").body)
            assert set(used) <= set(vocab.items), metric.key
    assert "cost of sales" in expand_query("What was the COGS?").text
    assert "营业成本" in vocab.items["cost_of_revenue"].names


BALANCE_MD = """# Northwind Traders annual report

## Consolidated balance sheets

All figures in millions of dollars.

| | December 31, 2021 | December 31, 2020 |
|---|---|---|
| Inventories | 340 | 300 |
| Total current assets | 1,100 | 900 |
| Total current liabilities | 500 | 450 |

## Outlook

Northwind expects to open twelve stores next year.
"""


def test_a_computed_answer_cites_each_operand_row(folio: Folio, tmp_path: Path) -> None:
    doc = ingest_text(folio, tmp_path, "northwind.md", BALANCE_MD)
    a = ChatService(folio).ask("What is the current ratio at the end of FY2021?", [doc]).answer
    assert not a.refused
    assert a.answer.startswith("Current ratio FY2021 = total current assets 1,100 ÷ total current")
    assert "= 2.20 [1][2]" in a.answer
    quotes = [c.quote for c in a.citations]
    assert any(q.startswith("Total current assets") for q in quotes)
    assert any(q.startswith("Total current liabilities") for q in quotes)


def _cell_id(messages: list[BaseMessage], label: str) -> str:
    for m in messages:
        if isinstance(m, ToolMessage) and str(m.content).startswith(label):
            return str(m.content).split("[")[1].split("]")[0]
    raise AssertionError(f"no lookup_value result for {label!r}")


def test_a_chat_model_looks_figures_up_and_calculates_with_tools(
    folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "northwind.md", BALANCE_MD)
    seen: list[str] = []

    def answer(messages: list[BaseMessage]) -> AIMessage:
        seen.extend(str(m.content) for m in messages if isinstance(m, ToolMessage))
        a, b = _cell_id(messages, "Total current assets"), _cell_id(messages, "Total current liab")
        return AIMessage(
            f"Current ratio FY2021 = total current assets 1,100 ÷ total current liabilities 500 "
            f"= 2.20 [{a}][{b}].\nThe ratio is healthy = 9.99 [{a}]."
        )

    model = FakeChatModel(
        script=[
            tool_call("lookup_value", line_item="total current assets", year=2021),
            tool_call("lookup_value", line_item="total current liabilities", year=2021),
            tool_call("calculate", expression="1100 / 500"),
            answer,
        ]
    )
    chat = ChatService(folio, models=ChatModels(primary=model, name="fake", retries=1, backoff_s=0))
    a = chat.ask("What is the current ratio for FY2021?", [doc]).answer
    assert "Total current assets · December 31, 2021: 1,100 [" in seen[0]
    assert seen[2] == "1100 / 500 = 2.2"
    # the working is checked in code; the invented "9.99" is not derived from anything cited
    assert "= 2.20 [1][2]" in a.answer and "9.99" not in a.answer
    assert {c.quote.split("|")[0].strip() for c in a.citations} == {
        "Total current assets",
        "Total current liabilities",
    }
