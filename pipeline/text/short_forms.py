"""Short forms of Chinese names: the name with some of its characters left out.

Chinese shortens a name by keeping some of its characters in their order: 澳网 for
澳大利亚网球公开赛, 中共一大 for 中国共产党第一次全国代表大会, 南京国际象棋超级大赛 for
中国（南京）国际象棋超级大赛. No list holds every name, but the form shows itself: the short
name's characters are the full name's, in the same order, some skipped. A text writing
one form and a question the other speak of one thing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pipeline.text.script import HAN_RE

MIN_SHORT = 2  # characters: one character is part of too many names


def subsequence(short: str, full: str) -> bool:
    """Are ``short``'s characters ``full``'s, in the same order (others between)?"""
    rest = iter(full)
    return all(c in rest for c in short)


def shortens(short: str, full: str) -> bool:
    """Is ``short`` a short form of ``full``: Chinese characters of the full name, in its
    order, at least ``MIN_SHORT`` of them, some skipped (a piece written whole, "网球" of
    "澳大利亚网球公开赛", is a part of the name, not the name)?"""
    return (
        len(short) >= MIN_SHORT
        and short != full
        and short not in full
        and all(HAN_RE.match(c) for c in short)
        and subsequence(short, full)
    )


def _contributions(words: Sequence[str], form_at: Sequence[int]) -> dict[int, int]:
    """How many characters of each word (by index) a form takes, its characters' offsets
    into the words joined given."""
    owner = [i for i, w in enumerate(words) for _ in w]
    out: dict[int, int] = {}
    for k in form_at:
        out[owner[k]] = out.get(owner[k], 0) + 1
    return out


def _abbreviates(words: Sequence[str], took: dict[int, int]) -> bool:
    """Two words or more give characters, most of them only a part of theirs: "澳网" takes
    one of "澳大利亚" and one of "网球"; "北京男子" written for "北京奥运会男子" only sets two
    whole words side by side."""
    parts = sum(1 for i, n in took.items() if n < len(words[i]))
    return len(took) >= 2 and parts * 2 > len(took)


def written_short(words: Sequence[str], text: str) -> list[tuple[str, int, int]]:
    """The short forms ``text`` writes of a stretch of ``words`` (one Chinese run of a
    question, cut into words, in order): each as (form, first word, last word). A form
    opens with a word's first character and takes later characters of the run in order
    ("澳网" of 澳大利亚/网球/公开赛); the stretch runs on over one whole word after the last
    one it takes from (a name's closing word, "公开赛", is what a short form drops)."""
    joined = "".join(words)
    starts = [sum(len(w) for w in words[:i]) for i in range(len(words))]
    found: dict[tuple[int, int], tuple[str, int, int]] = {}
    for i, w in enumerate(words):
        if len(w) < MIN_SHORT or not HAN_RE.match(w):
            continue
        for m in re.finditer(re.escape(w[0]), text):
            at, pos, j = [starts[i]], starts[i] + 1, m.end()
            while j < len(text) and HAN_RE.match(text[j]):
                k = joined.find(text[j], pos)
                if k < 0:
                    break
                at.append(k)
                pos, j = k + 1, j + 1
            form = text[m.start() : j]
            took = _contributions(words, at)
            if form in joined or not _abbreviates(words, took):
                continue
            last = max(took)
            if last + 1 < len(words) and len(words[last + 1]) >= MIN_SHORT:
                last += 1
            found[(m.start(), j)] = (form, i, last)
    # "共一大" inside "中共一大" is the same form read from its second character
    return [
        f
        for (s, e), f in found.items()
        if not any(s2 <= s and e <= e2 and (s2, e2) != (s, e) for s2, e2 in found)
    ]


MAX_LONG_WORDS = 4  # a full name a two- or three-character short form stands for


def written_long(short: str, cut: Sequence[str]) -> list[str]:
    """The full names a text writes that ``short`` shortens, the reverse of
    ``written_short``: 荷甲 asked, 荷兰/足球/甲级联赛 written. ``cut`` is one Chinese run of
    the text cut into words. A full name opens with a word whose first character is the
    short form's; the short form's other characters follow in order within at most
    ``MAX_LONG_WORDS`` words; two words or more give characters, most of them only a part
    (``_abbreviates``); the name ends with the word giving its last character."""
    if len(short) < MIN_SHORT or not all(HAN_RE.match(c) for c in short):
        return []
    out = []
    for i, w in enumerate(cut):
        if not w.startswith(short[0]) or len(w) < MIN_SHORT:
            continue
        if len(w) >= len(short) + 2 and short not in w and subsequence(short, w):
            out.append(w)  # a name the cutter keeps whole: 国家图书馆 for 国图
            continue
        words = list(cut[i : i + MAX_LONG_WORDS])
        joined = "".join(words)
        at, pos = [0], 1
        for c in short[1:]:
            k = joined.find(c, pos)
            if k < 0:
                break
            at.append(k)
            pos = k + 1
        if len(at) < len(short):
            continue
        took = _contributions(words, at)
        if short in joined or not _abbreviates(words, took):
            continue
        name = words[: max(took) + 1]
        if all(len(n) >= MIN_SHORT for n in name):  # "于/海": single characters are no name
            out.append("".join(name))
    return out


_CAPITALISED = re.compile(r"[A-Z][A-Za-z]*(?:[ -](?:(?:of|and|for|the)[ -])?[A-Z][A-Za-z]*)*")


def spelled_initials(acronym: str, text: str) -> list[str]:
    """The names a text writes whose capitals spell ``acronym``: "OpenCourseWare" for OCW,
    "World Naked Bike Ride" for WNBR (a lower-case "of" or "and" between is skipped)."""
    if len(acronym) < MIN_SHORT or not acronym.isupper() or not acronym.isalpha():
        return []
    out = []
    for m in _CAPITALISED.finditer(text):
        words = re.findall(r"[A-Za-z]+", m.group(0))
        spans = ((a, b) for a in range(len(words)) for b in range(a + 1, len(words) + 1))
        for a, b in spans:
            part = words[a:b]
            capitals = "".join(c for w in part for c in w if c.isupper())
            if capitals == acronym and part != [acronym] and part[-1][:1].isupper():
                out.append(" ".join(part))
    return out
