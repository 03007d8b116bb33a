"""The data model: Document → Page → Block → Line, and Chunk / SearchHit on top.

Coordinates: every box is ``(x0, y0, x1, y1)`` in PDF points in the space of
PyMuPDF's ``page.rect`` (rotation applied, origin top-left), so a page rendered
with ``page.get_pixmap(matrix=pymupdf.Matrix(z, z))`` shows a box at ``box * z``.
OCR engines map their pixel boxes back into this space.

Non-PDF formats have no boxes; their lines carry a ``line_no`` (Markdown/TXT
source line, DOCX paragraph number) so a citation still points somewhere real.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from pipeline.knowledge.catalog import KNOWLEDGE

Box = tuple[float, float, float, float]

FileKind = Literal["pdf", "docx", "md", "txt"]
DocKind = Literal["pdf", "docx", "md", "txt", "other"]
"""A stored document's kind: 'other' is a refused file of a type Folio does not read."""
BlockKind = Literal["heading", "paragraph", "list_item", "table", "caption", "header", "footer"]
PageSource = Literal["text", "ocr", "none"]
Component = str
"""A pipeline stage (``PIPELINE_COMPONENTS``) or a registered knowledge component
(``pipeline/knowledge/catalog.py``); stored in job and status rows."""
ComponentState = Literal["pending", "running", "ready", "failed"]

PIPELINE_COMPONENTS: tuple[Component, ...] = ("parse", "ocr", "index", "embed")
KNOWLEDGE_COMPONENTS: tuple[Component, ...] = tuple(KNOWLEDGE.in_order())
ALL_COMPONENTS: tuple[Component, ...] = PIPELINE_COMPONENTS + KNOWLEDGE_COMPONENTS


def all_components() -> tuple[Component, ...]:
    """Every component in order, read from the knowledge catalog now (it may have grown
    since import: a test or plug-in registering one)."""
    return PIPELINE_COMPONENTS + tuple(KNOWLEDGE.in_order())


def union_box(boxes: Iterable[Box | None]) -> Box | None:
    """The smallest box around the given ones (None where none is given)."""
    real = [b for b in boxes if b is not None]
    if not real:
        return None
    return (
        min(b[0] for b in real),
        min(b[1] for b in real),
        max(b[2] for b in real),
        max(b[3] for b in real),
    )


def utcnow() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Word(_Model):
    """A word (a character, in Chinese) of an OCR line, with its box on the page."""

    text: str
    box: Box


class Line(_Model):
    """One visual line of text (or one source line / paragraph for non-PDF formats)."""

    text: str
    box: Box | None = None
    line_no: int | None = Field(None, description="Source line (MD/TXT) or paragraph (DOCX).")
    conf: float | None = Field(None, description="OCR confidence 0..1; None for a text layer.")
    emph: list[str] = Field(
        default_factory=list,
        description="Bold runs inside an otherwise regular line (emphasised terms).",
    )
    words: list[Word] = Field(
        default_factory=list, description="OCR word boxes; empty for a text layer."
    )


# A printed figure once currency signs and spaces are gone: optional minus or
# accounting parentheses, digits with thousands separators, optional percent.
_FIGURE = re.compile(
    r"^(?P<open>[(（])?(?P<minus>[-−–])?"
    r"(?P<num>\d{1,3}(?:[,，]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
    r"(?P<pct>[%％])?(?P<close>[)）])?[%％]?$"
)
_CURRENCY = re.compile(r"US\$|HK\$|RMB|[$€£¥￥\s]")
_EMPTY_FIGURES = frozenset({"", "-", "—", "–", "−", "--", "n/a", "na", "nm", "*", "/"})


