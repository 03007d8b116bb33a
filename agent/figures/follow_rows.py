"""The name a follow-up question asks a neighbouring row by, or none.

A row beside the answer's cell is asked about by its label as a reader would say it: a
Chinese cell wrapped over lines is one word again ("扣除非经常性损 益" → "扣除非经常性损益");
a label in the other language than the question's is said by its line item's name in the
question's language (``finance_terms.json``), or not asked at all (a Chinese question never
embeds "Benefit for income taxes"); a row naming a shareholder, a firm or a person is no
figure item ("南京某某有限公司是多少？" asks nothing a reader wants).
"""

from __future__ import annotations

import re
from functools import cache

from agent import prompts
from agent.entities import Entity, find_all
from agent.figures.items import MIN_ROW_MATCH, row_match, shown_label
from pipeline.text.finance import LineItem, vocabulary
from pipeline.text.script import HAN, HAN_RE

_WRAPPED = re.compile(rf"(?<=[{HAN}（）])\s+(?=[{HAN}（）])")
_NAME_SHARE = 0.6  # of a label's characters a name must cover for the row to be that name


# A footnote's marks printed on a label ("Operational Sales1,2", "EPS (diluted)1,4",
# "Growth*"), and what a cut label ends in ("Net Earnings/"): no part of the item's name.
_MARKS = re.compile(r"(?:(?<=[a-z)])\d{1,2}(?:,\d{1,2})*|\*+|[\s/:;,–—-]+)+$")
_JOINERS = frozenset({"of", "and", "&", "the", "for", "on", "in", "to", "from", "per"})


def follow_label(row: str, lang: prompts.Lang) -> str:
    """The row's name for a follow-up in ``lang``, or "" when no name reads well."""
    label = _MARKS.sub("", _WRAPPED.sub("", shown_label(row)).strip()).strip()
    if not label:
        return ""
    item = item_of(label)
    if item is None and names_someone(label):
        return ""
    if (lang == "zh") == bool(HAN_RE.search(label)):
        return label
    if item is None:
        return ""
    return next((n for n in item.names if (lang == "zh") == bool(HAN_RE.search(n))), "")


def item_of(label: str) -> LineItem | None:
    """The line item a row's label names most surely, when surely enough."""
    scored = ((row_match(label, i), i) for i in vocabulary().items.values())
    score, item = max(scored, key=lambda s: s[0], default=(0.0, None))
    return item if score >= MIN_ROW_MATCH else None


def names_someone(label: str) -> bool:
    """Is the label a firm's or (in Chinese) a person's name rather than a quantity? By
    how much of it the names found in it cover; an English capitalised run is no person
    (it is how tables print segments: "Digital Media")."""
    kinds: tuple[Entity, ...] = ("organisation",)
    if HAN_RE.search(label):
        kinds += ("person",)
    covered: set[int] = set()
    for kind in kinds:
        for start, end in find_all(kind, label, ""):
            covered.update(range(start, end))
    size = len(re.sub(r"\s", "", label))
    return bool(size) and len(covered) >= _NAME_SHARE * size


def reader_case(label: str) -> str:
    """A label a table prints in title case as a sentence says it ("Reported Sales" →
    "reported sales"): the words up to the last a line item is named with go lower case; an acronym
    ("EPS"), a name with capitals inside ("MedTech") and any other capitalised word (a
    name: "… Attributable to Johnson & Johnson") keep their capitals."""
    words = label.split()
    titled = len(words) >= 2 and all(
        w[:1].isupper() or w.lower() in _JOINERS or not w[:1].isalpha() for w in words
    )
    if not titled:
        return label
    common = _item_words()
    # the item's words and those before them ("Adjusted Operational Sales"); a name after
    # them keeps its capitals
    last = max((i for i, w in enumerate(words) if w.lower() in common), default=-1)
    return " ".join(
        w.lower() if w[1:].islower() and (i <= last or w.lower() in common) else w
        for i, w in enumerate(words)
    )


def titled_name(label: str) -> bool:
    """An English label of capitalised words none of which line items are named with
    ("Home Care", "Vaccine X", "Devices"): a segment or a product a table heads
    rows with, not a figure to ask "What was …?" of."""
    words = [w for w in label.split() if w.lower() not in _JOINERS]
    if HAN_RE.search(label) or not words or not all(w[:1].isupper() for w in words):
        return False
    return not any(w.lower() in _item_words() for w in words)


@cache
def _item_words() -> frozenset[str]:
    """The words the vocabulary's English line-item names are written with."""
    return frozenset(
        w
        for item in vocabulary().items.values()
        for name in item.names
        if not HAN_RE.search(name)
        for w in re.findall(r"[a-z]+", name.lower())
    )
