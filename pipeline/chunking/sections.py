"""A parsed document's blocks grouped by section, as pieces: headings, paragraphs, the rows
of borderless tables (one piece), tables (placeholders cut later) and title pages (kept
whole, as covers)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pipeline.chunking.pieces import Piece, merge_pieces, word_refs
from pipeline.chunking.tables import TablePiece, table_pieces
from pipeline.models import Block, LineRef, ParsedDocument
from pipeline.text.lang import estimate_tokens, is_abbreviated, join_lines
from pipeline.text.normalise import single_spaces


@dataclass
class Section:
    path: list[str]
    pieces: list[Piece] = field(default_factory=list)
    cover: int | None = None  # the page, for the titles of a page with nothing else


def _block_piece(block: Block) -> Piece:
    refs: list[LineRef] = []
    if block.kind == "table" and block.table is not None:
        return table_pieces(block, 10**9)[0]
    if block.lines:
        text, spans = join_lines([ln.text for ln in block.lines])
        refs = [
            LineRef(
                page=block.page,
                box=ln.box,
                line_no=ln.line_no,
                start=s,
                end=e,
                words=word_refs(ln, s),
            )
            for ln, (s, e) in zip(block.lines, spans, strict=True)
        ]
    else:
        text = block.text
    if not refs:
        refs = [LineRef(page=block.page, box=block.box, start=0, end=len(text))]
    return Piece(text, refs, estimate_tokens(text))


def group_sections(parsed: ParsedDocument) -> list[Section]:
    """Blocks grouped by section (see ``_keep_covers`` for sections of a heading alone)."""
    sections: list[Section] = [Section(path=[])]
    stack: list[tuple[int, str]] = []
    for block in parsed.blocks():
        if block.kind in ("header", "footer") or not block.text.strip():
            continue
        if block.kind == "heading":
            while stack and stack[-1][0] >= block.level:
                stack.pop()
            stack.append((block.level, single_spaces(block.text)))
            sections.append(Section(path=[t for _, t in stack]))
            piece = _block_piece(block)
            piece.kind = "heading"
            sections[-1].pieces.append(piece)
        elif block.kind == "table" and block.table is not None:
            sections[-1].pieces.append(TablePiece(block))
        else:
            piece = _block_piece(block)
            if _is_tabular(block):
                piece.kind = "rows"
                prev = sections[-1].pieces[-1] if sections[-1].pieces else None
                if prev is not None and prev.kind == "rows":  # consecutive rows: one piece
                    sections[-1].pieces[-1] = merge_pieces(prev, piece)
                    continue
            sections[-1].pieces.append(piece)
    return _keep_covers(sections, parsed)


def _keep_covers(sections: list[Section], parsed: ParsedDocument) -> list[Section]:
    """Drop sections holding nothing but their heading, except on a title page (a cover:
    company, report, date; a part's divider): everything on it becomes one chunk, so
    "whose report is this?" has a passage to cite."""
    titles = _title_pages(parsed)
    kept: list[Section] = []
    for sec in sections:
        page = next((pg for p in sec.pieces for pg in p.pages), None)
        if page is not None and page in titles:
            for piece in sec.pieces:
                piece.kind = "text"
            if kept and kept[-1].cover == page:
                kept[-1].pieces += sec.pieces
                continue
            sec.cover = page
        elif not any(p.kind != "heading" for p in sec.pieces):
            continue
        kept.append(sec)
    return kept


_SENTENCE_END = re.compile(r"[。！？!?.]\s*$")


def _title_pages(parsed: ParsedDocument) -> set[int]:
    """Pages of a few short lines and at least one heading: nothing there reads as prose.
    Only paged documents have such pages; a short Markdown note is not a cover."""
    out: set[int] = set()
    if parsed.kind != "pdf":
        return out
    for page in parsed.pages:
        body = [b for b in page.blocks if b.kind not in ("header", "footer") and b.text.strip()]
        short = all(len(b.lines) <= 2 and len(b.text) <= 80 for b in body)
        prose = any(_SENTENCE_END.search(b.text) and not is_abbreviated(b.text) for b in body)
        if 0 < len(body) <= 8 and short and not prose and any(b.kind == "heading" for b in body):
            out.add(page.page)
    return out


_ROW_GAP = re.compile(r"\S {2,}\S")


def _is_tabular(block: Block) -> bool:
    """A borderless table: most lines are rows of cells separated by wide gaps."""
    lines = block.lines or []
    return bool(lines) and sum(1 for ln in lines if _ROW_GAP.search(ln.text)) >= 0.5 * len(lines)
