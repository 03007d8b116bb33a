"""Chinese encyclopedia-like documents: an answer is about the subject asked (the section
naming it), and an alias question finds the sentence giving the other name (invented text)."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

FLORA = """# 山谷植物志

## 青霜草

青霜草是一种多年生草本植物，分布于高原湿地。它的茎高约30厘米，叶片狭长，呈深绿色。
每年春季萌发新芽，夏季开花。
其花期在七月，花冠淡紫色。

## 金缕藤

金缕藤是一种攀援灌木，常见于南方山林。它的头状花序直径1—2毫米，呈金黄色。
它的叶子宽约3毫米，边缘有锯齿。茎上有细小的倒刺，果实秋季成熟。因藤条纤细如丝，民间又称黄丝藤。

## 白露松

白露松为常绿乔木，高可达20米。针叶长5厘米，每束三针。山区居民俗称雪松子。
"""


@pytest.fixture
def flora(folio: Folio, tmp_path: Path) -> tuple[ChatService, str]:
    return ChatService(folio), ingest_text(folio, tmp_path, "flora.md", FLORA)


def test_an_answer_is_about_the_subject_asked(flora: tuple[ChatService, str]) -> None:
    chat, doc = flora
    a = chat.ask("青霜草的叶子有多少毫米宽？", [doc]).answer
    assert "3毫米" not in a.answer and "1—2毫米" not in a.answer, a.answer
    a = chat.ask("白露松的叶子有多少毫米宽？", [doc]).answer  # another plant's 毫米 is no answer
    assert "毫米" not in a.answer, a.answer
    a = chat.ask("金缕藤的叶子有多少毫米宽？", [doc]).answer
    assert not a.refused and "3毫米" in a.answer, a.answer


def test_an_alias_question_answers_with_the_other_name(flora: tuple[ChatService, str]) -> None:
    chat, doc = flora
    for q, said in (
        ("金缕藤的别名是什么？", "黄丝藤"),
        ("白露松又叫什么？", "雪松子"),
    ):
        a = chat.ask(q, [doc]).answer
        assert not a.refused and said in a.answer, (q, a.answer)
