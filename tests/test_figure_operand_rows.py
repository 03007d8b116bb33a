"""A formula's operands found where a reader would find them: the row the question quotes
by its whole label ("accounts and notes receivable"), a label opening with "Trade" before
the item's name, the statement searched by its title when no table of the turn is the
operand's statement, and a small percentage said precisely enough to be the figure.
Invented companies only."""

from __future__ import annotations

import pytest

from agent.evidence import Evidence
from agent.figures.candidate import FigureAnswer
from agent.figures.items import MIN_ROW_MATCH, row_match
from agent.figures.named_in_full import quoted_row
from agent.models.planner import _operand_calls
from pipeline.text.finance import vocabulary
from tests.figurekit import passage, said, searched

INCOME = """HARROWFIELD FOODS INC.
CONSOLIDATED STATEMENT OF INCOME (in millions)
2022  2023
Net revenue  2,800  3,000
Cost of sales  1,500  1,800
Research and development  150  170
Operating profit  400  460
Net income  280  330"""

BALANCE_HEAD = """CONSOLIDATED BALANCE SHEET (in millions)
December 31,
2022  2023"""

BALANCE = """Cash and cash equivalents  150  210
Accounts and notes receivable, net  300  340
Inventories  400  460
Total current assets  900  1,060
Total assets  2,500  2,900
Trade accounts payable  250  290
Total current liabilities  600  640"""

# a note's breakdown of the receivables: its first row is a part of the balance, not it
NOTE = """Note 9 - Supplemental Financial Information (in millions)
2022  2023
Trade receivables  200  250
Other receivables  100  90"""


def _evidence() -> list[Evidence]:
    return searched(
        passage("hf#3", INCOME, page=41, rank=1),
        passage("hf#5", BALANCE, page=43, rank=2, columns=BALANCE_HEAD),
        passage("hf#9", NOTE, page=88, rank=3),
    )


def _said(question: str) -> float:
    return said(question, _evidence())


def test_the_row_the_question_quotes_is_the_operands_row() -> None:
    # 365 × average(300, 340) ÷ 3,000: the balance sheet's row, not the note's part of it
    asked = "What was DSO in FY2023, based on average accounts and notes receivable?"
    figure = _said(asked)
    assert figure == pytest.approx(365 * 320 / 3000, abs=0.01)


def test_a_quoted_label_is_the_item_only_when_it_holds_the_items_name() -> None:
    item = vocabulary().items["accounts_receivable"]
    asked = "What was the quick ratio, counting accounts and notes receivable?"
    assert quoted_row(asked, "Accounts and notes receivable, net", item)
    # a row the question does not quote, or whose label holds no name of the item
    assert not quoted_row("What was the quick ratio?", "Accounts and notes receivable, net", item)
    assert not quoted_row("How large were prepaid expenses?", "Prepaid expenses", item)


def test_a_label_opening_with_trade_names_the_item() -> None:
    payable = vocabulary().items["accounts_payable"]
    assert row_match("Trade accounts payable", payable) >= MIN_ROW_MATCH
    # another word before the name still makes another thing of it
    assert row_match("Other accounts payable", payable) < MIN_ROW_MATCH
    # days payable from the statement's "Trade accounts payable", unquoted by the question
    figure = _said("What were days payable outstanding in FY2023?")
    assert figure == pytest.approx(365 * 270 / 1800, abs=0.01)


def test_an_operand_of_no_statement_in_the_turn_has_its_statement_searched_by_title() -> None:
    wanted: list[tuple[str, int | None]] = [("cost_of_revenue", 2023)]
    calls = _operand_calls(FigureAnswer(wanted=wanted), set(), set())
    queries = [c["args"]["query"] for c in calls if c["name"] == "search_document"]
    title = vocabulary().statement_titles["income"].split()
    assert any(q.split()[: len(title)] == title or set(title) <= set(q.split()) for q in queries)
    # the statement's page known: it is read, and no title search is made
    calls = _operand_calls(FigureAnswer(wanted=wanted, pages=[41]), set(), set())
    assert calls[0]["name"] == "read_page"
    assert not any(set(title) <= set(c["args"].get("query", "").split()) for c in calls)


@pytest.mark.parametrize(
    ("question", "exact"),
    [
        ("What was the R&D intensity in FY2023?", 170 / 3000 * 100),
        ("What was the net profit margin in FY2023?", 330 / 3000 * 100),
    ],
)
def test_a_small_percentage_is_said_to_within_a_thousandth_of_itself(
    question: str, exact: float
) -> None:
    figure = _said(question)
    assert abs(figure - exact) <= max(exact * 0.001, 0.005), (figure, exact)
