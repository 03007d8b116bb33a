"""Book value per share from a balance sheet stating only shares issued and shares held
in treasury: each column's count outstanding is the one less the other, per column or
per year, in shares (counts printed in millions beside amounts in millions are millions).
Invented companies only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer

_HEAD = (
    "| Quillmark Corp. Balance Sheets (Dollars in Millions Except Share Amounts) | 2045 | 2044 |"
)
_ONE_COUNT = f"""{_HEAD}
|---|---|---|
| Common stock — par value $1.00 (authorized 900,000,000 shares; issued |  |  |
| 640,000,000 shares) | 640 | 640 |
| Retained earnings | 9,900 | 9,100 |
| Less: stock held in treasury (140,000,000 shares and 120,000,000 shares) | 2,400 | 2,000 |
| Total shareholders’ equity | 8,140 | 7,740 |"""

_BY_YEAR = """| Quillmark Corp. Balance Sheets (MILLIONS) | 2045 | 2044 |
|---|---|---|
| Common stock, $0.05 par value; 9,000 authorized; issued: 2045—4,100; 2044—4,050 | 205 | 203 |
| Treasury stock, shares at cost: 2045—1,600; 2044—1,550 | (30,000) | (29,000) |
| Retained earnings | 61,000 | 58,000 |
| Total Quillmark shareholders’ equity | 31,205 | 29,203 |"""


def _line(question: str, table: str) -> str:
    p = Passage(chunk_id="qm#4", doc_id="qm", page=50, page_end=50, text=table, rank=1)
    a = figure_answer(question, [Evidence(tool="search_document", query="q", passages=[p])], "en")
    assert a is not None and a.lines, question
    return a.lines[0]


def test_issued_less_treasury_per_column() -> None:
    line = _line("What was Quillmark's book value per share at the end of 2045?", _ONE_COUNT)
    assert "$16.28" in line, line  # 8,140 million / 500,000,000 shares
    line44 = _line("What was Quillmark's book value per share at the end of 2044?", _ONE_COUNT)
    assert "$14.88" in line44, line44  # 7,740 million / 520,000,000 shares


def test_counts_stated_per_year_in_the_statements_unit() -> None:
    line = _line("What was Quillmark's book value per share at year-end 2045?", _BY_YEAR)
    assert "$12.48" in line, line  # 31,205 / (4,100 - 1,600) millions
