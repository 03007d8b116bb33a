"""Line items and periods: which rows a question asks about, and which row is which item.

A row is an item when its label is one of the item's names (``finance_terms.json``), or
starts with one ("Accounts receivable, net of allowance …"); Chinese labels may carry
row numbers or notes around the name. Years come from "FY2017", "fiscal 2021", "FY21",
"2021年" and plain years.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from pipeline.text.expand import spelled_out
from pipeline.text.finance import LineItem, Vocabulary, vocabulary
from pipeline.text.lexicon import pattern
from pipeline.text.normalise import single_spaces
from pipeline.text.periods import fiscal_years
from pipeline.text.script import HAN, HAN_RE

_NOTE = re.compile(
    r"\(\s*(?:note|注)[^)]*\)|\(\d\)|[（(][一二三四五六七八九十\d]+[)）]|^[一二三四五六七八九十\d]+[、.]"
)
# A Chinese row states its unit in brackets ("营业收入（元）", "基本每股收益（元/股）"): the
# unit is not part of the item's name (the table's scale still comes from its "单位").
_UNIT = re.compile(
    r"[（(]\s*(?:人民币)?\s*(?:百万|[千万亿])?元(?:\s*/\s*股)?\s*[)）]|[（(]\s*%\s*[)）]"
)
MIN_ROW_MATCH = 0.75
# A long tail after an item's name that keeps it the item, and how surely: "net of
# allowance", "attributable to the parent's owners" (the share questions mean),
# "including noncontrolling interests".
_QUALIFIERS = {"net": 0.8, "of": 0.8, "attributable": 0.85, "including": 0.78}
# A short tail that keeps a name the item: a qualifier ("Revenues, net", "Net sales,
# consolidated"), what any amount is ("Depreciation expense") or a phrase it opens ("Sales
# to customers"). Another noun after the name makes another thing of it ("Sales
# allowances", "Revenue recognition"): not the item.
_SHORT_TAILS = frozenset(
    {"net", "total", "reported", "gaap", "consolidated", "expense", "expenses", "cost", "costs"}
    | {"charge", "charges", "amount", "amounts", "to", "from", "for", "in", "on", "by"}
    | {"trade"}  # "Accounts receivable trade"
)
# A qualifier a label may open with as well as close with, keeping it the item
_LEADING = frozenset({"net", "trade"})
# "… attributable to noncontrolling interests": the minority's share, another figure
_OTHERS_SHARE = re.compile(r"^ attributable to (?:the )?(?:non ?controlling|minority) interests?\b")
NAME_PLUS_TAIL, NAME_PLUS_WORD = 0.9, 0.7
# Whom an amount went to keeps a name the item ("Dividends paid to common shareholders");
# a longer "to" phrase otherwise makes another thing of it ("Revenue to be recognized").
_RECIPIENTS = frozenset({"shareholders", "stockholders", "holders", "customers", "owners"})
TO_RECIPIENT = 0.8


@dataclass(frozen=True)
class Asked:
    item: LineItem
    start: int
    end: int


_ENUMERATOR = re.compile(
    r"^\s*(?:[一二三四五六七八九十]+\s*[、.．]|\d{1,2}\s*[、.．](?!\d)|[（(][一二三四五六七八九十\d]+[)）])\s*"
)


# a footnote's marker after a label: "Pharmaceutical (3)", "Comirnaty (a) Int'l."
_MARKER = re.compile(r"\s*\((?:[a-z]|\d{1,2})\),?(?=\s|$)")


# what a balance's label adds about its contra account ("Trade receivables, net of
# allowance for doubtful accounts of $23 and $25, respectively", "Accounts receivable
# trade, less allowances for credit losses $230"): the reader's row is without it
_ALLOWANCE = re.compile(
    r"(?:(?<=\bnet)\s+of|,?\s+less)\s+(?:an?\s+|the\s+)?(?:allowances?|reserves?)\b.*$", re.I
)


_NOTE_REF = re.compile(r"\s*\((?:see )?notes?\b[^)]*\)", re.I)


def shown_label(label: str) -> str:
    """A row's label as a sentence names it: without its list number ("一、营业总收入"),
    a lead-in ("其中：营业收入", "Less: cost of sales") or footnote markers."""
    text = _MARKER.sub("", _ENUMERATOR.sub("", label.strip()))
    text = _NOTE_REF.sub("", _SIGN_NOTE.sub("", text))  # "Inventories (Notes 1 and 3)"
    for word in vocabulary().lead_ins:
        m = re.match(rf"{re.escape(word)}\s*[:：]\s*", text, re.I)
        if m and m.end() < len(text):
            text = text[m.end() :]
            break
    text = _ALLOWANCE.sub("", text).strip().rstrip(":：").strip() or label.strip()
    shouted = len(re.findall(r"[A-Z]{3,}", text)) >= 2 and not re.search(r"[a-z]", text)
    return _sentence_case(text) if shouted and " " in text else text


def _sentence_case(text: str) -> str:
    """ "TOTAL REVENUES" → "Total revenues"; initials ("U.S.", "WW") stay as printed."""
    words = text.split(" ")
    out = [w if "." in w or len(w) <= 2 else w.lower() for w in words]
    first = next((i for i, w in enumerate(out) if w[:1].isalpha()), None)
    if first is not None:
        out[first] = out[first][:1].upper() + out[first][1:]
    return " ".join(out)


# a label's alternative in brackets: "Operating income (loss)", "Net cash provided by (used
# in) operating activities" name the item whichever way the year went
_ALTERNATIVE = pattern("row_labels.alternatives", template=r"\((?:{})\)")


# how a Chinese label says its sign is printed: "营业利润（亏损以“－”号填列）" is 营业利润
_SIGN_NOTE = pattern("row_labels.sign_notes_zh", template=r"[（(][^（）()]*(?:{})[)）]")


@lru_cache(maxsize=16384)  # a turn's row labels are read against every item, many times
def norm(text: str) -> str:
    text = _ALTERNATIVE.sub(" ", _SIGN_NOTE.sub(" ", text.lower()))
    text = _NOTE.sub(" ", _UNIT.sub(" ", text)).replace("’", "'").replace("&amp;", "&")
    text = re.sub(r"[^\w&'" + HAN + r"]+", " ", text)
    # "Property & equipment" is "property and equipment"; "R&D" keeps its sign
    text = re.sub(r"(?<=\s)&(?=\s)", "and", f" {text} ")
    return single_spaces(text)


@cache  # ~200 names per question: more than the re module's own cache keeps
def _pattern(name: str) -> re.Pattern[str]:
    n = re.escape(norm(name)).replace(r"\ ", r"\s+")
    return re.compile(n if HAN_RE.search(name) else rf"(?<![\w]){n}(?![\w])")


# asked_items per text, for the vocabulary it was read with (a new one empties it)
_ASKED: dict[str, tuple[Asked, ...]] = {}
_ASKED_OF: list[Vocabulary] = []
_ASKED_KEPT = 4096


def asked_items(question: str) -> list[Asked]:
    """The line items a question names, longest wording first, each stretch once (kept:
    an answer reads its question's items dozens of times, and each row label's)."""
    vocab = vocabulary()
    if not _ASKED_OF or _ASKED_OF[0] is not vocab or len(_ASKED) > _ASKED_KEPT:
        _ASKED.clear()
        _ASKED_OF[:] = [vocab]
    found = _ASKED.get(question)
    if found is None:
        found = _ASKED[question] = tuple(_asked_items(question))
    return list(found)


def _asked_items(question: str) -> list[Asked]:
    q = norm(question)
    found: list[Asked] = []
    for item in vocabulary().items.values():
        for name in item.names if item.asked else ():
            for m in _pattern(name).finditer(q):
                found.append(Asked(item, m.start(), m.end()))
    found += _abbreviated(question, q)
    out: list[Asked] = []
    for a in sorted(found, key=lambda a: a.start - a.end):
        if not any(a.start < b.end and a.end > b.start for b in out):
            out.append(a)
    return sorted(out, key=lambda a: a.start)


def named_item(label: str) -> str:
    """The key of the line item a row's whole label names ("营业收入", "Total assets"), or
    "" when none names all of it."""
    whole = len(norm(label))
    found = [a for a in asked_items(label) if a.start == 0 and a.end == whole]
    return found[0].item.key if found else ""


def _abbreviated(question: str, q: str) -> list[Asked]:
    """Line items the question names by an abbreviation its filings spell out ("PPNE",
    "D&A", "COGS"; finance_terms.json "abbreviations"), at the abbreviation's place."""
    out: list[Asked] = []
    for _, abbreviation in spelled_out(question):
        m = abbreviation.pattern.search(q)
        forms = [norm(form) for form in abbreviation.long]
        item = next(
            (
                it
                for it in vocabulary().items.values()
                if any(_pattern(n).fullmatch(f) for n in it.names for f in forms)
            ),
            None,
        )
        if m is not None and item is not None:
            out.append(Asked(item, m.start(), m.end()))
    return out


