"""Refinement by the chat model, when one is configured: each finding reworded into a
plain sentence, validated by schema and re-checked against its source in code. A
rewording that fails the check keeps the offline sentence; a failed call keeps the whole
offline report, with a notice."""

from __future__ import annotations

import logging

from pydantic import BaseModel, Field

from agent.review import prompts
from agent.review.models import Report
from agent.review.reflect import source_text
from agent.review.scope import ReviewScope, document_language
from agent.support import check
from pipeline.knowledge.llm import chat_model, within_deadline
from pipeline.service import Folio

log = logging.getLogger(__name__)
MAX_ITEMS = 60

SYSTEM = {
    "en": "You are a careful document reviewer. Reword each finding as one plain sentence "
    "that serves the goal, using only facts in its source. Never add facts. If the "
    "source does not support a finding, return it unchanged.",
    "zh": "你是一名严谨的文档审阅员。请把每条发现改写成一句服务于审阅目标的简洁中文，"
    "只使用原文中的事实，绝不编造。若原文不支持，请原样返回。",
}


class Reworded(BaseModel):
    index: int = Field(description="The finding's index as given.")
    text: str = Field(description="The reworded sentence, without any citation mark.")


class Refined(BaseModel):
    items: list[Reworded]


def _user(report: Report, scope: ReviewScope) -> str:
    lines = [f"Goal: {report.goal}"]
    for i, f in enumerate(report.findings[:MAX_ITEMS]):
        lines.append(f"[{i}] finding: {f.text}\n    source: {source_text(scope, f)[:600]}")
    return "\n".join(lines)


def refine_report(folio: Folio, scope: ReviewScope, report: Report) -> Report:
    model = chat_model(folio.settings, "review")
    if model is None:
        return report
    lang = report.lang
    # Findings are reworded in the documents' language: each is checked against its source.
    system = SYSTEM[document_language(scope)]
    try:
        user = _user(report, scope)
        out = within_deadline(folio.settings, lambda: model.structured(Refined, system, user))
    except Exception as exc:  # any endpoint or schema failure: the offline report stands
        log.warning("review refinement failed: %s", exc)
        note = prompts.NOTICE[lang]["refine_failed"].format(error=str(exc)[:200])
        return report.model_copy(update={"notices": [*report.notices, note]})
    findings = list(report.findings)
    for item in out.items:
        if not 0 <= item.index < len(findings) or not item.text.strip():
            continue
        f = findings[item.index]
        if check(item.text, source_text(scope, f)).supported:
            findings[item.index] = f.model_copy(update={"text": item.text.strip()})
    note = prompts.NOTICE[lang]["refined"].format(model=model.name)
    return report.model_copy(
        update={"findings": findings, "refined_by": model.name, "notices": [*report.notices, note]}
    )
