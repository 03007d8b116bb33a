"""A change whose two values two sentences state: the value that ended, and the one that
replaced it.

Filings announce a replacement in two sentences rather than one: "Halden terminated its
$2,000,000,000 revolving credit facility" and, a sentence or a chunk later, "Halden entered
into a new $2,500,000,000 revolving credit facility". A question asking how much the figure
changed is answered from both, cited to both: "Change = $2,500,000,000 − $2,000,000,000 =
$500,000,000 [a][b]". Which value came first is told by the sentences' own words (the
``succession`` lists of ``finance_terms.json``: "terminated", "previous" against "new",
"entered into"), never by which value is larger. Each sentence must state one value and say
most of the question's words (as ``sentences.stated_change`` asks of one sentence). When
only one of the two is in the turn, its page is read: the other is most often beside it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from agent.evidence import Evidence, units
from agent.figures.sentences import MIN_SAID, Stated, asked_words, asks_change, said
from agent.scope import stem, word_set
from pipeline.text.finance import vocabulary

# one value with its unit: a sum of money ("$2.5 billion", "$2,500,000,000"), a
# percentage, or an amount in thousands/millions/billions; a bare number (a day, a
# year, a count of days) is no value
_VALUE = re.compile(
    r"(?P<money>\$)\s?(?P<n>\d[\d,]*(?:\.\d+)?)(?:\s*(?P<s>thousand|million|billion)\b)?|"
    r"(?<![\w$.,])(?P<n2>\d[\d,]*(?:\.\d+)?)\s*(?:(?P<pct>%|percent\b)|(?P<s2>thousand|million|billion)\b)",
    re.I,
)


@dataclass(frozen=True)
class Said:
    """A sentence stating one value of the figure asked, and which of the two it is."""

    value: float
    unit: str  # "%" or ""
    scale: str
    money: bool
    role: str  # "then" (the value that ended) or "now" (the one that replaced it)
    said: float  # share of the question's words it says
    text: str
    chunk_id: str
    page: int


@dataclass(frozen=True)
class Succession:
    stated: Stated | None  # the change, when both sentences are in the turn
    page: int | None = None  # else the page of the one found, where the other most often is


def _marked(text: str, words: Sequence[str]) -> bool:
    """Does the text use one of the words, as a word (Chinese: anywhere)?"""
    low = text.lower()
    return any(
        (w in low) if not w.isascii() else re.search(rf"(?<!\w){re.escape(w)}(?!\w)", low)
        for w in words
    )


def succession_role(text: str) -> str:
    """ "then" for a sentence stating a value that ended, "now" for its replacement, ""
    for neither (or both)."""
    then_words, now_words = vocabulary().succession
    then, now = _marked(text, then_words), _marked(text, now_words)
    return "then" if then and not now else "now" if now and not then else ""


def _one_value(text: str) -> tuple[float, str, str, bool] | None:
    """The sentence's one value (value, unit, scale, money), or None for none or several."""
    found = set()
    for m in _VALUE.finditer(text):
        raw = (m.group("n") or m.group("n2")).replace(",", "")
        unit = "%" if m.group("pct") else ""
        scale = (m.group("s") or m.group("s2") or "").lower()
        found.add((float(raw), unit, scale, bool(m.group("money"))))
    return next(iter(found)) if len(found) == 1 else None


def _said_values(question: str, evidence: Sequence[Evidence]) -> list[Said]:
    out = []
    for ev in evidence:
        for p in ev.passages:
            for u in units(p.text):
                if u.kind != "sentence":
                    continue
                role = succession_role(u.text)
                one = _one_value(u.text) if role else None
                share = said(question, u.text) if one else 0.0
                if one is not None and share >= MIN_SAID:
                    out.append(Said(*one, role, share, u.text, p.chunk_id, p.page))
    return out


def successive_change(question: str, evidence: Sequence[Evidence]) -> Succession | None:
    """The change from the sentence stating the value that ended and the one stating its
    replacement; the page to read for the one missing; None when the question asks no
    change or no sentence of the turn states either."""
    if not asks_change(question):
        return None
    found = _said_values(question, evidence)
    best = {
        role: max((s for s in found if s.role == role), key=lambda s: s.said, default=None)
        for role in ("then", "now")
    }
    then, now = best["then"], best["now"]
    if then and now and (then.unit, then.money) == (now.unit, now.money):
        scale = now.scale or then.scale
        value = then.value if then.scale == now.scale else _rescaled(then, scale)
        ids = tuple(dict.fromkeys((now.chunk_id, then.chunk_id)))
        text = f"{now.text} {then.text}"
        name = _name(question, now.text, then.text)
        return Succession(Stated(now.value, value, now.unit, scale, now.money, text, ids, name))
    one = then or now
    return None if one is None else Succession(None, one.page)


def _name(question: str, *sentences: str) -> str:
    """What changed: the question's words that both sentences say, in the question's
    order; names (a word the question capitalises) are the company, not the figure."""
    shared = frozenset.intersection(*(word_set(s) for s in sentences))
    lower = set(re.findall(r"(?<![\w-])[a-z][\w-]*", question))
    words = [
        w for w in asked_words(question) if stem(w) in shared and (w in lower or not w.isascii())
    ]
    return " ".join(dict.fromkeys(words))


_SCALE = {"": 1.0, "thousand": 1e3, "million": 1e6, "billion": 1e9}


def _rescaled(s: Said, scale: str) -> float:
    return s.value * _SCALE[s.scale] / _SCALE[scale]
