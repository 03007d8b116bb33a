"""The one place that knows which characters are Chinese (Han) and CJK punctuation.

Every CJK character class in the code is built from the blocks below; no other module
writes a range of its own (``tests/test_lexicon.py`` walks the source and fails if one
does). The default is ``HAN``: the ideographs of the unified block, Extension A and the
compatibility block.

Some ingestion code used narrower or wider ranges before this module existed, and the
index's tokens and the stored chunk text must not change under data already ingested,
so those ranges stay as named variants (``UNIFIED``, ``HAN_SPAN``); use them only where
they were used before.
"""

from __future__ import annotations

import re

# --- Unicode blocks (bodies of a character class, to be put inside "[...]") ----------
HAN_EXT_A = "\u3400-\u4dbf"  # CJK Unified Ideographs Extension A ("㐀")
UNIFIED = "\u4e00-\u9fff"  # CJK Unified Ideographs, the common block ("一"…"鿿")
HAN_COMPAT = "\uf900-\ufaff"  # CJK Compatibility Ideographs
CJK_PUNCT = "\u3000-\u303f"  # CJK Symbols and Punctuation ("　", "。", "、", "《")
FULLWIDTH = "\uff00-\uffef"  # Halfwidth and Fullwidth Forms ("，", "（", "０")

# The ideographs: what "a Chinese character" means everywhere unless a variant says not.
# Latin letters with their accented forms (Latin-1 Supplement, Latin Extended-A and -B,
# less × and ÷): a company is "Nestlé" or "Mondelēz", not "Nestl" and "Mondel"
LATIN_LETTERS = "A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f"
HAN = HAN_EXT_A + UNIFIED + HAN_COMPAT
# Chinese text: ideographs, CJK punctuation and full-width forms.
CJK = HAN + CJK_PUNCT + FULLWIDTH

# --- Legacy variants kept so stored text and tokens stay byte-identical -------------
# Extension A through the unified block as one span; it also takes in the Yijing
# hexagram symbols (U+4DC0-U+4DFF) that lie between the two blocks.
HAN_SPAN = "\u3400-\u9fff"
# Everything from CJK punctuation up to the end of the unified block (kana, bopomofo,
# Hangul compatibility jamo, Extension A...): "not a Latin letter" in the judge's names.
EAST_ASIAN_SPAN = "\u3000-\u9fff"
# The first East Asian code point (CJK Radicals Supplement, U+2E80): past it a character
# is wide, and the streamed answer is cut in pieces of a few characters, not at spaces.
WIDE_FROM = 0x2E80
# Chinese text in the span form: what joins lines and picks the summary language.
CJK_SPAN = HAN_SPAN + HAN_COMPAT + CJK_PUNCT + FULLWIDTH
# What the OCR tidy-up treats as Chinese (no compatibility ideographs).
OCR_CJK = HAN_SPAN + CJK_PUNCT + FULLWIDTH

# --- Compiled patterns ----------------------------------------------------------------
HAN_RE = re.compile(f"[{HAN}]")
HAN_RUN_RE = re.compile(f"[{HAN}]+")
CJK_RE = re.compile(f"[{CJK}]")
CJK_PUNCT_RE = re.compile(f"[{CJK_PUNCT}]")
UNIFIED_RE = re.compile(f"[{UNIFIED}]")  # legacy: the common block only
UNIFIED_RUN_RE = re.compile(f"[{UNIFIED}]+")
HAN_SPAN_RE = re.compile(f"[{HAN_SPAN}]")
HAN_SPAN_RUN_RE = re.compile(f"[{HAN_SPAN}]+")
CJK_SPAN_RE = re.compile(f"[{CJK_SPAN}]")
OCR_CJK_RE = re.compile(f"[{OCR_CJK}]")


def has_han(text: str) -> bool:
    """Does ``text`` hold at least one Chinese character?"""
    return HAN_RE.search(text) is not None


def is_han_char(ch: str) -> bool:
    """Is ``ch`` (one character) a Chinese character?"""
    return len(ch) == 1 and HAN_RE.match(ch) is not None


def is_cjk_char(ch: str) -> bool:
    """Is ``ch`` (one character) Chinese: an ideograph, CJK punctuation or full-width form?"""
    return len(ch) == 1 and CJK_RE.match(ch) is not None


def han_count(text: str) -> int:
    """How many Chinese characters ``text`` holds."""
    return len(HAN_RE.findall(text))


def han_runs(text: str) -> list[str]:
    """The runs of consecutive Chinese characters in ``text``, in order."""
    return HAN_RUN_RE.findall(text)
