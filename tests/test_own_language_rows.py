"""With documents in two languages in scope, a question is answered from the document
whose row names the item exactly in the question's own language, not from a translated
match in the other-language document (even a better-ranked, titled statement). Invented
tables only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer

EN = """| Quillmere Inc. Consolidated Statements of Operations (in millions) \
| Year Ended December 31, 2031 | Year Ended December 31, 2030 |
|---|---|---|
| Net sales | 2,410 | 2,280 |
| Cost of sales | 1,530 | 1,470 |
| Net income | 330 | 290 |"""

ZH = """| 项目 | 本报告期 | 上年同期 | 本报告期比上年同期增减 |
|---|---|---|---|
| 营业收入（元） | 1,250,000.00 | 1,100,000.00 | 13.64% |
| 归属于上市公司股东的净利润（元） | 150,000.00 | 120,000.00 | 25.00% |
| 经营活动产生的现金流量净额（元） | 210,000.00 | 190,000.00 | 10.53% |"""


def _evidence() -> list[Evidence]:
    en = Passage(chunk_id="qm#7", doc_id="qm", page=7, page_end=7, text=EN, rank=1)
    zh = Passage(chunk_id="zq#3", doc_id="zq", page=3, page_end=3, text=ZH, rank=2)
    return [Evidence(tool="search_document", query="q", passages=[en, zh])]


def test_a_chinese_question_reads_the_chinese_reports_own_row() -> None:
    a = figure_answer("归属于上市公司股东的净利润同比变化多少？", _evidence(), "zh")
    assert a is not None and a.cells, a
    assert all(c.chunk_id == "zq#3" for c in a.cells), [c.chunk_id for c in a.cells]


def test_an_english_question_reads_the_english_filings_own_row() -> None:
    a = figure_answer("What was net income in 2031?", _evidence(), "en")
    assert a is not None and a.cells, a
    assert all(c.chunk_id == "qm#7" for c in a.cells), [c.chunk_id for c in a.cells]
