"""The items a current report is filed under, read from its heading tree.

A Form 8-K says what it reports by the items it is filed under, each a heading numbered
"Item 8.01 Other Events", "Item 5.07 Submission of Matters to a Vote of Security Holders",
with the event told in the first sentences below it. Asked what such a report is about (its
purpose, its agenda, which items it holds), the answer is those headings and their opening
sentences, not the extractive summary: a summary picks one sentence per top-level section,
and the cover page, the exhibit list and the exhibits themselves (an indenture, a credit
agreement of a hundred pages) are most of the document. The numbering (a whole number, a
point, two digits) is the form's own; an annual report's items ("Item 7.", "Item 1A.")
never take it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.knowledge.source import DocText, Section, Sentence

# "Item 8.01 Other Events.", "ITEM 5.07. Submission of Matters …": the form's numbering
ITEM_HEADING = re.compile(r"^\s*item\s+\d{1,2}\.\d{2}\b", re.I)
_MIN_CHARS = 30  # a shorter line is a caption ("Exhibit No.  Description"), not the event
PER_ITEM = 2  # sentences told under each item, at most
_OPENING = 8  # sentences read under an item for them (captions and short lines skipped)


@dataclass(frozen=True)
class Quote:
    text: str  # verbatim within its chunk's text
    chunk_id: str


@dataclass(frozen=True)
class ReportItem:
    heading: Quote
    sentences: tuple[Quote, ...]  # the item's opening sentences, in reading order


def report_items(text: DocText, chunk_texts: dict[str, str]) -> list[ReportItem]:
    """The document's current-report items in reading order, each with its heading as
    printed and its first sentences; empty when no heading is numbered as the form's.
    ``chunk_texts``: the text of each chunk id, where every quote must be found whole."""
    out: list[ReportItem] = []
    for sec in item_sections(text):
        said = _opening(text, sec)
        # a chunk may leave the item's heading out and open with its sub-heading ("(d)
        # Exhibits"): the nearest heading the chunks print stands for it
        where = [sec.chunk_id] if sec.chunk_id else []
        where += list(dict.fromkeys(s.chunk_id for s in said[: PER_ITEM + 1]))
        subs = {_flat(text.sections[c].title) for c in text.subtree(sec.idx)[1:]}
        heading = next(
            (
                Quote(line, c)
                for c in where
                if (line := _heading_line(chunk_texts.get(c, ""), subs))
            ),
            None,
        )
        told = [q for s in said if (q := _told(s, chunk_texts.get(s.chunk_id, "")))]
        if heading is not None:
            out.append(ReportItem(heading, tuple(told[:PER_ITEM])))
    return out


def item_sections(text: DocText) -> list[Section]:
    """The document's sections headed as a current report's items."""
    return [s for s in text.sections if ITEM_HEADING.match(s.title)]


def wanted_chunks(text: DocText) -> set[str]:
    """The chunks ``report_items`` quotes from: each item's heading and opening."""
    out: set[str] = set()
    for sec in item_sections(text):
        out |= {sec.chunk_id} if sec.chunk_id else set()
        out |= {s.chunk_id for s in _opening(text, sec)}
    return out


def _opening(text: DocText, sec: Section) -> list[Sentence]:
    """The first sentences under the item, its sub-sections' included (an item's exhibits
    list sits under a "(d) Exhibits" sub-heading), in reading order."""
    held = sorted(i for c in text.subtree(sec.idx) for i in text.sections[c].sentences)
    return [text.sentences[i] for i in held[:_OPENING]]


def _told(s: Sentence, chunk_text: str) -> Quote | None:
    """The sentence as its chunk holds it: whole, or (a chunk boundary cutting it) from its
    start to the chunk's end; None for a caption or a sentence the chunk does not hold."""
    said = s.text.strip()
    if len(said) < _MIN_CHARS:
        return None
    if said in chunk_text:
        return Quote(said, s.chunk_id)
    at = chunk_text.find(said[:_MIN_CHARS])
    part = chunk_text[at:].strip() if at >= 0 else ""
    return Quote(part, s.chunk_id) if len(part) >= _MIN_CHARS else None


def _heading_line(chunk_text: str, subs: set[str]) -> str:
    """The chunk's line printing the item's heading (else one of its sub-headings,
    ``subs``), as the chunk holds it."""
    lines = [line.strip() for line in chunk_text.splitlines()]
    own = next((line for line in lines if ITEM_HEADING.match(line)), "")
    return own or next((line for line in lines if line and _flat(line) in subs), "")


def _flat(title: str) -> str:
    return " ".join(title.split()).lower()


def in_order(items: list[ReportItem], limit: int) -> list[Quote]:
    """Every item's heading, then its sentences by rank (each item's first before any
    item's second), up to ``limit`` quotes; returned in reading order."""
    ranked: list[tuple[int, int, Quote]] = [(0, n, it.heading) for n, it in enumerate(items)]
    ranked += [(k + 1, n, s) for n, it in enumerate(items) for k, s in enumerate(it.sentences)]
    kept = sorted(ranked, key=lambda r: (r[0], r[1]))[:limit]
    return [q for _, _, q in sorted(kept, key=lambda r: (r[1], r[0]))]
