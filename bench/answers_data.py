"""What bench/answers.py measures with: the splits, gold-figure matching, heading-only
answers, table recognition on statement pages, and general-knowledge questions that no
sample document addresses."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from bench.common import SAMPLES, load_jsonl
from pipeline.text.script import HAN_RE

GENERAL_FILE = Path(__file__).with_name("general_questions.json")


def general(split: str) -> list[str]:
    """Questions of general knowledge for a split ("train" or "validation"): every
    document must refuse them. The refusal model is fitted on the train ones only."""
    raw = json.loads(GENERAL_FILE.read_text(encoding="utf-8"))
    return [str(q) for q in raw[split]]


_NUM = re.compile(r"(?<![\w.])-?\$?\d[\d,]*(?:\.\d+)?")
_MARK = re.compile(r"\[\d+\]")
# a day of a month ("January 28, 2023") is a date, not a figure
_DAY = re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+$", re.I)


@dataclass
class FbQuestion:
    id: str
    doc: str
    question: str
    answer: str
    pages: list[int] = field(default_factory=list)


def financebench(split: str) -> list[FbQuestion]:
    folder = "financebench-train" if split == "train" else "financebench"
    rows = load_jsonl(SAMPLES / folder / "questions.jsonl")
    return [
        FbQuestion(
            r["id"],
            r["doc"],
            r["question"],
            r["answer"],
            sorted({int(e["page"]) for e in r.get("evidence", []) if "page" in e}),
        )
        for r in rows
    ]


def figures(text: str) -> list[tuple[float, int]]:
    """(value, decimals) of the numbers in a text; years, days of months and citation
    markers left out."""
    out = []
    text = _MARK.sub(" ", text)
    for m in _NUM.finditer(text):
        if _DAY.search(text[max(0, m.start() - 12) : m.start()]):
            continue
        raw = m.group(0).replace("$", "").replace(",", "")
        try:
            value = float(raw)
        except ValueError:
            continue
        decimals = len(raw.split(".")[1]) if "." in raw else 0
        if decimals == 0 and 1900 <= value <= 2100:
            continue  # a year
        out.append((value, decimals))
    return out


# an annotator's note on how the question's period was read ("The answer here assumes
# FY2023 refers to the 12 months ended on …"): its "12" is no figure of the answer
_NOTE = re.compile(r"\bThe answer here assumes\b.*", re.S)


def gold_figures(answer: str) -> list[tuple[float, int]]:
    return [(v, d) for v, d in figures(_NOTE.sub("", answer)) if v != 0 or d]


def has_figure(gold: list[tuple[float, int]], answer: str) -> bool:
    """Is one of the gold figures in the answer, separators and units aside, within
    rounding (half a unit of the gold's last digit, or 1%), at any scale (millions or
    billions; a share or a percentage)?"""
    shown = [v for v, _ in figures(answer)]
    for g, decimals in gold:
        tol = max(0.5 * 10**-decimals, abs(g) * 0.01)
        for a in shown:
            if any(abs(a * s - g) <= tol for s in (1, 1e3, 1e-3, 1e6, 1e-6, 100, 0.01)):
                return True
    return False


def body(answer: str) -> str:
    """The answer without follow-up questions and markers."""
    for header in ("Follow-up questions:", "延伸问题："):
        answer = answer.split(header, 1)[0]
    return _MARK.sub("", answer).strip()


def quotes(answer: str) -> list[str]:
    """The supporting quotes of an answer: the lines after its "Supporting quotes:" header."""
    text = body(answer)
    for header in ("Supporting quotes:", "依据原文："):
        if header in text:
            lines = text.split(header, 1)[1].splitlines()
            return [ln.lstrip("- ").strip() for ln in lines if ln.strip()]
    return []


def related(question: str, quote: str) -> bool:
    """Does a quote share content with the question: a search word (stemmed), an
    abbreviation of the question spelled out ("PPNE": "property, plant and equipment"), or
    for Chinese a pair of characters of its content words?"""
    from agent.models.expansions import aliases
    from agent.rewrite import content_terms, key_terms
    from agent.scope import stem, word_set

    words = word_set(quote)
    if any(stem(t) in words for t in key_terms(question) if not HAN_RE.match(t)):
        return True
    if any(a.used_in(quote, words) for a in aliases(question)):
        return True
    han = "".join(t for t in content_terms(question) if HAN_RE.match(t))
    return any(han[i : i + 2] in quote for i in range(len(han) - 1))


def heading_only(answer: str, sections: list[str]) -> bool:
    """The answer says nothing but a section title ("第62节米泽车站")."""
    text = re.sub(r"[\s。.]+", "", body(answer))
    return bool(text) and any(text and text in re.sub(r"\s+", "", s) for s in sections)


# The note a figure method writes when its tables lack a figure ("The documents do not
# say what FY2017 total revenue was."), and a line item's internal key.
_SAYS_NOT = re.compile(r"\bdo(?:es)? not say what\b|文档没有提到")
_KEY = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
# what lies between −100% and 100% (a margin, a share) and what moves a figure
_BOUNDED = re.compile(
    r"margin|\bshare\b|% of|percent(?:age)? of|利润率|毛利率|净利率|占比|比例", re.I
)
_MOVE = re.compile(r"change|growth|increase|decrease|变化|增长|下降", re.I)
_BY_COUNT = re.compile(r"÷\s*\d(?![\d,.])")
_PCT_RESULT = re.compile(r"=\s*[−-]?([\d,]+(?:\.\d+)?)\s*%")


def _lines(answer: str) -> list[str]:
    for header in ("Follow-up questions:", "延伸问题："):
        answer = answer.split(header, 1)[0]
    return [ln for ln in answer.splitlines() if ln.strip()]


def self_contradicting(answer: str) -> bool:
    """Does the answer say the documents do not give a figure, then give figures (a
    line of its own stating one, outside the note)?"""
    lines = _lines(answer)
    if not any(_SAYS_NOT.search(ln) for ln in lines):
        return False
    stated = [ln for ln in lines if not _SAYS_NOT.search(ln)]
    return any(v >= 10 or d for ln in stated for v, d in figures(ln))


def insane_values(answer: str) -> int:
    """How many computed figures of the answer cannot be what they are called: a margin
    or share outside ±100%, or a percentage worked without dividing anything."""
    count = 0
    for ln in _lines(answer):
        found = list(_PCT_RESULT.finditer(ln))
        if not found or "=" not in ln:
            continue
        head, working = ln.split("=", 1)[0], ln[: found[-1].start()]
        value = float(found[-1].group(1).replace(",", ""))
        if _MOVE.search(head):
            continue  # a change in percent may well exceed 100%
        beyond = bool(_BOUNDED.search(head)) and value > 100
        # dividing by a count (an average's "÷ 3") divides no figure by another
        ratio = _BY_COUNT.sub(" ", working)
        undivided = "÷" not in ratio and "/" not in ratio
        count += int(beyond or undivided)
    return count


def internal_keys(answer: str) -> bool:
    """Does the answer's text name a line item or metric by the vocabulary's key
    ("operating_income")? A document's own words with an underscore ("formula_1" in a
    wiki dump) are quotes, not keys."""
    from pipeline.text.finance import vocabulary

    keys = set(vocabulary().items) | {m.key for m in vocabulary().metrics}
    text = re.sub(r"\[[^\]]*\]", " ", "\n".join(_lines(answer)))
    return any(k in keys for k in _KEY.findall(text))
