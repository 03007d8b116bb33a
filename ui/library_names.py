"""The Library tab's prompt for a same-name upload: "Replace", "Keep both" or "Cancel"."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import gradio as gr

from ui.i18n import t
from ui.labels import Labels
from ui.safe import esc
from ui.services import Job, Services
from ui.upload_conflicts import Choice, NameLookup, Pending, resolve

# On a phone the upload zone fills the screen and the prompt lands below it: bring it into
# view, or a dropped file seems to do nothing.
SHOW_JS = """() => {
  const row = document.querySelector('#lib-name-row');
  if (row && row.checkVisibility()) row.scrollIntoView({block: 'center'});
}"""


@dataclass
class NamePrompt:
    row: gr.Row
    text: gr.HTML
    replace: gr.Button
    keep_both: gr.Button
    cancel: gr.Button
    pending: gr.State


def build(labels: Labels) -> NamePrompt:
    with gr.Row(visible=False, elem_classes=["folio-confirm"], elem_id="lib-name-row") as row:
        text = gr.HTML("", js_on_load=None, elem_id="lib-name-text")
        cancel = labels.make(gr.Button, {"value": "lib.cancel"}, scale=0, elem_id="lib-name-cancel")
        keep_both = labels.make(
            gr.Button, {"value": "lib.keep_both"}, scale=0, elem_id="lib-keep-both"
        )
        replace = labels.make(
            gr.Button, {"value": "lib.replace"}, variant="stop", scale=0, elem_id="lib-replace"
        )
    return NamePrompt(row, text, replace, keep_both, cancel, gr.State([]))


def prompt(folio: NameLookup, pending: Pending, lang: str) -> list[Any]:
    """Updates for (row, text, pending): ask about the first pending file, or hide."""
    if not pending:
        return [gr.update(visible=False), "", []]
    name = pending[0][1]
    question = esc(t("lib.name_taken", lang, name=name, other=folio.free_name(name)))
    return [gr.update(visible=True), f'<div class="folio-confirm-text">⚠ {question}</div>', pending]


def queued(jobs: Sequence[Job], lang: str) -> None:
    """Say how many of the submitted files wait to be processed: a file refused as it was
    submitted (a PDF that does not open, an empty file) is not one of them, its card in the
    progress list says why (a toast "1 file queued" beside "Could not add …" said both)."""
    waiting = sum(1 for j in jobs if j.state != "failed")
    if waiting:
        gr.Info(t("lib.queued_files", lang, n=waiting), duration=3)


def choose(services: Services, choice: Choice, pending: Pending | None, lang: str) -> list[Any]:
    """Queue the file the prompt asked about as chosen; updates for (row, text, pending).

    ``pending`` is the list the page drew: its first file is the one asked about. It is
    queued only if it still waits (a second click on the same question queues nothing)."""
    page = services.page
    if pending and services.pending.take(page, pending[0]):
        (path, name), _ = resolve(services.folio, pending[:1], choice)
        if Path(path).exists():
            queued(services.jobs.submit([(path, name)], services.workspace), lang)
    return prompt(services.folio, services.pending.waiting(page), lang)


def cancel(services: Services, pending: Pending | None, lang: str) -> list[Any]:
    """Drop the file asked about (nothing stored changes); ask about the next one, if any."""
    page = services.page
    if pending and services.pending.take(page, pending[0]):
        gr.Info(t("lib.not_added", lang, name=pending[0][1]), duration=3)
    return prompt(services.folio, services.pending.waiting(page), lang)


def ask(services: Services, files: Pending, lang: str) -> list[Any]:
    """Add an upload's same-name files to those the page waits on (never in their place):
    updates for (row, text, pending) asking about the oldest."""
    return prompt(services.folio, services.pending.add(services.page, files), lang)


def redraw(services: Services, drawn: Pending | None, lang: str) -> list[Any]:
    """Timer tick: draw the question again if the page shows another list than the one
    waiting (events that ran at once each drew what they saw)."""
    waiting = services.pending.waiting(services.page)
    if [tuple(p) for p in drawn or []] == waiting:
        return [gr.skip()] * 3
    return prompt(services.folio, waiting, lang)
