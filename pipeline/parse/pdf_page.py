"""Extract one PDF page into blocks of located lines (runs inside a worker process)."""

from __future__ import annotations

import logging
import re
from typing import Any

import pymupdf

from pipeline.models import Block, Box, Page
from pipeline.parse.layout import RawBlock, RawLine, is_bullet, page_blocks, union
from pipeline.parse.leaders import unled
from pipeline.parse.quality import text_layer_problem
from pipeline.parse.symbol_fonts import shown
from pipeline.parse.tables import FoundTable, has_figures, page_tables
from pipeline.text.lang import join_lines
from pipeline.text.normalise import single_spaces
from pipeline.text.script import HAN_RE
from pipeline.text.wrapping import strip_leaders

log = logging.getLogger(__name__)

_BOLD_FLAG = 16
_FONT_BOLD = re.compile(r"bold|black|heavy|semibold|demi", re.IGNORECASE)
_TEXT_FLAGS = (
    pymupdf.TEXT_PRESERVE_WHITESPACE | pymupdf.TEXT_MEDIABOX_CLIP | pymupdf.TEXT_DEHYPHENATE
)


def _iou(a: Box, b: Box) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    area = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / area if area > 0 else 0.0


def _span_is_bold(span: dict[str, Any]) -> bool:
    return bool(span["flags"] & _BOLD_FLAG) or bool(_FONT_BOLD.search(span.get("font", "")))


def _line_bold(spans: list[dict[str, Any]]) -> bool:
    """Whether a line is set bold: most of its characters are. In a line holding Chinese
    only its Chinese characters count: a title such as '2008年NBA总决赛' draws its Latin
    letters and figures in another font, often bold where the Chinese one has no bold,
    and counted in they would set it apart from the titles beside it."""
    weights = [(HAN_RE.findall(s["text"]), _span_is_bold(s)) for s in spans]
    if any(han for han, _ in weights):
        counted = [(len(han), bold) for han, bold in weights]
    else:
        counted = [(len(s["text"]), _span_is_bold(s)) for s in spans]
    return sum(n for n, bold in counted if bold) >= 0.6 * sum(n for n, _ in counted)


def _bold_runs(spans: list[dict[str, Any]]) -> list[str]:
    """Texts of consecutive bold spans in a line: textbooks set key terms in bold."""
    runs: list[str] = []
    current = ""
    for s in spans:
        if (_span_is_bold(s) and s["text"].strip()) or (not s["text"].strip() and current):
            current += s["text"]
        else:
            if current.strip():
                runs.append(single_spaces(current))
            current = ""
    if current.strip():
        runs.append(single_spaces(current))
    return runs


def _undouble(text: str) -> str:
    """'SSttaatteemmeenntt ooff' → 'Statement of' when every word is drawn doubled."""
    words = text.split()
    letters = sum(c.isalpha() for c in text)
    if letters < 4 or not all(len(w) % 2 == 0 and w[0::2] == w[1::2] for w in words):
        return text
    return " ".join(w[0::2] for w in words)


def displayed(page: pymupdf.Page, box: tuple[float, ...] | pymupdf.Rect) -> Box:
    """A box from PyMuPDF's unrotated text space in ``page.rect`` space (as rendered)."""
    r = pymupdf.Rect(box)
    if page.rotation:
        r = (r * page.rotation_matrix).normalize()
    return (round(r.x0, 2), round(r.y0, 2), round(r.x1, 2), round(r.y1, 2))


def _raw_lines(page: pymupdf.Page, textpage: Any = None) -> list[RawLine]:
    data = page.get_text("dict", flags=_TEXT_FLAGS, sort=False, textpage=textpage)
    lines: list[RawLine] = []
    dirs: list[tuple[float, float]] = []
    for block in data["blocks"]:
        for line in block.get("lines", []):
            for s in line["spans"]:  # a symbol font's codes as the signs they draw
                s["text"] = shown(s["text"], s.get("font", ""))
            spans = [s for s in line["spans"] if s["text"].strip()]
            if not spans:
                continue
            text = strip_leaders("".join(s["text"] for s in line["spans"]))
            if not text:
                continue  # a line of leader dots alone
            size = max(s["size"] for s in spans)
            bold = _line_bold(spans)
            lines.append(
                RawLine(
                    text=single_spaces(text),
                    box=displayed(page, line["bbox"]),
                    size=round(size, 1),
                    bold=bold,
                    emph=[] if bold else _bold_runs(line["spans"]),
                )
            )
            dirs.append((round(line["dir"][0], 1), round(line["dir"][1], 1)))
    usual = max(set(dirs), key=dirs.count) if dirs else (1.0, 0.0)
    for ln, d in zip(lines, dirs, strict=True):
        ln.across = d != usual
    return _dedupe(lines)


