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
    """Queue the first pending file as chosen; updates for (row, text, pending)."""
    if not pending:
        return prompt(services.folio, [], lang)
    (path, name), rest = resolve(services.folio, pending, choice)
    if Path(path).exists():
        queued(services.jobs.submit([(path, name)], services.workspace), lang)
    return prompt(services.folio, rest, lang)


def cancel(services: Services, pending: Pending | None, lang: str) -> list[Any]:
    """Drop the first pending file (nothing stored changes); ask about the next one, if any."""
    if not pending:
        return prompt(services.folio, [], lang)
    gr.Info(t("lib.not_added", lang, name=pending[0][1]), duration=3)
    return prompt(services.folio, list(pending[1:]), lang)
