"""Amounts sentences state as the size of one item of the kind a total is asked of.

A filing often sizes each facility in a noun phrase, not with a verb of capacity: "we
had access to a $7 billion committed U.S. revolving credit facility", "secured an
additional 364-day Credit Facility of $10 billion", "consisted of a HK$9.75 billion
(approximately $1.2 billion) unsecured revolving credit facility", "an additional $360
million in lines of credit", "to increase our borrowing capacity thereunder to $7.0
billion". A question asking the total its facilities allow names the kind of item
("under its revolving credit facilities", "its other lines of credit"; the kinds are
``totals.items``): each amount sizing an item of that kind is one term of the total.

What is not a size: an amount done ("$740 million of borrowings outstanding under
our $740 million facility": only the second sizes it), a facility that ended (a sentence
of the ``succession`` words' "then"), an amount raised later in its sentence (the later
one is the size: "a $500 million facility …, which we subsequently increased to $740
million"). A filing repeats its facilities (the MD&A and a note): one amount found in
several passages is one item, unless one passage states it several times (two facilities
of $10 billion side by side). A question qualifying the items by a name ("MGM China may
borrow under its two facilities") keeps the sentences saying that name when some do.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import cache

from agent.evidence import Evidence, Passage, units
from agent.figures.limits import Limit
from agent.figures.successive import succession_role
from pipeline.text import lexicon

# a sum of money: "$7 billion", "HK$9.75 billion", "€40 million"; its currency kept
_AMOUNT = (
    r"(?P<cur{i}>(?<![A-Za-z])(?:[A-Z]{{1,3}})?\$|€|£)\s?(?P<n{i}>\d[\d,]*(?:\.\d+)?)"
    r"(?:\s*(?P<s{i}>thousand|million|billion)\b)?"
)
# words that may stand between an amount and the item it sizes ("committed U.S.
# revolving credit", "4.625% senior"): no word making the amount something else
_MODIFIER = (
    r"(?!(?:" + lexicon.alternation("totals.not_modifiers") + r")\b)"
    r"(?:[A-Za-z][\w.&/-]*|\d[\d.]*%|\d{3}-day)"
)
_ASIDE = r"(?:\s*\([^()]{0,60}\))?"  # "(approximately $1.2 billion)" after the amount
_RAISED = re.compile(
    r"\b(?:increas|rais|expand|upsiz|amend|reduc|decreas)\w*\s+(?:\w+\s+){0,2}to\s+"
    + _AMOUNT.format(i=""),
)
_NAME = re.compile(r"(?<![\w$])(?-i:[A-Z][\w&'’.-]*)")
_QUOTE = 200


@cache
def _item_words() -> tuple[str, ...]:
    return lexicon.words("totals.items")


def _plural(item: str) -> str:
    """The item and its plural as a pattern: the head word takes the plural, the last
    word or the one before "of" ("credit facilit(?:y|ies)", "lines? of credit")."""
    words = item.split()
    k = words.index("of") - 1 if "of" in words else len(words) - 1
    head = words[k]
    form = (
        head[:-1] + "(?:y|ies)"
        if head.endswith("y")
        else head + ("" if head.endswith("s") else "s?")
    )
    return r"\s+".join([*map(re.escape, words[:k]), form, *map(re.escape, words[k + 1 :])])


def asked_items(question: str) -> tuple[str, ...]:
    """The kinds of item the question's total is of ("credit facility", "line of
    credit"), longest first; () for none."""
    found = [w for w in _item_words() if re.search(rf"\b{_plural(w)}\b", question, re.I)]
    return tuple(sorted(found, key=len, reverse=True))


@cache
def _sized(items: tuple[str, ...]) -> re.Pattern[str]:
    heads = "|".join(_plural(w) for w in items)
    before = (
        _AMOUNT.format(i="a") + _ASIDE + rf"(?P<gap>(?:\s+{_MODIFIER}){{0,5}}?)\s+(?:{heads})\b"
    )
    after = rf"\b(?:{heads})\s+of\s+" + _AMOUNT.format(i="b")
    within = _AMOUNT.format(i="c") + rf"\s+in\s+(?:{heads})\b"
    capacity = r"\bcapacity\s+(?:\w+\s+){0,2}(?:to|of)\s+" + _AMOUNT.format(i="d")
    # "$360 million in lines of credit" read as one before "in" stops a modifier run
    return re.compile(f"{within}|{before}|{after}|{capacity}", re.I)


