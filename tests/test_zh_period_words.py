"""A Chinese statement's column heading names its period and says its cells are amounts
(本期发生额, 期末余额): an answer and its follow-ups say the period alone (本期营业收入为…),
never the heading glued before the item (本期发生额营业收入). Invented figures."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.periods import zh_period_said
from agent.models.compose import compose

INCOME = (
    "合并利润表 单位：元\n| 项目 | 本期发生额 | 上期发生额 |\n|---|---|---|\n"
    "| 一、营业总收入 | 8,642,150.20 | 9,215,004.75 |\n"
    "| 其中：营业收入 | 8,642,150.20 | 9,215,004.75 |\n"
    "| 二、营业总成本 | 12,301,877.05 | 14,020,633.10 |\n"
    "| 其中：营业成本 | 5,120,400.00 | 6,004,110.50 |\n"
    "| 销售费用 | 310,225.00 | 295,871.20 |"
)


def _ask(question: str) -> str:
    p = Passage(chunk_id="zh#4", doc_id="zh", page=3, page_end=3, text=INCOME, rank=1)
    ev = Evidence(tool="search_document", query=question, passages=[p], scope_chunks=10)
    return compose(question, [ev], "zh")


def test_the_answer_and_its_follow_ups_say_the_period_alone() -> None:
    draft = _ask("销售费用是多少？")
    assert draft.splitlines()[0].startswith("本期销售费用为31.02万元"), draft
    # the period before said by its name alone, beside its figure (report_said's sentence)
    first = draft.splitlines()[0]
    assert "上期" in first and "29.59万元" in first and "发生额" not in draft, draft
    follow = [line for line in draft.splitlines() if line.startswith("- ")]
    assert follow and all(line.startswith("- 本期") for line in follow), draft
    # a follow-up asked back reads the same column
    assert _ask(follow[0][2:]).startswith("本期"), follow


def test_only_a_trailing_amount_word_goes() -> None:
    assert zh_period_said("本期发生额") == "本期"
    assert zh_period_said("期末余额") == "期末"
    assert zh_period_said("2031年12月31日") == "2031年12月31日"
    assert zh_period_said("金额") == "金额"  # nothing left to name a period: as printed
