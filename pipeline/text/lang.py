"""Cheap script-based language facts (no model): CJK share, token estimates, sentence splits."""

from __future__ import annotations

import re
from typing import Literal

from pipeline.text import lexicon
from pipeline.text.fields import field_break
from pipeline.text.script import CJK_SPAN_RE, HAN_RE, UNIFIED
from pipeline.text.words import LATIN_WORD_RE
from pipeline.text.wrapping import hyphen_break

Lang = Literal["zh", "en", "mixed", "unknown"]

_WORDISH = re.compile(r"[A-Za-z0-9]+|[^\sA-Za-z0-9]")


def cjk_ratio(text: str) -> float:
    """Share of CJK ideographs among the letters of ``text`` (0 for none)."""
    cjk = len(HAN_RE.findall(text))
    latin = sum(len(w) for w in LATIN_WORD_RE.findall(text)) / 4.0  # ~ one word per 4 letters
    total = cjk + latin
    return cjk / total if total else 0.0


def script_language(text: str) -> Lang:
    """zh / en / mixed from the scripts used; 'unknown' when there are no letters."""
    if not text.strip():
        return "unknown"
    r = cjk_ratio(text)
    if r == 0 and not LATIN_WORD_RE.search(text):
        return "unknown"
    if r >= 0.7:
        return "zh"
    if r <= 0.15:
        return "en"
    return "mixed"


def estimate_tokens(text: str) -> int:
    """Rough token count for the multilingual-e5 tokenizer (measured on FinanceBench/CMRC).

    A CJK ideograph is ~0.6 token, a Latin word ~1.3 tokens, digits and symbols count singly.
    """
    cjk = len(HAN_RE.findall(text))
    rest = HAN_RE.sub(" ", text)
    words = 0
    for m in _WORDISH.finditer(rest):
        tok = m.group(0)
        words += 1 + len(tok) // 6 if tok[0].isalpha() else max(1, len(tok) // 3)
    return int(cjk * 0.6 + words * 1.15) + 2


_SENT_SPLIT = re.compile(r"(?<=[。！？!?])\s*|(?<=[.])\s+(?=[A-Z0-9\"'(" + UNIFIED + r"])|\n{2,}")


_ABBREVIATION = lexicon.pattern(
    "abbreviations.before_full_stop", template=r"(?:\b(?:{})\.|(?<![\w-])[A-Z]\.)$"
)


def is_abbreviated(text: str) -> bool:
    """Does the text end with an abbreviation ("Northwind Traders Inc.")?"""
    return _ABBREVIATION.search(text.rstrip()) is not None


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans (start, end) of ``text``; handles Chinese and English punctuation,
    and does not end a sentence at an abbreviation ("Adobe Inc. (the Company)", "J. Smith";
    "Form 10-K. We" does end one)."""
    spans: list[tuple[int, int]] = []
    start = 0
    for m in _SENT_SPLIT.finditer(text):
        end = m.start()
        if end > start and text[start:end].strip():
            spans.append(_trim(text, start, end))
        start = m.end()
    if start < len(text) and text[start:].strip():
        spans.append(_trim(text, start, len(text)))
    merged: list[tuple[int, int]] = []
    for span in spans:
        prev = merged[-1] if merged else None
        joinable = prev is not None and "\n" not in text[prev[1] : span[0]]
        if prev is not None and joinable and _continues(text, prev, span):
            merged[-1] = (prev[0], span[1])
        else:
            merged.append(span)
    return merged


_PAIRED = (("《", "》"), ("「", "」"), ("“", "”"), ("『", "』"))
_MAX_JOINED = 300


def _continues(text: str, prev: tuple[int, int], span: tuple[int, int]) -> bool:
    """The next span goes on the sentence before it: that one ended at an abbreviation, or
    its mark sits inside a title or a quote still open ("《星河！夜航》")."""
    before = text[prev[0] : prev[1]]
    if _ABBREVIATION.search(before):
        return True
    if span[1] - prev[0] > _MAX_JOINED:
        return False
    return any(before.count(o) > before.count(c) for o, c in _PAIRED)


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


_ROW_GAP = re.compile(r"\S {2,}\S")
_LIST_START = re.compile(
    r"^\s*(?:[•●○◦▪■□◆◇·‣⁃\-–*]|\(?[0-9]{1,2}[.)]|[（(][一二三四五六七八九十0-9]+[)）])\s"
)


def opens_list_item(line: str) -> bool:
    """Does the line open an item of a list ("• 2022 Full-Year …", "(2) …", "（三）…")?"""
    return _LIST_START.match(line) is not None


def line_separator(prev: str, nxt: str) -> str:
    """How two visual lines of one block join: '' inside Chinese (and where Chinese meets
    a figure or a Latin word), ' ' in wrapped prose, a newline between table-like rows,
    list items and header fields."""
    if not prev or not nxt:
        return "\n"
    if _ROW_GAP.search(prev) or _ROW_GAP.search(nxt) or _LIST_START.match(nxt):
        return "\n"
    if field_break(prev, nxt):  # a memo's "TO: …" over "FROM: …": one field a line
        return "\n"
    if CJK_SPAN_RE.match(prev[-1]) or CJK_SPAN_RE.match(nxt[0]):
        return ""  # Chinese sets figures and Latin words without spaces: "于" + "2009年"
    if prev[-1].isdigit() and nxt[0].isdigit() and CJK_SPAN_RE.search(prev):
        return ""  # a figure broken at the line's end in Chinese text: "201" + "3年"
    return " "


def join_lines(lines: list[str]) -> tuple[str, list[tuple[int, int]]]:
    """Joined text and the (start, end) span of every line in it.

    A word hyphenated across lines ("adip-" + "iscing") is joined without the
    hyphen; the first line's span then ends before the dropped hyphen. A compound broken
    at its hyphen ("year-" + "end") keeps it (``wrapping.hyphen_break``).
    """
    parts: list[str] = []
    spans: list[tuple[int, int]] = []
    pos = 0
    for i, line in enumerate(lines):
        if i:
            prev = lines[i - 1]
            hyphen = hyphen_break(prev, line)
            if hyphen == "-":  # a compound's hyphen at the break: "year-" + "end"
                sep = ""
            elif hyphen == "":
                parts[-1] = parts[-1][:-1]
                pos -= 1
                spans[-1] = (spans[-1][0], pos)
                sep = ""
            else:
                sep = line_separator(prev, line)
            parts.append(sep)
            pos += len(sep)
        parts.append(line)
        spans.append((pos, pos + len(line)))
        pos += len(line)
    return "".join(parts), spans
