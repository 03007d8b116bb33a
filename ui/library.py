"""Library tab: upload, per-stage progress, the status table, regenerate and delete."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import gradio as gr

from pipeline.errors import FolioError
from pipeline.models import ALL_COMPONENTS, Component
from pipeline.parse import SUFFIXES
from pipeline.stages.registry import background_components
from ui import library_names
from ui.i18n import t
from ui.labels import Labels
from ui.library_view import library_stats, progress_html, status_table_html
from ui.safe import esc
from ui.services import Services
from ui.upload_conflicts import Choice, Pending, split_uploads

log = logging.getLogger(__name__)

ROW_JS = """
element.addEventListener('click', (e) => {
  const row = e.target.closest('[data-doc]');
  if (!row) return;
  const chip = e.target.closest('[data-comp]');
  trigger('click', {doc: row.dataset.doc, comp: chip ? chip.dataset.comp : null});
});
"""


@dataclass
class LibraryComponents:
    upload: gr.File
    progress: gr.HTML
    stats: gr.HTML
    table: gr.HTML
    selected_label: gr.HTML
    component: gr.Dropdown
    regenerate: gr.Button
    delete: gr.Button
    confirm_row: gr.Row
    confirm_text: gr.HTML
    confirm: gr.Button
    cancel: gr.Button
    selected: gr.State
    shown: gr.State
    names: library_names.NamePrompt


def regenerable(dense: bool) -> tuple[Component, ...]:
    """The components the Regenerate picker offers: embedding only on a server that has a
    dense model (a keyword-only server has nothing to embed with, and the picker's first,
    preselected choice must be one that runs)."""
    return tuple(c for c in ALL_COMPONENTS if dense or c != "embed")


def default_component(dense: bool) -> Component:
    """The picker's preselected component: embedding where it runs, else a fresh parse."""
    return "embed" if dense else "parse"


def build(labels: Labels, *, dense: bool = True) -> LibraryComponents:
    """``dense``: the server embeds (see :func:`regenerable`)."""
    with gr.Row(equal_height=False):
        with gr.Column(scale=4, min_width=300):
            # No ``file_types``: Gradio would refuse other files with its own English toast
            # ("Invalid file type") in every interface language; the upload handler refuses
            # them in the page's language instead, and the page script keeps the file
            # dialog's filter (ui/theme.py).
            upload = labels.make(
                gr.File,
                {"label": "lib.upload"},
                file_count="multiple",
                type="filepath",
                height=170,
                elem_id="lib-upload",
            )
            labels.make(gr.Markdown, {"value": "lib.upload_hint"}, elem_classes=["folio-hint"])
        with gr.Column(scale=6, min_width=360):
            labels.make(gr.Markdown, {"value": "lib.progress"}, elem_classes=["folio-h"])
            progress = gr.HTML("", js_on_load=None, elem_id="lib-progress", max_height=320)
    # Right under the upload zone: below a long table the question was out of sight, and a
    # dropped file seemed to do nothing.
    names = library_names.build(labels)
    with gr.Row(elem_classes=["folio-table-head"]):
        labels.make(gr.Markdown, {"value": "lib.documents"}, elem_classes=["folio-h"])
        stats = gr.HTML("", js_on_load=None, elem_id="lib-stats")
    table = gr.HTML("", js_on_load=ROW_JS, elem_id="lib-table")
    with gr.Row(equal_height=True, elem_classes=["folio-actions"]):
        selected_label = gr.HTML("", js_on_load=None, elem_id="lib-selected", scale=4)
        component = labels.make(
            gr.Dropdown,
            {"label": "lib.component"},
            choice_keys=[(f"comp.{c}", c) for c in regenerable(dense)],
            value=default_component(dense),
            show_label=False,
            container=False,
            elem_id="lib-component",
            scale=1,
            min_width=140,
        )
        regenerate = labels.make(
            gr.Button, {"value": "lib.regenerate"}, elem_id="lib-regenerate", scale=0
        )
        delete = labels.make(
            gr.Button, {"value": "lib.delete"}, variant="stop", elem_id="lib-delete", scale=0
        )
    with gr.Row(
        visible=False, elem_classes=["folio-confirm"], elem_id="lib-confirm-row"
    ) as confirm_row:
        confirm_text = gr.HTML("", js_on_load=None)
        cancel = labels.make(gr.Button, {"value": "lib.cancel"}, scale=0, elem_id="lib-cancel")
        confirm = labels.make(
            gr.Button, {"value": "lib.confirm"}, variant="stop", scale=0, elem_id="lib-confirm"
        )
    return LibraryComponents(
        upload, progress, stats, table, selected_label, component, regenerate, delete,
        confirm_row, confirm_text, confirm, cancel, gr.State(None), gr.State(""), names,
    )  # fmt: skip


