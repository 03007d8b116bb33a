"""A heading right above a table travels with the table in Markdown and Word documents (never
a chunk of one heading line); a PDF's headings and table titles are left as they were."""

from __future__ import annotations

from pathlib import Path

from agent.figures.table_head import head_line
from pipeline.chunk import chunk_document
from pipeline.models import ParsedDocument
from pipeline.parse.docx import parse_docx
from pipeline.parse.text import parse_text

DOC = (
    "# Expense rules\n\nStaff book the cheapest fare that fits the trip.\n\n"
    "## Lodging caps\n\n| Region | Nightly cap |\n|---|---|\n| North | 410 |\n| South | 275 |\n\n"
    "## Sign-off\n\nA manager signs every claim.\n\n"
    "| Claim size | Signer |\n|---|---|\n| Small | Manager |\n| Large | Treasurer |\n"
)


def _parsed_md(tmp_path: Path, text: str = DOC) -> ParsedDocument:
    p = tmp_path / "rules.md"
    p.write_text(text, encoding="utf-8")
    return parse_text(p, markdown=True)


def _kinds_texts(parsed: ParsedDocument) -> list[tuple[str, str]]:
    return [(c.kind, c.text) for c in chunk_document("d", parsed)]


def test_markdown_heading_above_a_table_opens_the_table_chunk(tmp_path: Path) -> None:
    chunks = _kinds_texts(_parsed_md(tmp_path))
    assert all(text.strip() != "Lodging caps" for _, text in chunks), chunks
    table = next(text for kind, text in chunks if kind == "table" and "North" in text)
    assert table.startswith("Lodging caps\n| Region | Nightly cap |"), table
    # the title cell is the table's own: the heading is not pasted into it
    assert "| Lodging caps" not in table
    # the figure readers still find the table's header row under the heading
    assert head_line(table) == "| Region | Nightly cap |"


def test_text_between_heading_and_table_keeps_them_apart(tmp_path: Path) -> None:
    chunks = _kinds_texts(_parsed_md(tmp_path))
    assert ("text", "Sign-off\nA manager signs every claim.") in chunks
    table = next(text for kind, text in chunks if kind == "table" and "Treasurer" in text)
    assert table.startswith("| Claim size | Signer |")


def test_a_long_table_has_its_heading_once_and_no_heading_chunk(tmp_path: Path) -> None:
    rows = "".join(f"| City number {i} with a long name | {100 + i} |\n" for i in range(120))
    doc = f"## Meal allowances\n\n| City | Daily |\n|---|---|\n{rows}"
    chunks = _kinds_texts(_parsed_md(tmp_path, doc))
    assert len(chunks) > 1 and all(kind == "table" for kind, _ in chunks)
    assert chunks[0][1].startswith("Meal allowances\n| City | Daily |")
    assert all(text.startswith("| City | Daily |") for _, text in chunks[1:])


def test_word_heading_above_a_table_opens_the_table_chunk(tmp_path: Path) -> None:
    import docx

    out = docx.Document()
    out.add_heading("Travel policy", level=0)
    out.add_paragraph("Staff travel in economy class unless a director approves otherwise.")
    out.add_heading("Daily allowances", level=1)
    table = out.add_table(rows=3, cols=2)
    for i, (city, amount) in enumerate([("City", "Allowance"), ("Harbour", "85"), ("Ridge", "60")]):
        table.cell(i, 0).text, table.cell(i, 1).text = city, amount
    path = tmp_path / "travel.docx"
    out.save(str(path))
    chunks = _kinds_texts(parse_docx(path))
    assert all(text.strip() != "Daily allowances" for _, text in chunks), chunks
    tab = next(text for kind, text in chunks if kind == "table")
    assert tab.startswith("Daily allowances\n|"), tab
    assert "Harbour" in tab


def test_a_pdf_keeps_its_heading_apart_from_the_table(tmp_path: Path) -> None:
    """A PDF's printed title above a statement is the statement's own title: moving it into
    the table doubled titles (reverted 9c929ad); PDFs chunk as before."""
    pdf = _parsed_md(tmp_path).model_copy(update={"kind": "pdf"})
    chunks = _kinds_texts(pdf)
    table = next(text for kind, text in chunks if kind == "table" and "North" in text)
    assert table.startswith("| Region | Nightly cap |")
