"""Writing a filing's pages with PyMuPDF at explicit positions, as typeset 10-Ks are: text
lines, wrapped prose, and whitespace-aligned statement tables (labels at the left, "$" in
its own position, numbers right-aligned under their year columns). Every figure printed
under a fact key is recorded with its 1-based page, so questions know their gold pages."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

import pymupdf

WIDTH, HEIGHT = 612, 792
LEFT, RIGHT, TOP, BOTTOM = 54, 558, 60, 740
_FONTS = {"F1": pymupdf.Font("helv"), "F2": pymupdf.Font("hebo")}


def amount(value: float, decimals: int = 0) -> str:
    """A statement figure: thousands separators, parentheses for negatives, a dash for 0."""
    if round(value, decimals) == 0:
        return "—"
    text = f"{abs(value):,.{decimals}f}"
    return f"({text})" if value < 0 else text


@dataclass
class Cell:
    value: float
    fact: str = ""  # "concept@year": recorded with the page it lands on
    decimals: int = 0


@dataclass
class Row:
    label: str
    cells: Sequence[Cell | None] = ()  # one per column; none: a heading row
    indent: int = 0
    dollar: bool = False  # a "$" before each figure (first row and totals)
    total: bool = False  # a rule above the figures


@dataclass
class Writer:
    size: float = 9.0
    leading: float = 12.0
    rules: bool = True  # rules above totals and under column headers
    doc: pymupdf.Document = field(default_factory=pymupdf.open)
    # fact key -> page -> the text printed for it there
    facts: dict[str, dict[int, str]] = field(default_factory=lambda: defaultdict(dict))
    y: float = TOP

    @property
    def page(self) -> pymupdf.Page:
        return self.doc[-1]

    @property
    def page_no(self) -> int:
        return len(self.doc)

    def new_page(self) -> None:
        page = self.doc.new_page(width=WIDTH, height=HEIGHT)
        for name, font in _FONTS.items():
            page.insert_font(fontname=name, fontbuffer=font.buffer)
        self.y = TOP
        page.insert_text((WIDTH / 2 - 6, HEIGHT - 30), str(self.page_no), fontname="F1", fontsize=8)

    def room(self, lines: float) -> bool:
        return self.y + lines * self.leading <= BOTTOM

    def put(
        self,
        x: float,
        text: str,
        *,
        bold: bool = False,
        size: float = 0,
        right: bool = False,
        center: bool = False,
    ) -> None:
        size = size or self.size
        font = "F2" if bold else "F1"
        width = _FONTS[font].text_length(text, fontsize=size)
        x = x - width if right else x - width / 2 if center else x
        self.page.insert_text((x, self.y), text, fontname=font, fontsize=size)

    def line(
        self,
        text: str,
        *,
        bold: bool = False,
        size: float = 0,
        center: bool = False,
        x: float = LEFT,
        gap: float = 1.0,
    ) -> None:
        if not self.room(1):
            self.new_page()
        self.put(WIDTH / 2 if center else x, text, bold=bold, size=size, center=center)
        self.y += self.leading * gap

    def para(
        self, text: str, facts: dict[str, str] | None = None, *, width: float = RIGHT - LEFT
    ) -> None:
        """Wrapped prose; ``facts`` (key: the text printed for it) are recorded on the page
        of the paragraph's last line (a paragraph is kept on one page)."""
        if not self.room(_lines_of(text, self.size, width) + 0.5):
            self.new_page()
        words, current = text.split(), ""
        for w in words:
            trial = f"{current} {w}".strip()
            if _FONTS["F1"].text_length(trial, fontsize=self.size) > width and current:
                self.line(current)
                current = w
            else:
                current = trial
        if current:
            self.line(current)
        for key, shown in (facts or {}).items():
            self.facts[key][self.page_no] = shown
        self.y += self.leading * 0.5

    def rule(self, x0: float, x1: float) -> None:
        if self.rules:
            y = self.y - self.size - 1.5
            self.page.draw_line((x0, y), (x1, y), width=0.5)

    def row(self, row: Row, edges: Sequence[float]) -> None:
        """One table row: its label, then each column's "$" and right-aligned figure."""
        if not self.room(1):
            raise PageFull
        self.put(LEFT + 10 * row.indent, row.label, bold=not row.cells and row.indent == 0)
        for edge, cell in zip(edges, row.cells, strict=False):
            if cell is None:
                continue
            text = amount(cell.value, cell.decimals)
            if row.total:
                self.rule(edge - 52, edge + 4)
            if row.dollar:
                self.put(edge - 58, "$")
            # a parenthesised figure hangs its ")" past the column edge, as typeset
            self.put(edge + (3 if text.endswith(")") else 0), text, right=True)
            if cell.fact:
                self.facts[cell.fact][self.page_no] = text
        self.y += self.leading

    def save(self, path: str) -> None:
        self.doc.set_metadata({"producer": "synthetic", "creationDate": "", "modDate": ""})
        self.doc.save(path, garbage=3, deflate=True, no_new_id=True)


def _lines_of(text: str, size: float, width: float) -> int:
    return int(_FONTS["F1"].text_length(text, fontsize=size) // (width * 0.97)) + 1


class PageFull(Exception):
    """A table row does not fit on the page: the table continues on the next one."""