def sized_amounts(question: str, evidence: Sequence[Evidence]) -> list[Limit]:
    """Each item's size the turn's sentences state, once per item, in reading order."""
    items = asked_items(question)
    if not items:
        return []
    per_passage: list[list[Limit]] = []
    seen: set[str] = set()
    for ev in evidence:
        for p in ev.passages:
            found: list[Limit] = []
            for u in units(p.text):
                key = " ".join(u.text.split()).lower()
                if u.kind != "sentence" or key in seen or succession_role(u.text) == "then":
                    continue
                seen.add(key)
                found += _sizes(items, u.text, p)
            per_passage.append(found)
    return _once(_named(question, items, per_passage))


def _sizes(items: tuple[str, ...], sentence: str, p: Passage) -> list[Limit]:
    out = []
    for m in _sized(items).finditer(sentence):
        i = next(k for k in "abcd" if m.group(f"n{k}"))
        if i == "d" and not re.search(rf"\b(?:{'|'.join(map(_plural, items))})\b", sentence, re.I):
            continue  # a capacity, but of no item of the kind asked
        cur, n, s = m.group(f"cur{i}"), m.group(f"n{i}"), m.group(f"s{i}")
        raised = _RAISED.search(sentence, m.end())
        if raised:  # "…, which we subsequently increased to $740 million"
            cur, n, s = raised.group("cur"), raised.group("n"), raised.group("s")
        quote = sentence[: (raised or m).end()].strip()
        if len(quote) > _QUOTE:
            quote = "…" + quote[-_QUOTE:].lstrip()
        value = float(n.replace(",", ""))
        out.append(
            Limit(value, (s or "").lower(), False, quote, "", p.chunk_id, p.page, p.doc_id, cur)
        )
    return out


def _named(
    question: str, items: tuple[str, ...], per_passage: list[list[Limit]]
) -> list[list[Limit]]:
    """Only the sizes whose sentences name their item by a name the question qualifies
    the items by ("the MGM China first revolving credit facility"), when some do; a name
    only said elsewhere in a sentence ("Vellmar has access to a … facility") qualifies
    nothing, nor does a date's month or a word with digits."""
    words = question.split()
    names = {
        w.strip(",.?;:'’")
        for k, w in enumerate(words)
        if k > 0
        and _NAME.match(w)
        and not any(c.isdigit() for c in w)
        and not (k + 1 < len(words) and words[k + 1][:1].isdigit())
    }
    heads = "|".join(_plural(w) for w in items)
    said = {
        n
        for n in names
        if n and any(_names(n, heads, lim.quote) for ps in per_passage for lim in ps)
    }
    if not said:
        return per_passage
    return [
        [lim for lim in ps if all(_names(n, heads, lim.quote) for n in said)] for ps in per_passage
    ]


def _names(name: str, heads: str, text: str) -> bool:
    """Does the text name an item by the name ("MGM China first revolving credit facility")?"""
    pattern = rf"(?<![\w]){re.escape(name)}(?:['’]s)?\s+(?:{_MODIFIER}\s+){{0,2}}?(?:{heads})\b"
    return re.search(pattern, text, re.I) is not None


def _once(per_passage: list[list[Limit]]) -> list[Limit]:
    """One item per amount across passages (a filing repeats its facilities), as many as
    the passage stating it most often holds (two of $10 billion side by side)."""
    most: Counter[tuple[str, float]] = Counter()
    for ps in per_passage:
        here = Counter((lim.currency, lim.amount) for lim in ps)
        most |= here
    out: list[Limit] = []
    taken: Counter[tuple[str, float]] = Counter()
    for ps in per_passage:
        for lim in ps:
            key = (lim.currency, lim.amount)
            if taken[key] < most[key]:
                taken[key] += 1
                out.append(lim)
    return out
