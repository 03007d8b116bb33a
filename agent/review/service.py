"""One review, end to end: perceive (stored) → plan → execute → reflect → report.

``run_review`` is what the CLI, the UI tab, the API and the bench call. Progress goes to
an optional callback, one event per step, so the UI can stream it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from agent.review import prompts
from agent.review.catalog import GOAL_TERMS, Kind
from agent.review.curate import curate, report_coverage
from agent.review.errors import ReviewError
from agent.review.execute import collect, follow, gap_findings
from agent.review.models import Finding, Lang, Plan, Report, ToolCall
from agent.review.plan import CANDIDATES, Assessed, kind_of, make_plan
from agent.review.reflect import (
    TARGET_COVERAGE,
    check_claims,
    coverage,
    learn,
    relevant_units,
)
from agent.review.scope import ReviewScope, document_language
from pipeline.corpus import Corpus
from pipeline.service import Folio, RuleStore
from pipeline.text.normalise import single_spaces

log = logging.getLogger(__name__)

Event = dict[str, Any]
OnEvent = Callable[[Event], None]


def run_review(
    folio: Folio,
    doc_ids: list[str] | tuple[str, ...],
    goal: str,
    *,
    on_event: OnEvent | None = None,
    refine: bool = True,
    lang: Lang | None = None,
) -> Report:
    """Review the documents for the goal. ``lang`` is the language the plan, notes and
    report are written in (the interface's); by default the documents'. Which findings are
    kept never depends on it: they are judged in the documents' own language."""
    started = time.perf_counter()
    goal = single_spaces(goal)
    if not goal:
        raise ReviewError("Write a goal for the review, e.g. 'list every obligation and penalty'.")
    if not doc_ids:
        raise ReviewError("Pick the document to review.")
    for d in doc_ids:
        doc = folio.document(d)
        if not doc.searchable:
            raise ReviewError(f"'{doc.name}' is not parsed yet; wait until it is indexed.")
    emit = on_event or (lambda e: None)
    scope = ReviewScope(Corpus(folio, doc_ids))
    doc_lang = document_language(scope)
    lang = lang or doc_lang
    store = folio.rules
    plan, assessed = make_plan(goal, scope.views(), lang, store)
    emit({"event": "plan", "plan": plan})
    findings: list[Finding] = []
    calls: list[ToolCall] = []
    notices: list[str] = []
    for i, sid in enumerate(plan.chosen, start=1):
        kind = kind_of(sid, goal, scope.views())
        found, made, hit_blocks = collect(scope, kind, goal)
        _step_done(
            plan, step_id=f"{i}a", made=made, notices=notices, lang=lang, emit=emit, n=len(found)
        )
        refs, made2 = follow(scope, kind, hit_blocks, goal)
        _step_done(
            plan, step_id=f"{i}b", made=made2, notices=notices, lang=lang, emit=emit, n=len(refs)
        )
        findings += _new(findings, found + refs)
        calls += made + made2
    report = _reflect(
        scope,
        plan=plan,
        assessed=assessed,
        findings=findings,
        store=store,
        lang=lang,
        goal=goal,
        doc_lang=doc_lang,
    )
    report.calls, report.notices = calls, notices + report.notices
    if not report.findings:
        report.notices.append(prompts.NOTICE[lang]["no_findings"])
    reflect_step = plan.steps[-1]
    reflect_step.state = "done"
    reflect_step.note = f"{report.claims_supported}/{report.claims}, {report.coverage.ratio:.0%}"
    emit({"event": "step", "step": "r", "state": "done", "message": reflect_step.note})
    if refine and folio.settings.llm_configured:
        from agent.review.refine import refine_report

        report = refine_report(folio, scope, report)
    report.seconds = round(time.perf_counter() - started, 2)
    emit({"event": "report", "report": report})
    return report


def _new(have: list[Finding], more: list[Finding]) -> list[Finding]:
    seen = {(f.citation.doc_id, f.citation.block, f.text) for f in have}
    out = []
    for f in more:
        key = (f.citation.doc_id, f.citation.block, f.text)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def _step_done(
    plan: Plan,
    *,
    step_id: str,
    made: list[ToolCall],
    notices: list[str],
    lang: Lang,
    emit: OnEvent,
    n: int,
) -> None:
    step = next(s for s in plan.steps if s.id == step_id)
    failed = [c for c in made if not c.ok]
    step.state = "fallback" if failed else "done"
    step.note = prompts.PLAN[lang]["step_note"].format(calls=len(made), n=n)
    for c in failed[:3]:
        notices.append(
            prompts.NOTICE[lang]["fallback"].format(step=step_id, tool=c.tool, error=c.error)
        )
    emit({"event": "step", "step": step_id, "state": step.state, "message": step.note})


def _reflect(
    scope: ReviewScope,
    *,
    plan: Plan,
    assessed: dict[str, Assessed],
    findings: list[Finding],
    store: RuleStore,
    lang: Lang,
    goal: str,
    doc_lang: Lang,
) -> Report:
    shown = [assessed[c.id] for c in plan.candidates[:CANDIDATES] if c.value > 0]
    # The relevant part of the document is what the goal asks for: the candidates it names
    # (or that a stored rule made relevant); one ranked on presence alone is not.
    shown = [a for a in shown if a.named] or [assessed[sid] for sid in plan.chosen]
    relevant = relevant_units(scope, shown)
    checked = check_claims(scope, findings)
    kept = checked.kept
    cov = coverage(relevant, kept)
    gap_kinds: dict[str, list[str]] = {}
    if cov.ratio < TARGET_COVERAGE:
        covered = {(f.citation.doc_id, f.unit) for f in kept if not f.flagged}
        missing = relevant - covered
        for a in shown:
            extra = gap_findings(scope, a.kind, missing, goal)
            extra_checked = check_claims(scope, extra).kept
            if extra_checked:
                kept += extra_checked
                units = sorted({f.unit for f in extra_checked})
                missing -= {(f.citation.doc_id, f.unit) for f in extra_checked}
                if a.kind.id not in plan.chosen:
                    gap_kinds[a.kind.id] = units
    named_ids = frozenset(a.kind.id for a in assessed.values() if a.named)
    curated = curate(scope, kept, goal, doc_lang, asked=named_ids)
    dropped = dict(curated.dropped)
    if checked.removed:
        dropped["unsupported"] = checked.removed
    # What the goal asks for: every kind it names, found in the document or not
    named = [a for a in assessed.values() if a.named and a.kind.id != GOAL_TERMS] or shown
    asked = [(a.kind.id, a.kind.title(lang)) for a in named]
    kinds: dict[str, Kind] = {a.kind.id: a.kind for a in assessed.values()}
    sample = "\n".join(v.text for v in scope.views())
    stored, conflicts = learn(
        store,
        gap_kinds=gap_kinds,
        kinds=kinds,
        failed=checked.failed_kinds,
        run=list(plan.chosen),
        sample=sample,
    )
    return Report(
        goal=goal,
        doc_id=",".join(scope.doc_ids),
        doc_name=", ".join(v.name for v in scope.views()),
        lang=lang,
        plan=plan,
        findings=curated.findings,
        coverage=report_coverage(asked, curated.findings, curated.shown),
        claims=len(curated.findings),
        claims_supported=sum(1 for f in curated.findings if f.supported and not f.flagged),
        removed=checked.removed,
        shown=curated.shown,
        more=curated.more,
        dropped=dropped,
        rules_created=stored,
        notices=[prompts.NOTICE[lang]["conflict"].format(error=c) for c in conflicts],
    )
