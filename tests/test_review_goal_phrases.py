"""A review goal's phrase is searched whole: "going concern", "持续经营" are planned as one
term (their words apart, "going", "持续", find anything), and the words that only say what
to do ("check whether", "检查…是否存在") are not searched. Documents invented for these
tests."""

from __future__ import annotations

from pathlib import Path

from agent.review.detect import goal_phrases
from agent.review.plan import make_plan, specific_terms
from agent.review.scope import ReviewScope
from pipeline.corpus import Corpus
from pipeline.service import Folio
from pipeline.store.rules import RuleStore
from testkit.agentdocs import ingest_text

FILING_MD = """# Harbor Lane Ferries Annual Report

## Business

We operate passenger ferries on four routes and are going ahead with a fifth route.

Ongoing maintenance of the fleet is our main concern during the winter months.

Our crews are going through new safety training, an ongoing programme.

## Liquidity

Our recurring losses and a loan that falls due in March raise substantial doubt about
our ability to continue as a going concern.

Management plans to refinance the loan and sell two older vessels.

## Employees

We employ 240 people, and staff turnover is a continuing concern for management.
"""

REPORT_ZH_MD = """# 临江轮渡年度报告

## 经营情况

本年度公司持续开通新航线，经营收入增长百分之十二。

公司持续推进船舶维护，经营成本略有上升。

## 流动性

公司连续三年亏损，一笔贷款将于明年三月到期，持续经营能力存在重大不确定性。

管理层计划出售两艘旧船并办理贷款展期。
"""


def _plan(folio: Folio, doc: str, goal: str, lang: str) -> tuple[tuple[str, ...], list[str]]:
    scope = ReviewScope(Corpus(folio, (doc,)))
    views = scope.views()
    plan, _ = make_plan(goal, views, lang, RuleStore(folio.db, "phrases"))  # type: ignore[arg-type]
    return specific_terms(goal, views), plan.chosen


def test_a_phrase_the_goal_and_document_both_write_is_one_term() -> None:
    blocks = ["we may not continue as a going concern.", "ongoing costs are a concern."]
    goal = "Check whether there is doubt about the going concern assumption"
    assert goal_phrases(goal, blocks) == ("going concern",)
    assert goal_phrases("Is the concern going away?", blocks) == ()  # not the phrase
    assert goal_phrases("检查持续经营能力", ["公司持续经营能力存在不确定性。"])[0] == "持续经营能力"


def test_a_going_concern_goal_plans_the_going_concern_search(folio: Folio, tmp_path: Path) -> None:
    doc = ingest_text(folio, tmp_path, "ferries.md", FILING_MD)
    goal = "Check whether there is substantial doubt about the going concern"
    terms, chosen = _plan(folio, doc, goal, "en")
    assert "going concern" in terms[:2]  # with "substantial doubt", a phrase too
    assert "going" not in terms and "concern" not in terms and "check" not in terms
    assert "goal_terms" in chosen


def test_a_chinese_going_concern_goal_plans_the_phrase(folio: Folio, tmp_path: Path) -> None:
    doc = ingest_text(folio, tmp_path, "ferries_zh.md", REPORT_ZH_MD)
    terms, chosen = _plan(folio, doc, "检查公司持续经营是否存在重大不确定性", "zh")
    assert terms[0] == "持续经营"
    assert not {"持续", "经营", "检查", "是否", "存在", "确定", "定性"} & set(terms)
    assert "goal_terms" in chosen
