"""A Chinese question names a report's row by its words, not its whole label (支付了多少税费
for 支付的各项税费): the row is read in the column asked (期初 unless compared with), a
change is led by the amount or rate asked, the parent company's statement only when asked,
one row as a share of another worked from one column. Invented figures."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.zh_rows import named_rows, prior_asked
from agent.models.compose import compose

BALANCE = (
    "1、合并资产负债表 单位：元\n| 项目 | 期末余额 | 期初余额 |\n|---|---|---|\n"
    "| 预收款项 | 3,120,000.00 | 2,880,000.00 |\n"
    "| 应付职工薪酬 | 1,845,300.00 | 2,310,950.40 |\n"
    "| 其他应付款 | 52,400,000.00 | 51,900,000.00 |\n"
    "| 应付股利 | 1,560,000.00 | 1,980,000.00 |\n"
    "| 负债合计 | 156,000,000.00 | 160,500,000.00 |\n"
    "| 未分配利润 | -812,340,000.00 | -806,120,000.00 |"
)
PARENT = (
    "2、母公司资产负债表 单位：元\n| 项目 | 期末余额 | 期初余额 |\n|---|---|---|\n"
    "| 其他应付款 | 7,450,000.00 | 9,020,000.00 |\n"
    "| 负债合计 | 21,000,000.00 | 23,000,000.00 |"
)
CASH = (
    "5、合并现金流量表 单位：元\n| 项目 | 本期发生额 | 上期发生额 |\n|---|---|---|\n"
    "| 支付给职工以及为职工支付的现金 | 4,210,000.00 | 4,470,500.00 |\n"
    "| 收到的税费返还 | 1,200,000.00 | 1,000,000.00 |\n"
    "| 支付的各项税费 | 932,640.00 | 871,200.00 |\n"
    "| 支付其他与经营活动有关的现金 | 2,104,000.00 | 1,998,000.00 |"
)


def _ask(question: str) -> str:
    passages = [
        Passage(chunk_id=f"zh#{i}", doc_id="zh", page=i, page_end=i, text=t, rank=i)
        for i, t in enumerate((BALANCE, PARENT, CASH), start=1)
    ]
    ev = Evidence(tool="search_document", query=question, passages=passages, scope_chunks=10)
    return compose(question, [ev], "zh")


def test_a_row_is_named_by_its_words_in_any_form() -> None:
    labels = ["支付的各项税费", "支付其他与经营活动有关的现金", "其他", "税费"]
    found = named_rows("本年度共支付了多少税费？", labels)
    assert [n.label for n in found] == ["支付的各项税费"]
    # a short label's scattered words say too little; named whole, it is the row
    assert named_rows("其他项目有哪些变化？", ["其他应付款", "其他"]) != []
    assert not named_rows("支付了哪些费用？", ["支付的各项税费"])


def test_the_earlier_column_is_asked_unless_compared_with() -> None:
    assert prior_asked("年初未分配利润是多少？")
    assert prior_asked("上年同期支付了多少税费？")
    assert not prior_asked("应付职工薪酬比年初减少了多少？")
    assert not prior_asked("年初至报告期末支付了多少税费？")


def test_a_verb_form_question_reads_the_row() -> None:
    first = _ask("本期共支付了多少税费？").splitlines()[0]
    assert first.startswith("本期支付的各项税费为93.26万元"), first


def test_the_earlier_figure_leads_when_asked() -> None:
    first = _ask("年初未分配利润是多少？").splitlines()[0]
    assert first.startswith("期初未分配利润为−8.06亿元"), first


def test_a_change_is_led_by_its_amount() -> None:
    first = _ask("应付股利比年初减少了多少？").splitlines()[0]
    assert first.startswith("应付股利期末较期初减少42万元"), first
    assert "1,980,000.00 − 1,560,000.00 = 420,000.00元" in first, first


def test_a_change_asked_as_a_rate_is_led_by_it() -> None:
    first = _ask("收到的税费返还同比增长了百分之几？").splitlines()[0]
    assert "较上期增长20.00%" in first.split("，")[0], first


def test_the_parent_company_statement_only_when_asked() -> None:
    assert "5,240万元" in _ask("期末其他应付款余额是多少？").splitlines()[0]
    first = _ask("母公司期末其他应付款余额是多少？").splitlines()[0]
    assert "745万元" in first and "5,240万元" not in first, first


def test_one_row_as_a_share_of_another() -> None:
    first = _ask("期末应付股利占负债合计的比例是多少？").splitlines()[0]
    assert "为1.00%" in first and "1,560,000 ÷ 负债合计 156,000,000" in first, first


def test_an_items_change_asked_as_an_amount_leads_with_it() -> None:
    first = _ask("应付职工薪酬比年初减少了多少？").splitlines()[0]
    assert "增减额" in first and "−46.57万元" in first, first
