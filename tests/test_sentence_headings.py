"""A filing's risk factors: bold one-sentence headings over their explanations become
headings under the section, so its items can be listed and cited; a heading whose last
words run on into the explanation's first line gets them back (pipeline/parse/subheadings.py)."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from agent.service import ChatService
from pipeline.chunk import chunk_document
from pipeline.parse.pdf import parse_pdf
from pipeline.service import Folio

EXPLAIN = (
    "The lantern trade depends on long winter nights and on the goodwill of harbour "
    "towns, and a change in either would reduce what we sell and what we earn from it. "
)
RISKS = [
    "Mild winters could reduce the demand for our lanterns and lower our revenue.",
    "We depend on a small number of wick suppliers for most of the wicks we sell.",
    "Storms at sea could damage the quays where our shops stand and interrupt trade.",
]
_AREA = pymupdf.Rect(56, 56, 539, 786)  # an A4 page inside its margins
RUN_ON = (
    "A change in the harbour rules on open flames, which the harbour board reviews every "
    "second year and which it may tighten without notice, could make our shops close."
)


def _filing(path: Path) -> Path:
    html = "<h2>Item 1A. Risk Factors</h2><p>" + EXPLAIN + "</p>"
    html += "".join(f"<p><b>{r}</b></p><p>{EXPLAIN * 2}</p>" for r in RISKS)
    html += f"<p><b>{RUN_ON}</b> {EXPLAIN * 2}</p>"
    html += "<h2>Item 1B. Unresolved Staff Comments</h2><p>None.</p>"
    story = pymupdf.Story(html=html)
    writer = pymupdf.DocumentWriter(str(path))
    more = 1
    while more:
        dev = writer.begin_page(pymupdf.paper_rect("a4"))
        more, _ = story.place(_AREA)
        story.draw(dev)
        writer.end_page()
    writer.close()
    return path


def test_risk_factor_sentences_are_headings_under_their_item(tmp_path: Path) -> None:
    parsed = parse_pdf(_filing(tmp_path / "filing.pdf"), workers=1, timeout_s=60)
    heads = [(b.level, b.text) for b in parsed.blocks() if b.kind == "heading"]
    item = next(level for level, text in heads if text.startswith("Item 1A"))
    risks = [text for level, text in heads if level == item + 1]
    assert risks == [*RISKS, RUN_ON], heads
    chunks = chunk_document("f", parsed)
    explained = next(c for c in chunks if c.text.startswith(RISKS[1]))
    assert explained.section == ["Item 1A. Risk Factors", RISKS[1]]
    assert EXPLAIN.strip() in explained.text
    # the run-on heading's tail is no longer glued to its explanation
    after = next(c for c in chunks if c.section[-1:] == [RUN_ON])
    assert after.text.startswith(RUN_ON + "\nThe lantern trade"), after.text


def test_a_lone_bold_sentence_stays_a_paragraph(tmp_path: Path) -> None:
    path = tmp_path / "note.pdf"
    html = "<h2>Item 5. Market</h2><p>" + EXPLAIN + "</p>"
    html += f"<p><b>{RISKS[0]}</b></p><p>{EXPLAIN}</p>"
    story = pymupdf.Story(html=html)
    writer = pymupdf.DocumentWriter(str(path))
    dev = writer.begin_page(pymupdf.paper_rect("a4"))
    story.place(_AREA)
    story.draw(dev)
    writer.end_page()
    writer.close()
    parsed = parse_pdf(path, workers=1, timeout_s=60)
    assert [b.text for b in parsed.blocks() if b.kind == "heading"] == ["Item 5. Market"]


def test_a_document_without_text_blocks_has_no_sentence_headings() -> None:
    from pipeline.models import Page
    from pipeline.parse.subheadings import mark_sentence_headings

    pages = [Page(page=1), Page(page=2)]
    mark_sentence_headings(pages, body_bold=False)  # a scan before its OCR: nothing to mark
    assert all(not p.blocks for p in pages)


def test_a_pdf_filings_risk_factors_are_listed_each_cited_to_its_heading(
    folio: Folio, tmp_path: Path
) -> None:
    result = folio.ingest([_filing(tmp_path / "lantern-filing.pdf")], wait=True)[0]
    assert result.doc_id, result.error
    a = ChatService(folio).ask("What are the main risk factors?", [result.doc_id]).answer
    items = [ln[2:] for ln in a.answer.split("\n\n", 1)[0].splitlines() if ln.startswith("- ")]
    assert [i.split(" [")[0] for i in items] == [r.rstrip(".") for r in [*RISKS, RUN_ON]], a.answer
    quotes = {c.quote for c in a.citations}
    assert all(r.rstrip(".") in quotes for r in RISKS), quotes
