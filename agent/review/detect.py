"""What a kind of sub-goal finds in a document, without running the plan: the blocks its
keywords or pattern select. Planning counts them (value, cost); reflection uses them to
know which sections were relevant."""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import permutations

from agent.review.catalog import Kind, goal_stopwords
from agent.review.scope import DocView, unit_label
from pipeline.perceive.labels import find_cue
from pipeline.text.lang import split_sentences
from pipeline.text.script import HAN_RE
from pipeline.text.segment import query_terms


def goal_terms(goal: str) -> tuple[str, ...]:
    """The goal's content words (what it is about), without the words that say what to do."""
    terms = [t for t in query_terms(goal) if t not in goal_stopwords() and len(t) > 1]
    return tuple(dict.fromkeys(terms))


def goal_phrases(goal: str, blocks: list[str]) -> tuple[str, ...]:
    """Two or three of the goal's content words that the goal writes as one phrase and the
    document writes too ("going concern", "持续经营"): each one term, longest first. Apart,
    their words say little ("going", "concern"; "持续", "经营") and find anything."""
    terms = goal_terms(goal)
    low = goal.lower()
    found: list[str] = []
    for n in (3, 2):
        for run in permutations(terms, n):
            phrase = ("" if HAN_RE.search(run[0]) else " ").join(run)
            if (
                phrase in low  # adjacent in the goal, in this order
                and not any(phrase in f for f in found)
                and any(_written(phrase, b) for b in blocks)
            ):
                found.append(phrase)
    return tuple(found)


def _written(phrase: str, block: str) -> bool:
    if HAN_RE.search(phrase):
        return phrase in block
    return re.search(rf"(?<![a-z]){re.escape(phrase)}(?![a-z])", block) is not None


@lru_cache(maxsize=64)
def _regex(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.I)


def signature(kind: Kind) -> str:
    """One regex standing for what the kind looks for (stored rules match on it)."""
    if kind.regex:
        return kind.regex
    parts = sorted(kind.keywords, key=len, reverse=True)
    return "|".join(re.escape(p) for p in parts)


def block_matches(kind: Kind, view: DocView, n: int, terms: tuple[str, ...] = ()) -> str:
    """The cue that makes block ``n`` a hit of ``kind`` ('' when it is not)."""
    block = view.by_n[n]
    lab = view.labels.get(n)
    if kind.labels and (lab is None or lab.label not in kind.labels):
        return ""
    if kind.tool == "table_by_region" and block.table is not None:
        return "table"
    text = view.running_text(n)  # a sentence the layout cut ends in the next block
    if kind.regex:
        m = _regex(kind.regex).search(text)
        return m.group(0) if m else ""
    words = kind.keywords or terms
    return find_cue(text, tuple(words)) if words else ""


def in_named_section(kind: Kind, view: DocView, n: int) -> bool:
    """Block ``n`` sits under a heading naming a section that states the kind (its nearest
    heading: "Contractual Obligations", not the "Item 7" above it)."""
    heads = view.headings.get(n, ())
    return bool(kind.sections and heads and kind.names_section(heads[-1]))


def hits(kind: Kind, view: DocView, terms: tuple[str, ...] = ()) -> list[int]:
    """The blocks the kind finds: its keyword hits, and every block of a section it names."""
    return [
        b.n
        for b in view.body()
        if b.kind != "heading"
        and (block_matches(kind, view, b.n, terms) or in_named_section(kind, view, b.n))
    ]


_INFLECTION = r"(?:s|es|d|ed|ned|den|ing|ion|ions)?"  # forbid → forbidden, prohibit → prohibited


@lru_cache(maxsize=512)
def _goal_cue(cue: str) -> re.Pattern[str]:
    if HAN_RE.search(cue):
        return re.compile(re.escape(cue))
    return re.compile(rf"(?<![A-Za-z]){re.escape(cue)}{_INFLECTION}(?![A-Za-z])", re.I)


def goal_cue_count(kind: Kind, goal: str) -> int:
    """How many of the kind's cues the goal uses, an English cue in any of its usual
    inflections (a goal asks what is 'forbidden', the cue list says 'forbid')."""
    return sum(1 for cue in kind.goal_cues if _goal_cue(cue).search(goal))


def _cue_in(kind: Kind, text: str, terms: tuple[str, ...]) -> str:
    if kind.regex:
        m = _regex(kind.regex).search(text)
        return m.group(0) if m else ""
    words = kind.keywords or terms
    return find_cue(text, tuple(words)) if words else ""


def sentence_hits(
    kind: Kind, view: DocView, n: int, terms: tuple[str, ...] = ()
) -> list[tuple[str, str, str]]:
    """(sentence, cue, unit) of each sentence of block ``n`` the kind selects. A sentence
    that opens a numbered clause ("3.2 The Provider shall …") is its own unit, so clauses
    that the layout merged into one block are still counted (and cited) one by one."""
    if not block_matches(kind, view, n, terms):
        return []
    block = view.by_n[n]
    if block.table is not None:  # cells are read through table_by_region, not as prose
        return []
    text = block.text
    unit = view.units.get(n, "")
    out = []
    spans = split_sentences(text) or [(0, len(text))]
    if view.continues_previous(n):
        spans = spans[1:]  # its opening words finish the previous block's sentence
    tail = view.continuation(n)
    for i, (start, end) in enumerate(spans):
        sentence = text[start:end].strip()
        if tail and i == len(spans) - 1:
            sentence = f"{sentence} {tail}"  # the layout cut it; cite it whole
        unit = unit_label(sentence) or unit
        cue = _cue_in(kind, sentence, terms)
        if cue and substantive(sentence):
            out.append((sentence, cue, unit))
    return out


# A finding is a statement of at least this many words (or Chinese characters); chosen on
# the bench's judged training findings (bench/review_fit.py: 10 words drops fragments and
# headings-with-a-verb, no confirmed finding).
MIN_WORDS = 10
MIN_CJK = 10
_TOC_TAIL = re.compile(r"\s\d{1,3}(?:\s+Item\s+\w+\.?)?\s*$|\.{4,}", re.I)


def substantive(sentence: str) -> bool:
    """A statement, not a contents line ('Risk Factors 18 Item 1B.') or a stub ('None.')."""
    if _TOC_TAIL.search(sentence):
        return False
    return len(sentence.split()) >= MIN_WORDS or len(HAN_RE.findall(sentence)) >= MIN_CJK
