"""A sentence that only points to a note of the financial statements ("See Note 13 —
Debt, for further information.", "详见附注七。"): the answer is in that note, not in the
pointer. ``pointed_note`` reads the note's number; the offline planner reads that note's
section next (``read_section`` with "Note 13"), and the judge never answers with the
pointer itself."""

from __future__ import annotations

import re

from pipeline.perceive.references import normalise_key
from pipeline.text.script import HAN, HAN_RE

_EN = re.compile(
    r"\b(?:(?:see|refer(?:ence)? to|described in|discussed in|included in|set forth in|"
    r"presented in|disclosed in)\s+(?:the\s+)?"
    # "See discussion of legal proceedings in Note 9": what is found there, then the note
    r"|(?:see|refer(?:ence)? to)\s+(?:the\s+)?(?:discussion|description|information)\s+"
    r"(?:(?:of|on|about|regarding)\s+[^.;:]{1,60}?\s+)?in\s+(?:the\s+)?)"
    r"notes?\s+(\d{1,2})(?!\d|\.\d)",
    re.I,
)
_ZH = re.compile(
    r"(?:参见|详见|参阅|见)[^。；;，,]{0,16}?(?:附注|注释)\s*([一二三四五六七八九十\d]{1,4})"
)
# what a pointer says besides the note: where it is and what more it holds
_FILLER_EN = re.compile(
    r"\b(?:see|refer(?:ence)? to|for|further|additional|more|detailed|information|details|"
    r"discussion|regarding|about|on|of|our|the|its|to|in|and|a|an|notes?|consolidated|"
    r"financial|statements?|condensed|accompanying|included|herein|this|report|form|10-k|"
    r"10-q|item|part|ii|i|8|1|please|material|set|forth|incorporated|by|reference|"
    r"description|described|discussed|discussion)\b|\d+|[^\w\s]",
    re.I,
)
_MAX_OWN_WORDS = 4  # "See Note 13 — Debt": the note's title is the pointer's only words
_MAX_OWN_CHARS_ZH = 6


def pointed_note(text: str) -> str:
    """The number of the note a sentence points to ("13", "7"), "" when it points to none."""
    m = (_ZH if HAN_RE.search(text) else _EN).search(text)
    return normalise_key(m.group(1)) if m else ""


# what a Chinese pointer says besides the note: anything not Han, and filler words
_ZH_FILLER = re.compile(f"[^{HAN}]|的|有关|相关|内容|情况|说明|具体|本报告|财务报告|第.{{1,3}}节")


def only_points(text: str) -> bool:
    """Does the sentence point to a note and say little else (the note's title at most)?"""
    if not pointed_note(text):
        return False
    if HAN_RE.search(text):
        rest = _ZH.sub("", text)
        rest = _ZH_FILLER.sub("", rest)
        return len(rest) <= _MAX_OWN_CHARS_ZH
    # a heading the chunk repeats before the pointer ("Legal Proceedings See … legal
    # proceedings in Note 9") says its words once
    return len(set(_FILLER_EN.sub(" ", text).lower().split())) <= _MAX_OWN_WORDS


def note_topic(key: str, chinese: bool = False) -> str:
    """The topic a section read asks for: "Note 13", "附注13"."""
    return f"附注{key}" if chinese else f"Note {key}"


_TOPIC = re.compile(r"^\s*(?:note|附注|注释)\s*([一二三四五六七八九十\d]{1,4})\s*$", re.I)


def asked_note(topic: str) -> str:
    """The note a section read asks for by its number ("Note 13" → "13"), else ""."""
    m = _TOPIC.match(topic)
    return normalise_key(m.group(1)) if m else ""


def heads_note(title: str, key: str) -> bool:
    """Does a heading open the note numbered ``key`` ("NOTE 13. DEBT", "Note 13 — Debt",
    "附注十三、借款", "13. Debt" under the notes)?"""
    m = re.match(
        r"^\s*(?:note|附注|注释)?\s*([一二三四五六七八九十\d]{1,4})\s*[.、:：—–\s-]", title, re.I
    )
    return m is not None and normalise_key(m.group(1)) == key