def longer_row(question: str, labels: Iterable[str], item: LineItem) -> str:
    """The row of the turn's tables the question names whose label holds the item's name
    and goes on after it ("sales and marketing" holds "sales"): the question asks for that
    row, not for the item. Its label as the table prints it; "" when it names none."""
    q = norm(question)
    spans = [a for a in asked_items(question) if a.item.key == item.key]
    found = ""
    for label in dict.fromkeys(labels):
        lab = norm(shown_label(label))
        if len(lab.split()) < 2 or row_match(label, item) >= MIN_ROW_MATCH:
            continue
        for m in re.finditer(rf"(?<!\w){re.escape(lab)}(?!\w)", q):
            # the label goes on after the item's name: another thing ("sales and
            # marketing"), not a kind of the item ("casino revenues": a part's, parts.py);
            # or it lists other things before it ("selling, informational and
            # administrative expenses"): one row of them all, not the item alone
            if any(
                m.start() <= a.start and (a.end < m.end() or _listed(q[m.start() : a.start]))
                for a in spans
            ):
                found = max(found, label, key=lambda x: len(norm(shown_label(x))))
    return found


def _listed(before: str) -> bool:
    """Do the words before an item's name inside a label list other things with it
    ("selling informational and " of "… administrative expenses")?"""
    return before.rstrip().endswith(" and")


