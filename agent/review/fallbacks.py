"""What each tool falls back to when it fails or runs out of time: a simpler way to the
same kind of answer (stored chunks, lexical search, the text layer, literal matching)."""

from __future__ import annotations

import re

from agent.review.scope import ReviewScope
from agent.review.toolmodels import (
    BlockHit,
    ClausesIn,
    Hits,
    OcrIn,
    OcrOut,
    PageIn,
    PageText,
    RefIn,
    RegexIn,
    Resolved,
    TableIn,
    TableOut,
)


def text_by_page(scope: ReviewScope, args: PageIn) -> PageText:
    chunks = [c for c in scope.view(args.doc_id).chunks if c.page_start <= args.page <= c.page_end]
    return PageText(
        doc_id=args.doc_id, page=args.page, text="\n".join(c.text for c in chunks), source="chunks"
    )


def table_by_region(scope: ReviewScope, args: TableIn) -> TableOut:
    """The lines inside the region, cut into cells at wide gaps."""
    view = scope.view(args.doc_id)
    page = args.page or 1
    rows: list[list[str]] = []
    for b in view.blocks:
        if b.page != page:
            continue
        for ln in b.lines:
            box = ln.box
            if args.box is None or (
                box is not None and box[1] >= args.box[1] - 2 and box[3] <= args.box[3] + 2
            ):
                rows.append([c for c in re.split(r"\s{2,}|\t", ln.text) if c])
    return TableOut(
        doc_id=args.doc_id,
        page=page,
        table=None,
        headers=rows[0] if rows else [],
        rows=rows[1:],
        source="lines",
    )


def search_by_regex(scope: ReviewScope, args: RegexIn) -> Hits:
    """Literal search for the pattern's longest plain fragment."""
    parts = [p for p in re.split(r"[\\^$.|?*+()\[\]{}]", args.pattern) if len(p) >= 2]
    if not parts:
        return Hits(source="fallback: no literal part")
    needle = max(parts, key=len).lower()
    hits = []
    for view in scope.views():
        for b in view.body():
            if needle in b.text.lower():
                lab = view.labels.get(b.n)
                hits.append(
                    BlockHit(
                        doc_id=view.doc_id,
                        block=b.n,
                        page=b.page,
                        label=lab.label if lab else "other",
                        credibility=lab.credibility if lab else "verbatim",
                        match=needle,
                    )
                )
    return Hits(hits=hits[: args.max_hits], source=f"fallback: literal '{needle}'")


def clauses_by_keyword(scope: ReviewScope, args: ClausesIn) -> Hits:
    """Lexical search (the FTS index) for the keywords, any label."""
    found = scope.corpus.keyword_search(" ".join(args.keywords), k=min(50, args.max_hits))
    hits = []
    for h in found:
        view = scope.view(h.doc_id)
        for b in view.body():
            if b.page == h.page and b.text[:40] in h.text:
                lab = view.labels.get(b.n)
                hits.append(
                    BlockHit(
                        doc_id=h.doc_id,
                        block=b.n,
                        page=b.page,
                        label=lab.label if lab else "other",
                        credibility=lab.credibility if lab else "verbatim",
                        match=args.keywords[0],
                    )
                )
                break
    return Hits(hits=hits, source="fallback: lexical search")


def resolve_reference(scope: ReviewScope, args: RefIn) -> Resolved:
    return Resolved(refs=[], source="fallback: none stored")


def ocr_region(scope: ReviewScope, args: OcrIn) -> OcrOut:
    """The stored text lines inside the box."""
    view = scope.view(args.doc_id)
    x0, y0, x1, y1 = args.box
    lines = [
        ln.text
        for b in view.blocks
        if b.page == args.page
        for ln in b.lines
        if ln.box is not None
        and ln.box[0] < x1
        and ln.box[2] > x0
        and ln.box[1] < y1
        and ln.box[3] > y0
    ]
    return OcrOut(text="\n".join(lines), confidence=None, source="text_layer")
