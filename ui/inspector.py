"""Inspect tab: where did extraction go wrong? Quality numbers, page overlays, block text."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import gradio as gr

from pipeline.errors import FolioError
from pipeline.models import Block, Document
from ui import inspect_perception
from ui.i18n import t
from ui.inspect_view import (
    LOW_CONF,
    block_detail_html,
    block_list_html,
    legend_html,
    page_map_html,
    quality,
    quality_html,
)
from ui.labels import Labels
from ui.render import draw_shapes, render_page
from ui.render_layers import LAYERS, block_at, overlay_shapes
from ui.safe import esc
from ui.services import Services

log = logging.getLogger(__name__)

PICK_JS = """
element.addEventListener('click', (e) => {
  const el = e.target.closest('[data-block],[data-page]');
  if (!el) return;
  if (el.dataset.block !== undefined) trigger('click', {block: Number(el.dataset.block)});
  else trigger('click', {page: Number(el.dataset.page)});
});
"""


@dataclass
class InspectComponents:
    doc: gr.Dropdown
    summary: gr.HTML
    page_map: gr.HTML
    layers: gr.CheckboxGroup
    legend: gr.HTML
    prev: gr.Button
    page: gr.Number
    next: gr.Button
    image: gr.Image
    note: gr.HTML
    blocks: gr.HTML
    detail: gr.HTML
    selected: gr.State


def build(labels: Labels) -> InspectComponents:
    # Choices arrive with the timer; a stale or not-yet-listed id must reach the handler
    # (which looks it up in the workspace) instead of failing validation on every tick.
    doc = labels.make(
        gr.Dropdown, {"label": "ins.doc"}, choices=[], elem_id="ins-doc",
        allow_custom_value=True,
    )  # fmt: skip
    summary = gr.HTML("", js_on_load=None, elem_id="ins-summary")
    page_map = gr.HTML("", js_on_load=PICK_JS, elem_id="ins-pagemap")
    with gr.Row(equal_height=False):
        with gr.Column(scale=6, min_width=380):
            with gr.Row(elem_classes=["folio-nav"]):
                layers = labels.make(
                    gr.CheckboxGroup,
                    {"label": "ins.layers"},
                    choice_keys=[(f"layer.{x}", x) for x in LAYERS],
                    value=["blocks", "tables", "ocr"],
                    elem_id="ins-layers",
                    scale=4,
                )
            legend = gr.HTML("", js_on_load=None)  # drawn in the page's language on load
            with gr.Row(elem_classes=["folio-nav"]):
                prev = labels.make(gr.Button, {"value": "pane.prev"}, size="sm")
                # The label is hidden but read out by screen readers: translated too.
                page = labels.make(gr.Number, {"label": "pane.page"}, value=1, precision=0,
                                   minimum=1, show_label=False, container=False,
                                   elem_id="ins-page", min_width=70)  # fmt: skip
                nxt = labels.make(gr.Button, {"value": "pane.next"}, size="sm")
            image = gr.Image(
                show_label=False, type="pil", format="png", interactive=False,
                buttons=["fullscreen", "download"], elem_id="ins-image",
                elem_classes=["folio-page-image"],
            )  # fmt: skip
            note = gr.HTML("", js_on_load=None)
        with gr.Column(scale=4, min_width=320):
            blocks = gr.HTML("", js_on_load=PICK_JS, elem_id="ins-blocks", max_height=420)
            detail = gr.HTML("", js_on_load=None, elem_id="ins-detail")
    return InspectComponents(
        doc, summary, page_map, layers, legend, prev, page, nxt, image, note, blocks, detail,
        gr.State(None),
    )  # fmt: skip


class InspectHandlers:
    def __init__(self, c: InspectComponents, services: Services) -> None:
        self.c = c
        self.s = services

    @property
    def page_outputs(self) -> list[Any]:
        c = self.c
        return [c.page_map, c.page, c.image, c.note, c.blocks, c.detail, c.selected]

    def _doc(self, doc_id: str | None) -> Document | None:
        if not doc_id:
            return None
        try:
            return self.s.folio.document(doc_id)
        except FolioError:
            return None

    def open_doc(self, doc_id: str | None, layers: list[str], lang: str) -> list[Any]:
        doc = self._doc(doc_id)
        if doc is None:
            return [f'<div class="folio-empty">{esc(t("kn.pick_doc", lang))}</div>',
                    legend_html(lang), "", 1, None, "", "", "", None]  # fmt: skip
        return [
            self._summary(doc, lang),
            legend_html(lang),
            *self.show_page(doc_id, 1, layers, None, lang),
        ]

    def summary(self, doc_id: str | None, lang: str) -> str | Any:
        """The document's counts as they are now: embedding and terms go on in the
        background, so the tab redraws them each time it is opened."""
        doc = self._doc(doc_id)
        return gr.update() if doc is None else self._summary(doc, lang)

    def _summary(self, doc: Document, lang: str) -> str:
        folio = self.s.folio
        pages = folio.pages(doc.doc_id)
        q = quality(pages, folio.counts(doc.doc_id), len(folio.terms(doc.doc_id)))
        seen = inspect_perception.load(folio, doc.doc_id)
        dense = self.s.model_state != "lexical"
        html = quality_html(doc, q, lang, dense=dense)
        return html + inspect_perception.summary_html(seen, lang)

    def show_page(
        self,
        doc_id: str | None,
        page: float | None,
        layers: list[str],
        selected: int | None,
        lang: str,
    ) -> list[Any]:
        """Page map, page number, overlay image, note, block list and detail for one page."""
        doc = self._doc(doc_id)
        if doc is None:
            return ["", 1, None, "", "", "", None]
        folio = self.s.folio
        pages = folio.pages(doc.doc_id)
        n = min(max(1, int(page or 1)), max(1, len(pages)))
        blocks = folio.blocks(doc.doc_id, n if doc.kind == "pdf" else None)
        chosen = next((b for b in blocks if b.n == selected), None)
        image, note = self._image(doc, n, blocks, layers=layers, chosen=chosen, lang=lang)
        return [
            page_map_html(pages, n, lang) if doc.kind == "pdf" else "",
            gr.update(value=n, maximum=max(1, len(pages))),
            gr.update(value=image, visible=image is not None),
            note,
            block_list_html(blocks, lang, selected=chosen.n if chosen else None),
            block_detail_html(chosen, lang)
            + inspect_perception.block_html(
                inspect_perception.load(folio, doc.doc_id) if chosen else None,
                chosen,
                lang,
            ),
            chosen.n if chosen else None,
        ]

    def _image(
        self, doc: Document, page: int, blocks: list[Block], *, layers: list[str],
        chosen: Block | None, lang: str,
    ) -> tuple[Any, str]:  # fmt: skip
        if doc.kind != "pdf":
            return None, f'<div class="folio-note">{esc(t("ins.no_pages", lang))}</div>'
        try:
            path = self.s.settings.data_dir / doc.stored_path
            img, zoom = render_page(path, page)
        except (OSError, ValueError, RuntimeError) as exc:
            return None, f'<div class="folio-note failed">{esc(str(exc))}</div>'
        chunks = [
            ch for ch in self.s.folio.chunks(doc.doc_id) if ch.page_start <= page <= ch.page_end
        ]
        shapes = overlay_shapes(
            blocks,
            chunks,
            page,
            layers or [],
            selected=chosen.n if chosen else None,
            low_conf=LOW_CONF,
        )
        low = sum(1 for b in blocks for ln in b.lines if ln.conf is not None and ln.conf < LOW_CONF)
        note = (
            f'<div class="folio-note failed">⚠ {esc(t("ins.low_conf", lang, n=low))}</div>'
            if low
            else ""
        )
        return draw_shapes(img, shapes, zoom), note

    def pick(
        self,
        doc_id: str | None,
        page: float | None,
        layers: list[str],
        lang: str,
        evt: gr.EventData,
    ) -> list[Any]:
        data = getattr(evt, "_data", {}) or {}
        if "page" in data:
            return self.show_page(doc_id, data["page"], layers, None, lang)
        return self.show_page(doc_id, page, layers, data.get("block"), lang)

    def click_image(
        self,
        doc_id: str | None,
        page: float | None,
        layers: list[str],
        lang: str,
        evt: gr.SelectData,
    ) -> list[Any]:
        """A click on the page selects the smallest block under the pointer."""
        doc = self._doc(doc_id)
        if doc is None or not isinstance(evt.index, list | tuple) or len(evt.index) < 2:
            return [gr.skip()] * len(self.page_outputs)
        n = int(page or 1)
        pages = {p.page: p for p in self.s.folio.pages(doc.doc_id)}
        pg = pages.get(n)
        if pg is None:
            return [gr.skip()] * len(self.page_outputs)
        from ui.render import PANE_WIDTH_PX, zoom_for

        zoom = zoom_for(pg.width, pg.height, PANE_WIDTH_PX)
        x, y = float(evt.index[0]) / zoom, float(evt.index[1]) / zoom
        hit = block_at(self.s.folio.blocks(doc.doc_id, n), x, y)
        return self.show_page(doc_id, n, layers, hit.n if hit else None, lang)


def wire(c: InspectComponents, services: Services, lang: gr.Radio, tab: gr.Tab) -> InspectHandlers:
    h = InspectHandlers(c, services)
    doc_outputs = [c.summary, c.legend, *h.page_outputs]
    c.doc.change(h.open_doc, [c.doc, c.layers, lang], doc_outputs)
    tab.select(h.summary, [c.doc, lang], [c.summary], show_progress="hidden")
    nav = [c.doc, c.page, c.layers, c.selected, lang]
    c.prev.click(
        lambda d, p, ly, s, lv: h.show_page(d, (p or 1) - 1, ly, None, lv), nav, h.page_outputs
    )
    c.next.click(
        lambda d, p, ly, s, lv: h.show_page(d, (p or 1) + 1, ly, None, lv), nav, h.page_outputs
    )
    c.page.submit(lambda d, p, ly, s, lv: h.show_page(d, p, ly, None, lv), nav, h.page_outputs)
    c.layers.change(h.show_page, nav, h.page_outputs)
    pick_in = [c.doc, c.page, c.layers, lang]
    c.page_map.click(h.pick, pick_in, h.page_outputs)
    c.blocks.click(h.pick, pick_in, h.page_outputs)
    c.image.select(h.click_image, pick_in, h.page_outputs)
    return h