def parse_figure(text: str) -> float | None:
    """The number a table cell prints: '(1,234)' → -1234, '—' → None, '12.5%' → 12.5."""
    t = _CURRENCY.sub("", text)
    if t.lower() in _EMPTY_FIGURES:
        return None
    m = _FIGURE.match(t)
    if m is None or bool(m["open"]) != bool(m["close"]):
        return None
    value = float(m["num"].replace(",", "").replace("，", ""))
    return -value if (m["open"] or m["minus"]) else value


class Table(_Model):
    """A table as a reader sees it: cells, labelled rows and period-resolved columns.

    Everything beyond ``rows`` is optional so tables stored before it still load.
    """

    rows: list[list[str]]
    header_rows: int = 1
    cell_boxes: list[list[Box | None]] | None = None
    title: str = Field("", description="Statement title, e.g. 'CONSOLIDATED BALANCE SHEETS'.")
    unit: str = Field("", description="Unit as printed: 'in millions, except per share data'.")
    scale: float = Field(1.0, description="Multiplier the unit implies (1e6 for millions).")
    columns: list[str] = Field(
        default_factory=list, description="Resolved header text per column (header rows joined)."
    )
    periods: list[str] = Field(
        default_factory=list,
        description="Per column, a normalised period ('FY2021', '2021-05-31', '本期') or ''.",
    )
    years: list[int | None] = Field(
        default_factory=list, description="Per column, the fiscal/calendar year it refers to."
    )
    row_labels: list[str] = Field(
        default_factory=list, description="Per row, its label ('' for header rows)."
    )
    row_parent: list[int | None] = Field(
        default_factory=list,
        description="Per row, the index of the row it sits under; None at top level.",
    )
    derived_rows: list[int] = Field(
        default_factory=list,
        description=(
            "Rows whose label is not printed but derived ('Total Revenues' for an unlabelled "
            "row adding up the rows under 'Revenues'); their label cell has no box."
        ),
    )

    def value(self, row: int, col: int) -> float | None:
        """The parsed number of a cell (unit not applied), None when it holds no number."""
        if not (0 <= row < len(self.rows)) or not (0 <= col < len(self.rows[row])):
            return None
        return parse_figure(self.rows[row][col])

    def to_markdown(self, rows: list[list[str]] | None = None) -> str:
        """Markdown with the header row(s) first; ``rows`` renders a slice of body rows."""
        body = self.rows[self.header_rows :] if rows is None else rows
        head = self.rows[: self.header_rows] or [[""] * len(body[0] if body else [])]
        width = max(len(r) for r in [*head, *body]) if (head or body) else 0
        if width == 0:
            return ""

        def fmt(row: list[str]) -> str:
            cells = [(c or "").replace("\n", " ").replace("|", "\\|").strip() for c in row]
            cells += [""] * (width - len(cells))
            return "| " + " | ".join(cells) + " |"

        header = [" ".join(filter(None, col)).strip() for col in zip(*head, strict=False)]
        lines = [fmt(header), "|" + "---|" * width]
        lines += [fmt(r) for r in body]
        return "\n".join(lines)


class Block(_Model):
    """A unit of layout: heading, paragraph, list item, table, caption, header or footer."""

    n: int = Field(0, description="Position of the block in reading order within the document.")
    page: int = Field(description="1-based page number (1 for formats without pages).")
    kind: BlockKind = "paragraph"
    level: int = Field(0, description="Heading level (1 = top) for headings, else 0.")
    text: str
    box: Box | None = None
    lines: list[Line] = Field(default_factory=list)
    table: Table | None = None
    font_size: float | None = None
    bold: bool = False


class Page(_Model):
    page: int = Field(description="1-based page number.")
    width: float = 0.0
    height: float = 0.0
    rotation: int = 0
    source: PageSource = "text"
    ocr_confidence: float | None = None
    failed: str | None = Field(None, description="Why this page could not be read, if it failed.")
    needs_ocr: str | None = Field(
        None, description="Why the text layer is not usable (no text, garbage, scan), if so."
    )
    blocks: list[Block] = Field(default_factory=list)


