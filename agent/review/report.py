"""The report as Markdown and JSON: findings grouped by sub-goal, every sentence cited."""

from __future__ import annotations

import json
from typing import Any

from agent.review import prompts
from agent.review.models import Finding, Report

GAP = "_gap"


def groups(report: Report) -> list[tuple[str, str, list[Finding]]]:
    """(sub-goal id, title, findings) in plan order; reflection's additions last."""
    titles = {c.id: c.title for c in report.plan.candidates}
    out = []
    for sid in report.plan.chosen:
        out.append((sid, titles.get(sid, sid), [f for f in report.findings if f.subgoal == sid]))
    extra = [f for f in report.findings if f.subgoal not in report.plan.chosen]
    if extra:
        out.append((GAP, prompts.REPORT[report.lang]["gap"], extra))
    return out


def sentence(f: Finding, lang: str) -> str:
    text = " ".join(f.text.split())
    mark = f" ⚠ {prompts.FLAG['zh' if lang == 'zh' else 'en']}" if f.flagged else ""
    return f"{text} {f.citation.label}{mark}"


def to_markdown(report: Report) -> str:
    t = prompts.REPORT[report.lang]
    lines = [
        f"# {t['title'].format(goal=report.goal)}",
        "",
        t["document"].format(name=report.doc_name),
        "",
    ]
    lines += [f"## {t['plan']}", "", t["candidate"], "|---|---|---|---|---|---|---|"]
    for i, c in enumerate(report.plan.candidates, start=1):
        why = c.why.replace("|", "\\|")
        nums = f"{c.value:.2f} | {c.risk:.2f} | {c.cost:.2f} | {c.score:.3f}"
        lines.append(f"| {i} | {c.title} | {nums} | {why} |")
    lines += ["", t["chosen"].format(ids=" → ".join(report.plan.chosen) or "—"), ""]
    for i, (_, title, found) in enumerate(groups(report), start=1):
        lines += [f"## {i}. {title}", ""]
        lines += [f"- {sentence(f, report.lang)}" for f in found] or [t["none"]]
        lines.append("")
    cov = report.coverage
    lines.append(t["coverage"].format(covered=cov.covered, relevant=cov.relevant, ratio=cov.ratio))
    if cov.left_out:
        lines += ["", t["left_out"].format(units=", ".join(cov.left_out))]
    lines += [
        "",
        t["claims"].format(ok=report.claims_supported, n=report.claims, removed=report.removed),
        t["calls"].format(n=len(report.calls), failed=sum(1 for c in report.calls if not c.ok)),
    ]
    if report.rules_created:
        lines.append(t["rules"].format(rules="; ".join(report.rules_created)))
    if report.notices:
        lines += ["", f"### {t['notices']}", *[f"- {n}" for n in report.notices]]
    lines += ["", t["seconds"].format(s=report.seconds)]
    return "\n".join(lines) + "\n"


def to_json(report: Report) -> dict[str, Any]:
    data = report.model_dump()
    data["groups"] = [
        {"subgoal": sid, "title": title, "sentences": [sentence(f, report.lang) for f in found]}
        for sid, title, found in groups(report)
    ]
    data["supported_ratio"] = round(report.supported_ratio, 3)
    return data


def dumps(report: Report) -> str:
    return json.dumps(to_json(report), ensure_ascii=False, indent=2)
