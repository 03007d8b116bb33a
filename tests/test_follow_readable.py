"""Follow-up questions read as a person would ask them (found walking the app over an
earnings release and a Chinese quarterly report): a row's footnote marks, a cut label's
slash and a table's title case are no part of the question; a segment's or a product's
row names no amount to ask; a passive sentence asks no "Who is the reader?"; an English
question of a Chinese quarterly report asks of its columns' period, never of a fiscal year;
after a person asked by a field's office the other offices of the run of fields are asked.
Invented companies, tables and people only."""

from __future__ import annotations

import re

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.follow_rows import follow_label, reader_case, titled_name
from agent.models.follow import follow_ups
from agent.models.follow_en import en_form
from agent.models.follow_fields import office_fields, zh_office_topics

RELEASE = """| Quillmere Inc. Highlights ($ in Millions) | 2031 | 2030 | % Change |
|---|---|---|---|
| Net Sales | $9,120 | $8,650 | 5.4% |
| Operational Sales1,2 | 9,300 | 8,650 | 7.5 |
| Adjusted EPS (diluted)1,4 | $2.41 | $2.20 | 9.5% |
| Net Earnings/ | 1,310 | 1,205 | 8.7 |
| Harbour Care | 2,010 | 1,870 | 7.5 |"""

ZH_COVER = "青岚电气股份有限公司 2031年第一季度报告"
ZH_STATEMENT = """| 项目 | 本期发生额 | 上期发生额 |
|---|---|---|
| 一、营业总收入 | 4,755,785.11 | 5,699,227.63 |
| 二、营业总成本 | 12,827,978.02 | 21,274,558.28 |
| 营业成本 | 3,100,000.00 | 3,900,000.00 |
| 净利润 | -4,831,324.09 | -15,714,409.94 |"""

FIELDS = "法定代表人：林青岚 主管会计工作负责人：周远 会计机构负责人：韩晓 2、母公司利润表 单位：元"


def _p(n: int, text: str, doc: str = "qm", section: str = "") -> Passage:
    return Passage(
        chunk_id=f"{doc}#{n}", doc_id=doc, page=n, page_end=n, text=text, rank=n, section=section
    )


def test_a_rows_footnote_marks_slash_and_title_case_are_not_asked() -> None:
    assert follow_label("Operational Sales1,2", "en") == "Operational Sales"
    assert follow_label("Adjusted EPS (diluted)1,4", "en") == "Adjusted EPS (diluted)"
    assert follow_label("Net Earnings/", "en") == "Net Earnings"
    assert reader_case("Adjusted Operational Sales") == "adjusted operational sales"
    # a name after the item's words keeps its capitals; an acronym keeps them too
    assert reader_case("Net Earnings Attributable to Quillmere") == (
        "net earnings attributable to Quillmere"
    )
    assert reader_case("Adjusted EPS") == "adjusted EPS"


def test_a_segments_row_is_no_figure_to_ask() -> None:
    assert titled_name("Harbour Care")
    assert titled_name("MedLine")  # one name with capitals inside
    assert not titled_name("Reported Sales")
    assert not titled_name("Cost of products sold")


def test_a_release_tables_follow_ups_read_as_questions() -> None:
    ev = [Evidence(tool="search_document", query="q", passages=[_p(1, RELEASE)])]
    a = figure_answer("What were Quillmere's net sales in 2031?", ev, "en")
    assert a is not None and a.follow, a
    said = " ".join(a.follow)
    assert "1,2" not in said and "1,4" not in said and "/" not in said, a.follow
    assert "Harbour Care" not in said, a.follow
    assert "Operational Sales" not in said and "Net Earnings" not in said, a.follow
    assert any("operational sales" in q for q in a.follow), a.follow


def test_a_passive_sentence_asks_no_attribute() -> None:
    for said in (
        "The reader is also encouraged to review the releases in the Investors section of "
        "the website of Quillmere Inc.",
        "The reader is cautioned not to rely on these statements made by Ada Quill.",
    ):
        assert not en_form(said, "", "q")[0].startswith("attribute"), said
        assert not en_form(said, "Quillmere", "q")[0].startswith("attribute"), said
    assert en_form("The purchase price was $4.2 billion in cash.", "", "q")[0] == "attribute"


