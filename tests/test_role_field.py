"""A person asked by the role a field names ("项目负责人是谁？" of "项目负责人王立新、技术负责人
…", "法定代表人：周文涛"): the answer is the name after the role, not a refusal and not
the run of fields around it. Documents and wording invented for these tests."""

from __future__ import annotations

from pathlib import Path

from agent.models.features import make_ask
from agent.models.spans import answer_clause
from agent.role_field import asked_role, field_span
from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

FIELDS = "法定代表人：周文涛  财务负责人：孔令和  审计负责人：梅子安"
SIGNED = "项目负责人王立新、技术负责人孙海及质量负责人(兼)吕一凡声明：本报告内容真实、准确、完整。"

REPORT_MD = f"""# 青川水务年度工作报告

## 重要提示

董事会全体成员均出席了审议本报告的会议。

{SIGNED}

## 一、工作概况

本年度公司新建供水管网一百二十公里，服务人口增加到三十万人。

公司继续推进老旧小区改造，更换水表八千余只。

## 二、财务报表

资产总计为八亿元，负债合计为三亿元。

{FIELDS}
"""


def test_the_role_asked_is_read_from_the_question() -> None:
    assert asked_role("项目负责人是谁？") == "项目负责人"
    assert asked_role("谁是法定代表人？") == "法定代表人"
    assert asked_role("本公司的法定代表人是谁？") == "法定代表人"
    assert asked_role("Who is the chief financial officer?") == "chief financial officer"
    assert asked_role("年假有几天？") is None


def test_the_field_is_the_role_and_the_name_after_it() -> None:
    def said(question: str, text: str) -> str | None:
        span = field_span(question, text)
        return text[span[0] : span[1]] if span else None

    assert said("财务负责人是谁？", FIELDS) == "财务负责人：孔令和"
    assert said("项目负责人是谁？", SIGNED) == "项目负责人王立新"
    assert said("技术负责人是谁？", SIGNED) == "技术负责人孙海"
    # a role inside a longer one is not that role; a verb after a role is no name
    assert said("负责人是谁？", FIELDS) is None
    assert said("项目负责人是谁？", "项目负责人应当保证报告真实。") is None
    text = "Chief Financial Officer: Maria Lopez\nController: Ann Wu"
    assert said("Who is the chief financial officer?", text) == (
        "Chief Financial Officer: Maria Lopez"
    )


def test_the_answer_clause_is_the_field_asked_of_a_run_of_fields() -> None:
    question = "审计负责人是谁？"
    start, end = answer_clause(make_ask(question, []), FIELDS)
    assert FIELDS[start:end] == "审计负责人：梅子安"


def test_a_role_asked_in_everyday_words_is_answered_by_its_field(
    folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "water.md", REPORT_MD)
    chat = ChatService(folio)
    for question, name, others in (
        ("项目负责人是谁？", "王立新", ("孙海", "吕一凡")),
        ("财务负责人是谁？", "孔令和", ("周文涛", "梅子安")),
    ):
        a = chat.ask(question, [doc]).answer
        lead = a.answer.split("依据原文", 1)[0]
        assert not a.refused, a.answer
        assert name in lead and not any(o in lead for o in others), a.answer


def test_the_answers_clause_is_the_field_of_the_role_asked_of_a_named_owner() -> None:
    from agent.role_field import clause_span

    text = "法定代表人：林青岚 主管会计工作负责人：周远 会计机构负责人：韩晓"
    span = clause_span("青岚电气的法定代表人是谁？", text)
    assert span is not None and text[span[0] : span[1]] == "法定代表人：林青岚"
    # the role asked as written still decides first
    span = clause_span("主管会计工作负责人是谁？", text)
    assert span is not None and text[span[0] : span[1]] == "主管会计工作负责人：周远"
    assert clause_span("青岚电气的营业收入是多少？", text) is None
    start, end = answer_clause(make_ask("青岚电气的法定代表人是谁？", []), text)
    assert text[start:end] == "法定代表人：林青岚"
