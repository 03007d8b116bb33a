"""Knowledge tab: mind map, knowledge graph, learning route, summary and the term table."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import gradio as gr

from pipeline.knowledge.api import ComponentView, TermMatch
from pipeline.models import KNOWLEDGE_COMPONENTS, ComponentStatus
from ui import pagepane
from ui.i18n import t
from ui.knowledge_view import diagram_html, status_note, terms_html, text_markdown
from ui.labels import Labels
from ui.safe import esc
from ui.services import Services
from ui.summary_view import cited_sentences, summary_html

log = logging.getLogger(__name__)

ROWS_JS = """
element.addEventListener('click', (e) => {
  const row = e.target.closest('[data-index]');
  if (row) trigger('click', {index: Number(row.dataset.index)});
});
"""


# A citation chip, or a fold's title (which opens the fold as well), shows its page.
CITES_JS = """
element.addEventListener('click', (e) => {
  const cite = e.target.closest('[data-cite]');
  if (cite) trigger('click', {cite: Number(cite.dataset.cite)});
});
"""


@dataclass
class KnowledgeComponents:
    doc: gr.Dropdown
    mindmap: gr.HTML
    graph: gr.HTML
    route_note: gr.HTML
    route: gr.Markdown
    summary_note: gr.HTML
    summary: gr.HTML
    query: gr.Textbox
    terms: gr.HTML
    pane: pagepane.PaneComponents
    shown: gr.State


def build(labels: Labels) -> KnowledgeComponents:
    # Choices arrive with the timer; a stale or not-yet-listed id must reach the handler
    # (which looks it up in the workspace) instead of failing validation on every tick.
    doc = labels.make(
        gr.Dropdown, {"label": "kn.doc"}, choices=[], elem_id="kn-doc",
        allow_custom_value=True,
    )  # fmt: skip
    with gr.Row(equal_height=False):
        with gr.Column(scale=6, min_width=360), gr.Tabs():
            with labels.make(gr.Tab, {"label": "kn.mindmap"}, id="kn-mindmap"):
                mindmap = gr.HTML(elem_id="kn-mindmap-body", js_on_load=None)
            with labels.make(gr.Tab, {"label": "kn.graph"}, id="kn-graph"):
                graph = gr.HTML(elem_id="kn-graph-body", js_on_load=None)
            with labels.make(gr.Tab, {"label": "kn.route"}, id="kn-route"):
                route_note = gr.HTML(js_on_load=None)
                route = gr.Markdown(elem_id="kn-route-body", sanitize_html=True)
            with labels.make(gr.Tab, {"label": "kn.summary"}, id="kn-summary"):
                summary_note = gr.HTML(js_on_load=None)
                summary = gr.HTML(elem_id="kn-summary-body", js_on_load=CITES_JS)
        with gr.Column(scale=5, min_width=360):
            query = labels.make(
                gr.Textbox,
                {"label": "kn.filter", "placeholder": "kn.filter_ph"},
                elem_id="kn-filter",
            )
            terms = gr.HTML("", js_on_load=ROWS_JS, elem_id="kn-terms", max_height=360)
            pane = pagepane.build(labels, "kn-pane")
    return KnowledgeComponents(
        doc, mindmap, graph, route_note, route, summary_note, summary, query, terms, pane,
        gr.State(""),
    )  # fmt: skip


def _status(services: Services, doc_id: str, comp: str) -> ComponentStatus | None:
    try:
        return services.folio.document(doc_id).status.get(comp)
    except Exception:
        return None


def _view(services: Services, doc_id: str, comp: Any) -> ComponentView | None:
    try:
        return services.folio.knowledge_view(doc_id, comp)
    except Exception:  # a broken component must not take the tab down
        log.exception("loading %s of %s failed", comp, doc_id)
        return None


def _terms(services: Services, doc_id: str | None) -> list[TermMatch]:
    if not doc_id:
        return []
    try:
        return services.folio.terms(doc_id)
    except Exception:
        log.exception("listing terms of %s failed", doc_id)
        return []


def _term_table(
    services: Services, doc_id: str | None, query: str, lang: str, selected: int | None = None
) -> str:
    """The term table; a document without pages places its terms by section."""
    terms = _terms(services, doc_id)
    status = _status(services, doc_id, "terms") if doc_id else None
    sections: dict[str, str] | None = None
    doc = services.folio.find_document(doc_id) if doc_id and terms else None
    if doc is not None and doc.kind != "pdf":
        chunks = services.folio.get_chunks({term.chunk_id for term in terms})
        sections = {i: c.section[-1] for i, c in chunks.items() if c.section}
    return terms_html(terms, query or "", lang, status=status, selected=selected, sections=sections)


def _text_parts(services: Services, doc_id: str, comp: str, lang: str) -> tuple[str, str]:
    view = _view(services, doc_id, comp)
    if view is None:
        return status_note(comp, _status(services, doc_id, comp), lang), ""
    if comp == "summary" and view.data.get("overview") is not None:
        paged = services.folio.document(doc_id).kind == "pdf"  # text formats: by section
        return "", summary_html(view.data, lang, paged=paged)
    return "", text_markdown(view)


def components_view(services: Services, doc_id: str | None, query: str, lang: str) -> list[Any]:
    """The five knowledge components of a document (the first seven :func:`outputs`)."""
    if not doc_id:
        hint = f'<div class="folio-empty">{esc(t("kn.pick_doc", lang))}</div>'
        return [hint, hint, hint, "", hint, "", hint]
    diagrams = [
        diagram_html(c, _view(services, doc_id, c), _status(services, doc_id, c), lang)
        for c in ("mindmap", "graph")
    ]
    route = _text_parts(services, doc_id, "route", lang)
    summary = _text_parts(services, doc_id, "summary", lang)
    return [*diagrams, *route, *summary, _term_table(services, doc_id, query, lang)]


def show(services: Services, doc_id: str | None, query: str, lang: str) -> list[Any]:
    """Everything on the tab for one document (outputs of :func:`outputs`)."""
    return [
        *components_view(services, doc_id, query, lang),
        *pagepane.updates(services, None, lang),
    ]


def status_signature(services: Services, doc_id: str | None) -> str:
    """Changes whenever a knowledge component of the document moves on, and names the
    document: two documents whose components are all done have the same states, and a
    tick that drew the one picked before (it was under way when the pick changed) must
    not pass for the one picked now."""
    if not doc_id:
        return ""
    try:
        status = services.folio.document(doc_id).status
    except Exception:
        return ""
    states = "|".join(
        f"{c}:{s.state}:{s.progress:.2f}" for c, s in status.items() if c in KNOWLEDGE_COMPONENTS
    )
    return f"{doc_id}|{states}"


def outputs(c: KnowledgeComponents) -> list[Any]:
    return [
        c.mindmap, c.graph, c.route_note, c.route, c.summary_note, c.summary, c.terms,
        *c.pane.outputs,
    ]  # fmt: skip


def wire(c: KnowledgeComponents, services: Services, lang: gr.Radio, timer: gr.Timer) -> None:
    def filter_terms(doc_id: str | None, query: str, lang_value: str) -> str:
        return _term_table(services, doc_id, query, lang_value)

    def open_term(doc_id: str | None, query: str, lang_value: str, evt: gr.EventData) -> list[Any]:
        index = int(getattr(evt, "_data", {}).get("index", -1))
        terms = _terms(services, doc_id)
        if not doc_id or not 0 <= index < len(terms):
            return [gr.skip()] * (1 + len(c.pane.outputs))
        term = terms[index]
        quote = term.sentence or term.definition
        target = pagepane.target_for_quote(services, doc_id, term.chunk_id, term.page, quote)
        table = _term_table(services, doc_id, query, lang_value, selected=index)
        return [table, *pagepane.updates(services, target, lang_value)]

    def open_cite(doc_id: str | None, lang_value: str, evt: gr.EventData) -> list[Any]:
        index = int(getattr(evt, "_data", {}).get("cite", -1))
        view = _view(services, doc_id, "summary") if doc_id else None
        sentences = cited_sentences(view.data) if view is not None else []
        if not doc_id or not 0 <= index < len(sentences):
            return [gr.skip()] * len(c.pane.outputs)
        s = sentences[index]
        target = pagepane.target_for_quote(
            services, doc_id, str(s.get("chunk_id") or ""), int(s.get("page") or 1),
            str(s.get("text") or ""),
        )  # fmt: skip
        return pagepane.updates(services, target, lang_value)

    def follow(doc_id: str | None, query: str, lang_value: str, shown: str) -> list[Any]:
        """Timer tick: redraw the components when the background work on them progressed."""
        sig = status_signature(services, doc_id)
        if sig == shown:
            return [gr.skip()] * 8
        return [*components_view(services, doc_id, query, lang_value), sig]

    def pick(doc_id: str | None, query: str, lang_value: str) -> list[Any]:
        """A document picked: all of it drawn, and what was drawn noted for the ticks."""
        return [*show(services, doc_id, query, lang_value), status_signature(services, doc_id)]

    c.doc.change(pick, [c.doc, c.query, lang], [*outputs(c), c.shown])
    timer.tick(follow, [c.doc, c.query, lang, c.shown], [*outputs(c)[:7], c.shown],
               show_progress="hidden")  # fmt: skip
    c.query.change(filter_terms, [c.doc, c.query, lang], c.terms, show_progress="hidden")
    c.terms.click(open_term, [c.doc, c.query, lang], [c.terms, *c.pane.outputs])
    c.summary.click(open_cite, [c.doc, lang], c.pane.outputs)
    pagepane.wire(c.pane, services, lang)
