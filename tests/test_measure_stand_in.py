"""A measure named alone that several rows report ("每股收益", "earnings per share") is read
from its primary row, in either language. Every document here is invented."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.asking import what_is_asked

PER_SHARE = """| OPERATIONS (in millions, except per share data) | Fiscal 2041 | Fiscal 2040 |
|---|---|---|
| Total revenue | $9,120 | $8,430 |
| Net income | $1,204 | $1,010 |
| Basic net income per share | $4.17 | $3.52 |
| Diluted net income per share | $4.09 | $3.47 |"""


def _evidence(text: str) -> list[Evidence]:
    p = Passage(chunk_id="tw#3", doc_id="tw", page=51, page_end=51, text=text, rank=1)
    return [Evidence(tool="search_document", query="q", passages=[p])]


def test_a_measure_named_alone_asks_its_primary_row() -> None:
    for q in ("每股收益是多少？", "What were earnings per share?", "What is Tarrow's EPS?"):
        ask = what_is_asked(q)
        assert ask is not None and ask.single, q
        assert getattr(ask.formula, "id", "") == "basic_eps", q
    # a qualified one keeps its own row
    ask = what_is_asked("2041财年稀释每股收益是多少？")
    assert ask is not None and getattr(ask.formula, "id", "") == "diluted_eps"


def test_a_chinese_question_for_earnings_per_share_reads_the_english_row() -> None:
    a = figure_answer("2041财年每股收益是多少？", _evidence(PER_SHARE), "zh")
    assert a is not None and a.lines, a
    line = a.lines[0]
    assert line.startswith("2041财年基本每股收益为4.17美元"), line
    a = figure_answer("What were earnings per share in fiscal 2041?", _evidence(PER_SHARE), "en")
    assert a is not None and a.lines and "$4.17" in a.lines[0], a


def test_every_line_item_has_a_chinese_name() -> None:
    # a Chinese question names the item in Chinese: one without a Chinese name is unaskable
    ask = what_is_asked("2041财年重组费用是多少？")
    assert ask is not None and getattr(ask.formula, "id", "") == "restructuring"
    from pipeline.text.finance import vocabulary

    bare = [k for k, v in vocabulary().items.items() if all(n.isascii() for n in v.names)]
    assert bare == [], bare
