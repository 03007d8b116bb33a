"""What a question asks decides whether a unit answers it: a view or advice asked is no
question of what the documents state; a unit naming only the place or firm asked of says
nothing of what is asked of it (its population, its chief executive), even when a
firm is named after a person ("<姓名>公司"), nor a formula written after another substance's
name of the substance named later in its sentence; a Latin name in a Chinese question is a
name; "ratify" asked is "ratified" written. Invented documents only."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent import prompts
from agent.entities import find
from agent.models.opinion import asks_opinion
from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

ARTICLES = """# 岚川颜料

岚川颜料发明于1962年，是颜料粉调和树脂乳胶制成的，干后不溶于水。岚川颜料的画法与油画相似。

# 岚川纺织公司

岚川纺织公司成立于1987年，总部设于宁波。2009年，联川集团以12亿元收购莉娜公司的饮料事业。

# 鹭岛国徽

鹭岛国徽上画有一只金色的鹭鸟。鹭岛的Kestrel航空也以它为标志。

# 岚溴酸

岚溴酸（化学式：HBrO2）是一种溴的含氧酸，是很强的氧化剂，可溶于水和乙醇。
"""

FILING = """# Quillon Gearworks, Inc. Current Report on Form 8-K

## Item 5.07 Submission of Matters to a Vote of Security Holders

Quillon Gearworks, Inc. held its 2023 Annual Meeting of Shareholders on May 3, 2023 in
Harborview. The shareholders ratified the appointment of Tallow & Finch LLP as the
independent registered public accounting firm for Quillon for fiscal year 2023.

## Item 8.01 Other Events

Quillon Gearworks opened a distribution center in Harborview, a port city, in 2022.
"""


@pytest.fixture
def chat(folio: Folio) -> ChatService:
    return ChatService(folio)


def test_a_view_or_advice_asked_is_told_apart_from_a_fact_asked() -> None:
    for q in ("你认为岚川颜料和油画颜料哪个更好？", "Do you think Quillon is well run?"):
        assert asks_opinion(q) == "judgement", q
    for q in ("我应该给孩子买岚川颜料吗？", "Should I buy Quillon shares?"):
        assert asks_opinion(q) == "advice", q
    facts = ("岚川颜料发明于哪一年？", "What should the company repay in 2024?", "Who is the CEO?")
    for q in facts:
        assert asks_opinion(q) == "", q


def test_a_view_or_advice_is_refused_with_the_sections_nearby(
    chat: ChatService, folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "articles.md", ARTICLES)
    for q in ("你认为岚川颜料和油画颜料哪个更好？", "我应该给孩子买岚川颜料还是水彩颜料？"):
        a = chat.ask(q, [doc]).answer
        assert a.refused and a.answer.startswith(prompts.REFUSAL_OPINION["zh"]), (q, a.answer)
        assert "岚川颜料" in a.answer.removeprefix(prompts.REFUSAL_OPINION["zh"]), a.answer
    a = chat.ask("岚川颜料发明于哪一年？", [doc]).answer
    assert not a.refused and "1962" in a.answer, a.answer


def test_a_firm_named_after_a_person_is_no_person() -> None:
    q = "联川集团的首席执行官是谁？"
    assert find("person", "联川集团以12亿元收购莉娜公司的饮料事业。", q) is None
    assert find("person", "联川集团的首席执行官莉娜出席了会议。", q) is not None


def test_a_unit_naming_only_what_is_asked_of_is_refused(
    chat: ChatService, folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "articles.md", ARTICLES)
    named_only = ["联川集团的首席执行官是谁？", "鹭岛Kestrel航空的总部位于哪里？"]
    named_only.append("水的化学式是什么？")
    for q in named_only:
        a = chat.ask(q, [doc]).answer
        assert a.refused, (q, a.answer)
    for q, said in (("岚川纺织公司的总部设在哪里？", "宁波"), ("岚溴酸的化学式是什么？", "HBrO2")):
        a = chat.ask(q, [doc]).answer
        assert not a.refused and said in a.answer, (q, a.answer)


def test_a_city_named_is_no_answer_to_its_population_and_a_verb_asked_matches_its_form(
    chat: ChatService, folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "quillon.md", FILING)
    a = chat.ask("What is the population of Harborview?", [doc]).answer
    assert a.refused and "Harborview" in a.answer, a.answer  # refused, the nearest quoted
    q = "Which accounting firm did Quillon's shareholders ratify for fiscal year 2023?"
    a = chat.ask(q, [doc]).answer
    assert not a.refused and "Tallow & Finch" in a.answer, a.answer
