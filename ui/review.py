"""Review tab (审阅): goal → plan with scores → streamed steps → cited report, exports,
and the learnt rules (list, disable, enable, delete). Clicking a finding shows its source
span highlighted on the page."""

from __future__ import annotations

import logging
import queue
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import gradio as gr

from agent.review.models import Finding, Plan, Report
from agent.review.report import dumps, to_markdown
from agent.review.service import run_review
from pipeline.errors import FolioError
from pipeline.knowledge.title import picked_title
from pipeline.service import RuleStore
from ui import pagepane
from ui.i18n import t
from ui.labels import Labels
from ui.review_view import ROWS_JS, plan_html, report_html, rules_html
from ui.safe import esc
from ui.services import Services

log = logging.getLogger(__name__)
_END = object()


@dataclass
class ReviewComponents:
    doc: gr.Dropdown
    goal: gr.Textbox
    run: gr.Button
    plan: gr.HTML
    report: gr.HTML
    files: gr.File
    rules: gr.HTML
    rule_id: gr.Number
    disable: gr.Button
    enable: gr.Button
    delete: gr.Button
    pane: pagepane.PaneComponents
    state: gr.State
    docs_sig: gr.State


def build(labels: Labels) -> ReviewComponents:
    with gr.Row(equal_height=False):
        with gr.Column(scale=6, min_width=360):
            # Choices arrive with the timer; a stale id must not fail validation meanwhile.
            doc = labels.make(
                gr.Dropdown, {"label": "rv.doc"}, choices=[], elem_id="rv-doc",
                allow_custom_value=True,
            )  # fmt: skip
            goal = labels.make(
                gr.Textbox, {"label": "rv.goal", "placeholder": "rv.goal_ph"}, elem_id="rv-goal"
            )
            run = labels.make(gr.Button, {"value": "rv.run"}, variant="primary", elem_id="rv-run")
            plan = gr.HTML("", js_on_load=None, elem_id="rv-plan")
            report = gr.HTML("", js_on_load=ROWS_JS, elem_id="rv-report")
            # shown once a report exists: an empty export box before any review is noise
            files = labels.make(gr.File, {"label": "rv.export"}, file_count="multiple",
                                interactive=False, visible=False, elem_id="rv-files")  # fmt: skip
            with labels.make(gr.Accordion, {"label": "rv.rules"}, open=False):
                rules = gr.HTML("", js_on_load=None, elem_id="rv-rules")
                with gr.Row():
                    rule_id = labels.make(gr.Number, {"label": "rv.rule_id"}, precision=0,
                                          minimum=1, elem_id="rv-rule-id")  # fmt: skip
                    disable = labels.make(gr.Button, {"value": "rv.disable"}, size="sm",
                                          elem_id="rv-disable")  # fmt: skip
                    enable = labels.make(gr.Button, {"value": "rv.enable"}, size="sm",
                                         elem_id="rv-enable")  # fmt: skip
                    delete = labels.make(gr.Button, {"value": "rv.delete"}, size="sm",
                                         variant="stop", elem_id="rv-delete")  # fmt: skip
        with gr.Column(scale=5, min_width=360):
            pane = pagepane.build(labels, "rv-pane")
    return ReviewComponents(
        doc, goal, run, plan, report, files, rules, rule_id, disable, enable, delete, pane,
        gr.State(None), gr.State(""),
    )  # fmt: skip


def _export(report: Report) -> list[str]:
    folder = Path(tempfile.mkdtemp(prefix="folio-review-"))
    md, js = folder / "review.md", folder / "review.json"
    md.write_text(to_markdown(report), encoding="utf-8")
    js.write_text(dumps(report) + "\n", encoding="utf-8")
    return [str(md), str(js)]


def _files(paths: list[str] | None) -> Any:
    """The export box's update: shown with the report's files, hidden without a report."""
    return gr.update(value=paths, visible=bool(paths))


