"""Does an answer give the line item and the period asked, or only a neighbour of them?

A figure question names a line item, often with words that say which of its kind
("food and beverage revenue", "subscription revenue"), and a period. A filing that lacks
the line, or the period, still holds the line's neighbours: the total revenue row, the
same row in the years it does cover, a sentence sharing a word of the item ("Research
Data Group" for research and development). Given as the answer they say a different
figure is the one asked. Each answer candidate of a single-figure question is read
against the question:

- the thing a company's figure is asked of, when no line item names it ("<Name>'s
  advertising expense in 2024"): a word of it that no chunk of the scope uses (the
  searches' ``scope_missing``) says the documents lack it;
- the item: a name of a line item asked (``finance_terms.json``) is in the answer or its
  cited sections, and so are the words before it that say which ("subscription"), the
  generic ones aside ("total", "consolidated": ``data/asked_fit.json``);
- the period: each year asked, or a year beside it (a fiscal year is named by the year
  it starts or ends in), is in the answer or its cited passages (a table's column
  headers), or, when it cites no passage, it names no other year; a quarter asked ("the
  third quarter") is, when the documents name quarters and none of theirs is it.

A Chinese question's one year (of no line item) is in the answer or its cited sections'
headings (a year of an article's other event is not the year asked).

A question of a metric (worked from lines, named by its own words) is left to the
figure methods' own checks.

``misfit`` says why a candidate does not fit ("" when it does); ``compose`` then gives the
next candidate, or the refusal quoting what the documents hold nearest.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from agent.each_document import of_documents
from agent.evidence import Evidence, Passage
from agent.models.features import scope_missing
from agent.models.held_focus import kin
from agent.models.report_period import cover_year
from agent.prompts import SUPPORT_HEADER
from agent.question import Question
from agent.scope import stem
from pipeline.text.finance import vocabulary
from pipeline.text.periods import FY_SHORT_RE, LONE_YEAR

DATA = Path(__file__).with_name("data") / "asked_fit.json"
_WORD = re.compile(r"[A-Za-z&][A-Za-z&'’-]*")
_YEAR = re.compile(rf"{LONE_YEAR}|{FY_SHORT_RE.pattern}", re.I)
# "<Name>'s <thing> in|for|as of <period>": the thing a figure is asked of
_OWNED = re.compile(
    r"(?:the company|[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)*)['’]s?\s+([a-z][a-z&,\s-]*?)\s+"
    r"(?:in|for|at|as of|during|on)\b"
)
_ORDINALS = ("first", "second", "third", "fourth")
_QUARTER = re.compile(r"\b(first|second|third|fourth)[-\s]+quarter|\bQ([1-4])\b|\b([1-4])Q\b", re.I)


@cache
def _lists() -> dict[str, frozenset[str]]:
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    return {k: frozenset(raw[k]) for k in ("generic", "stops")}


def misfit(q: Question, text: str, cited: Sequence[Passage], evidence: Sequence[Evidence]) -> str:
    """Why an answer (``text``, citing ``cited``) does not give the single figure asked
    ("" when it does, or the question asks no single line of a period)."""
    said = "\n".join([text, *(p.section for p in cited)])
    whole = "\n".join([said, *(p.text for p in cited)])
    evidence = of_documents(evidence, {p.doc_id for p in cited})
    if q.lang == "zh":  # "2012年…的金牌得主" answered from the 2008 race's article
        # a report's figure is of the period its cover names, which its tables call
        # 本报告期 (``report_period.py``): only a question of no line item is read here
        # the year is in the sentence given or its article's heading, not elsewhere in
        # the passage (an article tells of more than one year)
        gone = [y for y in q.periods if str(y) not in said]
        one = cited and len(q.periods) == 1 and not (q.items or q.metrics)
        return f"it is not of {gone[0]}" if one and gone else ""
    if q.operation != "lookup" or q.metrics:
        return ""  # a metric's answer names the metric and its working, not its lines
    if q.items:
        names = [n for k in q.items for n in vocabulary().items[k].names if n.isascii()]
        if not any(_find(n, said) for n in names):
            return "it names no line item asked"
        stems = _stems(whole)
        missing = [
            w
            for w in qualifiers(q.text, names)
            if not all(stem(x) in stems for x in re.findall(r"[a-z]+", w))
        ]
        if missing:
            return f"it is not the {' '.join(missing)} line asked"
    else:
        # a thing no line item names: its words the scope's chunks never use at all
        unused = scope_missing(evidence)
        missing = [w for w in asked_phrase(q.text) if stem(w) in unused]
        # "ratify" asked, "ratified" written: a word of the same root is the word; and
        # one the passages found write ("re-election" asked, "were elected" in the
        # paragraph above the vote table) says the documents have it, though the unit
        # given does not
        stems = _stems(whole) | _stems("\n".join(p.text for ev in evidence for p in ev.passages))
        if q.periods and missing and not any(kin(stem(w), s) for w in missing for s in stems):
            return f"it does not name the {' '.join(missing)} asked"
        return _of_other_year(q.periods, text.split(SUPPORT_HEADER["en"], 1)[0])
    years = _years(whole)
    # a Chinese report's columns say 本报告期, not the year: its cover names the year
    # (a year it does not cover was refused before: ``report_period.py``)
    covered = cover_year(evidence)
    if covered is not None:
        years |= {covered}
    # a fiscal year is named by the year it starts or ends in ("fiscal 2024" ended on
    # February 1, 2025): only a year with no neighbour among the answer's is another
    gone_years = [y for y in q.periods if not years & {y - 1, y, y + 1}]
    # an answer citing no passage (no column headers to read) is of another period only
    # when it names one
    if len(q.periods) == 1 and gone_years and (cited or years):
        return f"it is not of {gone_years[0]}"
    quarter = asked_quarter(q.text)
    if quarter and quarter not in quarters(whole) and _named_quarters(evidence):
        return f"it is not of the {_ORDINALS[quarter - 1]} quarter"
    return ""


def _of_other_year(asked: Sequence[int], lead: str) -> str:
    """A figure of a thing no line item names ("Digital Media ARR at the end of FY19"),
    answered by a lead sentence that says its own year ("… at the end of fiscal 2017, up
    from … fiscal 2016"): of another year when none of the years it says is the one asked
    or beside it (a fiscal year is named by the year it starts or ends in). The passage
    may name the year asked elsewhere, of something else; a lead naming no year is left
    to the gate."""
    said = _years(lead)
    if len(asked) != 1 or not said:
        return ""
    return "" if said & {asked[0] - 1, asked[0], asked[0] + 1} else f"it is not of {asked[0]}"


def _years(text: str) -> set[int]:
    """The years a text names ("2024", "fiscal 2024", "FY24")."""
    return {
        int(m.group(0)) if not m.group(1) else 2000 + int(m.group(1)) for m in _YEAR.finditer(text)
    }


def qualifiers(question: str, names: Sequence[str]) -> list[str]:
    """The words the question puts before the line item's name that say which line
    ("food and beverage" revenue), generic ones aside."""
    low = question.lower()
    found = [m for n in names if (m := _find(n, low))]
    if not found:
        return []
    start = min(found, key=lambda m: (m.start(), -(m.end() - m.start()))).start()
    # "overhead (SG&A)": what the parenthesis names is the item, the words before it too
    words = _WORD.findall(re.split(r"[()]", question[:start])[-1])
    lists = _lists()
    out: list[str] = []
    for w in reversed(words):
        low_w = w.lower()
        if low_w in lists["stops"] or w[:1].isupper() or re.search(r"['’]s?$", w):
            break  # a question word, a name, a possessive ("PepsiCo's") ends the phrase
        if low_w not in lists["generic"]:
            out.append(low_w)
    return list(reversed(out))


def asked_phrase(question: str) -> list[str]:
    """The words naming the thing a company's figure is asked of ("What was <Name>'s
    advertising expense in fiscal 2024?": advertising), generic ones aside."""
    m = _OWNED.search(question)
    if m is None:
        return []
    lists = _lists()
    out: list[str] = []
    for w in re.findall(r"[A-Za-z]+", re.sub(r"\([^)]*\)", " ", m.group(1))):
        if w.lower() in lists["stops"]:
            break  # "<Name>'s long-term debt was due …": the thing ends at its verb
        if w.lower() not in lists["generic"] and len(w) > 2 and not w.isupper():
            out.append(w.lower())
    return out


def asked_quarter(question: str) -> int:
    """The quarter (1-4) a question asks of, or 0."""
    found = quarters(question)
    return found[0] if len(found) == 1 else 0


def quarters(text: str) -> list[int]:
    out: list[int] = []
    for m in _QUARTER.finditer(text):
        n = _ORDINALS.index(m.group(1).lower()) + 1 if m.group(1) else int(m.group(2) or m.group(3))
        if n not in out:
            out.append(n)
    return out


def _named_quarters(evidence: Sequence[Evidence]) -> bool:
    """Do the documents' passages name quarters at all (else a quarter is written as the
    months it ends)?"""
    return any(quarters(p.text) for ev in evidence for p in ev.passages)


def _find(name: str, text: str) -> re.Match[str] | None:
    return re.search(rf"(?<![a-z]){re.escape(name.lower())}(?![a-z])", text.lower())


def _stems(text: str) -> set[str]:
    return {stem(w.lower()) for w in re.findall(r"[A-Za-z]+", text)}
