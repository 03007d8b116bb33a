"""A company-level figure is read from the primary consolidated statement when other
tables of the turn hold the same rows: a note's table for a part of the business, a
condensed quarterly table, the parent company's own statement. Failing a title, the table
whose figures for the item are largest (the whole, not a part) and whose columns are the
years asked. Invented companies only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer

# A note on one business, ranked first, and the consolidated statement.
SEGMENT_NOTE = """| Trailcraft segment results (in millions) | 2025 | 2024 |
|---|---|---|
| Net sales | $2,000 | $1,900 |
| Cost of sales | (1,500) | (1,450) |"""
STATEMENT = """| Halvorsen Inc. Consolidated Statements of Operations (in millions) | 2025 | 2024 |
|---|---|---|
| Net sales | $5,000 | $4,600 |
| Cost of sales | (3,100) | (2,900) |
| Operating income | 800 | 700 |"""
# The same two tables without titles: a chunk of the statement after its first page.
UNTITLED_PART = """| (in millions) | 2025 | 2024 |
|---|---|---|
| Net sales | $2,000 | $1,900 |
| Cost of sales | (1,500) | (1,450) |"""
UNTITLED_WHOLE = """| (in millions) | 2025 | 2024 |
|---|---|---|
| Net sales | $5,000 | $4,600 |
| Cost of sales | (3,100) | (2,900) |"""
QUARTERLY = """| Quarterly results (in millions) | Q1 2025 | Q2 2025 | Q3 2025 | Q4 2025 |
|---|---|---|---|---|
| Net sales | $1,200 | $1,250 | $1,240 | $1,310 |
| Cost of sales | (760) | (770) | (770) | (800) |"""
PARENT_ZH = """| 母公司利润表（单位：万元） | 2025 | 2024 |
|---|---|---|
| 营业收入 | 1,000 | 900 |
| 营业成本 | 700 | 650 |"""
GROUP_ZH = """| 合并利润表（单位：万元） | 2025 | 2024 |
|---|---|---|
| 营业收入 | 5,000 | 4,600 |
| 营业成本 | 3,100 | 2,900 |"""


def _answer(question: str, *texts: str, lang: str = "en") -> str:
    passages = [
        Passage(chunk_id=f"hv#{i}", doc_id="hv", page=5 + i, page_end=5 + i, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    ev = [Evidence(tool="search_document", query="q", passages=passages)]
    a = figure_answer(question, ev, lang)  # type: ignore[arg-type]
    assert a is not None and a.lines, question
    return " ".join(a.lines)


def test_the_consolidated_statement_before_a_note_on_one_business() -> None:
    text = _answer("What was Halvorsen's gross margin in FY2025?", SEGMENT_NOTE, STATEMENT)
    assert "(net sales 5,000 − cost of sales 3,100) ÷ net sales 5,000 = 38.0%" in text, text
    text = _answer("What were Halvorsen's net sales in FY2025?", SEGMENT_NOTE, STATEMENT)
    assert "$5,000 million" in text and "[hv#1]" in text, text


def test_failing_a_title_the_table_with_the_largest_figures() -> None:
    text = _answer("What was Halvorsen's gross margin in FY2025?", UNTITLED_PART, UNTITLED_WHOLE)
    assert "(net sales 5,000 − cost of sales 3,100) ÷ net sales 5,000 = 38.0%" in text, text
    # a part the question names is read from the table titled by it
    q = "What were the Trailcraft segment's net sales in FY2025?"
    assert "$2,000 million" in _answer(q, UNTITLED_WHOLE, SEGMENT_NOTE), q


def test_a_year_is_not_read_from_a_quarters_column() -> None:
    text = _answer("What were Halvorsen's net sales in FY2025?", QUARTERLY, UNTITLED_WHOLE)
    assert "$5,000 million" in text, text


def test_the_groups_statement_before_the_parent_companys() -> None:
    text = _answer("2025年营业收入是多少？", PARENT_ZH, GROUP_ZH, lang="zh")
    assert "5,000" in text and "[hv#1]" in text, text


ADJUSTED = """| Halvorsen Inc. Consolidated Statements of Operations (in millions) | 2025 | 2024 |
|---|---|---|
| Adjusted net sales | $5,400 | $4,900 |
| Net sales | $5,400 | $4,900 |"""


def test_two_titled_tables_are_told_by_rank_not_size() -> None:
    # a non-GAAP table under the statement's heading holds larger figures: not the whole
    text = _answer("What were Halvorsen's net sales in FY2025?", STATEMENT, ADJUSTED)
    assert "$5,000 million" in text and "[hv#0]" in text, text
