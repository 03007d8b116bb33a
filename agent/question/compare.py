"""What a question compares, read from its words alone: whether it asks for one row of
a table (an extreme: "Which region had the highest …", "哪个业务增长最快"), which end
(``wants_minimum``), whether a change or a level (``asks_change``), and what is compared
without the words saying how (``what_is_compared``)."""

from __future__ import annotations

import re
from functools import cache

from pipeline.text.finance import vocabulary
from pipeline.text.lexicon import alternation, words


def _en_then_zh(name: str, en: str) -> str:
    """The English words of ``comparing.<name>`` in the template ``en`` (``{}`` for them),
    then its Chinese words as further alternatives, matched anywhere."""
    return (
        en.replace("{}", alternation(f"comparing.{name}.en"))
        + "|"
        + alternation(f"comparing.{name}.zh")
    )


_NEGATIVE = re.compile(_en_then_zh("negative", r"\b({})\b"), re.I)
# The words ``wants_minimum`` reads: which end a superlative names, and measures of
# decline (their largest is the lowest signed figure).
# what held the whole back is its worst part: "which segment dragged down growth"
_HELD_BACK = r"dragg(?:ed|ing)? down|drags? down|held back|holds? back|weigh(?:ed|s)? on"
_ABSOLUTE_LOW = re.compile(rf"\b(worst|weakest|{_HELD_BACK})\b|最差|拖累", re.I)
_ABSOLUTE_HIGH = re.compile(r"\b(best|strongest)\b|最好", re.I)
_LOW = re.compile(_en_then_zh("low", r"\b({})\b"), re.I)
_HIGH = re.compile(_en_then_zh("high", r"\b({})\b"), re.I)
_DECLINE = re.compile(_en_then_zh("decline", r"\b({})\b"), re.I)
_CHANGE = re.compile(_en_then_zh("change_stems", r"\b({})"), re.I)
# "go up against a rival" competes: the idioms a move's verb stands in ask no change
_NO_MOVE = re.compile(rf"\b(?:{alternation('comparing.not_moves')})\b", re.I)
_SUPERLATIVE_ZH = f"({alternation('comparing.superlatives_zh')})"
_SUPERLATIVE_EN = alternation("comparing.superlatives")
# "Which segment's revenue declined?": the members that fell, the lowest first
_DECLINED = rf"\bwhich\s+(?:[\w&.'’-]+\s+){{0,6}}?(?:{alternation('comparing.declined')})\b"
# "Rank the regions by revenue growth": every member in order, the first one named
_RANKED = rf"^\W*(?:please\s+)?(?:{alternation('comparing.ranked')})\b.*\bby\b"
_EXTREME = re.compile(
    rf"\b(which|who)\b.*\b({_SUPERLATIVE_EN}|{_HELD_BACK})\b|{_DECLINED}|{_RANKED}|"
    rf"哪.{{0,16}}(?:{_SUPERLATIVE_ZH}|拖累)|{_SUPERLATIVE_ZH}的.{{0,8}}(是谁|是哪|是什么)",
    re.I,
)


_HOW_TO_COMPARE = re.compile(
    rf"(?:\b(?:{_SUPERLATIVE_EN})\b|"
    + "|".join((_SUPERLATIVE_ZH, _NEGATIVE.pattern, _CHANGE.pattern))
    + r")[A-Za-z]*",
    re.I,
)


_SUPERLATIVES = words("comparing.superlatives")
# A capitalised superlative before a capitalised word: a name ("Best Orchard", "Top Harbor"), or
# emphasis ("the Highest EBIT Margin", "Lowest Revenue").
_TITLED = re.compile(rf"\b({'|'.join(w.capitalize() for w in _SUPERLATIVES)}) ([A-Z][a-z]+)\b")


@cache
def _measure_words() -> frozenset[str]:
    """Words naming what a table measures or whose members it ranks (line items, metrics,
    changes, members' kinds): "Highest Revenue" is emphasis, not a name."""
    v = vocabulary()
    said = [n for item in v.items.values() for n in item.names]
    said += [m.search for m in v.metrics] + [*v.top_line, *v.share_words]
    said += [w for ws in (*v.moves.values(), *v.member_kinds.values()) for w in ws]
    return frozenset(w for text in said for w in re.findall(r"[a-z]+", text.lower()))


def measure_words() -> frozenset[str]:
    """The words naming measures, changes and kinds of member (lower case, unstemmed)."""
    return _measure_words()


def unnamed(question: str) -> str:
    """The question with each superlative that is part of a name joined to the name's next
    word ("Best_Orchard"), so that no comparison reads it: a capitalised superlative followed
    by a capitalised word that names no measure or member."""

    def join(m: re.Match[str]) -> str:
        said = m.group(0)
        return said if m.group(2).lower() in _measure_words() else said.replace(" ", "_")

    return _TITLED.sub(join, question)


def asks_extreme(question: str) -> bool:
    """ "Which region had the highest …", "哪个业务增长最快": the answer is one row of a table."""
    return _EXTREME.search(unnamed(question)) is not None


def what_is_compared(question: str) -> str:
    """The question without the words that say how to compare ("biggest drop", "增长最快"):
    a table of regions never uses them, it holds the figures they are read from."""
    joined = unnamed(question)
    kept = _HOW_TO_COMPARE.sub(" ", joined)
    for name in set(joined.split()) - set(question.split()):
        kept = kept.replace(name, name.replace("_", " "))
    return " ".join(kept.split())


def wants_minimum(question: str) -> bool:
    """Is the answer the row with the lowest figure? A superlative says which end ("the
    lowest", "the most"); a measure of decline ("drop", "loss", "lost", 下降) is read
    from its signed figure, so its largest is the lowest figure and its least the
    highest ("lost the smallest sum" is the highest net figure). "Worst" and "best" are ends
    whatever they measure. Without a superlative, a decline asks for the lowest."""
    question = unnamed(question)
    if _ABSOLUTE_LOW.search(question):
        return True
    if _ABSOLUTE_HIGH.search(question):
        return False
    decline = _DECLINE.search(question) is not None
    low = _LOW.search(question) is not None
    high = _HIGH.search(question) is not None
    if low == high:  # no end named (or both): a decline asks for the lowest figure
        return decline
    return low != decline


def asks_change(question: str) -> bool:
    """ "Biggest drop", "worst topline performance", "增长最快": a change, not a level."""
    return _CHANGE.search(_NO_MOVE.sub(" ", question)) is not None
