"""The report as Markdown and JSON: findings grouped by sub-goal, every sentence cited."""

from __future__ import annotations

import json
from typing import Any

from agent.review import prompts
from agent.review.models import Finding, Report
from pipeline.text.normalise import single_spaces

GAP = "_gap"


def shown(report: Report, *, full: bool = False) -> list[Finding]:
    """The short report's findings (ranked, best first), or every finding kept."""
    if full or not report.shown:
        return list(report.findings)
    return report.findings[: report.shown]


def groups(report: Report, *, full: bool = False) -> list[tuple[str, str, list[Finding]]]:
    """(sub-goal id, title, findings) in plan order; reflection's additions last."""
    titles = {c.id: c.title for c in report.plan.candidates}
    listed = shown(report, full=full)
    out = []
    for sid in report.plan.chosen:
        out.append((sid, titles.get(sid, sid), [f for f in listed if f.subgoal == sid]))
    extra = [f for f in listed if f.subgoal not in report.plan.chosen]
    if extra:
        out.append((GAP, prompts.REPORT[report.lang]["gap"], extra))
    return out


def sentence(f: Finding, lang: str) -> str:
    text = single_spaces(f.text)
    mark = f" ⚠ {prompts.FLAG['zh' if lang == 'zh' else 'en']}" if f.flagged else ""
    return f"{text} {f.citation.label}{mark}"


def covered_parts(report: Report) -> list[str]:
    """The parts the goal asks for that have findings (``asked`` minus ``left_out``)."""
    cov = report.coverage
    return [p for p in cov.asked if p not in cov.left_out]


def coverage_lines(report: Report) -> list[str]:
    """Plainly: how many of the goal's parts have findings, which, and which were left
    out by name (or that none was)."""
    t = prompts.REPORT[report.lang]
    cov = report.coverage
    sep = "、" if report.lang == "zh" else ", "
    parts = sep.join(covered_parts(report)) or "—"
    lines = [
        t["coverage"].format(
            covered=cov.covered, relevant=cov.relevant, ratio=cov.ratio, parts=parts
        ),
        "",
    ]
    if cov.left_out:
        lines.append(t["left_out"].format(units=sep.join(cov.left_out)))
    else:
        lines.append(t["none_left"])
    return lines


def dropped_text(report: Report) -> str:
    """'12 boilerplate (contents 7, signature 5), 80 not relevant to the sub-goal, …'."""
    names = prompts.REASONS[report.lang]
    plates = {k.split(": ", 1)[1]: n for k, n in report.dropped.items() if ": " in k}
    parts = []
    if plates:
        kinds = prompts.BOILERPLATE_KINDS[report.lang]
        ranked = sorted(plates.items(), key=lambda kv: -kv[1])
        inner = ", ".join(f"{kinds.get(k, k)} {n}" for k, n in ranked)
        parts.append(f"{sum(plates.values())} {names['boilerplate']} ({inner})")
    for key in ("not relevant", "not asked", "duplicate", "fragment", "unsupported"):
        if report.dropped.get(key):
            parts.append(f"{report.dropped[key]} {names[key]}")
    return "; ".join(parts)


def to_markdown(report: Report, *, full: bool = False) -> str:
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
    listed = shown(report, full=full)
    if len(listed) < len(report.findings):
        lines += [t["shown"].format(shown=len(listed), n=len(report.findings)), ""]
    for i, (_, title, found) in enumerate(groups(report, full=full), start=1):
        lines += [f"## {i}. {title}", ""]
        lines += [f"- {sentence(f, report.lang)}" for f in found] or [t["none"]]
        lines.append("")
    if report.more:
        lines += [t["more"].format(n=report.more), ""]
    lines += coverage_lines(report)
    cov = report.coverage
    if cov.sections_left_out:
        lines += [
            "",
            t["sections"].format(
                shown=cov.sections_shown, n=cov.sections, units=", ".join(cov.sections_left_out)
            ),
        ]
    lines += ["", t["claims"].format(ok=report.claims_supported, n=report.claims)]
    if report.dropped:
        n = sum(report.dropped.values())
        lines.append(t["dropped"].format(n=n, why=dropped_text(report)))
    lines += [
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
        for sid, title, found in groups(report, full=True)
    ]
    for i, f in enumerate(data["findings"]):
        f["in_short_report"] = i < (report.shown or len(report.findings))
    data["supported_ratio"] = round(report.supported_ratio, 3)
    return data


def dumps(report: Report) -> str:
    return json.dumps(to_json(report), ensure_ascii=False, indent=2)
