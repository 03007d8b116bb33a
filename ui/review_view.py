"""Pure HTML for the Review tab: plan with scores, steps, report with clickable findings,
learnt rules. Everything from a document is escaped."""

from __future__ import annotations

from collections.abc import Sequence

from agent.review.models import Plan, Report
from agent.review.prompts import FLAG
from agent.review.report import covered_parts, dropped_text, groups
from pipeline.service import Rule
from ui.i18n import t
from ui.safe import esc

ROWS_JS = """
element.addEventListener('click', (e) => {
  const row = e.target.closest('[data-index]');
  if (row) trigger('click', {index: Number(row.dataset.index)});
});
"""


def plan_html(plan: Plan | None, lang: str) -> str:
    if plan is None:
        return f'<div class="folio-empty">{esc(t("rv.pick_doc", lang))}</div>'
    head = "".join(
        f"<th>{esc(t(k, lang))}</th>"
        for k in ("rv.col_subgoal", "rv.col_value", "rv.col_risk", "rv.col_cost",
                  "rv.col_score", "rv.col_why", "rv.chosen")
    )  # fmt: skip
    rows = []
    for c in plan.candidates:
        run = "✓" if c.id in plan.chosen else ""
        rows.append(
            f'<tr data-subgoal="{esc(c.id)}"><td>{esc(c.title)}</td><td>{c.value:.2f}</td>'
            f"<td>{c.risk:.2f}</td><td>{c.cost:.2f}</td><td><b>{c.score:.3f}</b></td>"
            f"<td>{esc(c.why)}</td><td>{run}</td></tr>"
        )
    steps = "".join(
        f'<li data-step="{esc(s.id)}" class="rv-{esc(s.state)}">{esc(s.id)} · {esc(s.title)}'
        f"{' ← ' + esc(', '.join(s.depends_on)) if s.depends_on else ''}"
        f" — <i>{esc(t('rv.state_' + s.state, lang))}</i>"
        f"{' · ' + esc(s.note) if s.note else ''}</li>"
        for s in plan.steps
    )
    return (
        f'<div class="folio-table-wrap rv-plan-wrap"><table class="folio-table rv-plan">'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
        f'<div class="rv-steps"><b>{esc(t("rv.steps", lang))}</b><ol>{steps}</ol></div>'
    )


def _finding_li(i: int, text: str, label: str, flag: str) -> str:
    mark = f' <span class="rv-flag">⚠ {esc(flag)}</span>' if flag else ""
    return (
        f'<li class="rv-finding" data-index="{i}">{esc(" ".join(text.split()))} '
        f'<a class="rv-cite">{esc(label)}</a>{mark}</li>'
    )


def _groups_html(report: Report, groups_: list, index: dict[int, int], flag: str) -> str:
    parts = []
    for n, (_, title, found) in enumerate(groups_, start=1):
        items = "".join(
            _finding_li(index[id(f)], f.text, f.citation.label, flag if f.flagged else "")
            for f in found
        )
        if items:
            parts.append(f"<h4>{n}. {esc(title)}</h4><ul>{items}</ul>")
    return "".join(parts)


def report_html(report: Report | None, lang: str) -> str:
    """The short report (the most relevant findings), with every other finding kept one
    click away ('Show all findings'), then coverage, support and what was dropped."""
    if report is None:
        return ""
    index = {id(f): i for i, f in enumerate(report.findings)}
    flag = FLAG["zh" if report.lang == "zh" else "en"]
    parts = [f'<div class="folio-note">{esc(t("rv.click_hint", lang))}</div>']
    parts.append(_groups_html(report, groups(report), index, flag))
    rest = len(report.findings) - (report.shown or len(report.findings))
    if rest > 0:
        shown = {id(f) for f in report.findings[: report.shown]}
        later = [
            (sid, title, [f for f in found if id(f) not in shown])
            for sid, title, found in groups(report, full=True)
        ]
        parts.append(
            f'<details class="rv-all"><summary>{esc(t("rv.show_all", lang, n=rest))}</summary>'
            f"{_groups_html(report, later, index, flag)}</details>"
        )
    if report.more:
        parts.append(f'<div class="folio-note">{esc(t("rv.more", lang, n=report.more))}</div>')
    cov = report.coverage
    sep = "、" if lang == "zh" else ", "
    ratio = f"{cov.ratio:.0%}"
    coverage = t(
        "rv.coverage",
        lang,
        covered=cov.covered,
        relevant=cov.relevant,
        ratio=ratio,
        parts=sep.join(covered_parts(report)) or "—",
    )
    claims = t("rv.claims", lang, ok=report.claims_supported, n=report.claims)
    parts.append(f'<div class="folio-note">{esc(coverage)} · {esc(claims)}</div>')
    if cov.left_out:
        left = t("rv.left_out", lang, units=sep.join(cov.left_out))
        parts.append(f'<div class="folio-note failed">{esc(left)}</div>')
    else:
        parts.append(f'<div class="folio-note">{esc(t("rv.none_left", lang))}</div>')
    if report.dropped:
        why = dropped_text(report)
        dropped = t("rv.dropped", lang, n=sum(report.dropped.values()), why=why)
        parts.append(f'<div class="folio-note">{esc(dropped)}</div>')
    if cov.sections_left_out:
        units = ", ".join(cov.sections_left_out)
        more = t("rv.sections", lang, shown=cov.sections_shown, n=cov.sections, units=units)
        parts.append(f'<div class="folio-note">{esc(more)}</div>')
    parts += [f'<div class="folio-note">{esc(n)}</div>' for n in report.notices]
    return f'<div class="rv-report">{"".join(parts)}</div>'


def rules_html(rules: Sequence[Rule], lang: str) -> str:
    if not rules:
        return f'<div class="folio-empty">{esc(t("rv.no_rules", lang))}</div>'
    head = "".join(
        f"<th>{esc(t(k, lang))}</th>"
        for k in ("rv.rule_id", "rv.col_pattern", "rv.col_action", "rv.col_hits",
                  "rv.col_enabled", "rv.col_used")
    )  # fmt: skip
    rows = "".join(
        f"<tr><td>{r.id}</td><td><code>{esc(r.pattern[:60])}</code></td><td>{esc(r.action)}</td>"
        f"<td>{r.hits}</td><td>{esc(t('rv.yes' if r.enabled else 'rv.no', lang))}</td>"
        f"<td>{esc(r.last_used_at[:10])}</td></tr>"
        for r in rules
    )
    return (
        f'<table class="folio-table rv-rules"><thead><tr>{head}</tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )
