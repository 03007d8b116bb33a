"""Another company is known by more than where a question puts it: a name with its legal
form ("The Harlow Paper Company"), the holder of an office asked of ("the chief financial
officer of <Name>"), a name the report writes with a legal form wherever the question puts
it ("Who leads <Name> as …"). A question naming the report's own company beside the
other one asks how they stand to each other and is answered. Invented documents only."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

REPORT = """# Annual Report of Brisling Textiles 2023

## Management

Oona Reyes has served as our Chief Executive Officer since 2019. Pavel Stroud is our Chief
Financial Officer.

## Customers and Suppliers

Ostrava Holdings Inc. and its affiliates represented approximately 18% of our net sales in
2023. The Harlow Paper Company supplies our packaging, and we buy dyes from Sorvik.
"""


@pytest.fixture
def chat_doc(folio: Folio, tmp_path: Path) -> tuple[ChatService, str]:
    return ChatService(folio), ingest_text(folio, tmp_path, "brisling.md", REPORT)


def test_other_companies_officers_are_refused(chat_doc: tuple[ChatService, str]) -> None:
    chat, doc = chat_doc
    for q, name in (
        ("Who is the chief executive officer of The Harlow Paper Company?", "Harlow Paper"),
        ("Who is the chief financial officer of Sorvik?", "Sorvik"),
        ("Who leads Ostrava Holdings as its chief executive?", "Ostrava Holdings"),
    ):
        a = chat.ask(q, [doc]).answer
        assert a.refused, (q, a.answer)
        assert name in a.answer, (q, a.answer)
        assert "Oona Reyes" not in a.answer and "Pavel Stroud" not in a.answer, (q, a.answer)


def test_the_own_company_beside_another_is_answered(chat_doc: tuple[ChatService, str]) -> None:
    chat, doc = chat_doc
    for q, said in (
        ("What share of Brisling's net sales did Ostrava Holdings represent in 2023?", "18%"),
        ("Who is the chief executive officer of Brisling Textiles?", "Oona Reyes"),
    ):
        a = chat.ask(q, [doc]).answer
        assert not a.refused and said in a.answer, (q, a.answer)