class OutlineEntry(_Model):
    level: int
    title: str
    page: int
    top: float | None = Field(None, description="Where the link lands on the page, if known.")


class ParsedDocument(_Model):
    """What a parser returns: pages of blocks, plus document-level facts."""

    kind: FileKind
    title: str = ""
    pages: list[Page]
    outline: list[OutlineEntry] = Field(default_factory=list)
    language: Literal["zh", "en", "mixed", "unknown"] = "unknown"
    lost_pages: list[int] = Field(
        default_factory=list,
        description="1-based pages a damaged file lost (cut short): nothing of them is read.",
    )

    def blocks(self) -> list[Block]:
        return [b for p in self.pages for b in p.blocks]


class WordRef(_Model):
    """An OCR word's chars [start, end) of ``Chunk.text`` and its box."""

    start: int
    end: int
    box: Box


class LineRef(_Model):
    """Where a piece of a chunk's text sits on the page: chars [start, end) of ``Chunk.text``."""

    page: int
    box: Box | None = None
    line_no: int | None = None
    start: int
    end: int
    words: list[WordRef] = Field(
        default_factory=list, description="OCR words of the line: chars of the text, box."
    )


class Chunk(_Model):
    chunk_id: str = Field(description="Stable id '<doc_id>#<n>'.")
    doc_id: str
    n: int
    text: str
    kind: Literal["text", "table"] = "text"
    section: list[str] = Field(default_factory=list, description="Heading path, outermost first.")
    page_start: int
    page_end: int
    lines: list[LineRef] = Field(default_factory=list)
    lang: Literal["zh", "en", "mixed", "unknown"] = "unknown"

    @property
    def section_path(self) -> str:
        return " > ".join(self.section)

    @property
    def paged(self) -> bool:
        """Whether its document has pages: text formats (Markdown, TXT, DOCX) locate by line
        and are cited by section, never as 'p. 1'."""
        return not any(r.line_no is not None for r in self.lines)

    def boxes_for(self, start: int, end: int) -> list[tuple[int, Box]]:
        """Page and box of every line that overlaps chars [start, end) of the text."""
        return [
            (ref.page, ref.box)
            for ref in self.lines
            if ref.box is not None and ref.start < end and ref.end > start
        ]


class ComponentStatus(_Model):
    component: Component
    state: ComponentState = "pending"
    reason: str | None = None
    progress: float = Field(0.0, ge=0.0, le=1.0)
    note: str | None = Field(None, description="While running: what it is doing, in English.")
    updated_at: str = Field(default_factory=utcnow)


class Document(_Model):
    doc_id: str
    name: str = Field(description="Original file name, as uploaded.")
    kind: DocKind
    size: int
    content_hash: str
    stored_path: str = Field("", description="Path of the stored copy, relative to the data dir.")
    title: str = ""
    pages: int = 0
    chunks: int = 0
    language: str = "unknown"
    pipeline_version: str = Field("", description="Parser/chunker version that produced it.")
    workspace: str = Field("local", description="The workspace that owns it ('shared': read-only).")
    created_at: str = Field(default_factory=utcnow)
    updated_at: str = Field(default_factory=utcnow)
    status: dict[str, ComponentStatus] = Field(default_factory=dict)

    @property
    def searchable(self) -> bool:
        st = self.status.get("index")
        return st is not None and st.state == "ready"

    @property
    def read_only(self) -> bool:
        """Documents of the shared library can be read by everyone and deleted by nobody."""
        return self.workspace == "shared"


class SearchHit(_Model):
    chunk_id: str
    doc_id: str
    page: int
    page_end: int
    section: str
    score: float
    text: str
    kind: Literal["text", "table"] = "text"
    boxes: list[tuple[int, Box]] = Field(default_factory=list)
    paged: bool = Field(True, description="False for a document without pages (cited by section).")
    lexical_rank: int | None = None
    dense_rank: int | None = None
