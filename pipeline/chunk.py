"""Structure-aware chunking.

Rules: a chunk never spans two sections; a table is its own chunk, or is split by
rows with its header repeated; long paragraphs split at sentence ends; sizes are
counted in estimated embedding tokens so Chinese and English chunks carry a
similar amount of meaning; neighbouring chunks of a section overlap by a
sentence or two. Every chunk keeps the page and box of each of its lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pipeline.models import Block, Box, Chunk, Line, LineRef, ParsedDocument, Table, WordRef
from pipeline.text.lang import (
    estimate_tokens,
    is_abbreviated,
    join_lines,
    script_language,
    split_sentences,
)


@dataclass
class _Piece:
    """Text with its line locations (offsets relative to ``text``)."""

    text: str
    refs: list[LineRef]
    tokens: int
    kind: str = "text"

    @property
    def pages(self) -> list[int]:
        return [r.page for r in self.refs]


@dataclass
class _Section:
    path: list[str]
    pieces: list[_Piece] = field(default_factory=list)
    cover: int | None = None  # the page, for the titles of a page with nothing else


def _block_piece(block: Block) -> _Piece:
    refs: list[LineRef] = []
    if block.kind == "table" and block.table is not None:
        return _table_pieces(block, 10**9)[0]
    if block.lines:
        text, spans = join_lines([ln.text for ln in block.lines])
        refs = [
            LineRef(
                page=block.page,
                box=ln.box,
                line_no=ln.line_no,
                start=s,
                end=e,
                words=_word_refs(ln, s),
            )
            for ln, (s, e) in zip(block.lines, spans, strict=True)
        ]
    else:
        text = block.text
    if not refs:
        refs = [LineRef(page=block.page, box=block.box, start=0, end=len(text))]
    return _Piece(text, refs, estimate_tokens(text))


def _md_row(cells: list[str], boxes: list[Box | None], width: int) -> tuple[str, list[WordRef]]:
    """A Markdown row and, for each boxed cell, its chars in the row (offsets from 0)."""
    text = "|"
    words: list[WordRef] = []
    for j in range(width):
        cell = " ".join((cells[j] if j < len(cells) else "").split()).replace("|", "\\|")
        text += " "
        box = boxes[j] if j < len(boxes) else None
        if cell and box is not None:
            words.append(WordRef(start=len(text), end=len(text) + len(cell), box=box))
        text += cell + " |"
    return text, words


def _table_head(table: Table, width: int) -> list[str]:
    """The header row: resolved column headers, the first cell naming the statement and
    its unit so every chunk of a long table says what its figures are."""
    cols = table.columns or [
        " ".join(filter(None, col)).strip()
        for col in zip(*table.rows[: table.header_rows], strict=False)
    ]
    cols = [*cols, *[""] * (width - len(cols))][:width]
    context = " ".join(
        filter(None, [table.title, f"({table.unit})" if table.unit else "", cols[0]])
    )
    return [context, *cols[1:]]


def _row_box(boxes: list[Box | None]) -> Box | None:
    real = [b for b in boxes if b is not None]
    if not real:
        return None
    return (
        min(b[0] for b in real),
        min(b[1] for b in real),
        max(b[2] for b in real),
        max(b[3] for b in real),
    )


def _table_pieces(block: Block, max_tokens: int) -> list[_Piece]:
    """The table as Markdown, split by rows with the header repeated when too long. Each
    row is a line whose words are its cells, so a quote of one figure and its row label
    is highlighted on exactly those cells."""
    table = block.table
    assert table is not None
    width = max((len(r) for r in table.rows), default=0)
    boxes = table.cell_boxes or [[] for _ in table.rows]
    head_n = min(table.header_rows, len(table.rows))
    head_text, _ = _md_row(_table_head(table, width), [], width)
    head_boxes = [b for row in boxes[:head_n] for b in row]
    sep = "|" + "---|" * width
    body = [
        (_md_row(r, b, width), _row_box(b))
        for r, b in zip(table.rows[head_n:], boxes[head_n:], strict=False)
        if any(c.strip() for c in r)
    ]
    pieces: list[_Piece] = []
    start = 0
    while start < len(body) or not pieces:
        end = start + 1
        size = estimate_tokens(head_text) + estimate_tokens(body[start][0][0]) if body else 0
        while end < len(body) and size + estimate_tokens(body[end][0][0]) <= max_tokens:
            size += estimate_tokens(body[end][0][0])
            end += 1
        pieces.append(_rows_piece(block, head_text, _row_box(head_boxes), sep, body[start:end]))
        start = end
        if start >= len(body):
            break
    return pieces


def _rows_piece(
    block: Block,
    head: str,
    head_box: Box | None,
    sep: str,
    rows: list[tuple[tuple[str, list[WordRef]], Box | None]],
) -> _Piece:
    text = head + "\n" + sep
    refs = [LineRef(page=block.page, box=head_box, start=0, end=len(head))] if head_box else []
    for (line, words), box in rows:
        at = len(text) + 1
        text += "\n" + line
        shifted = [w.model_copy(update={"start": w.start + at, "end": w.end + at}) for w in words]
        refs.append(LineRef(page=block.page, box=box, start=at, end=at + len(line), words=shifted))
    if not any(r.box is not None for r in refs):
        line_no = block.lines[0].line_no if block.lines else None
        refs = [LineRef(page=block.page, box=block.box, line_no=line_no, start=0, end=len(text))]
    else:
        refs = [r for r in refs if r.box is not None]
    return _Piece(text, refs, estimate_tokens(text), kind="table")


def _split_long(piece: _Piece, max_tokens: int) -> list[_Piece]:
    """Split an over-long text piece at sentence ends (or hard, for run-on text)."""
    if piece.tokens <= max_tokens:
        return [piece]
    spans = split_sentences(piece.text)
    out: list[_Piece] = []
    cur_start: int | None = None
    cur_end = 0
    for s, e in _hard_split(piece.text, spans, max_tokens):
        if cur_start is not None and estimate_tokens(piece.text[cur_start:e]) > max_tokens:
            out.append(_sub_piece(piece, cur_start, cur_end))
            cur_start = None
        if cur_start is None:
            cur_start = s
        cur_end = e
    if cur_start is not None:
        out.append(_sub_piece(piece, cur_start, cur_end))
    return out


def _hard_split(text: str, spans: list[tuple[int, int]], max_tokens: int) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for span_start, e in spans:
        s = span_start
        while estimate_tokens(text[s:e]) > max_tokens:
            step = max(20, int((e - s) * max_tokens / estimate_tokens(text[s:e]) * 0.9))
            cut = text.rfind(" ", s + step // 2, s + step)
            cut = cut if cut > s else s + step
            out.append((s, cut))
            s = cut
        out.append((s, e))
    return out


def _sub_piece(piece: _Piece, start: int, end: int) -> _Piece:
    text = piece.text[start:end]
    refs = [_shift(r, -start, start, end) for r in piece.refs if r.start < end and r.end > start]
    return _Piece(text, refs, estimate_tokens(text), piece.kind)


class _TablePiece(_Piece):
    def __init__(self, block: Block) -> None:
        super().__init__(block.text, [], estimate_tokens(block.text), "table")
        self.block = block


def _sections(parsed: ParsedDocument) -> list[_Section]:
    """Blocks grouped by section (see ``_keep_covers`` for sections of a heading alone)."""
    sections: list[_Section] = [_Section(path=[])]
    stack: list[tuple[int, str]] = []
    for block in parsed.blocks():
        if block.kind in ("header", "footer") or not block.text.strip():
            continue
        if block.kind == "heading":
            while stack and stack[-1][0] >= block.level:
                stack.pop()
            stack.append((block.level, " ".join(block.text.split())))
            sections.append(_Section(path=[t for _, t in stack]))
            piece = _block_piece(block)
            piece.kind = "heading"
            sections[-1].pieces.append(piece)
        elif block.kind == "table" and block.table is not None:
            sections[-1].pieces.append(_TablePiece(block))
        else:
            piece = _block_piece(block)
            if _is_tabular(block):
                piece.kind = "rows"
                prev = sections[-1].pieces[-1] if sections[-1].pieces else None
                if prev is not None and prev.kind == "rows":  # consecutive rows: one piece
                    sections[-1].pieces[-1] = _merge_pieces(prev, piece)
                    continue
            sections[-1].pieces.append(piece)
    return _keep_covers(sections, parsed)


def _keep_covers(sections: list[_Section], parsed: ParsedDocument) -> list[_Section]:
    """Drop sections holding nothing but their heading, except on a title page (a cover:
    company, report, date; a part's divider): everything on it becomes one chunk, so
    "whose report is this?" has a passage to cite."""
    titles = _title_pages(parsed)
    kept: list[_Section] = []
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


def _shift(ref: LineRef, delta: int, lo: int = 0, hi: int | None = None) -> LineRef:
    """``ref`` moved by ``delta`` chars, cut to the chars [lo, hi) it is taken from."""
    top = ref.end if hi is None else min(hi, ref.end)
    words = [
        w.model_copy(update={"start": w.start + delta, "end": w.end + delta})
        for w in ref.words
        if w.start >= lo and w.end <= top
    ]
    return ref.model_copy(
        update={"start": max(lo, ref.start) + delta, "end": top + delta, "words": words}
    )


def _word_refs(line: Line, offset: int) -> list[WordRef]:
    """The OCR words of a line as chars of the chunk text (a word the line's text does not
    hold as such, after tidying, is left out: its line box still covers it)."""
    out: list[WordRef] = []
    cursor = 0
    for w in line.words:
        at = line.text.find(w.text.strip(), cursor) if w.text.strip() else -1
        if at < 0:
            continue
        cursor = at + len(w.text.strip())
        out.append(WordRef(start=offset + at, end=offset + cursor, box=w.box))
    return out


def _merge_pieces(a: _Piece, b: _Piece) -> _Piece:
    text, refs = _join([a, b])
    return _Piece(text, refs, estimate_tokens(text), a.kind)


def _join(pieces: list[_Piece]) -> tuple[str, list[LineRef]]:
    text_parts: list[str] = []
    refs: list[LineRef] = []
    pos = 0
    for p in pieces:
        text_parts.append(p.text)
        refs += [_shift(r, pos) for r in p.refs]
        pos += len(p.text) + 1
    return "\n".join(text_parts), refs


def _tail(piece: _Piece, tokens: int) -> _Piece | None:
    """The last sentence(s) of a piece, up to ``tokens``, for overlap."""
    if tokens <= 0 or piece.kind != "text":
        return None
    spans = split_sentences(piece.text)
    start = None
    for s, _ in reversed(spans):
        if estimate_tokens(piece.text[s:]) > tokens:
            break
        start = s
    if start is None or start == 0:
        return None
    return _sub_piece(piece, start, len(piece.text))


_ROW_GAP = re.compile(r"\S {2,}\S")


def _is_tabular(block: Block) -> bool:
    """A borderless table: most lines are rows of cells separated by wide gaps."""
    lines = block.lines or []
    return bool(lines) and sum(1 for ln in lines if _ROW_GAP.search(ln.text)) >= 0.5 * len(lines)


def _limit(current: list[_Piece], piece: _Piece, max_tokens: int) -> int:
    """Rows of a borderless table may fill a double-size chunk, so a statement stays whole."""
    if piece.kind == "rows" and all(p.kind == "rows" or p.tokens < 40 for p in current):
        return 2 * max_tokens
    return max_tokens


def _split_rows(piece: _Piece, max_tokens: int) -> list[_Piece]:
    """Split table-like text at line boundaries."""
    if piece.tokens <= max_tokens or len(piece.refs) < 2:
        return [piece]
    out: list[_Piece] = []
    start = piece.refs[0].start
    for ref in piece.refs[1:]:
        if estimate_tokens(piece.text[start : ref.end]) > max_tokens:
            out.append(_sub_piece(piece, start, ref.start))
            start = ref.start
    out.append(_sub_piece(piece, start, len(piece.text)))
    return [p for p in out if p.text.strip()]


def chunk_document(
    doc_id: str, parsed: ParsedDocument, *, max_tokens: int = 220, overlap_tokens: int = 30
) -> list[Chunk]:
    chunks: list[Chunk] = []

    def emit(pieces: list[_Piece], section: list[str], kind: str) -> None:
        text, refs = _join(pieces)
        if not text.strip():
            return
        pages = [r.page for r in refs] or [1]
        chunks.append(
            Chunk(
                chunk_id=f"{doc_id}#{len(chunks)}",
                doc_id=doc_id,
                n=len(chunks),
                text=text,
                kind="table" if kind == "table" else "text",
                section=section,
                page_start=min(pages),
                page_end=max(pages),
                lines=refs,
                lang=script_language(text),
            )
        )

    for sec in _sections(parsed):
        current: list[_Piece] = []
        size = 0
        for raw in sec.pieces:
            if isinstance(raw, _TablePiece):
                if current:
                    emit(current, sec.path, "text")
                    current, size = [], 0
                for part in _table_pieces(raw.block, int(max_tokens * 1.5)):
                    emit([part], sec.path, "table")
                continue
            parts = (
                _split_rows(raw, 2 * max_tokens)
                if raw.kind == "rows"
                else _split_long(raw, max_tokens)
            )
            for piece in parts:
                if current and size + piece.tokens > _limit(current, piece, max_tokens):
                    emit(current, sec.path, "text")
                    tail = _tail(current[-1], overlap_tokens)
                    current = [tail] if tail else []
                    size = tail.tokens if tail else 0
                current.append(piece)
                size += piece.tokens
        if current:
            emit(current, sec.path, "text")
    return chunks