def stream(services: Services, doc_id: str | None, goal: str, lang: str) -> Iterator[list[Any]]:
    """(plan, report, files, state) as the review goes: the plan first, then each step."""
    if not doc_id or not (goal or "").strip():
        yield [plan_html(None, lang), "", _files(None), None]
        return
    events: queue.Queue[object] = queue.Queue()
    # The visitor's workspace comes from this event's request; the worker thread has none.
    folio = services.folio

    def work() -> None:
        try:
            # the plan and report in the interface's language, whatever the document's
            run_review(
                folio, [doc_id], goal, on_event=events.put, lang="zh" if lang == "zh" else "en"
            )
        except FolioError as exc:
            events.put(exc)
        except Exception as exc:  # shown to the user, logged for us
            log.exception("review failed")
            events.put(exc)
        finally:
            events.put(_END)

    threading.Thread(target=work, name="folio-review", daemon=True).start()
    plan: Plan | None = None
    yield [f'<div class="folio-note">{esc(t("rv.planning", lang))}</div>', "", _files(None), None]
    while (item := events.get()) is not _END:
        if isinstance(item, Exception):
            yield [f'<div class="folio-note failed">{esc(str(item))}</div>', "", _files(None), None]
            return
        assert isinstance(item, dict)
        if item["event"] == "plan":
            plan = item["plan"]
        elif item["event"] == "report":
            report: Report = item["report"]
            yield [plan_html(report.plan, lang), report_html(report, lang),
                   _files(_export(report)), report]  # fmt: skip
            return
        yield [plan_html(plan, lang), gr.skip(), gr.skip(), gr.skip()]


def open_finding(
    services: Services, report: Report | None, lang: str, evt: gr.EventData
) -> list[Any]:
    index = int(getattr(evt, "_data", {}).get("index", -1))
    if report is None or not 0 <= index < len(report.findings):
        return [gr.skip()] * 6
    return pagepane.updates(services, finding_target(services, report.findings[index]), lang)


def finding_target(services: Services, f: Finding) -> pagepane.PaneTarget:
    """Where a finding's highlight goes: its quote in its chunk, or its own box — a table
    row's box (its quote is the row's cells, not words of the chunk)."""
    c = f.citation
    if c.chunk_id and not (f.cells and c.box):
        return pagepane.target_for_quote(services, c.doc_id, c.chunk_id, c.page, c.quote)
    mark = pagepane.Mark(c.page, c.box, None, None, c.quote)
    return pagepane.PaneTarget(c.doc_id, c.page, (mark,))


def _rules(services: Services) -> RuleStore:
    """The learnt rules of the visitor's workspace."""
    return services.folio.rules


def rule_action(services: Services, action: str, rule_id: float | None, lang: str) -> str:
    store = _rules(services)
    if rule_id and store.get(int(rule_id)) is not None:
        if action == "delete":
            store.delete(int(rule_id))
        else:
            store.set_enabled(int(rule_id), action == "enable")
    return rules_html(store.all(), lang)


def doc_choices(services: Services, sig: str, current: str | None) -> list[Any]:
    ready = [d for d in services.folio.documents() if d.searchable]
    new_sig = "|".join(d.doc_id for d in ready)
    if new_sig == sig:
        return [gr.skip(), gr.skip()]
    ids = [d.doc_id for d in ready]
    value = current if current in ids else (ids[0] if ids else None)
    return [
        new_sig,
        gr.update(choices=[(picked_title(d.title, d.name), d.doc_id) for d in ready], value=value),
    ]


def wire(c: ReviewComponents, services: Services, lang: gr.Radio, timer: gr.Timer) -> None:
    def start(doc_id: str | None, goal: str, lang_value: str) -> Iterator[list[Any]]:
        yield from stream(services, doc_id, goal, lang_value)

    def finding_clicked(report: Report | None, lang_value: str, evt: gr.EventData) -> list[Any]:
        return open_finding(services, report, lang_value, evt)

    c.run.click(
        start,
        [c.doc, c.goal, lang],
        [c.plan, c.report, c.files, c.state],
    ).then(lambda lv: rules_html(_rules(services).all(), lv), [lang], c.rules)
    c.report.click(finding_clicked, [c.state, lang], c.pane.outputs)
    for button, action in ((c.disable, "disable"), (c.enable, "enable"), (c.delete, "delete")):
        button.click(
            lambda i, lv, a=action: rule_action(services, a, i, lv), [c.rule_id, lang], c.rules
        )
    timer.tick(
        lambda s, d: doc_choices(services, s, d), [c.docs_sig, c.doc], [c.docs_sig, c.doc],
        show_progress="hidden",
    )  # fmt: skip
    lang.change(lambda lv: rules_html(_rules(services).all(), lv), lang, c.rules)
    lang.change(
        lambda target, lv: pagepane.updates(services, target, lv),
        [c.pane.target, lang],
        c.pane.outputs,
        show_progress="hidden",
    )
    pagepane.wire(c.pane, services, lang)
