"""Atomic, read-only review tools. Each does one job on the review's documents only.

Inputs and outputs are typed; every tool is called through :func:`agent.review.runner.call`
with a timeout and a fallback, so one failing step never stops a review. The chat agent
reaches the same functions through ``agent/tools.py``.
"""

from __future__ import annotations

import regex

from agent.review.errors import ToolInputError, ToolTimeout
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
from pipeline.models import Block, Box
from pipeline.perceive.labels import find_cue
from pipeline.perceive.models import Reference


def _in_scope(scope: ReviewScope, doc_id: str) -> None:
    if doc_id not in scope.doc_ids:
        raise ToolInputError(f"Document '{doc_id}' is not part of this review.")


def text_by_page(scope: ReviewScope, args: PageIn) -> PageText:
    """The text of one page, block by block."""
    _in_scope(scope, args.doc_id)
    view = scope.view(args.doc_id)
    blocks = [b for b in view.body() if b.page == args.page]
    if not blocks and not any(b.page == args.page for b in view.blocks):
        pages = max((b.page for b in view.blocks), default=0)
        raise ToolInputError(f"Page {args.page} does not exist; the document has {pages} pages.")
    return PageText(
        doc_id=args.doc_id,
        page=args.page,
        text="\n".join(b.text for b in blocks),
        blocks=[b.n for b in blocks],
    )


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def table_by_region(scope: ReviewScope, args: TableIn) -> TableOut:
    """A table by block number, or the first table overlapping a box on a page."""
    _in_scope(scope, args.doc_id)
    view = scope.view(args.doc_id)
    block: Block | None = None
    if args.table is not None:
        block = view.by_n.get(args.table)
    elif args.page is not None and args.box is not None:
        block = next(
            (
                b
                for b in view.blocks
                if b.page == args.page and b.table and b.box and _overlaps(b.box, args.box)
            ),
            None,
        )
    else:
        raise ToolInputError("Give a table id, or a page and a box [x0, y0, x1, y1].")
    if block is None or block.table is None:
        raise ToolInputError("No table there; the fallback reads the region's lines instead.")
    t = block.table
    return TableOut(
        doc_id=args.doc_id,
        page=block.page,
        table=block.n,
        headers=[
            " ".join(filter(None, col)) for col in zip(*t.rows[: t.header_rows], strict=False)
        ],
        rows=t.rows[t.header_rows :],
    )


def search_by_regex(scope: ReviewScope, args: RegexIn) -> Hits:
    """Every match of a regular expression, within a time limit per block."""
    try:
        pattern = regex.compile(args.pattern, regex.IGNORECASE | regex.V0)
    except regex.error as exc:
        raise ToolInputError(
            f"'{args.pattern}' is not a valid regular expression ({exc}). Escape characters "
            "such as ( [ . * + ? with a backslash to match them literally."
        ) from exc
    hits: list[BlockHit] = []
    for view in scope.views():
        for b in view.body():
            try:
                m = pattern.search(view.running_text(b.n), timeout=args.time_limit_s)
            except TimeoutError as exc:
                raise ToolTimeout(
                    f"The pattern '{args.pattern}' took longer than {args.time_limit_s:g} s "
                    "on one block; simplify it (avoid nested repeats such as (a+)+)."
                ) from exc
            if m is not None:
                hits.append(_hit(view.doc_id, b, view.labels, m.group(0)))
                if len(hits) >= args.max_hits:
                    return Hits(hits=hits, truncated=True)
    return Hits(hits=hits)


def clauses_by_keyword(scope: ReviewScope, args: ClausesIn) -> Hits:
    """Blocks with the given labels that contain any of the keywords."""
    if not args.keywords:
        raise ToolInputError("Give at least one keyword.")
    words = tuple(args.keywords)
    hits: list[BlockHit] = []
    for view in scope.views():
        for b in view.body():
            lab = view.labels.get(b.n)
            if args.labels and (lab is None or lab.label not in args.labels):
                continue
            cue = find_cue(view.running_text(b.n), words)
            if cue:
                hits.append(_hit(view.doc_id, b, view.labels, cue))
                if len(hits) >= args.max_hits:
                    return Hits(hits=hits, truncated=True)
    return Hits(hits=hits)


def resolve_reference(scope: ReviewScope, args: RefIn) -> Resolved:
    """The stored cross-references of a block (or matching a text) with their targets."""
    _in_scope(scope, args.doc_id)
    view = scope.view(args.doc_id)
    refs: list[Reference] = [
        r
        for r in view.perception.references
        if (args.block is None or r.n == args.block)
        and (not args.text or args.text.lower() in r.text.lower())
    ]
    return Resolved(refs=refs)


def ocr_region(scope: ReviewScope, args: OcrIn) -> OcrOut:
    """OCR of a box on a page (rendered from the stored PDF at the OCR resolution)."""
    import numpy as np
    import pymupdf

    from pipeline.ocr.engines import choose_engine, load_engine

    _in_scope(scope, args.doc_id)
    doc = scope.corpus.document(args.doc_id)
    if doc.kind != "pdf":
        raise ToolInputError("Only PDF pages can be read by OCR.")
    choice = choose_engine(scope.corpus.settings.ocr_engine)
    engine = load_engine(choice.name, threads=1)
    path = scope.corpus.settings.data_dir / doc.stored_path
    with pymupdf.open(path) as pdf:
        if not 1 <= args.page <= len(pdf):
            raise ToolInputError(f"Page {args.page} does not exist; the PDF has {len(pdf)}.")
        zoom = scope.corpus.settings.ocr_dpi / 72
        pix = pdf[args.page - 1].get_pixmap(
            matrix=pymupdf.Matrix(zoom, zoom), clip=pymupdf.Rect(*args.box), alpha=False
        )
        image = np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, -1)
    lines = engine.recognize(np.ascontiguousarray(image[:, :, :3]))
    confs = [ln.conf for ln in lines]
    return OcrOut(
        text="\n".join(ln.text for ln in lines),
        confidence=sum(confs) / len(confs) if confs else None,
        source="ocr",
    )


def _hit(doc_id: str, b: Block, labels: dict, match: str) -> BlockHit:
    lab = labels.get(b.n)
    return BlockHit(
        doc_id=doc_id,
        block=b.n,
        page=b.page,
        label=lab.label if lab else "other",
        credibility=lab.credibility if lab else "verbatim",
        match=match,
    )
