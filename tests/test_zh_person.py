"""A person a Chinese question names by a name no dictionary holds ("韩" + "长春", "苏建" +
"伟" as the cutter splits them) is found by how names are written; one no passage of the
scope writes is refused as never mentioned, one it writes is answered. Every name and
article here is invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.models.zh_person import person_names
from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

ARTICLE = """# 江南工程人物

## 韩长春

韩长春，1962年出生于江西九江，是一名桥梁工程师。1990年他主持设计了青石江大桥。

## 青石江大桥

青石江大桥全长1200米，于1994年建成通车，是当地第一座斜拉桥。
"""


def test_a_name_the_cutter_splits_is_read_whole() -> None:
    assert person_names("韩长春是哪一年出生的？") == ["韩长春"]
    assert person_names("苏建伟是哪一年出生的？") == ["苏建伟"]
    assert person_names("郝建国的妻子叫什么名字？") == ["郝建国"]


def test_a_question_naming_no_person_has_none() -> None:
    # everyday words, a thing's name, a numeral after a name: none is a person's name
    assert person_names("这种植物的叶子有什么特点？") == []
    assert person_names("青石江大桥有多长？") == []
    assert person_names("What year was the bridge built?") == []


@pytest.fixture
def people(folio: Folio, tmp_path: Path) -> tuple[ChatService, str]:
    return ChatService(folio), ingest_text(folio, tmp_path, "people.md", ARTICLE)


def test_a_person_the_documents_never_write_is_refused_by_name(
    people: tuple[ChatService, str],
) -> None:
    chat, doc = people
    a = chat.ask("苏建伟是哪一年出生的？", [doc]).answer
    assert a.refused
    assert "苏建伟" in a.answer
    assert "1962" not in a.answer


def test_a_person_the_documents_write_is_answered(people: tuple[ChatService, str]) -> None:
    chat, doc = people
    a = chat.ask("韩长春是哪一年出生的？", [doc]).answer
    assert not a.refused
    assert "1962" in a.answer
