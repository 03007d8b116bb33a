"""A total of limits that sentences state one by one, when no sentence states the total.

Filings describe each facility, programme or authorisation in its own paragraph: "The
Term Facility enables Halden to borrow up to $1,500,000,000 …", and further on "The
Revolving Facility enables Halden to borrow up to $900,000,000 …". A question asking the
total amount the company may borrow under its facilities is answered by adding them,
with the working and each amount's sentence cited: "Total limit (borrow up to) =
$1,500,000,000 + $900,000,000 = $2,400,000,000 [a][b]".

What is added is told by the question's own verb of capacity ("may borrow", "is
authorized to repurchase"): each sentence must say that verb and, between it and the
amount, a word making the amount a limit ("up to", "a maximum of"; ``totals.json``).
Amounts done (borrowed, repurchased) are not limits and are never added; a sentence
stating a value that ended ("terminated the $2,000,000,000 facility", the ``succession``
words) adds nothing; the same sentence found twice (overlapping chunks) counts once. A
sentence stating the total itself ("up to an aggregate of $2,400,000,000") is the answer
alone. One amount alone is no total: its page is read first (a filing describes its
facilities side by side, and a search may have found only one of them).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from agent import prompts
from agent.evidence import Evidence, Passage, units
from agent.figures.candidate import FigureAnswer
from agent.figures.limits import Limit
from agent.figures.render import number
from agent.figures.sized_items import asked_items, sized_amounts
from agent.figures.successive import succession_role
from agent.scope import stem
from pipeline.text import lexicon

_ASKED = lexicon.pattern("totals.asked", flags=re.I)
# "may borrow", "is authorized to repurchase", "can also issue": the verb after the words
# "may borrow", "may also borrow", "how much may Corvane borrow": the capacity words,
# a subject put between when the question asks the other way round (a pronoun, or a
# name: capitalised words, read case-sensitively), then the verb
_CAPACITY = re.compile(
    r"\b(?:" + lexicon.alternation("totals.capacity") + r")\s+"
    r"(?:(?:" + lexicon.alternation("totals.subjects") + r")\s+|"
    r"(?-i:(?:[A-Z][\w&'’.-]*\s+){1,3}))?"
    r"(?:(?:" + lexicon.alternation("totals.between") + r")\s+)?(?P<verb>[a-z]{3,})\b",
    re.I,
)
# "borrowing capacity", "repurchase capacity": the verb a capacity noun is of
_CAPACITY_NOUN = re.compile(r"\b(?P<verb>[a-z]{3,})ing\s+capacity\b", re.I)
_LIMIT = lexicon.pattern("totals.limits", flags=re.I)
_STATED = lexicon.pattern("totals.stated", flags=re.I)
_SCALES = ("", "thousand", "million", "billion")
_MAX_GAP = 6  # words between the verb and its amount ("to borrow, in U.S. dollars, up to")
_QUOTE = 200  # characters of a sentence quoted before its amount


def asked_verb(question: str) -> str:
    """The verb of capacity a total is asked of ("borrow" in "the total amount X may
    borrow"), or "" when the question asks no total of what may be done."""
    if not _ASKED.search(question):
        return ""
    m = _CAPACITY.search(question) or _CAPACITY_NOUN.search(question)
    return m.group("verb").lower() if m else ""


@cache
def _amount_after(verb: str) -> re.Pattern[str]:
    """The verb (any of its forms), a few words, then a sum of money."""
    return re.compile(
        rf"\b{re.escape(stem(verb))}\w*(?P<gap>(?:[\s,]+[\w/.&-]+){{0,{_MAX_GAP}}}?)[\s,]+"
        r"\$\s?(?P<n>\d[\d,]*(?:\.\d+)?)(?:\s*(?P<s>thousand|million|billion)\b)?",
        re.I,
    )


def stated_limits(verb: str, evidence: Sequence[Evidence]) -> list[Limit]:
    """Each sentence of the turn stating a limit on the verb, once, in reading order."""
    out: list[Limit] = []
    seen: set[str] = set()
    for ev in evidence:
        for p in ev.passages:
            for u in units(p.text):
                key = " ".join(u.text.split()).lower()
                if u.kind != "sentence" or key in seen or succession_role(u.text) == "then":
                    continue
                limit = _limit(verb, u.text, p)
                if limit is not None:
                    seen.add(key)
                    out.append(limit)
    return out


def _limit(verb: str, sentence: str, p: Passage) -> Limit | None:
    for m in _amount_after(verb).finditer(sentence):
        gap = m.group("gap")
        if not _LIMIT.search(gap):
            continue  # an amount done, or another figure of the sentence
        value = float(m.group("n").replace(",", ""))
        quote = sentence[: m.end()].strip()
        if len(quote) > _QUOTE:
            quote = "…" + quote[-_QUOTE:].lstrip()
        scale = (m.group("s") or "").lower()
        stated = bool(_STATED.search(gap))
        said = _LIMIT.search(gap)
        limit = said.group(0) if said else ""
        return Limit(value, scale, stated, quote, limit, p.chunk_id, p.page, p.doc_id)
    return None


def prose_total(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> FigureAnswer | None:
    """The total of the limits the turn's sentences state on the question's verb, with
    its working; the page to read when only one is in the turn; or None (no total asked of
    what may be done, or no limit stated)."""
    verb = asked_verb(question)
    limits = stated_limits(verb, evidence) if verb else []
    stated = [lim for lim in limits if lim.total]
    if stated:  # a sentence gives the total itself: no adding
        best = max(stated, key=lambda lim: lim.amount)
        return FigureAnswer([_line(verb, [best], lang), *_quotes([best])])
    if verb and len(limits) < 2:  # the items sized in noun phrases instead
        sized = sized_amounts(question, evidence)
        if len(sized) > len(limits) and len({lim.currency for lim in sized}) == 1:
            limits, verb = sized, asked_items(question)[0]
    if len(limits) == 1:  # the others are most often beside it: its page (and the next)
        page = limits[0].page
        return FigureAnswer(read=[page, page + 1], read_doc=limits[0].doc_id)
    if not limits:
        return None
    return FigureAnswer([_line(verb, limits, lang), *_quotes(limits)])


def _line(verb: str, limits: Sequence[Limit], lang: prompts.Lang) -> str:
    """ "Total limit (borrow up to) = $a + $b = $c [ids]": in the sentences' scale when
    they share one; named in the sentences' own words, which the support check finds in
    the passages cited."""
    scale = max((lim.scale for lim in limits), key=_SCALES.index)  # "$7 billion + $0.36 billion"
    per = 1e3 ** _SCALES.index(scale)
    values = [round(lim.amount / per, 6) for lim in limits]
    cur = limits[0].currency
    shown = [f"{cur}{number(v)}{' ' + scale if scale else ''}" for v in values]
    total = f"{cur}{number(round(sum(values), 4))}{' ' + scale if scale else ''}"
    cited = "".join(f"[{c}]" for c in dict.fromkeys(lim.chunk_id for lim in limits))
    working = total if len(shown) == 1 else f"{' + '.join(shown)} = {total}"
    said = f"{verb} {limits[0].limit}".strip()
    if lang == "zh":
        return f"合计（{said}） = {working} {cited}。"
    return f"Total limit ({said}) = {working} {cited}."


def _quotes(limits: Sequence[Limit]) -> list[str]:
    """Each amount's sentence, quoted up to the amount and cited."""
    return [f"- “{lim.quote}” [{lim.chunk_id}]" for lim in limits]
