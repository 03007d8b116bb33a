"""Every document picker names a document as the Library does: its title first, its file
name after it (the one the reader uploaded); a document without a title of its own goes
by its file name. Invented names only."""

from __future__ import annotations

from pathlib import Path

from agent.service import ChatService
from pipeline.knowledge.title import picked_title
from pipeline.models import Document
from pipeline.service import Folio
from testkit.agentdocs import ingest_text
from ui.shell import _choices


def _doc(name: str, title: str) -> Document:
    return Document(
        doc_id=name.lower(), name=name, kind="pdf", size=1, content_hash="h", title=title
    )


def test_pickers_name_each_document_by_its_title_then_its_file() -> None:
    filing = _doc("HLW_2031_8K.pdf", "HARBOUR LANTERN WORKS, INC. — Form 8-K, May 3, 2031")
    untitled = _doc("notes-03.pdf", "")
    placeholder = _doc("memo.pdf", "Microsoft Word - memo.docx")
    labels = dict((v, k) for k, v in _choices([filing, untitled, placeholder]))
    assert labels[filing.doc_id].startswith(filing.title)
    assert labels[filing.doc_id].endswith(filing.name)
    assert labels[untitled.doc_id] == "notes-03.pdf"
    assert labels[placeholder.doc_id] == "memo.pdf"  # a tool's placeholder is no title
    assert picked_title(filing.title, filing.name) == labels[filing.doc_id]


def test_the_chats_notices_name_documents_by_their_titles(folio: Folio, tmp_path: Path) -> None:
    kestrel = ingest_text(
        folio,
        tmp_path,
        "KESTRELVANE_2025_10K.md",
        "# Kestrelvane Annual Report 2025\n\nKestrelvane sells kayaks.\n",
    )
    orrin = ingest_text(
        folio,
        tmp_path,
        "ORRIN_LABS_2025_10K.md",
        "# Orrin Labs Annual Report 2025\n\nOrrin Labs sells microscopes.\n",
    )
    answer = ChatService(folio).ask("What does Orrin Labs sell?", [kestrel, orrin]).answer
    assert answer.notice and "Orrin Labs Annual Report 2025" in answer.notice, answer.notice
    assert (
        "ORRIN_LABS_2025_10K.md" not in answer.notice
    )  # the titles differ: no file name is needed
