"""Which one of a series a Chinese text or question names: "第8代" and "第八代" are one
ordinal, "3度接任" says the third time as "第三次接任" does, "首次" the first and "再次"
the second (words as data: ``data/lexicon/ordinals.json``).

``asked_ordinals`` reads a question's ordinals with the words after them (what they are
the ordinal of: "接任代理馆长"); ``written_ordinals`` a text's, the same way; the
question's other numeral form is matched by ``numeral_forms``, and an ordinal the text
never reaches by ``models/absent_ordinal.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.perceive.references import cn_to_int
from pipeline.text import lexicon
from pipeline.text.script import HAN

_NUMERAL = "\\d{1,3}|[零一二两三四五六七八九十百]{1,6}"
_TIMES = lexicon.alternation("ordinals.times_zh")
_ORDINAL = re.compile(rf"第\s*(?P<n>{_NUMERAL})\s*(?P<c>[{HAN}])")
# a count of times read as the last of them ("3度接任": the third time)
_TIMES_SAID = re.compile(
    rf"(?<![\d零一二两三四五六七八九十百第])(?P<n>{_NUMERAL})\s*(?P<c>{_TIMES})(?![{HAN}]?[里米倍])"
)
_FIRST = re.compile("(?:" + lexicon.alternation("ordinals.first_zh") + rf")(?P<c>[{HAN}])")
_AGAIN = re.compile(lexicon.alternation("ordinals.again_zh"))
_TAIL = 8  # characters after an ordinal that say what it counts
MAX_TIMES = 30  # "450度" is an angle or a lens, not the 450th time


@dataclass(frozen=True)
class Ordinal:
    value: int
    counter: str  # the measure word, a time's own as "次"
    said: str  # as written: "第八代"
    after: str  # the words after it: "当主的父亲是谁"


def number(said: str) -> int | None:
    """ "8" → 8, "八" → 8, "两" → 2, "二十五" → 25."""
    return int(said) if said.isdigit() else cn_to_int(said.replace("两", "二"))


def _counter(c: str) -> str:
    return "次" if re.fullmatch(_TIMES, c) else c


def _ordinal(m: re.Match[str], value: int | None, text: str) -> Ordinal | None:
    if value is None:
        return None
    c = m.groupdict().get("c") or "次"
    return Ordinal(value, _counter(c), m.group(0), text[m.end() : m.end() + _TAIL])


def asked_ordinals(question: str) -> list[Ordinal]:
    """The ordinals a question writes with 第: "第四次参加奥运会", "第2任皇后"."""
    found = (_ordinal(m, number(m.group("n")), question) for m in _ORDINAL.finditer(question))
    return [o for o in found if o is not None]


def written_ordinals(text: str) -> list[Ordinal]:
    """Every ordinal a text writes: with 第, a count of times ("3度"), "首…", "再次"."""
    out = [o for o in (_ordinal(m, number(m.group("n")), text) for m in _ORDINAL.finditer(text))]
    for m in _TIMES_SAID.finditer(text):
        n = number(m.group("n"))
        out.append(_ordinal(m, n if n is not None and 0 < n <= MAX_TIMES else None, text))
    out += [_ordinal(m, 1, text) for m in _FIRST.finditer(text)]
    out += [_ordinal(m, 2, text) for m in _AGAIN.finditer(text)]
    return [o for o in out if o is not None]


def grams(text: str) -> set[str]:
    """The Chinese character pairs of a text: what an ordinal's words share with another's."""
    runs = re.findall(f"[{HAN}]+", text)
    return {r[i : i + 2] for r in runs for i in range(len(r) - 1)}


def ordinal_digits(text: str) -> str:
    """The text with each ordinal's number in digits ("第八代" → "第8代"): two writings of
    one ordinal compare equal."""
    return _ORDINAL.sub(
        lambda m: (
            f"第{number(m.group('n'))}{m.group('c')}"
            if number(m.group("n")) is not None
            else m.group(0)
        ),
        text,
    )
