"""The five knowledge components as background stages: read, build offline, store,
then refine with the chat model when one is configured.

Each component stores its offline result before refinement starts, so the UI has
something to show at once; a refinement failure keeps that result and records why.
Components that build on another one (mind map, graph and route need terms; the
route needs the graph) read its stored result when it is ready and otherwise
rebuild it in memory, so one failed component never blocks the others.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

from pipeline.knowledge import graph as graph_mod
from pipeline.knowledge import mindmap as mindmap_mod
from pipeline.knowledge import refine
from pipeline.knowledge import route as route_mod
from pipeline.knowledge import summary as summary_mod
from pipeline.knowledge.analysis import TermIndex, index_terms, section_key_terms
from pipeline.knowledge.llm import RefinementError, chat_model, within_deadline
from pipeline.knowledge.models import KnowledgeGraph, Refinement, Term
from pipeline.knowledge.render import graph_svg, mindmap_svg
from pipeline.knowledge.source import DocText, load_doc_text
from pipeline.knowledge.store import load_stored_view, load_terms, save_terms, save_view
from pipeline.knowledge.terms import extract_terms
from pipeline.progress import counted
from pipeline.stage_context import StageContext

log = logging.getLogger(__name__)
R = TypeVar("R")


def _refined(
    ctx: StageContext, what: str, offline: R, fn: Callable[..., R], *args: object
) -> tuple[R, Refinement]:
    """Run one refinement; any failure keeps the offline result and says why."""
    model = chat_model(ctx.settings)
    if model is None:
        return offline, Refinement()
    ctx.report(0.7, f"refining {what} with {model.name}")
    try:
        result = within_deadline(ctx.settings, lambda: fn(model, *args))
        return result, Refinement(status="applied", model=model.name)
    except RefinementError as exc:
        log.warning("refining %s of %s failed: %s", what, ctx.doc.doc_id, exc)
        notice = f"chat model refinement failed, offline result kept: {exc}"
        return offline, Refinement(status="failed", model=model.name, notice=notice)


def _doc(ctx: StageContext) -> DocText:
    ctx.report(0.05, "reading the document structure")
    return load_doc_text(ctx.store, ctx.doc.doc_id)


def _terms(ctx: StageContext, doc: DocText) -> list[Term]:
    """Stored terms when the terms component is ready, else extracted now (not stored)."""
    if ctx.store.status(ctx.doc.doc_id, "terms").state == "ready":
        stored = load_terms(ctx.store.db, ctx.doc.doc_id)
        if stored:
            return stored
    return extract_terms(doc)


def _index(ctx: StageContext, doc: DocText) -> TermIndex:
    return index_terms(doc, _terms(ctx, doc))


# --- stages ---------------------------------------------------------------------------------
def run_terms(ctx: StageContext) -> None:
    doc = _doc(ctx)
    ctx.report(0.2, "extracting terms")
    terms = extract_terms(doc)
    save_terms(ctx.store.db, doc.doc_id, terms)
    _save_terms_view(ctx, doc, terms, Refinement())
    refined, ref = _refined(ctx, "terms", terms, refine.refine_terms, doc, terms)
    if ref.status != "off":
        if ref.status == "applied":
            save_terms(ctx.store.db, doc.doc_id, refined)
        _save_terms_view(ctx, doc, refined, ref)
    ctx.report(1.0, counted(len(refined), "term"))


def _save_terms_view(ctx: StageContext, doc: DocText, terms: list[Term], ref: Refinement) -> None:
    from pipeline.knowledge.views import terms_markdown

    save_view(
        ctx.store.db,
        doc.doc_id,
        "terms",
        markdown=terms_markdown(terms, doc.title, lang=doc.lang),
        data={"terms": [t.model_dump(mode="json") for t in terms]},
        refinement=ref,
    )


def run_mindmap(ctx: StageContext) -> None:
    doc = _doc(ctx)
    try:
        idx: TermIndex | None = _index(ctx, doc)
    except Exception:  # a heading tree without terms is still a mind map
        log.exception("mind map of %s built without terms", doc.doc_id)
        idx = None
    root = mindmap_mod.build_mindmap(doc, idx)
    _save_mindmap(ctx, doc, root, Refinement())
    if idx is not None:
        names = {
            sec: [idx.terms[t].term for t in ts]
            for sec, ts in section_key_terms(doc, idx, per_section=10).items()
        }
        refined, ref = _refined(ctx, "mind map", root, refine.refine_mindmap, doc, root, names)
        if ref.status != "off":
            _save_mindmap(ctx, doc, refined, ref)


def _save_mindmap(
    ctx: StageContext, doc: DocText, root: mindmap_mod.MindNode, ref: Refinement
) -> None:
    paged = ctx.doc.kind == "pdf"
    save_view(
        ctx.store.db,
        doc.doc_id,
        "mindmap",
        markdown=mindmap_mod.mindmap_markdown(root, lang=doc.lang, paged=paged),
        svg=mindmap_svg(root, paged=paged),
        data={"root": root.model_dump(mode="json")},
        refinement=ref,
    )


def _build_graph(ctx: StageContext, doc: DocText, idx: TermIndex) -> KnowledgeGraph:
    return graph_mod.build_graph(doc, idx)


def run_graph(ctx: StageContext) -> None:
    doc = _doc(ctx)
    idx = _index(ctx, doc)
    ctx.report(0.4, "relating terms")
    g = _build_graph(ctx, doc, idx)
    _save_graph(ctx, doc, g, Refinement())
    refined, ref = _refined(ctx, "knowledge graph", g, refine.refine_graph, doc, g)
    if ref.status != "off":
        _save_graph(ctx, doc, refined, ref)


def _save_graph(ctx: StageContext, doc: DocText, g: KnowledgeGraph, ref: Refinement) -> None:
    save_view(
        ctx.store.db,
        doc.doc_id,
        "graph",
        markdown=graph_mod.graph_markdown(g, lang=doc.lang),
        svg=graph_svg(g),
        data=g.model_dump(mode="json"),
        refinement=ref,
    )


def run_route(ctx: StageContext) -> None:
    doc = _doc(ctx)
    idx = _index(ctx, doc)
    g: KnowledgeGraph | None = None
    if ctx.store.status(doc.doc_id, "graph").state == "ready":
        stored = load_stored_view(ctx.store.db, doc.doc_id, "graph")
        g = KnowledgeGraph.model_validate(stored.data) if stored else None
    g = g or _build_graph(ctx, doc, idx)
    steps = route_mod.build_route(doc, idx, g)
    _save_route(ctx, doc, steps, Refinement())
    refined, ref = _refined(ctx, "learning route", steps, refine.refine_route, doc, steps)
    if ref.status != "off":
        _save_route(ctx, doc, refined, ref)


def _save_route(
    ctx: StageContext, doc: DocText, steps: list[route_mod.RouteStep], ref: Refinement
) -> None:
    save_view(
        ctx.store.db,
        doc.doc_id,
        "route",
        markdown=route_mod.route_markdown(steps, lang=doc.lang),
        data={"steps": [s.model_dump(mode="json") for s in steps]},
        refinement=ref,
    )


def run_summary(ctx: StageContext) -> None:
    doc = _doc(ctx)
    ctx.report(0.3, "choosing sentences")
    summary = summary_mod.build_summary(doc)
    _save_summary(ctx, doc, summary, Refinement())
    refined, ref = _refined(ctx, "summary", summary, refine.refine_summary, doc, summary)
    if ref.status != "off":
        _save_summary(ctx, doc, refined, ref)


def _save_summary(ctx: StageContext, doc: DocText, s: summary_mod.Summary, ref: Refinement) -> None:
    save_view(
        ctx.store.db,
        doc.doc_id,
        "summary",
        markdown=summary_mod.summary_markdown(s, doc.title, lang=doc.lang),
        data=s.model_dump(mode="json"),
        refinement=ref,
    )