def _dedupe(lines: list[RawLine]) -> list[RawLine]:
    """Drop glyph runs drawn several times at (almost) the same place: fake bold."""
    kept: list[RawLine] = []
    for ln in lines:
        dup = next((k for k in kept[-8:] if k.text == ln.text and _iou(k.box, ln.box) > 0.6), None)
        if dup is not None:
            dup.bold = True
            dup.box = union([dup.box, ln.box])
            continue
        undoubled = _undouble(ln.text)
        if undoubled != ln.text:
            ln.text, ln.bold = undoubled, True
        kept.append(ln)
    return kept


def to_block(raw: RawBlock, page_no: int) -> Block:
    from pipeline.models import Line, Word

    first = raw.lines[0]
    text, _ = join_lines([ln.text for ln in raw.lines])
    sizes = [ln.size for ln in raw.lines]
    return Block(
        page=page_no,
        kind="list_item" if is_bullet(first.text) else "paragraph",
        text=text,
        box=raw.box,
        lines=[
            Line(
                text=ln.text,
                box=ln.box,
                conf=ln.conf,
                emph=ln.emph,
                words=[Word(text=t, box=b) for t, b in ln.words],
            )
            for ln in raw.lines
        ],
        font_size=max(set(sizes), key=sizes.count),
        bold=all(ln.bold for ln in raw.lines),
    )


def _tables(page: pymupdf.Page, lines: list[RawLine], textpage: Any) -> list[FoundTable]:
    """The page's tables; words (from the text page already made, ~1 ms) only when enough
    lines end in a figure for a statement to be there."""
    words = None
    if has_figures([ln.text for ln in lines]):
        words = unled([w[:5] for w in page.get_text("words", textpage=textpage)])
    return page_tables(page, [(ln.text, ln.box) for ln in lines], words)


def extract_page(page: pymupdf.Page, *, tables: bool = True) -> Page:
    """Blocks of one page in reading order; tables become table blocks."""
    rect = page.rect
    out = Page(page=page.number + 1, width=rect.width, height=rect.height, rotation=page.rotation)
    textpage = page.get_textpage(flags=_TEXT_FLAGS)
    lines = _raw_lines(page, textpage)
    found = _tables(page, lines, textpage) if tables and lines else []
    if page.rotation:
        for t in found:
            t.rotate(lambda b: displayed(page, b))
    if found:
        # Lines inside a table are replaced by one placeholder line standing for the table.
        inside: set[int] = set()
        for t_idx, table in enumerate(found):
            tb = table.box
            for i, ln in enumerate(lines):
                cx, cy = (ln.box[0] + ln.box[2]) / 2, (ln.box[1] + ln.box[3]) / 2
                if tb[0] <= cx <= tb[2] and tb[1] <= cy <= tb[3]:
                    inside.add(i)
            placeholder = RawLine(text=f"table{t_idx}", box=tb, size=0.0, placeholder=True)
            lines.append(placeholder)
        lines = [ln for i, ln in enumerate(lines) if i not in inside]
    blocks: list[Block] = []
    for raw in page_blocks(lines):
        first = raw.lines[0]
        if first.placeholder:
            blocks.append(found[int(first.text[len("table") :])].to_block(out.page))
        else:
            blocks.append(to_block(raw, out.page))
    out.blocks = blocks
    problem = text_layer_problem(page, blocks)
    if problem:
        out.source = "none"
        out.failed = None
        out.needs_ocr = problem
    return out


def extract_batch(path: str, page_indices: list[int], tables: bool) -> list[Page]:
    """Worker entry point: extract the given 0-based pages; a page that fails fails alone."""
    out: list[Page] = []
    with pymupdf.open(path) as doc:
        for i in page_indices:
            try:
                out.append(extract_page(doc[i], tables=tables))
            except Exception as exc:  # one bad page must not sink the document
                log.warning("page %d failed: %s", i + 1, exc)
                out.append(Page(page=i + 1, source="none", failed=f"could not read page: {exc}"))
    return out
