"""Sentence sub-headings: the bold one-sentence headings of a filing's risk factors ("Our
results could suffer if we fail to keep our brand's reputation.") and of like lists, each
over its explanation in body type.

They end in a full stop, so the heading test (a title does not end like a sentence)
leaves them paragraphs; read that way, a section's items cannot be listed. A run of
them inside one section (bold, at most a few lines, each followed by body text in the
same print size) becomes headings one level under the section's own heading. A heading
whose last words run on into the explanation's first line (set bold up to its full
stop) gets them back first."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from pipeline.models import Block, Line, Page
from pipeline.parse.numbering import numbering_level
from pipeline.text.lang import join_lines
from pipeline.text.script import HAN_RE

MIN_RUN = 3  # sentence headings in one section before they are read as its items
MAX_LINES = 5
MAX_CHARS = 500
MIN_WORDS = 5
_ENDS = (".", "。", "!", "?")


def _body(pages: list[Page]) -> Iterator[Block]:
    for p in pages:
        for b in p.blocks:
            if b.kind not in ("header", "footer") and b.text.strip():
                yield b


def _run_on(line: Line) -> str:
    """The bold words opening a line when they end a sentence: a heading's tail."""
    head = line.emph[0] if line.emph else ""
    stripped = line.text.lstrip()
    if not head or not stripped.startswith(head) or not head.rstrip().endswith(_ENDS):
        return ""
    return head if len(head) < len(stripped) else ""


def _split_line(line: Line, at: int) -> tuple[Line, Line]:
    """A line cut after ``at`` characters; the box is shared out by characters."""
    text = line.text.lstrip()
    first, rest = text[:at].rstrip(), text[at:].lstrip()
    if line.box is None:
        return Line(text=first), Line(text=rest, conf=line.conf)
    x0, y0, x1, y1 = line.box
    mid = x0 + (x1 - x0) * at / max(1, len(text))
    return (
        Line(text=first, box=(x0, y0, mid, y1), conf=line.conf),
        Line(text=rest, box=(mid, y0, x1, y1), conf=line.conf),
    )


def _retext(b: Block) -> None:
    b.text = join_lines([ln.text for ln in b.lines])[0]


def _mend_run_on(head: Block, body: Block) -> None:
    """Move a heading's last words, set bold at the start of the explanation's first
    line, back into the heading."""
    if head.text.rstrip().endswith(_ENDS):
        return
    tail = _run_on(body.lines[0]) if body.lines else ""
    if not tail:
        return
    first, rest = _split_line(body.lines[0], len(tail))
    head.lines.append(first)
    body.lines[0] = rest
    _retext(head)
    _retext(body)


def _sentence(b: Block) -> bool:
    """A bold sentence: a paragraph, or a heading the print found that turns out to end
    one (its last words were set on the next line, beside the explanation)."""
    if not b.bold or b.kind not in ("paragraph", "heading"):
        return False
    text = b.text.rstrip()
    words = len(text.split()) if not HAN_RE.search(text) else len(text) // 2
    # a sentence, not a bold row label ("Total $ 1,555") or a numbered title ("Item 1.")
    return text.endswith(_ENDS) and words >= MIN_WORDS and numbering_level(text) is None


def _candidate(b: Block, nxt: Block | None) -> bool:
    if not _sentence(b) or nxt is None:
        return False
    if len(b.lines) > MAX_LINES or len(b.text) > MAX_CHARS or b.text.rstrip().endswith(":"):
        return False
    if nxt.kind not in ("paragraph", "list_item") or nxt.bold:
        return False
    return abs((b.font_size or 0) - (nxt.font_size or 0)) <= 0.6


def mark_sentence_headings(pages: list[Page], body_bold: bool) -> None:
    """Mark runs of sentence sub-headings (see the module doc) as headings."""
    if body_bold:  # bold is the body's own weight: it sets nothing apart
        return
    blocks = list(_body(pages))
    if not blocks:  # a scan before its OCR
        return
    for head, body in itertools.pairwise(blocks):
        if head.kind in ("paragraph", "heading") and head.bold and body.kind == "paragraph":
            _mend_run_on(head, body)  # (a bold next block has no run-on tail: it is all bold)
    runs: list[tuple[int, list[Block]]] = [(0, [])]  # (section level, candidates) per section
    following: list[Block | None] = [*blocks[1:], None]
    for b, nxt in zip(blocks, following, strict=True):
        if _candidate(b, nxt):
            runs[-1][1].append(b)
        elif b.kind == "heading":
            runs.append((b.level, []))
    for level, found in runs:
        if len(found) < MIN_RUN:
            continue
        for b in found:
            # under the section's heading even when it is at the sixth level already
            b.kind, b.level = "heading", level + 1
