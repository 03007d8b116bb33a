"""A question read once into what every answering strategy needs: its language, the line
items and metrics it names, its periods, the names it gives, the operation it asks for
and the kind of answer it wants. Strategies test these fields instead of each reading the
question's words again with its own patterns."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Literal

from agent.question.acronyms import METRIC_ACRONYMS
from agent.question.asked_move import AskedMove, asked_move
from agent.question.compare import asks_change, asks_extreme
from agent.question.kinds import FIRST_ASKING, Kind, asked_kinds, asks_overview, subject_named
from agent.question.named_members import named_members
from agent.rewrite import page_reference
from pipeline.text.expand import spelled_out
from pipeline.text.finance import vocabulary
from pipeline.text.lang import cjk_ratio
from pipeline.text.lexicon import pattern
from pipeline.text.periods import FISCAL_YEAR_RE, fiscal_years
from pipeline.text.script import HAN_RE

Operation = Literal[
    "lookup", "change", "growth", "average", "ratio", "share", "comparison", "extreme", "between"
]
AnswerKind = Literal[
    "number", "date", "person", "place", "list", "yes/no", "explanation", "definition"
]

_QUARTER = re.compile(r"\b(q[1-4]|h[12])\b|第[一二三四1-4]季度|[上下]半年", re.I)
_AVERAGE = re.compile(r"\baverag(?:e|ed|ing)\b|\bmean\b|平均", re.I)
_GROWTH = re.compile(r"\b(growth|grew|grow|cagr|yoy|year.over.year)\w*|增长率|增速|同比", re.I)
_RATIO = pattern("asked_figures.ratio_words", template=r"\b({})\b|率|比率", flags=re.I)
# "what % of", "what portion of" ask a share as "what share of" does; "as a % of" is a
# ratio's wording, read as before
_SHARE = re.compile(
    r"\b(share|proportion|percentage) of\b|(?<!\bas a )(?<!\bas an )(?:%|\bpercent|\bportion|"
    r"\bfraction) of\b|占.{0,12}(比|比例|比重)",
    re.I,
)
_VERSUS = re.compile(r"\b(compared? (with|to)|versus|vs\.?|than)\b|相比|对比|比较", re.I)
_BETWEEN = re.compile(r"\bbetween\b.{1,60}\band\b|从.{1,30}到", re.I)
_YES_NO = pattern(
    "asked_figures.yes_no_auxiliaries", template=r"^\W*({})\b|是否|吗[?？]?\s*$", flags=re.I
)
_EXPLAIN = re.compile(r"^\W*(why|how|explain|describe)\b|为什么|为何|如何|怎样", re.I)
# whether a figure held steady is read from its change: "is the margin stable", "增减情况"
# "the top line" names the revenue line: a level, unless other words ask how it moved
_TOP_LINE = re.compile(r"\btop[- ]?line\b", re.I)
_STEADY = re.compile(r"\b(consisten|fluctuat|stable|stabil|trend)\w*|增减|波动", re.I)


@dataclass(frozen=True)
class Question:
    """One question as every strategy reads it."""

    text: str
    lang: Literal["en", "zh"]
    items: tuple[str, ...]  # line-item keys of the finance vocabulary it names
    metrics: tuple[str, ...]  # metric keys it names ("gross_margin")
    periods: tuple[int, ...]  # fiscal years, in order of mention
    quarters: tuple[str, ...]  # "Q2", "H1", "上半年"
    entities: tuple[str, ...]  # the words of the names it gives ("Acme", "Blue Heron")
    operation: Operation
    kinds: frozenset[AnswerKind]  # what the answer is; empty when nothing says
    page: int | None  # "page 12", "第3页"
    overview: bool  # about a whole document ("summarise this report")
    # a move between two figures: the sum moved, a yes or no on its direction, or how one
    # side compares with the other; and whether the two figures alone decide a yes or no
    move: AskedMove

    @property
    def numeric(self) -> bool:
        """Is the answer a figure (a cell or one computed from cells)?"""
        return "number" in self.kinds or bool(self.items or self.metrics)

    @property
    def focus(self) -> tuple[str, ...]:
        """What an answer's evidence must cover: the items, metrics, periods and names."""
        return (*self.items, *self.metrics, *map(str, self.periods), *self.entities)


def parse(text: str) -> Question:
    """The question read once (pure: the same text always reads the same)."""
    return _parse(text)


@lru_cache(maxsize=1024)  # a turn parses its question in several places
def _parse(text: str) -> Question:
    first = FIRST_ASKING.match(text.strip()).group(0)  # type: ignore[union-attr]
    return Question(
        text=text,
        lang="zh" if cjk_ratio(text) > 0 else "en",
        items=_items(text),
        metrics=tuple(m.key for m in vocabulary().metrics if m.find(text)),
        periods=tuple(fiscal_years(text)),  # each once, in order of mention
        quarters=tuple(m.group(0).upper() for m in _QUARTER.finditer(text)),
        entities=tuple(w for w in subject_named(text) if w.lower() not in METRIC_ACRONYMS),
        operation=_operation(text),
        kinds=_kinds(first),
        page=page_reference(text),
        overview=asks_overview(text),
        move=asked_move(text),
    )


def _items(text: str) -> tuple[str, ...]:
    low = text.lower()
    # a Chinese abbreviation the filings spell out names the item of its long form
    # ("营收": 营业收入); English ones are read where the figures are found (items.py)
    spelled = {f for w, a in spelled_out(text) if HAN_RE.search(w) for f in a.long}
    return tuple(
        key
        for key, item in vocabulary().items.items()
        if any(_named(name, low) or name in spelled for name in item.names)
    )


@cache
def _name_pattern(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![a-z]){re.escape(name.lower())}(?![a-z])")


def _named(name: str, low: str) -> bool:
    return bool(name) and _name_pattern(name).search(low) is not None


def _operation(text: str) -> Operation:
    """The one operation the question asks for, the most specific first: an extreme row
    or a period range is a different computation from a level or its change."""
    if asks_extreme(text):
        return "extreme"
    named = len(FISCAL_YEAR_RE.findall(text)) + len(_QUARTER.findall(text))
    if _AVERAGE.search(text):  # "the average … between FY2019 and FY2021" is an average
        return "average"
    if _BETWEEN.search(text) and named >= 2:
        return "between"
    if _SHARE.search(text):
        return "share"
    if asked_move(text).against:  # "grow faster than net sales": two items compared
        return "comparison"
    if named_members(text) is not None:  # "did Rigid outpace Flexibles", "A or B"
        return "comparison"
    if _GROWTH.search(text):
        return "growth"
    if _VERSUS.search(text):
        return "comparison"
    if asks_change(_TOP_LINE.sub(" ", text)) or _STEADY.search(text):
        return "change"
    if _RATIO.search(text):
        return "ratio"
    return "lookup"


_KIND_OF: dict[Kind, AnswerKind] = {
    "number": "number",
    "date": "date",
    "person": "person",
    "place": "place",
    "definition": "definition",
    "reason": "explanation",
    "list": "list",
}


def _kinds(first: str) -> frozenset[AnswerKind]:
    out = {_KIND_OF[k] for k in asked_kinds(first)}
    if _YES_NO.search(first):
        out.add("yes/no")
    if _EXPLAIN.search(first) and not out & {"number", "list"}:
        out.add("explanation")
    return frozenset(out)
