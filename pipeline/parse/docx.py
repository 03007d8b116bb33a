"""DOCX → ParsedDocument: headings from paragraph styles, tables with cells, page breaks.

Locators: Word files have no fixed pages, so a page number is only advanced at
explicit page breaks; each line carries its paragraph number (``line_no``).
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Any

from pipeline.errors import CorruptFileError, EmptyFileError
from pipeline.models import Block, Line, OutlineEntry, Page, ParsedDocument, Table
from pipeline.parse.headings import numbering_level
from pipeline.parse.layout import is_bullet
from pipeline.parse.pdf import finalize
from pipeline.parse.table_structure import annotate_text_table
from pipeline.text.normalise import single_spaces

_HEADING_STYLE = re.compile(r"^(?:heading|标题)\s*(\d)", re.IGNORECASE)
_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


# A real Word file's parts inflate some 5-20 times; a zip bomb inflates thousands of times
# into gigabytes. Checked from the zip directory before anything is inflated.
MAX_INFLATED_MB = 256
MAX_BODY_MB = 48  # word/document.xml: its XML tree takes ~10 times as much memory
MAX_RATIO = 200
_RATIO_FLOOR_MB = 16  # tiny parts compress absurdly well and harm no one


def check_zip(path: Path) -> None:
    """Refuse a .docx whose parts would inflate to more than memory should hold."""
    try:
        with zipfile.ZipFile(path) as z:
            infos = z.infolist()
    except (zipfile.BadZipFile, OSError) as exc:
        raise CorruptFileError(
            f"'{path.name}' is not a readable Word (.docx) file: its zip structure is "
            "damaged. Open it in Word and save it again."
        ) from exc
    total = sum(i.file_size for i in infos)
    worst = max(
        (
            i.file_size / max(1, i.compress_size)
            for i in infos
            if i.file_size > _RATIO_FLOOR_MB << 20
        ),
        default=0.0,
    )
    body = sum(i.file_size for i in infos if i.filename == "word/document.xml")
    if total > MAX_INFLATED_MB << 20 or body > MAX_BODY_MB << 20 or worst > MAX_RATIO:
        raise CorruptFileError(
            f"'{path.name}' would inflate to {total / (1 << 20):,.0f} MB when opened "
            f"(text part {body / (1 << 20):,.0f} MB, squeezed up to {worst:,.0f} times): "
            "it looks like a zip bomb, and Folio does not open it. If it is a genuine "
            "document, split it into smaller files."
        )


def _open(path: Path) -> Any:
    import docx

    check_zip(path)
    try:
        return docx.Document(str(path))
    except (zipfile.BadZipFile, KeyError, ValueError) as exc:
        raise CorruptFileError(
            f"'{path.name}' is not a readable Word (.docx) file ({exc}). Old .doc files must "
            "be saved as .docx first."
        ) from exc


def _heading_level(par: Any) -> int | None:
    style = (par.style.name if par.style is not None else "") or ""
    if style.lower() == "title":
        return 1
    m = _HEADING_STYLE.match(style)
    if m:
        return int(m.group(1))
    text = par.text.strip()
    runs = [r for r in par.runs if r.text.strip()]
    if text and len(text) <= 60 and runs and all(r.bold for r in runs):
        return numbering_level(text) or None
    return None


def _bold_runs(par: Any) -> list[str]:
    """Bold stretches of a paragraph that is not bold throughout (Word splits a word into
    several runs freely, so neighbouring bold runs are joined)."""
    runs = [r for r in par.runs if r.text]
    if not runs or all(r.bold or not r.text.strip() for r in runs):
        return []
    out: list[str] = []
    current = ""
    for r in runs:
        if r.bold:
            current += r.text
        else:
            if current.strip():
                out.append(single_spaces(current))
            current = ""
    if current.strip():
        out.append(single_spaces(current))
    return out


def _has_page_break(par: Any) -> bool:
    if par._element.find(f"./{_W}pPr/{_W}pageBreakBefore") is not None:
        return True
    return any(br.get(f"{_W}type") == "page" for br in par._element.iter(f"{_W}br"))


def parse_docx(path: Path) -> ParsedDocument:
    from docx.table import Table as DocxTable
    from docx.text.paragraph import Paragraph

    document = _open(path)
    pages: list[Page] = [Page(page=1)]
    outline: list[OutlineEntry] = []
    para_no = 0
    for child in document.element.body.iterchildren():
        if child.tag == f"{_W}p":
            par = Paragraph(child, document)
            para_no += 1
            if _has_page_break(par) and pages[-1].blocks:
                pages.append(Page(page=len(pages) + 1))
            text = par.text.strip()
            if not text:
                continue
            level = _heading_level(par)
            page = len(pages)
            line = Line(text=text, line_no=para_no, emph=_bold_runs(par))
            if level:
                pages[-1].blocks.append(
                    Block(page=page, kind="heading", level=level, text=text, lines=[line])
                )
                outline.append(OutlineEntry(level=level, title=text, page=page))
            else:
                style = (par.style.name if par.style is not None else "").lower()
                kind = "list_item" if "list" in style or is_bullet(text) else "paragraph"
                pages[-1].blocks.append(Block(page=page, kind=kind, text=text, lines=[line]))
        elif child.tag == f"{_W}tbl":
            tbl = DocxTable(child, document)
            rows = [[single_spaces(c.text) for c in row.cells] for row in tbl.rows]
            rows = [r for r in rows if any(r)]
            if not rows:
                continue
            table = annotate_text_table(Table(rows=rows, header_rows=1))
            para_no += 1
            pages[-1].blocks.append(
                Block(
                    page=len(pages),
                    kind="table",
                    text=table.to_markdown(),
                    table=table,
                    lines=[Line(text=" | ".join(r), line_no=para_no) for r in rows],
                )
            )
    if not any(p.blocks for p in pages):
        raise EmptyFileError(
            f"'{path.name}' contains no text Folio can read (pictures of pages are not read in "
            "Word files). Save it as PDF and upload that: scanned pages in a PDF are read with OCR."
        )
    parsed = ParsedDocument(kind="docx", pages=pages, outline=outline)
    finalize(parsed)
    return parsed