# Empties the upload zone as soon as an upload event has read its files. Emptied later, by
# the handler's reply, the zone was redrawn under a file dropped meanwhile: its upload was
# lost, or it was added to the old list and the first file offered again.
CLEAR_ZONE_JS = "() => null"


def drawn(progress: str, stats: str, table: str) -> str:
    """What the page shows, as the timer compares it: every handler that draws the table
    says what it drew, or a later tick took a stale table for the current one."""
    return str(hash((progress, stats, table)))


class LibraryHandlers:
    def __init__(self, c: LibraryComponents, services: Services) -> None:
        self.c = c
        self.s = services

    def views(self, selected: str | None, lang: str) -> tuple[str, str, str]:
        docs = self.s.folio.documents()
        by_id = {d.doc_id: d for d in docs}
        stages = ("parse", "ocr", "index", *background_components())
        dense = self.s.model_state != "lexical"
        progress = progress_html(
            self.s.jobs.snapshot(self.s.workspace),
            by_id,
            self.s.jobs.note,
            lang,
            stages=stages,
            dense=dense,
        )
        stats = f'<span class="folio-sub">{esc(library_stats(docs, lang))}</span>' if docs else ""
        failures = self.s.folio.ocr_failures()
        table = status_table_html(docs, lang, selected=selected, failures=failures, dense=dense)
        return progress, stats, table

    def refresh(self, selected: str | None, shown: str, lang: str) -> list[Any]:
        """Timer tick: redraw only when something changed (no flicker, little traffic)."""
        progress, stats, table = self.views(selected, lang)
        key = drawn(progress, stats, table)
        if key == shown:
            return [gr.skip()] * 4
        return [progress, stats, table, key]

    def tick(
        self, selected: str | None, shown: str, pending: Pending | None, lang: str
    ) -> list[Any]:
        """Timer tick: the tables (:meth:`refresh`) and the same-name question."""
        return [*self.refresh(selected, shown, lang), *library_names.redraw(self.s, pending, lang)]

    def upload(self, files: list[str] | None, lang: str) -> list[Any]:
        """Queue the files; those named like a different stored document wait for a choice."""
        folio = self.s.folio
        paths = [Path(f) for f in files or []]
        refused = [p.name for p in paths if p.suffix.lower() not in SUFFIXES]
        if refused:  # nothing of them is stored: no row, no copy
            names = "、".join(refused) if lang == "zh" else ", ".join(refused)
            kinds = " ".join(sorted(SUFFIXES))
            gr.Warning(t("lib.unsupported_files", lang, names=names, kinds=kinds), duration=10)
        kept = [(p, p.name) for p in paths if p.suffix.lower() in SUFFIXES]
        split = split_uploads(folio, kept)
        if split.ready:
            library_names.queued(self.s.jobs.submit(split.ready, self.s.workspace), lang)
        progress, stats, table = self.views(None, lang)
        key = drawn(progress, stats, table)
        return [progress, stats, table, key, *library_names.ask(self.s, split.pending, lang)]

    def select(self, selected: str | None, lang: str, evt: gr.EventData) -> list[Any]:
        data = getattr(evt, "_data", {}) or {}
        doc_id = data.get("doc") or selected
        comp = data.get("comp")
        progress, stats, table = self.views(doc_id, lang)
        offered = regenerable(self.s.model_state != "lexical")
        pick = gr.update(value=comp) if comp in offered else gr.skip()
        return [doc_id, table, drawn(progress, stats, table), self.selected_label(doc_id, lang),
                pick, gr.update(visible=False)]  # fmt: skip

    def selected_label(self, doc_id: str | None, lang: str) -> str:
        name = self._name(doc_id)
        if name is None:
            return f'<div class="folio-sub">{esc(t("lib.select_hint", lang))}</div>'
        return f'<div class="folio-selected">{esc(t("lib.selected", lang, name=name))}</div>'

    def _name(self, doc_id: str | None) -> str | None:
        if not doc_id:
            return None
        try:
            return self.s.folio.document(doc_id).name
        except FolioError:
            return None

    def regenerate(self, doc_id: str | None, component: Component | None, lang: str) -> None:
        name = self._name(doc_id)
        if name is None or doc_id is None:
            gr.Warning(t("lib.no_selection", lang))
            return
        comp: Component = component or default_component(self.s.model_state != "lexical")
        self.s.jobs.regenerate(doc_id, name, comp, self.s.workspace)
        gr.Info(
            t("lib.regenerating", lang, component=t(f"comp.{comp}", lang), name=name), duration=4
        )

    def ask_delete(self, doc_id: str | None, lang: str) -> list[Any]:
        name = self._name(doc_id)
        if name is None:
            gr.Warning(t("lib.no_selection", lang))
            return [gr.update(visible=False), ""]
        question = esc(t("lib.confirm_delete", lang, name=name))
        text = f'<div class="folio-confirm-text">⚠ {question}</div>'
        return [gr.update(visible=True), text]

    def delete(self, doc_id: str | None, lang: str) -> list[Any]:
        name = self._name(doc_id)
        if doc_id and name is not None:
            try:
                self.s.folio.delete(doc_id)
                self.s.jobs.forget(doc_id, self.s.workspace)
                gr.Info(t("lib.deleted", lang, name=name), duration=3)
            except FolioError as exc:
                gr.Warning(str(exc))
        progress, stats, table = self.views(None, lang)
        return [
            gr.update(visible=False),
            None,
            self.selected_label(None, lang),
            progress,
            stats,
            table,
            drawn(progress, stats, table),
        ]


