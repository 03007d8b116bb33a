"""A question refused because it is written in the other language than the documents is
told so, with what to do (found trying the app: "样本保存多久？" of an English policy said
only that the document never mentions 样本保存)."""

from __future__ import annotations

from pathlib import Path

from agent.cross_language import cross_language_notice
from agent.service import ChatService
from pipeline.service import Folio

POLICY = """# Sample Store Rules

## Retention

Blood samples are kept for 30 days after the final report is issued.

## Access

Only trained staff may open the sample store.
"""


def test_the_notice_needs_a_refusal_and_documents_all_in_the_other_language() -> None:
    assert "英文" in cross_language_notice("zh", ["en"], refused=True)
    assert "Chinese" in cross_language_notice("en", ["zh", "zh"], refused=True)
    assert cross_language_notice("zh", ["en"], refused=False) == ""
    assert cross_language_notice("zh", ["en", "zh"], refused=True) == ""
    assert cross_language_notice("en", ["en"], refused=True) == ""
    assert cross_language_notice("zh", ["unknown"], refused=True) == ""


def test_a_chinese_question_refused_on_an_english_document_says_what_to_do(
    chat: ChatService, folio: Folio, tmp_path: Path
) -> None:
    path = tmp_path / "store-rules.md"
    path.write_text(POLICY, encoding="utf-8")
    doc = folio.ingest([path])[0].doc_id
    assert doc
    refused = chat.ask("样本保存多久？", [doc]).answer
    assert refused.refused and refused.notice and "请用英文提问" in refused.notice
    answered = chat.ask("How long are blood samples kept?", [doc]).answer
    assert not answered.refused and not answered.notice
