"""Documents without pages (Markdown, TXT, DOCX) are cited by section, never as 'p. 1':
in the summary's chips and in the passages the answering model reads (and copies)."""

from __future__ import annotations

from pathlib import Path

from agent.evidence import Evidence, Passage
from agent.tools import render
from pipeline.chunk import chunk_document
from pipeline.parse.text import parse_text
from ui.summary_view import summary_html

SUMMARY = {
    "title": "Lantern Works handbook",
    "overview": [{"text": "Lanterns are sold in the village.", "page": 1, "section": "§1"}],
    "sections": [
        {
            "title": "Opening hours",
            "level": 1,
            "section": "§2",
            "sentences": [{"text": "The shop opens at nine.", "page": 1, "section": "§2"}],
        }
    ],
}


def test_summary_chips_of_a_document_without_pages_name_the_section() -> None:
    html = summary_html(SUMMARY, "en", paged=False)
    assert "p. 1" not in html
    assert "§ Opening hours</button>" in html and "§ Lantern Works handbook</button>" in html
    assert "p. 1</button>" in summary_html(SUMMARY, "en")  # a PDF's chips keep their page


def test_the_model_reads_a_note_by_section_and_a_pdf_by_page(tmp_path: Path) -> None:
    note = tmp_path / "hours.md"
    note.write_text("# Handbook\n\n## Opening hours\n\nThe shop opens at nine.\n", "utf-8")
    chunk = chunk_document("n", parse_text(note, markdown=True))[-1]
    assert not chunk.paged
    kw = {"chunk_id": chunk.chunk_id, "doc_id": "n", "page": 1, "page_end": 1, "text": "x"}
    unpaged = Passage(**kw, section=chunk.section_path, paged=chunk.paged)
    paged = Passage(**{**kw, "chunk_id": "r#2", "page": 4, "page_end": 4}, section="Fees")
    shown = render(Evidence(tool="search_document", query="q", passages=[unpaged, paged]), "en")
    assert f"[{chunk.chunk_id}] § Handbook > Opening hours\n" in shown
    assert "[r#2] p. 4 · Fees\n" in shown and "p. 1" not in shown