MIN_ONE_WORD_ROW = 8  # a one-word row the question names: "Fulfillment", not "Other"


def named_row_label(question: str, labels: Iterable[str]) -> str:
    """The longest row label of the turn's tables the question names in full ("technology
    and content", "Subscription services (4)") that no vocabulary item names: a row asked
    by its own name; "" when it names none. (An item's row the question names without
    asking the item — "adjusted operating income", a quotient of an unknown figure — is
    no figure asked.)"""
    q = norm(question)
    found, size = "", 0
    for label in dict.fromkeys(labels):
        lab = norm(shown_label(label))
        words = lab.split()
        if not words or (len(words) == 1 and len(lab) < MIN_ONE_WORD_ROW) or lab.isdigit():
            continue
        if any(row_match(label, i) >= MIN_ROW_MATCH for i in vocabulary().items.values()):
            continue  # an item's row: a question naming it and asking nothing read is none
        if len(lab) > size and re.search(rf"(?<!\w){re.escape(lab)}(?!\w)", q):
            found, size = label, len(lab)
    return found


def asked_qualifier(question: str, item: LineItem) -> tuple[frozenset[str], frozenset[str]]:
    """The words the question puts after the item's name when they open with a qualifier
    ("net income attributable to Velmor …", "… including noncontrolling interests"), and
    the words of the name itself; both empty when it qualifies nothing. The row whose
    label says them is the one asked."""
    q = norm(question)
    for a in asked_items(question):
        if a.item.key == item.key:
            after = q[a.end :].split()
            if after and after[0] in _QUALIFIERS and after[0] not in ("net", "of"):
                return frozenset(after), frozenset(q[a.start : a.end].split())
    return frozenset(), frozenset()


