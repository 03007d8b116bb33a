"""HTML of the Knowledge tab: component bodies (or why they are missing), the term table. Pure."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from pipeline.knowledge.api import ComponentView, TermMatch
from pipeline.models import ComponentStatus
from ui.i18n import t
from ui.mindmap_outline import outline_html
from ui.reasons import localise_reason
from ui.safe import esc, safe_markdown, svg_image
from ui.summary_view import section_chip
from ui.term_context import context_html

# The graph's legend names its edge kinds by their identifiers; readers get words.
_LEGEND = re.compile(r">(defined_with|is_a|part_of|co_occurs|same_section)</text>")


def translate_legend(svg: str, lang: str) -> str:
    """The graph SVG with its legend in ``lang`` (the stored drawing says ``is_a``)."""
    return _LEGEND.sub(lambda m: f">{esc(t('edge.' + m.group(1), lang))}</text>", svg)


def status_note(comp: str, status: ComponentStatus | None, lang: str) -> str:
    """Why a component cannot be shown yet, as a friendly one-liner."""
    name = t(f"comp.{comp}", lang)
    if status is None:
        text = t("kn.missing", lang, component=name)
        cls = "missing"
    elif status.state == "running":
        text = t("kn.running", lang, component=name, pct=round(status.progress * 100))
        cls = "running"
    elif status.state == "failed":
        text = t(
            "kn.failed", lang, component=name, reason=localise_reason(status.reason or "?", lang)
        )
        cls = "failed"
    else:
        text = t("kn.pending", lang, component=name)
        cls = "pending"
    return f'<div class="folio-note {cls}" data-comp="{comp}">{esc(text)}</div>'


def diagram_html(
    comp: str, view: ComponentView | None, status: ComponentStatus | None, lang: str
) -> str:
    """A diagram component (mind map, graph) as a safe image, or its status note."""
    if view is None:
        return status_note(comp, status, lang)
    if view.svg:
        svg = translate_legend(view.svg, lang) if comp == "graph" else view.svg
        # The mind map keeps its own size (its wrap scrolls): shrunk to the column, a
        # report's four levels of boxes print their titles at 6 px.
        css = "folio-diagram folio-diagram-natural" if comp == "mindmap" else "folio-diagram"
        image = svg_image(svg, alt=t(f"comp.{comp}", lang), css_class=css)
        # a phone shows the map's outline first: the drawing at its size is one box wide
        outline = outline_html(view.markdown or "") if comp == "mindmap" else ""
        return f'{outline}<div class="folio-diagram-wrap">{image}</div>'
    return ""


def text_markdown(view: ComponentView | None) -> str:
    """Markdown of a component with any HTML in it shown as text."""
    return safe_markdown(view.markdown) if view is not None and view.markdown else ""


def filter_terms(terms: Sequence[TermMatch], query: str) -> list[tuple[int, TermMatch]]:
    """(index, term) pairs whose term, aliases or definition contain the query (any case)."""
    q = query.strip().lower()
    out = []
    for i, term in enumerate(terms):
        hay = " ".join([term.term, *term.aliases, term.definition]).lower()
        if not q or q in hay:
            out.append((i, term))
    return out


def _meaning_cell(term: TermMatch, lang: str) -> str:
    """The definition; a key concept the document never defines shows the sentence it is
    used in instead, marked as such, so the reader still learns what it is about."""
    if term.definition or not term.sentence:
        return f"<td>{esc(term.definition)}</td>"
    text = context_html(term.sentence, [term.term, *term.aliases])
    label = esc(t("kn.in_context", lang))
    return f'<td class="folio-context"><span class="folio-sub">{label}</span> {text}</td>'


def _place(term: TermMatch, sections: Mapping[str, str] | None) -> str:
    if sections is None:
        return str(term.page)
    return f'<span class="folio-sub">{esc(section_chip(sections.get(term.chunk_id, "")))}</span>'


def terms_html(
    terms: Sequence[TermMatch],
    query: str,
    lang: str,
    *,
    status: ComponentStatus | None = None,
    selected: int | None = None,
    sections: Mapping[str, str] | None = None,
) -> str:
    """The searchable term table; clicking a row shows the definition on its page.

    ``sections`` (chunk id → section title) is given for a document without pages (DOCX,
    MD, TXT): each term is placed by the section it is in, as its summary cites, since
    every line of such a file is on "page 1"."""
    if not terms:
        if status is not None and status.state == "ready":
            return f'<div class="folio-empty">{esc(t("kn.no_terms", lang))}</div>'
        return status_note("terms", status, lang)
    rows = filter_terms(terms, query)
    if not rows:
        return f'<div class="folio-empty">{esc(t("kn.no_match", lang, q=query))}</div>'
    where = "kn.col_page" if sections is None else "kn.col_section"
    head = "".join(
        f"<th>{esc(t(k, lang))}</th>" for k in ("kn.col_term", "kn.col_definition", where)
    )
    body = []
    for i, term in rows:
        aliases = (
            f'<div class="folio-sub">{esc(" · ".join(term.aliases))}</div>' if term.aliases else ""
        )
        cls = "folio-row selected" if i == selected else "folio-row"
        body.append(
            f'<tr class="{cls}" data-index="{i}"><td class="folio-term"><b>{esc(term.term)}</b>'
            f"{aliases}</td>{_meaning_cell(term, lang)}<td>{_place(term, sections)}</td></tr>"
        )
    return (
        f'<div class="folio-table-wrap folio-terms"><table class="folio-table">'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>"
    )
