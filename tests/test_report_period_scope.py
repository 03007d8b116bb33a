"""A Chinese report's cover judges the periods of a question only when the turn reads that
one report: beside an English filing of another year, "2023年" of a Chinese question may
be the filing's year, the report's cover page only what the question's Chinese words found.
Invented names only."""

from __future__ import annotations

from agent.each_document import of_documents
from agent.evidence import Evidence, Passage
from agent.models.report_period import (
    cover_year,
    uncovered_cited,
    uncovered_in,
    uncovered_period,
)

ZH_COVER = "江南精工股份有限公司 2018 年第一季度报告"
EN_COVER = "FORM 8-K CURRENT REPORT Date of Report: May 26, 2023 Harbour Lantern Works, Inc."
QUESTION = "2023年新签的循环信贷协议额度是多少？"


def _turn(covers: dict[str, str]) -> list[Evidence]:
    """The report's cover page found by the question's Chinese words, as the only
    passage of the turn; the scope's covers as given."""
    cover = Passage(chunk_id="zh#1", doc_id="zh", page=1, page_end=1, text=ZH_COVER)
    return [Evidence(tool="search", query=QUESTION, passages=[cover], covers=covers)]


def test_the_report_alone_refuses_a_year_its_cover_does_not_cover() -> None:
    turn = _turn({"zh": ZH_COVER})
    assert uncovered_period(QUESTION, turn) == "2023年"
    assert cover_year(turn) == 2018


def test_beside_another_document_the_reports_cover_refuses_nothing() -> None:
    turn = _turn({"zh": ZH_COVER, "en": EN_COVER})
    assert uncovered_period(QUESTION, turn) == ""
    assert uncovered_period("第三季度的营业收入是多少？", turn) == ""
    assert cover_year(turn) is None


def test_each_documents_own_cover_says_whether_its_figures_answer_the_period() -> None:
    """The report's figures answer no "2023年" asked beside an English filing; the
    filing, whose cover is no Chinese report's, may."""
    turn = _turn({"zh": ZH_COVER, "en": EN_COVER})
    filing = Passage(chunk_id="en#4", doc_id="en", page=2, page_end=2, text="$4,200,000,000")
    turn[0].passages.append(filing)
    assert uncovered_period(QUESTION, turn) == ""  # the filing may hold 2023
    assert uncovered_in(QUESTION, of_documents(turn, {"zh"}))
    assert not uncovered_in(QUESTION, of_documents(turn, {"en"}))
    assert not uncovered_in("2018年第一季度营业收入是多少？", of_documents(turn, {"zh"}))


def test_an_answer_citing_only_the_report_is_none_for_a_period_it_does_not_cover() -> None:
    turn = _turn({"zh": ZH_COVER, "en": EN_COVER})
    report = turn[0].passages[0]
    filing = Passage(chunk_id="en#4", doc_id="en", page=2, page_end=2, text="$4,200,000,000")
    turn[0].passages.append(filing)
    assert uncovered_cited(QUESTION, [report], turn)
    assert not uncovered_cited(QUESTION, [filing], turn)
    assert not uncovered_cited("本报告期营业收入是多少？", [report], turn)