def test_english_follow_ups_of_a_chinese_quarter_ask_its_period_not_a_fiscal_year() -> None:
    passages = [_p(1, ZH_COVER, "zq"), _p(2, ZH_STATEMENT, "zq")]
    ev = [Evidence(tool="search_document", query="q", passages=passages, covers={"zq": ZH_COVER})]
    a = figure_answer("What was total revenue in the first quarter of 2031?", ev, "en")
    assert a is not None and a.follow, a
    assert not any("FY" in q for q in a.follow), a.follow
    assert all(q.endswith("in the current period?") for q in a.follow), a.follow


def test_the_offices_of_a_run_of_fields() -> None:
    assert [o for o, _ in office_fields(FIELDS)] == [
        "法定代表人",
        "主管会计工作负责人",
        "会计机构负责人",
    ]
    others = zh_office_topics([FIELDS], "法定代表人是谁？")
    assert others == ["主管会计工作负责人", "会计机构负责人"]
    assert office_fields("公司应当保证财务报表的真实、准确、完整。") == []


def test_after_a_person_asked_by_office_the_other_offices_are_asked_first() -> None:
    statement = (
        "| 项目 | 本期发生额 | 上期发生额 |\n|---|---|---|\n"
        "| 营业收入 | 4,755,785.11 | 5,699,227.63 |"
    )
    cited = _p(1, FIELDS + "\n" + statement, "zq", section="一、财务报表")
    ev = [Evidence(tool="search_document", query="q", passages=[cited])]
    qs = follow_ups("青岚电气的法定代表人是谁？", ev, [cited], "zh", quoted=[FIELDS])
    assert qs[:2] == ["主管会计工作负责人是谁？", "会计机构负责人是谁？"], qs
    assert "法定代表人是谁？" not in qs, qs
    # a question asking no office keeps the neighbourhood's own questions
    plain = follow_ups("营业收入是多少？", ev, [cited], "zh", quoted=[statement])
    assert not any(q.endswith("负责人是谁？") for q in plain), plain


BALANCE = """| Quillmere Inc. Condensed Balance Sheets ($ in millions) | December 31, 2031 \
| June 30, 2031 |
|---|---|---|
| Cash and cash equivalents | 837 | 775 |
| Inventories | 1,820 | 1,710 |
| Total current assets | 5,120 | 4,980 |"""


def test_a_chinese_question_of_a_balance_at_a_quarters_close_says_the_day() -> None:
    ev = [Evidence(tool="search_document", query="q", passages=[_p(1, BALANCE)])]
    a = figure_answer("2031年12月31日的货币资金是多少？", ev, "zh")
    assert a is not None and a.lines, a
    assert "2031年12月31日" in a.lines[0] and "2031财年" not in a.lines[0], a.lines
    assert a.follow and all(q.startswith("2031年12月31日") for q in a.follow), a.follow


def test_a_phrase_pointing_elsewhere_is_no_attribute_nor_subject() -> None:
    """Found walking the app: "What is the another way?" (of a scanned brochure's "Another
    way is to …") and "How is Audit Committee related to Every Critical Vendor?"."""
    for said in (
        "Another way is to press LOOP and play the pattern again over the first bar.",
        "Each lantern is tested for twelve hours before it leaves the plant.",
    ):
        assert not en_form(said, "", "q")[0].startswith("attribute"), said
    assert en_form("The lamp life is 6,000 hours at full power.", "", "q")[0] == "attribute"
    rule = _p(
        4,
        "Every Harbour Pilot is examined once a year by the Marine Safety Board, which "
        "reports to the Port Council.",
        doc="hp",
    )
    ev = [Evidence(tool="search_document", query="q", passages=[rule])]
    asked = follow_ups("How often is a harbour pilot examined?", ev, [rule], "en")
    assert not any(re.search(r"\b(?:Every|every|Each|Another)\b", q) for q in asked), asked
