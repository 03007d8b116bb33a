"""Pieces of chunk text with their line locations, and how they are cut and joined: at
sentence ends for prose, at line ends for rows, with a sentence or two of overlap."""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.models import Line, LineRef, WordRef
from pipeline.text.lang import estimate_tokens, split_sentences


@dataclass
class Piece:
    """Text with its line locations (offsets relative to ``text``)."""

    text: str
    refs: list[LineRef]
    tokens: int
    kind: str = "text"

    @property
    def pages(self) -> list[int]:
        return [r.page for r in self.refs]


def shift(ref: LineRef, delta: int, lo: int = 0, hi: int | None = None) -> LineRef:
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


def word_refs(line: Line, offset: int) -> list[WordRef]:
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


def merge_pieces(a: Piece, b: Piece) -> Piece:
    text, refs = join_pieces([a, b])
    return Piece(text, refs, estimate_tokens(text), a.kind)


def join_pieces(pieces: list[Piece]) -> tuple[str, list[LineRef]]:
    text_parts: list[str] = []
    refs: list[LineRef] = []
    pos = 0
    for p in pieces:
        text_parts.append(p.text)
        refs += [shift(r, pos) for r in p.refs]
        pos += len(p.text) + 1
    return "\n".join(text_parts), refs


def sub_piece(piece: Piece, start: int, end: int) -> Piece:
    text = piece.text[start:end]
    refs = [shift(r, -start, start, end) for r in piece.refs if r.start < end and r.end > start]
    return Piece(text, refs, estimate_tokens(text), piece.kind)


def split_long(piece: Piece, max_tokens: int) -> list[Piece]:
    """Split an over-long text piece at sentence ends (or hard, for run-on text)."""
    if piece.tokens <= max_tokens:
        return [piece]
    spans = split_sentences(piece.text)
    out: list[Piece] = []
    cur_start: int | None = None
    cur_end = 0
    for s, e in _hard_split(piece.text, spans, max_tokens):
        if cur_start is not None and estimate_tokens(piece.text[cur_start:e]) > max_tokens:
            out.append(sub_piece(piece, cur_start, cur_end))
            cur_start = None
        if cur_start is None:
            cur_start = s
        cur_end = e
    if cur_start is not None:
        out.append(sub_piece(piece, cur_start, cur_end))
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


def split_rows(piece: Piece, max_tokens: int) -> list[Piece]:
    """Split table-like text at line boundaries."""
    if piece.tokens <= max_tokens or len(piece.refs) < 2:
        return [piece]
    out: list[Piece] = []
    start = piece.refs[0].start
    for ref in piece.refs[1:]:
        if estimate_tokens(piece.text[start : ref.end]) > max_tokens:
            out.append(sub_piece(piece, start, ref.start))
            start = ref.start
    out.append(sub_piece(piece, start, len(piece.text)))
    return [p for p in out if p.text.strip()]


def overlap_tail(piece: Piece, tokens: int) -> Piece | None:
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
    return sub_piece(piece, start, len(piece.text))
