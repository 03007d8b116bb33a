"""A count in a Chinese question written one way and in the document the other: "23岁"
asked of a text saying "二十三岁", "二十三岁" of one saying "23岁". Each number a question
puts before a counter (岁, 年, 个 …) is paired with its other form, so searching and
matching read either (``rewrite.key_terms``, ``features.make_ask``)."""

from __future__ import annotations

import re

from agent.scope import stem
from pipeline.perceive.references import cn_to_int
from pipeline.text import lexicon

# a number before a counter: the counter is what makes a figure a count or an age
_COUNTED = re.compile(
    r"(?<![\d零〇一二两三四五六七八九十百])(\d{1,3}|[零一二两三四五六七八九十百]{1,6})"
    r"\s*(" + lexicon.alternation("asking.counters_zh") + ")"
)
_DIGITS = "零一二三四五六七八九"


def to_chinese(n: int) -> str:
    """23 → "二十三", 10 → "十", 105 → "一百零五" (0 to 999)."""
    if n < 10:
        return _DIGITS[n]
    if n < 20:
        return "十" + (_DIGITS[n % 10] if n % 10 else "")
    if n < 100:
        return _DIGITS[n // 10] + "十" + (_DIGITS[n % 10] if n % 10 else "")
    rest = n % 100
    tail = (
        ""
        if not rest
        else (
            "零" + _DIGITS[rest]
            if rest < 10
            else "一" + to_chinese(rest)
            if rest < 20
            else to_chinese(rest)
        )
    )
    return _DIGITS[n // 100] + "百" + tail


def other_forms(question: str) -> list[tuple[str, str, str]]:
    """(the number as the question writes it, its other form, the counter after it) for
    each number before a counter: ("23", "二十三", "岁"), ("二十三", "23", "岁")."""
    out = []
    for m in _COUNTED.finditer(question):
        said = m.group(1)
        if said.isdigit():
            n = int(said)
            if n < 1000:
                out.append((said, to_chinese(n), m.group(2)))
            continue
        value = cn_to_int(said.replace("两", "二"))
        if value is not None:
            out.append((said, str(value), m.group(2)))
    return list(dict.fromkeys(out))


def one_count(
    question: str, weights: dict[str, float], language: dict[str, float]
) -> tuple[tuple[frozenset[str], re.Pattern[str]], ...]:
    """A count asked in one numeral form and written in the other ("23岁", "二十三岁") is
    one question word: weighed under the question's form, as rare as the rarer form the
    scope uses, and used by a text writing either (a synonym rule of its own). Neither
    form then counts as missing (its ``language`` weight is nil)."""
    out = []
    for said, other, counter in other_forms(question):
        key, alt = stem(said), stem(other)
        weight = max(weights.pop(key, 0.0), weights.pop(alt, 0.0))
        language.pop(alt, None)
        if not weight:
            continue
        key = said + counter  # "28岁": matched by the rule below, never "28" alone
        weights[key] = weight
        language[key] = 0.0  # the scope uses one form of it: nothing of it is missing
        # with its counter: "28岁", "二十八岁", not the day of "12月28日"
        forms = f"{re.escape(said)}|{re.escape(other)}"
        either = re.compile(rf"(?<![\d零一二两三四五六七八九十百])(?:{forms})\s*{counter}")
        out.append((frozenset({key}), either))
    return tuple(out)
