"""Planning: three candidate sub-goals scored value × (1 − risk) / cost, the top two run.

* value — relevance to the goal (its words meet the kind's cues) times the kind's presence
  in the document (blocks it would find), moved by stored rules that match the document;
* cost — 1 + estimated tool calls / 10 (hits to read, tables and OCR pages weigh more);
* risk — the stored failure rate of the kind (``RuleStore.failure_rate``).
"""

from __future__ import annotations

from dataclasses import dataclass

from agent.review import prompts
from agent.review.catalog import GOAL_TERMS, Kind, by_id, kinds
from agent.review.detect import goal_cue_count, goal_phrases, goal_terms, hits
from agent.review.models import Lang, Plan, Step, SubGoal
from agent.review.scope import DocView
from pipeline.service import Rule, RuleStore
from pipeline.text.script import HAN_RE
from pipeline.text.segment import query_terms

CANDIDATES = 3
CHOSEN = 2
RULE_BOOST = 0.35
# Relevance weights, chosen on the bench's training goals (bench/review_fit.py):
UNNAMED = 0.15  # a kind the goal does not name
GOAL_WORDS = 0.5  # the kind made of the goal's own words
CUE_FIRST = 0.6  # a kind the goal names once …
CUE_MORE = 0.2  # … and for each further cue
PRESENCE_FULL = 4  # hits at which a kind's presence in the document counts in full


@dataclass
class Assessed:
    kind: Kind
    hits: dict[str, list[int]]
    value: float
    cost: float
    risk: float
    why: list[str]
    rules: list[int]
    named: bool = False  # the goal names it (a cue) or it is made of the goal's words

    @property
    def score(self) -> float:
        return self.value * (1 - self.risk) / self.cost


MAX_TERM_SHARE = 0.1


def specific_terms(goal: str, views: list[DocView]) -> tuple[str, ...]:
    """The goal's words worth searching for: not a named kind's cue (that kind covers it)
    and not in more than a tenth of the blocks ('business' in a 10-K selects everything)."""
    cues = {c for k in kinds() for c in k.goal_cues}
    blocks = [b.text.lower() for v in views for b in v.body()]
    limit = max(3, MAX_TERM_SHARE * len(blocks))
    # a phrase the document writes ("going concern", "持续经营") is searched whole, before
    # and instead of its words, even a named kind's cue ("credit risk": 'risk')
    phrases = tuple(p for p in goal_phrases(goal, blocks) if _share(p, blocks) <= limit)
    terms = goal_terms(goal)
    # the words of a phrase kept, and a Chinese word's parts ("确定" of "不确定性"), go
    inside = {w for p in phrases for w in query_terms(p)}
    inside |= {t for t in terms if HAN_RE.search(t) and any(t != o and t in o for o in terms)}
    return phrases + tuple(
        t for t in terms
        if t not in cues and t not in inside and _share(t, blocks) <= limit
    )  # fmt: skip


def _share(term: str, blocks: list[str]) -> int:
    return sum(1 for b in blocks if term in b)


def goal_kind(goal: str, views: list[DocView]) -> Kind:
    terms = specific_terms(goal, views)
    return Kind(
        GOAL_TERMS,
        f"Find the passages about: {', '.join(terms[:6])}",
        f"查找与“{'、'.join(terms[:6])}”相关的段落",
        "clauses_by_keyword",
        goal_cues=(),
        keywords=terms,
    )


def value_of(cues: int, n_hits: int, *, words_kind: bool) -> float:
    """Relevance to the goal (the cues it names, or its own words) times the kind's
    presence in the document; kinds the goal does not name still rank, well below."""
    if not n_hits:
        return 0.0
    relevance = GOAL_WORDS if words_kind else UNNAMED
    if cues:
        relevance = min(1.0, CUE_FIRST + CUE_MORE * (cues - 1))
    presence = min(1.0, n_hits / PRESENCE_FULL)
    return relevance * (0.4 + 0.6 * presence)


def _assess(
    kind: Kind, goal: str, views: list[DocView], *, lang: Lang, store: RuleStore, rules: list[Rule]
) -> Assessed:
    t = prompts.PLAN[lang]
    found = {v.doc_id: hits(kind, v) for v in views}
    n_hits = sum(len(x) for x in found.values())
    cues = goal_cue_count(kind, goal)
    words_kind = kind.id == GOAL_TERMS and bool(kind.keywords)
    value = value_of(cues, n_hits, words_kind=words_kind)
    named = t["why_words"] if words_kind else t["why_no_goal"]
    why = [
        t["why_goal"].format(n=cues) if cues else named,
        t["why_hits"].format(n=n_hits),
    ]
    used: list[int] = []
    learnt = False  # a stored rule says to run it here: relevant as if the goal named it
    for r in rules:
        if r.kind != kind.id or not n_hits:
            continue
        used.append(r.id)
        learnt = learnt or r.verb == "run"
        value = min(1.0, value + RULE_BOOST) if r.verb == "run" else value * 0.5
        why.append(
            t["why_rule"].format(id=r.id, pattern=r.pattern[:30], action=r.action, hits=r.hits)
        )
    ocr_pages = {
        v.by_n[n].page
        for v in views
        for n in found[v.doc_id]
        if v.labels.get(n) is not None and v.labels[n].credibility == "low_confidence_ocr"
    }
    calls = 1 + n_hits / 20 * kind.weight + 3 * len(ocr_pages)
    risk = store.failure_rate(kind.id)
    return Assessed(
        kind,
        found,
        round(value, 3),
        round(1 + calls / 10, 3),
        round(risk, 3),
        why,
        used,
        named=bool(cues) or words_kind or learnt,
    )


def make_plan(
    goal: str, views: list[DocView], lang: Lang, store: RuleStore
) -> tuple[Plan, dict[str, Assessed]]:
    text = "\n".join(v.text for v in views)
    rules = store.matching(text)
    every = [*kinds(), goal_kind(goal, views)]
    assessed = [_assess(k, goal, views, lang=lang, store=store, rules=rules) for k in every]
    ranked = sorted(assessed, key=lambda a: (-a.score, a.kind.id))[:CANDIDATES]
    candidates = [
        SubGoal(
            id=a.kind.id,
            title=a.kind.title(lang),
            tool=a.kind.tool,
            value=a.value,
            cost=a.cost,
            risk=a.risk,
            score=round(a.score, 3),
            why="; ".join(a.why),
            rules=a.rules,
        )
        for a in ranked
    ]
    chosen = [c.id for c in candidates[:CHOSEN] if c.score > 0]
    steps: list[Step] = []
    t = prompts.PLAN[lang]
    for i, sid in enumerate(chosen, start=1):
        kind = next(a.kind for a in ranked if a.kind.id == sid)
        steps.append(Step(id=f"{i}a", subgoal=sid, tool=kind.tool, title=kind.title(lang)))
        steps.append(
            Step(
                id=f"{i}b",
                subgoal=sid,
                tool="resolve_reference",
                title=t["follow"],
                depends_on=[f"{i}a"],
            )
        )
    steps.append(
        Step(
            id="r",
            subgoal="",
            tool="reflect",
            title=t["reflect"],
            depends_on=[s.id for s in steps],
        )
    )
    plan = Plan(
        goal=goal,
        lang=lang,
        candidates=candidates,
        chosen=chosen,
        steps=steps,
        rules=[r.id for r in rules],
    )
    return plan, {a.kind.id: a for a in assessed}


def kind_of(sid: str, goal: str, views: list[DocView]) -> Kind:
    return by_id(sid) or goal_kind(goal, views)
