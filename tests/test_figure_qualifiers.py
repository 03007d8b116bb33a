"""The row whose label best fits the asked line item wins: its qualifiers the question
says ("attributable to <the company's> shareholders") lift it, the ones it does not say
("noncontrolling interests", "excluding …") lower it. Invented statements only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.qualifiers import qualified, said_words
from pipeline.text.finance import vocabulary

INCOME = """| Consolidated Statements of Operations (in millions) | 2024 | 2023 |
|---|---|---|
| Revenues | $9,100 | $8,700 |
| Net income attributable to non-controlling interests | 1,310 | 1,160 |
| Net income attributable to Brindlewood shareholders | 930 | 845 |"""


def _ask(question: str, table: str = INCOME) -> str:
    p = Passage(chunk_id="bw#1", doc_id="bw", page=40, page_end=40, text=table, rank=1)
    a = figure_answer(question, [Evidence(tool="search_document", query="q", passages=[p])], "en")
    assert a is not None and a.lines, question
    return a.lines[0]


def test_the_company_shareholders_row_over_the_noncontrolling_one() -> None:
    # the noncontrolling row is printed larger here, so size alone would pick it
    line = _ask("What was net income attributable to Brindlewood shareholders in FY2024?")
    assert "930" in line and "[bw#1]" in line, line
    line = _ask("How much net income was attributable to shareholders of the company in 2024?")
    assert "930" in line, line


def test_the_noncontrolling_row_when_it_is_asked() -> None:
    line = _ask("What was net income attributable to noncontrolling interests in FY2024?")
    assert "1,310" in line, line


def test_a_bare_item_is_the_bare_row() -> None:
    bare = INCOME.replace("| Revenues |", "| Net income | 1,240 | 1,105 |\n| Revenues |")
    line = _ask("What was Brindlewood's net income in FY2024?", bare)
    assert "1,240" in line, line


def test_qualifiers_said_lift_and_unsaid_lower() -> None:
    item = vocabulary().items["net_income"]
    said = said_words("net income attributable to Brindlewood shareholders")
    own = qualified("Net income attributable to Brindlewood shareholders", item, said)
    other = qualified("Net income attributable to noncontrolling interests", item, said)
    assert own > 0.15 and own - other > 0.2, (own, other)  # 0.85 + own > a bare 1.0
    assert qualified("Net income, excluding discontinued operations", item, said) < 0
    assert qualified("Net income", item, said) == 0.0  # nothing added to the name
    assert qualified("Net income attributable to X", item, frozenset()) == 0.0
    # hyphens are no word boundary: "non-controlling" is "noncontrolling" both ways
    hyphen = said_words("net income attributable to non-controlling interests")
    assert qualified("Net income attributable to noncontrolling interests", item, hyphen) > 0.2


def test_an_unsaid_qualifier_only_ranks_it_never_hides_the_items_only_row() -> None:
    cash = """| Consolidated Statements of Cash Flows (in thousands) | 2024 | 2023 |
|---|---|---|
| Net cash provided by operating activities | 2,400,115 | 2,010,870 |
| Capital expenditures, net of construction payable | (812,400) | (640,350) |"""
    line = _ask("What were Brindlewood's capital expenditures in FY2024?", cash)
    assert "812,400" in line, line
