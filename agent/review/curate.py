"""From candidates to the findings a reviewer keeps: boilerplate out, relevance scored,
near-duplicates merged, the rest ranked, and the first few the short report.

Every candidate has passed the claim check already (``reflect.check_claims``); what is
dropped here is counted by reason so the report can say how many and why.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from agent.review.models import Coverage, Finding, Lang
from agent.review.relevance import (
    answer_probabilities,
    features,
    fragment,
    headline,
    model,
    question_for,
)
from agent.review.scope import DocView, ReviewScope
from pipeline.text.boilerplate import (
    Kind,
    block_kind,
    contents_table,
    kind_of,
)
from pipeline.text.script import HAN, is_han_char

PER_SUBGOAL = 3  # the short report shows at least this many of each sub-goal that has some
FRAGMENT = 0.3  # what a sentence cut by the layout loses in the ranking
LIKELY = 0.5  # … of those at least this likely to be kept: a weak part does not crowd it


@dataclass
class Curated:
    findings: list[Finding]  # ranked, best first, at most the model's cap
    shown: int
    dropped: Counter[str] = field(default_factory=Counter)
    more: int = 0  # judged relevant too, beyond the cap: counted, not listed


def boilerplate(view: DocView, f: Finding) -> Kind | None:
    """The boilerplate kind of a finding: its own words; a table row by its table (a table
    of contents) and its words only; a sentence also under its nearest heading and, when
    short, beside its page (``block_kind``)."""
    n = f.citation.block
    block = view.by_n.get(n)
    end = signed_at(view)
    if end and f.citation.page > end:
        return "exhibits"  # a document filed with the report, after its signatures
    if block is not None and block.table is not None:
        return "contents" if contents_table(block.table.rows) else kind_of(f.text)
    found = kind_of(f.text)
    if found is not None:
        return found
    return block_kind(
        f.text, view.headings.get(n, ())[-1:], view.page_texts.get(f.citation.page, [])
    )


def signed_at(view: DocView) -> int:
    """The page a report is signed on (``DocView.signed_page``, read once per document)."""
    return view.signed_page


_WORD = re.compile(r"[" + HAN + r"]{1}|[A-Za-z0-9]+")


def _tokens(text: str) -> set[str]:
    toks = [t.lower() for t in _WORD.findall(text)]
    han = [t for t in toks if is_han_char(t[0])]
    pairs = {a + b for a, b in itertools.pairwise(han)}
    return {t for t in toks if len(t) > 1 or t.isdigit()} | pairs


def similar(a: str, b: str, at: float) -> bool:
    """Two findings say the same: most of the shorter one's words are in the longer one,
    or their words overlap by ``at`` (Jaccard)."""
    ta, tb = _tokens(a), _tokens(b)
    if not ta or not tb:
        return a.strip() == b.strip()
    inter = len(ta & tb)
    return inter / min(len(ta), len(tb)) >= 0.9 or inter / len(ta | tb) >= at


def scored(
    scope: ReviewScope, findings: Sequence[Finding], goal: str, lang: Lang
) -> list[tuple[Finding, dict[str, float]]]:
    """Each finding with its relevance score to its sub-goal, and the features it read."""
    out: list[tuple[Finding, dict[str, float]]] = [(f, {}) for f in findings]
    by_kind: dict[str, list[int]] = {}
    for i, f in enumerate(findings):
        by_kind.setdefault(f.subgoal, []).append(i)
    texts = [c.text for v in scope.views() for c in v.chunks]
    m = model()
    for kind_id, idx in by_kind.items():
        group = [findings[i] for i in idx]
        heads = [context_of(scope.view(f.citation.doc_id), f) for f in group]
        probs = answer_probabilities(question_for(kind_id, goal, lang), group, heads, texts)
        for i, f, head, p in zip(idx, group, heads, probs, strict=True):
            values = features(kind_id, f, head, p)
            out[i] = (f.model_copy(update={"score": round(m.score(values), 4)}), values)
    return out


def context_of(view: DocView, f: Finding) -> str:
    """What a finding is read under: its headings, and for a table row also the sentence
    that announces the table ("The following table sets the maximum fees …")."""
    n = f.citation.block
    parts = list(view.headings.get(n, ()))
    if f.cells:
        body = [b for b in view.body() if b.n < n]
        if body and body[-1].kind != "heading" and body[-1].table is None:
            parts.append(body[-1].text)
    return " > ".join(parts)


def score(scope: ReviewScope, findings: Sequence[Finding], goal: str, lang: Lang) -> list[Finding]:
    return [f for f, _ in scored(scope, findings, goal, lang)]


def curate(
    scope: ReviewScope,
    findings: Sequence[Finding],
    goal: str,
    lang: Lang,
    *,
    short: int = 0,
    asked: frozenset[str] = frozenset(),
) -> Curated:
    """``asked``: the sub-goals the goal names; a sub-goal run for its presence alone (the
    plan's second choice for "the limits in the tables" may be prohibitions) adds none."""
    m = model()
    dropped: Counter[str] = Counter()
    kept: list[Finding] = []
    for f in findings:
        kind = boilerplate(scope.view(f.citation.doc_id), f)
        if asked and f.subgoal not in asked:
            dropped["not asked"] += 1
        elif kind is not None:
            dropped[f"boilerplate: {kind}"] += 1
        else:
            kept.append(f)
    ranked: list[Finding] = []
    # whole sentences before cut ones of about the same relevance
    for f in sorted(score(scope, kept, goal, lang), key=lambda f: FRAGMENT * fragment(f) - f.score):
        # a heading read as a sentence names a topic, it states nothing (as in judge.py)
        if f.score < m.threshold or (not f.cells and headline(f.text)):
            dropped["not relevant"] += 1
        elif fragment(f):
            # a finding is a whole sentence or a table row: the rest of one whose start the
            # layout put elsewhere reads as nothing on its own
            dropped["fragment"] += 1
        elif any(similar(f.text, g.text, m.duplicate) for g in ranked):
            dropped["duplicate"] += 1
        else:
            page_share = scope.view(f.citation.doc_id).binding_share(f.citation.page)
            ranked.append(stated(f, m.support_at(page_share)))
    ranked = _short_first(ranked, short or m.short)
    more = max(0, len(ranked) - m.cap)
    return Curated(
        findings=ranked[: m.cap],
        shown=min(len(ranked), short or m.short, m.cap),
        dropped=dropped,
        more=more,
    )


def stated(f: Finding, support: float) -> Finding:
    """A finding's claim is that its cited span states what its sub-goal asks: supported
    when the span is the source's (the claim check) and judged to state it with the
    probability at which judged findings are right nine times in ten — on a report's pages
    and on pages of rules, each read apart (``Model.support_at``); a finding kept below
    that is marked for a person to confirm."""
    ok = f.supported and f.score >= support
    return f.model_copy(update={"supported": ok, "flagged": f.flagged or not ok})


def _short_first(ranked: list[Finding], short: int) -> list[Finding]:
    """The ranked list with the short report first: the best of each sub-goal (up to
    PER_SUBGOAL), then the best of the rest, up to ``short``; the others after, ranked."""
    head: list[Finding] = []
    seen: Counter[str] = Counter()
    for f in ranked:
        if seen[f.subgoal] < PER_SUBGOAL and len(head) < short and f.score >= LIKELY:
            head.append(f)
            seen[f.subgoal] += 1
    for f in ranked:
        if len(head) >= short:
            break
        if not any(f is h for h in head):
            head.append(f)
    head.sort(key=lambda f: FRAGMENT * fragment(f) - f.score)
    rest = [f for f in ranked if not any(f is h for h in head)]
    return head + rest


def report_coverage(
    asked: Sequence[tuple[str, str]], ranked: Sequence[Finding], shown: int
) -> Coverage:
    """Coverage of what the goal asks for: each asked part (sub-goal id, title) has a
    relevant finding or is named as left out; the sections holding relevant findings are
    counted, and those the short report leaves to the full list are named."""
    found = {f.subgoal for f in ranked}
    missing = [title for sid, title in asked if sid not in found]
    relevant = list(dict.fromkeys((f.citation.doc_id, f.unit) for f in ranked))
    covered = {(f.citation.doc_id, f.unit) for f in ranked[:shown]}
    left = [u or "—" for d, u in relevant if (d, u) not in covered]
    n = len(asked)
    return Coverage(
        relevant=n,
        covered=n - len(missing),
        ratio=round((n - len(missing)) / n, 3) if n else 1.0,
        left_out=missing,
        asked=[title for _, title in asked],
        sections=len(relevant),
        sections_shown=len(covered),
        sections_left_out=left[:40],
    )