def wire(
    c: LibraryComponents, services: Services, lang: gr.Radio, timer: gr.Timer
) -> LibraryHandlers:
    h = LibraryHandlers(c, services)
    n = c.names
    c.upload.upload(h.upload, [c.upload, lang],
                    [c.progress, c.stats, c.table, c.shown, n.row, n.text, n.pending],
                    # no "processing | 1.3s" over the zone: English in every language; the
                    # progress list shows the files at once
                    show_progress="hidden",
                    # Gradio's default ("once") ignores a drop while the last one is handled
                    trigger_mode="multiple",
                    ).then(None, None, None, js=library_names.SHOW_JS)  # fmt: skip
    # Registered second, so it runs once the handler above has gathered the files.
    c.upload.upload(None, None, c.upload, js=CLEAR_ZONE_JS, show_progress="hidden",
                    trigger_mode="multiple")  # fmt: skip
    choices: tuple[tuple[gr.Button, Choice], ...] = (
        (n.replace, "replace"), (n.keep_both, "keep_both"))  # fmt: skip
    for button, choice in choices:
        button.click(partial(library_names.choose, services, choice),
                     [n.pending, lang], [n.row, n.text, n.pending])  # fmt: skip
    n.cancel.click(partial(library_names.cancel, services), [n.pending, lang],
                   [n.row, n.text, n.pending])  # fmt: skip
    timer.tick(h.tick, [c.selected, c.shown, n.pending, lang],
               [c.progress, c.stats, c.table, c.shown, n.row, n.text, n.pending],
               show_progress="hidden")  # fmt: skip
    c.table.click(h.select, [c.selected, lang],
                  [c.selected, c.table, c.shown, c.selected_label, c.component,
                   c.confirm_row])  # fmt: skip
    c.regenerate.click(h.regenerate, [c.selected, c.component, lang], None)
    c.delete.click(h.ask_delete, [c.selected, lang], [c.confirm_row, c.confirm_text])
    c.cancel.click(lambda: gr.update(visible=False), None, c.confirm_row)
    after_delete = [c.confirm_row, c.selected, c.selected_label, c.progress, c.stats, c.table,
                    c.shown]  # fmt: skip
    c.confirm.click(h.delete, [c.selected, lang], after_delete)
    return h


def refresh_language(h: LibraryHandlers, selected: str | None, lang: str) -> list[Any]:
    """Updates for (progress, stats, table, shown, selected label) in another language."""
    progress, stats, table = h.views(selected, lang)
    key = drawn(progress, stats, table)
    return [progress, stats, table, key, h.selected_label(selected, lang)]
