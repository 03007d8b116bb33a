"""The page pane: a document page with cited spans highlighted, or a marked passage.

Used by the Chat tab (citations) and the Knowledge tab (term definitions). PDF
pages are rendered by :mod:`ui.render`; other formats show the passage text
with the span marked, since they have no pages to draw.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import gradio as gr
from PIL import Image

from agent.schemas import Answer, Citation
from pipeline.errors import FolioError
from pipeline.knowledge.title import picked_title
from pipeline.models import Box
from pipeline.text.footnote_marks import without_footnote_marks
from pipeline.text.section_path import reading_path
from ui.i18n import t
from ui.labels import Labels
from ui.pane_image import cached_page, tied_caption
from ui.render import Highlight, page_count, page_with_highlights
from ui.safe import esc
from ui.services import Services
from ui.spans import locate, marked_html, quote_boxes, quote_lines

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Mark:
    """One span to highlight: where it is, and which citation number it carries."""

    page: int
    box: Box | None
    marker: int | None = None
    chunk_id: str | None = None
    quote: str = ""


@dataclass(frozen=True)
class PaneTarget:
    doc_id: str
    page: int
    marks: tuple[Mark, ...] = field(default_factory=tuple)
    active: int | None = None


# --- targets ---------------------------------------------------------------------------------


def citation_marks(services: Services, c: Citation) -> list[Mark]:
    """Boxes of a citation; computed from its chunk when the agent sent none."""
    boxes = list(c.boxes)
    if not boxes:
        chunk = services.folio.get_chunk(c.chunk_id)
        if chunk is not None:
            boxes = quote_boxes(chunk, c.quote)
    if not boxes:
        return [Mark(c.page, None, c.marker, c.chunk_id, c.quote)]
    return [Mark(p, b, c.marker, c.chunk_id, c.quote) for p, b in boxes]


def target_for_citation(services: Services, answer: Answer, marker: int) -> PaneTarget | None:
    """The page of citation ``marker`` with every citation of that document marked."""
    cited = {c.marker: c for c in answer.citations}
    active = cited.get(marker)
    if active is None:
        return None
    marks: list[Mark] = []
    for c in answer.citations:
        if c.doc_id == active.doc_id:
            marks += citation_marks(services, c)
    own = [m.page for m in marks if m.marker == marker and m.box is not None]
    page = own[0] if own else active.page
    return PaneTarget(active.doc_id, max(1, page), tuple(marks), marker)


def target_for_quote(
    services: Services, doc_id: str, chunk_id: str, page: int, quote: str
) -> PaneTarget:
    """A page with one quoted sentence (e.g. a term's definition) marked."""
    chunk = services.folio.get_chunk(chunk_id)
    marks: list[Mark] = []
    if chunk is not None:
        marks = [Mark(p, b, None, chunk_id, quote) for p, b in quote_boxes(chunk, quote)]
    if not marks:
        marks = [Mark(page, None, None, chunk_id, quote)]
    first = next((m.page for m in marks if m.box is not None), page)
    return PaneTarget(doc_id, max(1, first), tuple(marks))


# --- rendering -------------------------------------------------------------------------------


@dataclass
class PaneView:
    caption: str
    image: Image.Image | None
    passage: str | None
    page: int
    pages: int


def line_span(lines: Sequence[int], lang: str) -> str:
    a, b = min(lines), max(lines)
    return t("pane.line", lang, a=a) if a == b else t("pane.lines", lang, a=a, b=b)


def _passage_html(services: Services, target: PaneTarget, lang: str) -> str:
    """Non-PDF documents: the cited chunk's text with the quote(s) marked."""
    chunk_ids = [m.chunk_id for m in target.marks if m.chunk_id]
    active = [m.chunk_id for m in target.marks if m.marker == target.active and m.chunk_id]
    candidates = active or chunk_ids
    chunk = services.folio.get_chunk(candidates[0]) if candidates else None
    if chunk is None:
        return f'<div class="folio-pane-empty">{esc(t("pane.empty", lang))}</div>'
    quotes = [m.quote for m in target.marks if m.chunk_id == chunk.chunk_id and m.quote]
    spans = [s for s in (locate(chunk.text, q) for q in quotes) if s is not None]
    lines = sorted({n for q in quotes for n in quote_lines(chunk, q)})
    where = without_footnote_marks(reading_path(chunk.section))
    if lines:
        span = line_span(lines, lang)
        where = span + (f" · {where}" if where else "")
    head = f'<div class="folio-passage-where">{esc(where)}</div>' if where else ""
    body = f'<div class="folio-passage-text">{marked_html(chunk.text, spans)}</div>'
    return f'<div class="folio-passage">{head}{body}</div>'


def passages(marks: Sequence[Mark]) -> int:
    """How many passages the marks highlight: a quote wrapped over two lines is marked by
    a box a line, and is one passage ("2 highlighted passages" was said of one sentence)."""
    return len({(m.marker, m.chunk_id, m.quote or m.box) for m in marks})


def view(services: Services, target: PaneTarget | None, lang: str) -> PaneView:
    """What the pane shows for ``target`` (an empty hint when there is none)."""
    empty = PaneView(
        f'<div class="folio-pane-empty">{esc(t("pane.empty", lang))}</div>', None, None, 1, 1
    )
    if target is None:
        return empty
    try:
        doc = services.folio.document(target.doc_id)
    except FolioError:
        return empty
    if doc.kind != "pdf":
        caption = (
            f'<div class="folio-pane-caption"><b>{esc(picked_title(doc.title, doc.name))}</b></div>'
        )
        return PaneView(caption, None, _passage_html(services, target, lang), 1, 1)
    path = services.settings.data_dir / doc.stored_path
    try:
        pages = page_count(path)
        page = min(max(1, target.page), pages)
        marks = [m for m in target.marks if m.page == page and m.box is not None]
        hl = [Highlight(m.box, m.marker, m.marker == target.active) for m in marks if m.box]
        image = page_with_highlights(path, page, hl)
    except (OSError, ValueError, RuntimeError) as exc:
        log.warning("cannot render %s page %s: %s", doc.name, target.page, exc)
        return empty
    name = picked_title(doc.title, doc.name)  # as the pickers name it: title · file name
    caption = t("pane.caption", lang, name=name, page=page, pages=pages)
    count = passages(marks)
    badge = (
        f'<span class="folio-hl-count" data-highlights="{count}">'
        f"{esc(t('pane.highlights', lang, n=count))}</span>"
        if count
        else '<span class="folio-hl-count" data-highlights="0"></span>'
    )
    html = f'<div class="folio-pane-caption"><b>{esc(caption)}</b>{badge}</div>'
    return PaneView(html, image, None, page, pages)


# --- components ------------------------------------------------------------------------------


@dataclass
class PaneComponents:
    caption: gr.HTML
    image: gr.Image
    passage: gr.HTML
    prev: gr.Button
    page: gr.Number
    next: gr.Button
    nav: gr.Row
    target: gr.State

    @property
    def outputs(self) -> list[Any]:
        return [self.caption, self.image, self.passage, self.page, self.nav, self.target]


def build(labels: Labels, prefix: str) -> PaneComponents:
    target = gr.State(None)
    # Drawn in the page's language by the first language change (every page load has one).
    caption = gr.HTML("", elem_id=f"{prefix}-caption")
    image = gr.Image(
        show_label=False,
        type="pil",
        format="png",
        interactive=False,
        buttons=["fullscreen", "download"],
        elem_id=f"{prefix}-image",
        elem_classes=["folio-page-image"],
        visible=False,
    )
    passage = gr.HTML("", elem_id=f"{prefix}-passage", visible=False)
    with gr.Row(elem_classes=["folio-nav"], visible=False) as nav:
        prev = labels.make(gr.Button, {"value": "pane.prev"}, size="sm", elem_id=f"{prefix}-prev")
        page = labels.make(
            gr.Number,
            {"label": "pane.page"},
            value=1,
            precision=0,
            minimum=1,
            show_label=False,
            container=False,
            elem_id=f"{prefix}-page",
            min_width=70,
        )
        nxt = labels.make(gr.Button, {"value": "pane.next"}, size="sm", elem_id=f"{prefix}-next")
    return PaneComponents(caption, image, passage, prev, page, nxt, nav, target)


def updates(services: Services, target: PaneTarget | None, lang: str) -> list[Any]:
    """Values for :attr:`PaneComponents.outputs`. A page image goes by the address its
    caption names (:mod:`ui.pane_image`): the caption never shows over the page before."""
    v = view(services, target, lang)
    is_pdf = v.image is not None
    caption, image = v.caption, None
    if v.image is not None:
        image, key = cached_page(v.image)
        caption = tied_caption(caption, key, t("pane.loading", lang, page=v.page))
    return [
        caption,
        gr.update(value=image, visible=is_pdf),
        gr.update(value=v.passage or "", visible=v.passage is not None),
        gr.update(value=v.page, maximum=v.pages),
        gr.update(visible=is_pdf),
        target if target is None else replace(target, page=v.page),
    ]


def waiting(lang: str) -> list[Any]:
    """Values for :attr:`PaneComponents.outputs` while an answer is being found: no page
    (the last answer's page is not this question's), a line saying the sources will come."""
    caption = (
        f'<div class="folio-pane-empty folio-pane-waiting">{esc(t("pane.waiting", lang))}</div>'
    )
    return [
        caption,
        gr.update(value=None, visible=False),
        gr.update(value="", visible=False),
        gr.skip(),
        gr.update(visible=False),
        None,
    ]


def wire(c: PaneComponents, services: Services, lang: gr.Radio) -> None:
    """Page navigation: previous / next / typed page number, highlights kept."""

    def go(target: PaneTarget | None, page: float | None, delta: int, lang_value: str) -> list[Any]:
        if target is None:
            return updates(services, None, lang_value)
        new = int(page or target.page) + delta
        return updates(services, replace(target, page=max(1, new)), lang_value)

    c.prev.click(
        lambda tg, p, lv: go(tg, p, -1, lv),
        [c.target, c.page, lang],
        c.outputs,
        show_progress="hidden",
    )
    c.next.click(
        lambda tg, p, lv: go(tg, p, 1, lv),
        [c.target, c.page, lang],
        c.outputs,
        show_progress="hidden",
    )
    c.page.submit(
        lambda tg, p, lv: go(tg, p, 0, lv),
        [c.target, c.page, lang],
        c.outputs,
        show_progress="hidden",
    )


def merge_marks(*groups: Sequence[Mark]) -> tuple[Mark, ...]:
    return tuple(m for g in groups for m in g)