def qualified(label: str, tail: frozenset[str], name: frozenset[str]) -> float:
    """How much of what a label says besides the item's name the question's qualifier
    says too (1: "attributable to Velmor" of "Net income attributable to Velmor")."""
    words = set(norm(shown_label(label)).split()) - name
    return len(words & tail) / len(words) if words and tail else 0.0


def years(question: str) -> list[int]:
    """The fiscal years a question names, in order of mention, each once."""
    return fiscal_years(question)


TOTAL_OF = 0.95  # "Total restructuring and impairment charges": the sum of the item's rows
_TOTAL = re.compile(r"^total\s+")


_PER_SHARE = re.compile(r"\bper (?:\w+ ){0,2}share\b|每股")


def per_share(text: str, item: LineItem) -> bool:
    """Does a label or heading say per-share figures ("Per Share Data") of an item that is
    an amount? Such a row is no amount of it: "Net earnings 5.20" under that heading."""
    return bool(_PER_SHARE.search(text.lower())) and not any(
        _PER_SHARE.search(n) for n in item.names
    )


@lru_cache(maxsize=65536)  # each label of a turn's tables against each item, many times
def row_match(label: str, item: LineItem) -> float:
    """How surely a row's label names the item: 1 for a name, less for a name plus a
    qualifier ("…, net") or for the total of a name, 0 for another item."""
    # a list number or a lead-in ("一、", "其中：", "Less:") says where the row sits, not
    # what it is: "其中：营业成本" is the cost of sales
    lab = norm(shown_label(label)).rstrip(" :")
    if not lab or (_PER_SHARE.search(lab) and not any(_PER_SHARE.search(n) for n in item.names)):
        return 0.0  # "Net income … per common share" is no amount of net income
    best = _label_match(lab, item)
    head, _, after = lab.partition(" ")
    if head in _LEADING and best < NAME_PLUS_TAIL:
        # "Net property and equipment" is "Property and equipment, net", "Trade accounts
        # payable" "Accounts payable, trade"
        best = max(best, NAME_PLUS_TAIL * (_label_match(after, item) == 1.0))
    rest = _TOTAL.sub("", lab, count=1)
    if rest != lab and rest and best < 1.0:
        best = max(best, TOTAL_OF * _label_match(rest, item))
    return best


def _label_match(lab: str, item: LineItem) -> float:
    best = 0.0
    for name in item.names:
        n = norm(name)
        if lab == n:
            return 1.0
        if HAN_RE.search(n):
            at = lab.find(n)
            # "非流动负债合计" (non-current) is no "流动负债合计": 非 negates the name
            if at >= 0 and not lab[:at].endswith("非"):
                best = max(best, len(n) / len(lab))
            continue
        if lab.startswith(n + " "):
            extra = lab[len(n) :].split()
            if len(extra) <= 2:
                kept = extra[0] in _SHORT_TAILS or extra[0] in _QUALIFIERS
                best = max(best, NAME_PLUS_TAIL if kept else NAME_PLUS_WORD)
            elif extra[0] in _QUALIFIERS and not _OTHERS_SHARE.search(lab[len(n) :]):
                best = max(
                    best, _QUALIFIERS[extra[0]]
                )  # "… attributable to Northwind shareholders"
            elif extra[0] == "to" and extra[-1] in _RECIPIENTS:  # "… paid to common holders"
                best = max(best, TO_RECIPIENT)
    return best
