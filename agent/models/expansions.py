"""Search words a financial or business question implies but rarely states.

Reports state the line items ("operating income", "total revenue"), questions ask for the
metric computed from them ("operating margin"). The planner adds these words to a second
query so the statements the metric is computed from are found, and the judge lets a row
naming them stand in for the metric. Questions also abbreviate what filings spell out
("PPNE", "AGM"): the spelled-out forms are searched for, and a unit using one uses the
abbreviation (``aliases``). The words come from the vocabulary data file
(``pipeline/text/data/finance_terms.json``) that retrieval reads too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agent.rewrite import content_terms
from agent.scope import stem
from pipeline.text.expand import spelled_out
from pipeline.text.finance import vocabulary
from pipeline.text.segment import words

_IDENTIFIER = re.compile(r"[a-z_]+")


@dataclass(frozen=True)
class Alias:
    """An abbreviation of the question and what a text must use to use it."""

    key: str  # the abbreviation as written, lower case ("ppne", "pp&e", "agm")
    pattern: re.Pattern[str]  # the abbreviation in a text, however written ("PP&E", "PPNE")
    fragments: frozenset[str]  # the stemmed words search cuts it into ("pp", "e" for "PP&E")
    phrases: tuple[frozenset[str], ...]  # stemmed content words of each spelled-out form
    ordered: tuple[tuple[str, ...], ...] = ()  # the same words, in their order

    def used_in(self, text: str, found: frozenset[str]) -> bool:
        """Does a text (with ``found``, its stemmed words) use the abbreviation or a form
        of it spelled out: its words in order, close together ("Chief Executive Officer",
        "property, plant and equipment"; not "Chief Supply Officer, Executive Vice
        President")?"""
        if self.pattern.search(text):
            return True
        spelled = [o for p, o in zip(self.phrases, self.ordered, strict=True) if p <= found]
        if not spelled:
            return False
        said = [stem(w) for w in words(text)]
        return any(_in_order(o, said) for o in spelled)


def _in_order(phrase: tuple[str, ...], said: list[str]) -> bool:
    """Are the phrase's words in ``said`` in their order, within a span of at most two
    words more than the phrase ("plant, and equipment")?"""
    span = len(phrase) + 2
    for i, w in enumerate(said):
        if w != phrase[0]:
            continue
        at, j = 1, i + 1
        while at < len(phrase) and j < min(len(said), i + span):
            at += said[j] == phrase[at]
            j += 1
        if at == len(phrase):
            return True
    return False


def metrics(question: str) -> list[tuple[str, tuple[str, ...]]]:
    """The metrics a question names (as worded there), each with the line items that
    stand in for it; longest wording first, each stretch of the question used once."""
    q = question.lower()
    vocab = vocabulary()
    found: list[tuple[int, int, tuple[str, ...]]] = []
    for m in vocab.metrics:
        if m.lines:
            found += [(h.start(), h.end(), m.lines) for p in m.patterns for h in p.finditer(q)]
    for key, lines in vocab.answer_lines.items():
        pattern = re.escape(key) if not key.isascii() else rf"\b{re.escape(key)}\b"
        found += [(h.start(), h.end(), lines) for h in re.finditer(pattern, q)]
    out: list[tuple[str, tuple[str, ...]]] = []
    taken: list[tuple[int, int]] = []
    for start, end, lines in sorted(found, key=lambda f: f[0] - f[1]):
        if any(start < e and end > s for s, e in taken):
            continue
        taken.append((start, end))
        out.append((q[start:end], lines))
    return out


def operands(question: str) -> list[tuple[str, tuple[str, ...]]]:
    """The metrics a question names (as worded there), each with the names of the line
    items its formula is computed from: a cause of a margin's change is told of them ("cost
    of products sold increased as a percent to sales driven by …")."""
    q = question.lower()
    vocab = vocabulary()
    out: list[tuple[str, tuple[str, ...]]] = []
    for m in vocab.metrics:
        hit = m.find(q)
        keys = [k for k in dict.fromkeys(_IDENTIFIER.findall(m.formula)) if k in vocab.items]
        if hit is not None and keys:
            out.append((hit.group(0), tuple(n for k in keys for n in vocab.items[k].names)))
    return out


def kin(word: str) -> frozenset[str]:
    """Stems of the words naming the same kind of member as ``word`` (a stemmed question
    word): its group of member words ("geography": region, market, country …) and the
    forms of it a synonym rule reads as one ("acquisition": acquired)."""
    vocab = vocabulary()
    out: set[str] = set()
    for group in vocab.member_kinds.values():
        stems = {stem(w) for w in group if w.isascii()}
        if word in stems:
            out |= stems
    for pattern, said in vocab.synonyms:
        if pattern.search(word):
            out |= {stem(w) for w in said.split() if pattern.search(w)}
    return frozenset(out - {word})


def expansions(question: str) -> list[str]:
    """Related line-item words for the metrics a question names (longest names first),
    then the spelled-out forms of its abbreviations."""
    q = question.lower()
    out: list[str] = []
    for _, items in metrics(question):
        out += [w for w in items if w not in out and w not in q]
    for _, a in spelled_out(question):
        out += [w for w in a.long if w not in out]
    return out


def aliases(question: str) -> list[Alias]:
    """The question's abbreviations, each with the words of its spelled-out forms."""
    out: list[Alias] = []
    for written, a in spelled_out(question):
        ordered = tuple(o for f in a.long if (o := tuple(stem(w) for w in content_terms(f))))
        phrases = tuple(frozenset(o) for o in ordered)
        fragments = frozenset(stem(w) for w in words(written))
        out.append(Alias(written.lower(), a.pattern, fragments, phrases, ordered))
    return out
