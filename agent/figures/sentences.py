"""Arithmetic over figures a sentence states, when no table holds them.

Releases and filings often say a figure's two values in one sentence: "Gross margin was
41.2%, compared with 39.8% a year ago", "Backlog grew from $1.2 billion to $1.5 billion".
A question asking how much such a figure changed is answered from that sentence, with
the working shown and cited like any other ("… = 41.2% − 39.8% = 1.4 percentage points
[id]"): each value read with its unit (percent, or an amount in thousands, millions or
billions), both in one unit. The sentence chosen is the one that says most of the
question's words; none says enough of them, no answer (the sentence selector answers).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from agent import prompts
from agent.evidence import Evidence, units
from agent.figures.render import number, subtrahend
from agent.rewrite import content_terms
from agent.scope import stem, word_set
from pipeline.text import lexicon
from pipeline.text.periods import YEAR

_AMOUNT = (
    r"(?P<{n}>\$?\s?\d[\d,]*(?:\.\d+)?)\s*(?P<{n}u>%|percent\b|thousand\b|million\b|billion\b)?"
)
_BEFORE = (
    r"\b(?:compared (?:to|with)|versus|vs\.?|against|up from|down from|from)\s+"
    r"(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,3}?"
)
# "<now> compared with <before>", "from <before> to <now>"
_PAIRS = (
    re.compile(_AMOUNT.format(n="now") + r"[^.;]{0,80}?" + _BEFORE + _AMOUNT.format(n="then")),
    re.compile(
        r"\bfrom\s+"
        + _AMOUNT.format(n="then")
        + r"\s+(?:[^.;$]{0,40}?\s)?to\s+"
        + _AMOUNT.format(n="now")
    ),
)
_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9}
_ASKS_CHANGE = re.compile(
    r"\bby how much\b|\bhow much did\b.*\b(?:"
    + lexicon.alternation("change_words.asked_change_stems")
    + r")|\b(?:"
    + lexicon.alternation("change_words.asked_change_nouns")
    + r")\b.{0,40}\b(?:from|between|compared|versus|vs)\b",
    re.I,
)
_PERCENT_ASKED = re.compile(
    r"\bby what percent|\bpercent(?:age)? (?:change|increase|decrease)|"
    r"\bgrowth rate\b",
    re.I,
)
MIN_SAID = 0.6  # share of the question's content words the sentence must say


@dataclass(frozen=True)
class Stated:
    now: float
    then: float
    unit: str  # "%" or "" (an amount, in ``scale``)
    scale: str  # "million", "billion", "thousand" or ""
    money: bool
    text: str  # the sentence (or sentences) stating them
    chunk_ids: tuple[str, ...]
    name: str = ""  # what changed, in the question's words, when the sentences name it apart


def _value(raw: str, unit: str | None) -> tuple[float, str, str]:
    v = float(raw.replace("$", "").replace(",", "").strip())
    u = (unit or "").lower()
    if u in ("%", "percent"):
        return v, "%", ""
    return v, "", u


def _year(raw: str, unit: str) -> bool:
    return not unit and "$" not in raw and bool(re.fullmatch(r"\s*" + YEAR + r"\s*", raw))


def stated_pairs(text: str) -> list[tuple[float, float, str, str, bool]]:
    """(now, then, unit, scale, money) of each figure a text states twice."""
    out = []
    for pattern in _PAIRS:
        for m in pattern.finditer(text):
            now, nu, ns = _value(m.group("now"), m.group("nowu"))
            then, tu, ts = _value(m.group("then"), m.group("thenu"))
            if nu != tu or _year(m.group("now"), nu or ns) or _year(m.group("then"), tu or ts):
                continue  # a percentage beside an amount, or years: not one figure
            scale = ns or ts
            if ns and ts and ns != ts:  # "$1.2 billion to $980 million": one unit
                then = then * _SCALE[ts] / _SCALE[ns]
            money = "$" in m.group("now") or "$" in m.group("then")
            out.append((now, then, nu, scale, money))
    return out


_MOVES = lexicon.pattern("change_words.stems_moved", template="^(?:{})", flags=re.I)


def asked_words(question: str) -> list[str]:
    """The question's words that name the figure: the words that ask for the move
    ("increase", "improve") and numbers aside, since a sentence says those its own way."""
    return [t for t in content_terms(question) if not t.isdigit() and not _MOVES.match(t)]


def said(question: str, sentence: str) -> float:
    """The share of the question's words naming the figure that the sentence says."""
    asked = {stem(t) for t in asked_words(question)}
    return len(asked & word_set(sentence)) / len(asked) if asked else 0.0


def asks_change(question: str) -> bool:
    return bool(_ASKS_CHANGE.search(question))


def stated_change(question: str, evidence: Sequence[Evidence]) -> Stated | None:
    """The figure a sentence of the turn states twice that the question asks the change
    of, or None."""
    if not asks_change(question):
        return None
    best: tuple[float, Stated] | None = None
    asked = _years(question)
    for ev in evidence:
        for p in ev.passages:
            for u in units(p.text):
                if u.kind != "sentence":
                    continue
                stated = _years(u.text)
                if asked and stated and max(asked) not in stated:
                    continue  # a move between other years ("in 2017 compared to 2016")
                pairs = stated_pairs(u.text)
                share = said(question, u.text) if pairs else 0.0
                if not pairs or share < MIN_SAID or (best and share <= best[0]):
                    continue
                now, then, unit, scale, money = pairs[0]
                best = (share, Stated(now, then, unit, scale, money, u.text, (p.chunk_id,)))
    return best[1] if best else None


def _years(text: str) -> set[int]:
    return {int(y) for y in re.findall(rf"(?<![\d,.]){YEAR}(?![\d,])", text)}


def change_sentence(s: Stated, question: str, lang: prompts.Lang) -> str:
    """The change with its working, cited to the sentence that states both values."""
    scale = f" {s.scale}" if s.scale else ""
    sign = "$" if s.money else ""
    diff = s.now - s.then

    def shown(v: float) -> str:
        return f"{'−' if v < 0 else ''}{sign}{number(abs(v))}{s.unit}"

    if _PERCENT_ASKED.search(question) and s.then:
        pct = diff / abs(s.then) * 100
        working = f"({number(s.now)} − {subtrahend(s.then)}) ÷ {number(s.then)} = {pct:.1f}%"
    elif s.unit == "%":
        working = f"{shown(s.now)} − {shown(s.then)} = {number(round(diff, 2))} percentage points"
    else:
        working = f"{shown(s.now)}{scale} − {shown(s.then)}{scale} = {shown(round(diff, 2))}{scale}"
    cited = "".join(f"[{c}]" for c in s.chunk_ids)
    if lang == "zh":
        return f"{s.name}变化 = {working} {cited}。"
    return f"Change{' in ' + s.name if s.name else ''} = {working} {cited}."
