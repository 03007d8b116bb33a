"""Reflection: check each claim against its cited source, compute coverage of the relevant
units in code, fill the gaps a candidate the plan left out would have covered, and turn
what failed into stored rules and failure counts for the next plan."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field

from agent.review.catalog import Kind
from agent.review.detect import sentence_hits, signature
from agent.review.errors import RuleConflict
from agent.review.models import Coverage, Finding
from agent.review.plan import Assessed
from agent.review.scope import ReviewScope
from agent.support import check
from pipeline.service import RuleStore

log = logging.getLogger(__name__)

TARGET_COVERAGE = 0.85
UNSUPPORTED_FAILS = 0.2
_NUMBERED_UNIT = {
    "第": r"第\s*[\d一二三四五六七八九十百零〇]+\s*条",
    "§": r"(?m)^\s*(?:Section\s+|§\s*)?\d+\.\d+\s",
}


@dataclass
class Checked:
    kept: list[Finding]
    removed: int = 0
    supported: int = 0
    failed_kinds: dict[str, float] = field(default_factory=dict)


def source_text(scope: ReviewScope, f: Finding) -> str:
    view = scope.view(f.citation.doc_id)
    block = view.by_n.get(f.citation.block)
    if block is None:
        return ""
    if block.table is not None:
        return block.text + "\n" + "\n".join(" ".join(r) for r in block.table.rows)
    return view.running_text(block.n)  # a sentence the layout cut goes on in the next block


def check_claims(scope: ReviewScope, findings: list[Finding]) -> Checked:
    """Unsupported claims are removed when their unit keeps a supported one, else marked;
    low-confidence OCR sources are marked whatever the words say."""
    out = Checked(kept=[])
    units_ok: set[tuple[str, str]] = set()
    verdicts = []
    for f in findings:
        ok = check(f.text, source_text(scope, f)).supported
        verdicts.append(ok)
        if ok and f.credibility != "low_confidence_ocr":
            units_ok.add((f.citation.doc_id, f.unit))
    per_kind: dict[str, list[bool]] = {}
    for f, ok in zip(findings, verdicts, strict=True):
        per_kind.setdefault(f.subgoal, []).append(ok)
        if ok and f.credibility != "low_confidence_ocr":
            out.kept.append(f)
            out.supported += 1
        elif not ok and (f.citation.doc_id, f.unit) in units_ok:
            out.removed += 1
        else:
            out.kept.append(f.model_copy(update={"supported": ok, "flagged": True}))
    out.failed_kinds = {
        k: 1 - sum(v) / len(v) for k, v in per_kind.items() if v and 1 - sum(v) / len(v) > 0
    }
    return out


def relevant_units(scope: ReviewScope, candidates: list[Assessed]) -> set[tuple[str, str]]:
    """Units holding something a shown candidate can cite: the part of the section or clause
    tree the goal is about. A table counts for a kind that reads tables; for a kind that
    reads sentences, only a unit with a sentence it selects (a table cell saying 'risk', or
    a fragment too short to be a statement, is no section it left out)."""
    units: set[tuple[str, str]] = set()
    for a in candidates:
        for doc_id, ns in a.hits.items():
            view = scope.view(doc_id)
            for n in ns:
                units |= {(doc_id, u) for _, _, u in sentence_hits(a.kind, view, n)}
                if a.kind.tool == "table_by_region" and view.by_n[n].table is not None:
                    units.add((doc_id, view.units.get(n, "")))
    return units


def coverage(relevant: set[tuple[str, str]], findings: list[Finding]) -> Coverage:
    covered = {(f.citation.doc_id, f.unit) for f in findings if not f.flagged} & relevant
    left = sorted(u for _, u in relevant - covered)
    ratio = len(covered) / len(relevant) if relevant else 1.0
    return Coverage(
        relevant=len(relevant),
        covered=len(covered),
        ratio=round(ratio, 3),
        left_out=[u or "—" for u in left][:40],
    )


def _rule_pattern(kind: Kind, units: list[str]) -> str:
    """A numbered clause structure when the missed units are numbered, else the kind's
    signature: 'when 第X条 appears, run …'."""
    for lead, pattern in _NUMBERED_UNIT.items():
        if units and sum(u.startswith(lead) for u in units) >= len(units) / 2:
            return pattern
    return signature(kind)


def learn(
    store: RuleStore,
    *,
    gap_kinds: dict[str, list[str]],
    kinds: dict[str, Kind],
    failed: dict[str, float],
    run: list[str],
    sample: str,
) -> tuple[list[str], list[str]]:
    """Store rules for what failed; return (rules stored, conflicts)."""
    stored, conflicts = [], []
    for kind_id, units in gap_kinds.items():
        pattern = _rule_pattern(kinds[kind_id], units)
        found = re.search(pattern, sample, re.I)
        reason = f"coverage: {len(units)} relevant units missed, {kind_id} covers them"
        try:
            rule = store.add(
                pattern, f"run:{kind_id}", sample=found.group(0) if found else "", reason=reason
            )
            stored.append(f"#{rule.id} {rule.pattern[:40]} → {rule.action}")
        except RuleConflict as exc:
            conflicts.append(str(exc))
    for kind_id in run:
        share = failed.get(kind_id, 0.0)
        store.record(kind_id, failed=share > UNSUPPORTED_FAILS)
        if share > UNSUPPORTED_FAILS and kind_id in kinds:
            pattern = signature(kinds[kind_id])
            found = re.search(pattern, sample, re.I)
            try:
                rule = store.add(
                    pattern,
                    f"avoid:{kind_id}",
                    sample=found.group(0) if found else "",
                    reason=f"claims: {share:.0%} unsupported",
                )
                stored.append(f"#{rule.id} {rule.pattern[:40]} → {rule.action}")
            except RuleConflict as exc:
                conflicts.append(str(exc))
    return stored, conflicts
