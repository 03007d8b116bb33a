"""Chinese answers (invented documents): a Chinese question of an English filing is
answered in Chinese (the item's Chinese name, 亿/万 of dollars, 财年) with the printed row
quoted; a sentence a page break or a chunk's end cut is read whole; Chinese phrasing words
never make a question unanswerable; a question of everyday world knowledge whose words a
document uses is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.evidence import Evidence, Passage, Unit, units
from agent.figures.answer import figure_answer
from agent.models.answering.continued import continuation, continued
from agent.models.answering.figures import source_rows
from agent.models.judge import Candidate
from agent.models.phrasing import phrasing_words
from agent.models.spans import with_reasons
from agent.scope import stem
from agent.service import ChatService
from agent.support import check
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

INCOME = """| CONSOLIDATED STATEMENTS OF INCOME (in millions) | Fiscal 2023 | Fiscal 2022 |
|---|---|---|
| Total revenue | $211,915 | $198,270 |
| Cost of revenue | 65,863 | 62,650 |
| Net income | $72,361 | $72,738 |"""


def _evidence(*texts: str) -> list[Evidence]:
    passages = [
        Passage(chunk_id=f"co#{i}", doc_id="co", page=40 + i, page_end=40 + i, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    return [Evidence(tool="search_document", query="q", passages=passages)]


def test_a_chinese_question_of_an_english_table_is_answered_in_chinese() -> None:
    a = figure_answer("2023财年的营业收入是多少？", _evidence(INCOME), "zh")
    assert a is not None and a.lines
    line = a.lines[0]
    assert line.startswith("2023财年营业") and "Total revenue" not in line, line
    # 211,915 million dollars: 2,119.15亿美元, the printed figure beside it
    assert "2,119.15亿美元（211,915百万美元）" in line, line
    assert "2022财年为1,982.70亿美元" in line, line
    claim = line.split(" [", 1)[0]  # as the reflection checks it: without its marker
    assert check(claim, INCOME).supported, claim
    # a figure the table does not print is still caught, said in 亿 or not
    assert not check(claim.replace("2,119.15亿", "2,519.15亿"), INCOME).supported


def test_a_computed_chinese_metric_names_its_operands_in_chinese() -> None:
    a = figure_answer("2023财年的毛利率是多少？", _evidence(INCOME), "zh")
    assert a is not None and a.lines
    line = a.lines[0]
    assert line.startswith("2023财年毛利率") and "营业成本 65,863" in line, line
    assert "cost of revenue" not in line.lower() and "68.9%" in line, line


def test_the_rows_an_english_table_prints_are_quoted_with_their_columns() -> None:
    ev = _evidence(INCOME)
    a = figure_answer("2023财年的营业收入是多少？", ev, "zh")
    assert a is not None
    rows = source_rows(a.cells, ev)
    assert rows and rows[0].startswith("Total revenue | $211,915 | $198,270"), rows
    assert "Fiscal 2023" in rows[0] and rows[0].endswith("[co#0]"), rows


def test_a_chinese_report_keeps_its_own_labels_and_years() -> None:
    table = (
        "单位：万元\n| 项目 | 2023年 | 2022年 |\n|---|---|---|\n"
        "| 营业收入 | 123,456.78 | 110,000.00 |"
    )
    a = figure_answer("2023年营业收入是多少？", _evidence(table), "zh")
    assert a is not None and a.lines
    assert a.lines[0].startswith("2023年营业收入为12.35亿元（123,456.78万元）"), a.lines


def test_a_sentence_a_page_break_cut_after_another_is_no_heading() -> None:
    text = "湖泊于1950年建成。该湖主要供应周边三座城市的\n饮用水，也用于灌溉下游两岸的大片农田。\n"
    found = [(u.kind, u.text) for u in units(text)]
    cut = "该湖主要供应周边三座城市的\n饮用水，也用于灌溉下游两岸的大片农田。"
    assert ("sentence", cut) in found, found
    titled = units("青湖水库\n青湖水库位于山谷之中，于1950年建成。")
    assert titled[0].kind == "heading" and titled[0].text == "青湖水库"


def test_a_sentence_the_chunks_end_cut_goes_on_into_the_next_chunk() -> None:
    first = Passage(
        chunk_id="lake#7", doc_id="lake", page=3, page_end=3, text="青湖水库位于云岭县城", rank=1
    )
    nxt = Passage(
        chunk_id="lake#8",
        doc_id="lake",
        page=3,
        page_end=3,
        text="以北十公里处。水库呈长条形。",
        rank=2,
    )
    unit = Unit(0, len(first.text), first.text, "sentence")
    c = Candidate(first, unit, 0.9, frozenset(), 0)
    ev = [Evidence(tool="search_document", query="q", passages=[first, nxt])]
    rest = continuation(c, ev)
    assert rest is not None and rest[0] is nxt
    body = continued("青湖水库位于云岭县城 [lake#7]。", c, rest)
    assert body == "青湖水库位于云岭县城以北十公里处。 [lake#7] [lake#8]", body
    # a sentence that ends in its own chunk goes on into nothing
    whole = Passage(chunk_id="lake#9", doc_id="lake", page=3, page_end=3, text="水库呈长条形。")
    done = Candidate(whole, Unit(0, 7, whole.text, "sentence"), 0.9, frozenset(), 0)
    assert continuation(done, ev) is None


def test_chinese_words_asking_for_a_description_phrase_the_question() -> None:
    said = phrasing_words("青湖水库的外貌特征是什么？")
    assert stem("特征") in said and stem("外貌") not in said
    assert stem("定义") in phrasing_words("云岭方言的定义是什么？")


PLANT = """# 云岭植物志

## 山茱萸草

山茱萸草是云岭特有的多年生草本植物，茎直立，高约40厘米。叶子互生，呈卵形，边缘有细齿，
叶子表面呈深绿色。夏季开花，花为白色，排列成伞形花序。它分布于云岭县海拔800米以上的
山坡和林缘，当地人用它的根入药。

## 岩羊

岩羊生活在云岭的高山草地，主要吃草、叶子和灌木的嫩枝。
"""


@pytest.fixture
def plant_doc(folio: Folio, tmp_path: Path) -> tuple[ChatService, str]:
    doc = ingest_text(folio, tmp_path, "plants.md", PLANT)
    return ChatService(folio), doc


def test_everyday_world_knowledge_in_a_documents_words_is_refused(
    plant_doc: tuple[ChatService, str],
) -> None:
    chat, doc = plant_doc
    for q in ("植物的叶子为什么是绿色的？", "一片叶子一般有多长？"):
        a = chat.ask(q, [doc]).answer
        assert a.refused, (q, a.answer)
    # the document's own subject asked the same way is still answered
    a = chat.ask("山茱萸草分布在哪里？", [doc]).answer
    assert not a.refused and "海拔800米" in a.answer, a.answer


def test_a_chinese_description_goes_on_into_the_next_sentence_using_its_words() -> None:
    text = "青湖水库主要用于城市供水。水库也用于灌溉和发电。湖边建有一座公园。"
    p = Passage(chunk_id="lake#2", doc_id="lake", page=1, page_end=1, text=text, rank=1)
    first = units(text)[0]
    c = Candidate(p, first, 0.9, frozenset(), 0)
    (wide,) = with_reasons([c], "青湖水库有哪些用途？")
    assert wide.unit.text == "青湖水库主要用于城市供水。水库也用于灌溉和发电。", wide.unit.text
    # a factoid (how much, when) is one sentence's: it is not widened so
    (one,) = with_reasons([c], "青湖水库每年供水多少吨？")
    assert one.unit.text == first.text


def test_a_chinese_growth_and_verdict_of_an_english_table_speak_chinese() -> None:
    grew = figure_answer("2023财年营业收入同比增长多少？", _evidence(INCOME), "zh")
    assert grew is not None and grew.lines
    change = grew.lines[-1]
    assert change.startswith("营业总收入2022财年→2023财年变化") and "6.9%" in change, grew.lines
    judged = figure_answer("2023财年营业收入是高增长吗？", _evidence(INCOME), "zh")
    assert judged is not None and judged.lines
    assert judged.lines[0].startswith("否：营业总收入"), judged.lines
    assert not any("Total revenue" in line or "FY20" in line for line in judged.lines)


def test_a_row_naming_its_unit_in_yuan_is_said_in_wan(folio: Folio, tmp_path: Path) -> None:
    """ "营业收入（元）| 4,755,785.11" is said as a reader says it, 万元 with the printed figure."""
    report = (
        "# 青禾电器2024年第一季度报告\n\n## 主要会计数据\n\n"
        "| 项目 | 本报告期 | 上年同期 |\n|---|---|---|\n"
        "| 营业收入（元） | 4,755,785.11 | 5,699,227.63 |\n"
        "| 基本每股收益（元/股） | -0.0053 | -0.0178 |\n"
    )
    doc = ingest_text(folio, tmp_path, "qinghe.md", report)
    a = ChatService(folio).ask("营业收入是多少？", [doc]).answer
    assert "475.58万元（4,755,785.11元）" in a.answer, a.answer


RELEASE = """| STATEMENT OF EARNINGS (in millions) | Fourth Quarter 2031 | Fourth Quarter 2030 |
|---|---|---|
| Research and development expense | 3,841 | 4,720 |
| Net earnings | 3,520 | 4,736 |"""


def test_a_quarters_column_is_said_as_that_quarter_never_a_fiscal_year() -> None:
    a = figure_answer("2031年第四季度的研发费用是多少？", _evidence(RELEASE), "zh")
    assert a is not None and a.lines
    line = a.lines[0]
    assert "2031年第四季度" in line and "财年" not in line, line
