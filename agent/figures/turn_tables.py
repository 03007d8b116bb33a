"""The tables of this turn's passages, read as grids (``grid.Grid``): best-ranked first,
dated by their report's cover, in their document's currency and fiscal-year naming; and
each document's one stated scale.
"""

from __future__ import annotations

from collections.abc import Sequence

from agent.evidence import Evidence
from agent.figures.grid import (
    Grid,
    report_months,
    report_year,
    stated_scale,
    with_report_year,
)
from agent.figures.periods import naming_offset
from agent.figures.tables import read_grids


def grids(evidence: Sequence[Evidence]) -> list[Grid]:
    """Every passage of the turn that reads as a table, best-ranked first; tables that
    name their periods only as 本期 / 上年同期 are dated by their report's title, from a
    passage of the turn or the cover the scope read (``Evidence.covers``)."""
    seen: set[str] = set()
    out: list[Grid] = []
    years: dict[str, int] = {}
    covered: dict[str, int | None] = {}  # the months of its year a report covers
    for ev in evidence:
        for p in ev.passages:
            if p.chunk_id in seen:
                continue
            seen.add(p.chunk_id)
            out.extend(read_grids(p))
            year = report_year(p.text[:120])
            if year is not None and p.page <= 2:  # the cover or the page after it
                years.setdefault(p.doc_id, year)
                covered.setdefault(p.doc_id, report_months(p.text[:120]))
        # the cover as the scope read it, when no passage of the turn holds it
        for doc, cover in ev.covers.items():
            year = report_year(cover[:120])
            if year is not None:
                years.setdefault(doc, year)
                covered.setdefault(doc, report_months(cover[:120]))
    out = [
        with_report_year(g, years[doc], covered.get(doc))
        if (doc := g.passage.doc_id) in years
        else g
        for g in out
    ]
    _same_currency(out)
    _fiscal_naming(out, evidence)
    return sorted(out, key=lambda g: g.passage.rank or 99)


def document_scales(evidence: Sequence[Evidence]) -> dict[str, str]:
    """Each document's one stated scale in the turn's passages ("in millions"), or ""."""
    texts: dict[str, list[str]] = {}
    for ev in evidence:
        for p in ev.passages:
            texts.setdefault(p.doc_id, []).append(f"{p.columns}\n{p.section}\n{p.text}")
    return {doc: stated_scale(t) for doc, t in texts.items()}


def _same_currency(tables: list[Grid]) -> None:
    """A table continued from an earlier chunk often prints no "$" of its own: it is in
    the currency the document's other tables state, when they state just one."""
    stated: dict[str, set[str]] = {}
    for g in tables:
        if g.currency:
            stated.setdefault(g.passage.doc_id, set()).add(g.currency)
    for g in tables:
        known = stated.get(g.passage.doc_id, set())
        if not g.currency and len(known) == 1:
            g.currency = next(iter(known))


def _fiscal_naming(tables: list[Grid], evidence: Sequence[Evidence]) -> None:
    """Tables of a document that names its fiscal years by the calendar year before the
    one they end in ("fiscal 2023 ended February 3, 2024") read their dated columns so."""
    texts: dict[str, list[str]] = {}
    for ev in evidence:
        for p in ev.passages:
            texts.setdefault(p.doc_id, []).append(p.text)
    naming = {doc: naming_offset(t) for doc, t in texts.items()}
    for g in tables:
        g.naming = naming.get(g.passage.doc_id, 0)
