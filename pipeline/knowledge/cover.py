"""Where a report's cover and front matter end, and which sections name front or back
matter: what the summary, the terms and the mind map pass over."""

from __future__ import annotations

from pipeline.knowledge.source import DocText
from pipeline.knowledge.title import REGISTRANT
from pipeline.knowledge.wordlists import word_lists
from pipeline.text.boilerplate import heading_kind

COVER_MIN_PAGES = 10  # a report this long opens with a cover page, not with content


def has_cover(doc: DocText) -> bool:
    """A long report opens with a cover page; so does a filing of any length, whose first
    page names the registrant ('(Exact name of registrant as specified in its charter)')."""
    if doc.pages >= COVER_MIN_PAGES:
        return True
    if any(s.page == 1 and REGISTRANT.match(s.text) for s in doc.sentences[:200]):
        return True
    # the cover's line set as a heading of its own (a short 8-K's cover)
    return any(s.page_start == 1 and REGISTRANT.match(s.title.strip()) for s in doc.sections)


def body_start(doc: DocText) -> int | None:
    """Index of the heading a report's body opens with ("PART I", "Item 1.", "第一节";
    wordlists.json "body_start"), or None."""
    starts = word_lists().body_start
    for sec in doc.sections[1:]:
        if (sec.title.strip().lower() + " ").startswith(starts):
            return sec.idx
    return None


def cover_end(doc: DocText) -> int:
    """The last page of a report's cover and front matter: the page before the heading its
    body opens with, or the first page when it has none; 0 for a document without a
    cover."""
    if not has_cover(doc):
        return 0
    start = body_start(doc)
    return max(1, doc.sections[start].page_start - 1) if start is not None else 1


def named_matter(doc: DocText) -> set[int]:
    """Sections whose titles name front or back matter (signatures, certifications,
    exhibit indexes), with everything under them: they say how a document is filed or
    signed, not what it is about (neither the summary nor the terms read them)."""
    out: set[int] = set()
    for sec in doc.sections[1:]:
        if heading_kind(sec.title) is not None:
            out.update(doc.subtree(sec.idx))
    return out
