"""How relevant a candidate finding is to its sub-goal: the answerability judgement the chat
answers use, not the presence of a keyword.

Each sub-goal is asked as a question (``relevance.json``); the fitted sentence selector
(``agent/models/selector.py``, the one ``judge.py`` answers with) gives each candidate the
probability that it answers it, read with its section's headings. Beside it: whether the
sentence states what the kind asks for (a consequence for a risk, a party's duty for an
obligation), whether it only borrows the kind's word ("we must further enhance our core
capabilities" is an aspiration, not an obligation), whether its headings name the kind,
and whether it is a table row. A logistic model over these (weights fitted by
``bench/review_fit.py`` on the judged training findings) gives the score.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from agent.evidence import Evidence, Passage
from agent.models.judge import candidates
from agent.models.selector import selector
from agent.review.models import Finding, Lang
from agent.rewrite import key_terms
from agent.scope import stem
from pipeline.text import lexicon
from pipeline.text.script import HAN_RE

DATA = Path(__file__).with_name("relevance.json")
FEATURES = ("answers", "states", "titled", "not", "row", "lead_in")


@dataclass(frozen=True)
class KindRules:
    question_en: str
    question_zh: str
    section: tuple[str, ...]
    states: tuple[re.Pattern[str], ...]
    not_: tuple[re.Pattern[str], ...]

    def question(self, lang: Lang) -> str:
        return self.question_zh if lang == "zh" else self.question_en


@dataclass(frozen=True)
class Model:
    weights: dict[str, float]
    threshold: float  # kept at or above
    support: float  # the cited span counts as stating the claim at or above (a report)
    short: int  # findings in the report a reviewer reads first
    cap: int  # findings a report lists at most; the others are counted ("n more")
    duplicate: float  # word overlap above which two findings say the same
    kinds: dict[str, KindRules]
    # … and on pages of rules (a contract's clauses, a policy, a regulation: at least
    # ``rules_share`` of their statements bind a party), where a sentence in the kind's
    # form is what the text is made of and says what it seems to say
    support_rules: float = 0.99
    rules_share: float = 1.0

    def support_at(self, binding_share: float) -> float:
        """The support bar of a finding on a page whose statements bind a party in this
        share (``DocView.binding_share``)."""
        return self.support_rules if binding_share >= self.rules_share else self.support

    def score(self, values: dict[str, float]) -> float:
        z = self.weights.get("bias", 0.0) + sum(
            self.weights.get(k, 0.0) * v for k, v in values.items()
        )
        return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))


# A word class of the lexicon named in a pattern ("{duties.obligation.said.en}"); a
# quantifier ("{0,60}") holds no letters, so it is never read as one.
_CLASS = re.compile(r"\{([a-z_]+(?:\.[a-z_]+)+)\}")


def _patterns(items: Sequence[str]) -> tuple[re.Pattern[str], ...]:
    """The kind's patterns, each word class it names written out as its words' alternation
    (what binds a party is one list, ``lexicon/duties.json``, for the plan and here)."""
    return tuple(
        re.compile(_CLASS.sub(lambda m: lexicon.alternation(m.group(1)), p), re.I) for p in items
    )


@cache
def model() -> Model:
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    kinds = {
        kid: KindRules(
            question_en=k["question_en"],
            question_zh=k["question_zh"],
            section=tuple(w.lower() for w in k["section"]),
            states=_patterns(k["states"]),
            not_=_patterns(k["not"]),
        )
        for kid, k in raw["kinds"].items()
    }
    return Model(
        weights={k: float(v) for k, v in raw["weights"].items()},
        threshold=float(raw["threshold"]),
        support=float(raw["support"]),
        support_rules=float(raw["support_rules"]),
        rules_share=float(raw["rules_share"]),
        short=int(raw["short"]),
        cap=int(raw["cap"]),
        duplicate=float(raw["duplicate"]),
        kinds=kinds,
    )


def _df(question: str, texts: Sequence[str]) -> dict[str, int]:
    """Chunks holding each question word (what the selector weighs words by)."""
    low = [t.lower() for t in texts]
    out: dict[str, int] = {}
    for term in key_terms(question):
        key = stem(term).lower()
        if key:
            out[term] = sum(1 for t in low if key in t)
    return out


def answer_probabilities(
    question: str, findings: Sequence[Finding], headings: Sequence[str], scope_texts: list[str]
) -> list[float]:
    """Per finding, the selector's probability that its sentence answers ``question``, read
    under its headings (``headings[i]``, joined by ' > '); 0 when it uses no question word."""
    passages = [
        Passage(
            chunk_id=f"candidate#{i}",
            doc_id=f.citation.doc_id,
            page=f.citation.page,
            page_end=f.citation.page,
            section=headings[i],
            text=f.text,
            kind="text",
            rank=1,
        )
        for i, f in enumerate(findings)
    ]
    ev = Evidence(
        tool="search_document",
        query=question,
        passages=passages,
        term_df=_df(question, scope_texts),
        scope_chunks=max(1, len(scope_texts)),
    )
    _, found = candidates(question, [ev])
    sel = selector()
    best = [0.0] * len(findings)
    for c in found:
        i = int(c.passage.chunk_id.rpartition("#")[2])
        best[i] = max(best[i], sel.probability(c.features))
    return best


def features(
    kind_id: str,
    finding: Finding,
    headings: str,
    answers: float,
) -> dict[str, float]:
    """The features of one candidate (``FEATURES``); ``headings`` is what it is read under
    (its headings, and a table row's lead-in)."""
    rules = model().kinds.get(kind_id)
    text = finding.text
    states = titled = neg = 0.0
    if rules is not None:
        # a table row is read with its table's lead-in and headings: its cells alone are
        # figures and labels
        said = f"{text} {headings}" if finding.cells else text
        states = 1.0 if any(p.search(said) for p in rules.states) else 0.0
        neg = 1.0 if any(p.search(text) for p in rules.not_) else 0.0
        low = headings.lower()
        titled = 1.0 if any(w in low for w in rules.section) else 0.0
    row = 1.0 if finding.cells else 0.0
    lead = 1.0 if _LEAD_IN.search(text) else 0.0
    return {
        "answers": answers,
        "states": states,
        "titled": titled,
        "not": neg,
        "row": row,
        "lead_in": lead,
    }


def fragment(f: Finding) -> bool:
    """The rest of a sentence the layout cut ("in the purchase or use of …"): its subject is
    on another line, so it reads worse than a whole one (ranked after those)."""
    return not f.cells and f.text[:1].islower()


def headline(text: str) -> bool:
    """A heading read as a sentence ("Risks Related to Economic Conditions"): no end mark,
    and most of its words capitalised."""
    s = text.strip()
    if not s or s[-1] in ".。!！?？;；:：)）" or HAN_RE.search(s):
        return False
    words = [w for w in s.split() if w[:1].isalpha()]
    named = [w for w in words if len(w) > 3]
    return bool(named) and sum(1 for w in named if w[0].isupper()) >= 0.7 * len(named)


# A sentence announcing a list ("… include:", "by, among other things:") says nothing itself.
_LEAD_IN = re.compile(r"[:：]\s*$")


def question_for(kind_id: str, goal: str, lang: Lang) -> str:
    """The sub-goal as a question: the kind's own, or the goal itself for a kind made
    from the goal's words."""
    rules = model().kinds.get(kind_id)
    return rules.question(lang) if rules is not None else goal
