"""Query expansion for the lexical index: what a question's words are called in documents.

Questions name derived quantities ("quick ratio", "operating margin", "DPO",
"毛利率") that reports never print; the pages that answer them print the parts
("current assets", "operating income", "accounts payable", "营业成本") under
statement titles ("balance sheets", "利润表"). A question also says "FY2023"
where the document says "fiscal 2023" (normalised into the query itself). The
rules add the document's words as a second lexical query; they describe kinds of
documents (financial reports), not particular files, and live in the vocabulary data file
the answerer also reads (``finance.py``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from pipeline.text.finance import Abbreviation, vocabulary
from pipeline.text.periods import FY_RE
from pipeline.text.script import HAN_RE

SYNONYM_STRENGTH = 0.4


def _rules() -> list[tuple[re.Pattern[str], str, float]]:
    """Metric and line-item rules first (full strength), plain synonyms after: weaker
    evidence than a metric's definition, so they count for less in fusion."""
    vocab = vocabulary()
    out = [(p, m.search, 1.0) for m in vocab.metrics if m.search for p in m.patterns]
    out += [(p, j.search, 1.0) for j in vocab.judgements if j.search for p in j.patterns]
    out += [(p, words, 1.0) for p, words in vocab.search_rules]
    out += [(p, words, SYNONYM_STRENGTH) for p, words in vocab.synonyms]
    return out


# A question naming a part of a year: its fiscal year is not a full-year figure.
_PART_YEAR = re.compile(r"\bq[1-4]\b|quarter|\b(?:three|six|nine) months\b|季度|半年", re.I)
# How reports title a whole year's columns ("Full Year", "Twelve Months"): a fiscal-year
# question searches them too, so a release's full-year table outranks its Q4 twin.
FULL_YEAR_WORDS = "full year"
# A quarter asked of a statement's line item ("revenues in the second quarter"): statements
# title its columns "Three Months Ended …", which share no word with the question.
_QUARTER = re.compile(
    r"\b(?:q[1-4]|[1-4]q|(?:first|second|third|fourth|1st|2nd|3rd|4th) quarter)\b", re.I
)
QUARTER_WORDS = "three months ended"


@dataclass(frozen=True, slots=True)
class Expansion:
    text: str
    strength: float  # 1.0 when a metric rule fired, less for plain synonyms
    rest: str = ""
    """The question's words no rule matched ("overseas" of "overseas revenue
    growth"): they still tell the rows and pages apart."""

    def __bool__(self) -> bool:
        return bool(self.text)

    @property
    def query(self) -> str:
        """The second lexical query: the document's words for what the rules matched,
        with the rest of the question. Without the rest, "overseas revenue growth"
        searched for the company's revenue, and the income statement outranked the table
        of revenue by region."""
        return f"{self.text} {self.rest}".strip()


def expand_query(query: str) -> Expansion:
    """Extra words for a second lexical query; empty when no rule applies."""
    extra: list[str] = []
    strength = 0.0
    matched: list[tuple[int, int]] = []
    for pattern, words, weight in _rules():
        spans = [m.span() for m in pattern.finditer(query)]
        if not spans:
            continue
        matched += spans
        if words not in extra:
            extra.append(words)
            strength = max(strength, weight)
    rest = normalize_query(_without(query, matched)) if extra else ""
    if extra and _QUARTER.search(query) and "months" not in query.lower():
        extra.append(QUARTER_WORDS)  # the statement's words for the period, as for the item
    return Expansion(" ".join(extra), strength, rest)


def _without(query: str, spans: list[tuple[int, int]]) -> str:
    """``query`` less the spans matched in it."""
    keep = [True] * len(query)
    for start, end in spans:
        for i in range(start, min(end, len(query))):
            keep[i] = False
    return re.sub(
        r"\s+", " ", "".join(c if k else " " for c, k in zip(query, keep, strict=True))
    ).strip()


def normalize_query(query: str) -> str:
    """Spell out forms the index cannot match: 'FY2023' → 'FY2023 2023 full year', 'Q2'2023'
    → 'Q2 2023', 'PPNE' → 'PPNE property, plant and equipment …' (``spelled_out``)."""
    q = FY_RE.sub(
        lambda m: f"{m.group(0)} {'20' + m.group(1) if len(m.group(1)) == 2 else m.group(1)}", query
    )
    if q != query and not _PART_YEAR.search(query):
        q = f"{q} {FULL_YEAR_WORDS}"
    q = re.sub(r"\b([qQ][1-4])'(\d{2,4})\b", r"\1 20\2", q)
    longs = [form for _, a in spelled_out(query) for form in a.long]
    return " ".join([q, *longs]) if longs else q


def spelled_out(text: str) -> list[tuple[str, Abbreviation]]:
    """Each abbreviation the text uses ("PPNE", "AGM", "Item 3"), as written, with its
    entry (the forms a filing spells it out in); none when the text spells it out itself."""
    low = text.lower()
    out: list[tuple[str, Abbreviation]] = []
    for a in vocabulary().abbreviations:
        m = a.pattern.search(text)
        if m and not any(form in low for form in a.long):
            out.append((m.group(0), a))
    return out


# English names said in the other language's query: the first few (a Chinese question
# needs a statement's words, not every wording of the item)
_ENGLISH_NAMES = 3


@cache
def _named_across() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each name of a line item as a question writes it, with the item's names in the other
    script (``finance_terms.json`` line items name each in English and in Chinese)."""
    out: list[tuple[re.Pattern[str], str]] = []
    for item in vocabulary().items.values():
        if not item.asked:
            continue
        han = [n for n in item.names if HAN_RE.search(n)]
        latin = [n for n in item.names if not HAN_RE.search(n)]
        for n in latin:
            words = re.escape(n.lower()).replace(r"\ ", r"\s+")
            out.append((re.compile(rf"(?<![\w]){words}(?![\w])"), " ".join(han)))
        for n in han:
            out.append((re.compile(re.escape(n)), " ".join(latin[:_ENGLISH_NAMES])))
    return tuple((p, w) for p, w in out if w)


def across_languages(query: str) -> str:
    """The other language's names of the line items a query names, longest wording first,
    each stretch once: "net cash flow from operating activities" → "经营活动产生的现金流量净额".
    A question asked in English of a Chinese report shares no word with its tables (its
    key figures, its statements); "" when the query names no item."""
    q = query.lower().replace("\u2019", "'")
    found = [(m.start(), m.end(), w) for p, w in _named_across() for m in p.finditer(q)]
    taken: list[tuple[int, int]] = []
    out: list[str] = []
    for start, end, words in sorted(found, key=lambda f: f[0] - f[1]):
        if any(start < b and end > a for a, b in taken):
            continue
        taken.append((start, end))
        if words not in out:
            out.append(words)
    return " ".join(out)
