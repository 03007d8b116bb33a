"""Follow-up questions ask of the period the document covers: a quarterly report's rows
beside the answer's cell are asked for that quarter (or at that date), never for a fiscal
year the report does not cover; a Chinese report's column is asked as printed. Synthetic
tables of invented companies only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer

QUARTER = """| Quillmere Inc. Condensed Statements of Operations ($ in millions) \
| Three Months Ended June 30, 2025 | Three Months Ended June 30, 2024 \
| Six Months Ended June 30, 2025 | Six Months Ended June 30, 2024 |
|---|---|---|---|---|
| Net sales | $2,410 | $2,280 | $4,700 | $4,450 |
| Cost of sales | (1,530) | (1,470) | (2,990) | (2,880) |
| Selling and administrative expenses | (410) | (395) | (805) | (780) |
| Operating income | 470 | 415 | 905 | 790 |
| Net income | $330 | $290 | $640 | $560 |"""

BALANCE = """| Quillmere Inc. Condensed Balance Sheets ($ in millions) | June 30, 2025 \
| December 31, 2024 |
|---|---|---|
| Inventories | 880 | 820 |
| Total current assets | 2,950 | 2,700 |
| Accounts payable | 610 | 590 |
| Total current liabilities | 1,420 | 1,380 |"""

# a column dated without its length, in a report whose other tables print quarters
UNDATED_LENGTH = """| Quillmere Inc. Segment Results ($ in millions) \
| June 30, 2025 | June 30, 2024 |
|---|---|---|
| Net sales | 2,410 | 2,280 |
| Operating income | 470 | 415 |
| Depreciation and amortization | 95 | 90 |"""

ZH_QUARTER = """| 项目 | 本报告期 | 上年同期 |
|---|---|---|
| 营业收入 | 1,250,000 | 1,100,000 |
| 营业成本 | 800,000 | 720,000 |
| 净利润 | 150,000 | 130,000 |"""


def _evidence(*texts: str, doc: str = "qm") -> list[Evidence]:
    passages = [
        Passage(chunk_id=f"{doc}#{n}", doc_id=doc, page=n, page_end=n, text=t, rank=n)
        for n, t in enumerate(texts, 1)
    ]
    return [Evidence(tool="search_document", query="q", passages=passages)]


def test_a_quarters_follow_ups_ask_for_that_quarter_not_a_fiscal_year() -> None:
    a = figure_answer("What was Quillmere's net income in Q2 2025?", _evidence(QUARTER), "en")
    assert a is not None and "three months ended June 30, 2025" in a.lines[0], a
    assert a.follow and all("in the three months ended June 30, 2025?" in q for q in a.follow)
    assert not any("FY" in q for q in a.follow), a.follow


def test_a_balance_at_a_quarters_close_is_asked_at_that_date() -> None:
    q = "What were Quillmere's total current liabilities at June 30, 2025?"
    a = figure_answer(q, _evidence(BALANCE, QUARTER), "en")
    assert a is not None and a.lines and "June 30, 2025" in a.lines[0], a
    assert a.follow and all(q.endswith("at June 30, 2025?") for q in a.follow), a.follow


def test_a_column_without_its_length_in_a_quarterly_report_is_asked_by_its_date() -> None:
    ev = _evidence(UNDATED_LENGTH, QUARTER)
    a = figure_answer("What was Quillmere's depreciation and amortization in 2025?", ev, "en")
    assert a is not None and a.lines, a
    assert a.follow and not any("FY" in q for q in a.follow), a.follow
    assert all("period ended June 30, 2025" in q for q in a.follow), a.follow


def test_a_chinese_quarters_follow_ups_name_the_column_as_printed() -> None:
    a = figure_answer("本报告期营业收入是多少？", _evidence(ZH_QUARTER, doc="zq"), "zh")
    assert a is not None and a.lines, a
    assert a.follow and all(q.startswith("本报告期") for q in a.follow), a.follow
