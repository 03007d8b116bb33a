"""A superlative asked ("the tallest …", "最长的…") is answered only by evidence saying it.

A question of world knowledge put as a superlative ("the tallest mountain in <a state
the filing names>", "世界上最长的溶洞") shares its other words with a document that speaks
of the place, and the document's own superlatives ("our largest suppliers", "亚洲第一")
are about other things. What answers it says the superlative asked: the same word, or,
in Chinese, the rank (第一) a superlative is also written as. The superlatives are read
from the words' shapes, with no list: an English word ending in -est whose base ("tall",
"large", "big", "heavy") is a common word, "most"/"least" before an adjective, and 最
before a character in Chinese.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from agent.rewrite import core_question

_EN = re.compile(r"\b([A-Za-z]{3,})est\b")
_MOST = re.compile(r"\b(?:most|least)\s+([a-z]{3,})\b", re.I)
_ZH = re.compile(r"最[\u4e00-\u9fff]")
_RANK_ZH = "第一"
# Zipf frequencies: a base this common is an adjective's ("tall" 4.6), and the -est word
# itself must be a word in use ("request": no "requ")
_BASE_ZIPF = 3.0
_WORD_ZIPF = 2.0
_FUNCTION_ZIPF = 6.5  # "for" of "forest": a function word is no adjective


@lru_cache(maxsize=2048)
def _is_superlative(word: str) -> bool:
    from wordfreq import zipf_frequency  # loaded on first use: its tables are large

    w = word.lower()
    base = w[:-3]
    bases = [base, base + "e"]  # "tall", "larg" + e
    if len(base) > 3 and base[-1] == base[-2]:
        bases.append(base[:-1])  # "bigg" → "big"
    if base.endswith("i"):
        bases.append(base[:-1] + "y")  # "heavi" → "heavy"
    said = zipf_frequency(w, "en")
    if said < _WORD_ZIPF:
        return False
    # an adjective is said more often than its superlative ("interest" outnumbers "inter")
    return any(
        said < zipf_frequency(b, "en") and _BASE_ZIPF <= zipf_frequency(b, "en") < _FUNCTION_ZIPF
        for b in bases
        if len(b) >= 3
    )


def superlatives(question: str) -> list[str]:
    """The superlatives the question asks by ("tallest", "most profitable", "最长")."""
    core = core_question(question)
    out = [m.group(0).lower() for m in _EN.finditer(core) if _is_superlative(m.group(0))]
    out += [f"most {m.group(1).lower()}" for m in _MOST.finditer(core)]
    return out + [m.group(0) for m in _ZH.finditer(core)]


def unheld_superlative(question: str, texts: Iterable[str]) -> str:
    """A superlative the question asks by that none of the texts says, or ""."""
    said = [t.lower() for t in texts]
    for s in superlatives(question):
        if not any(s in t or (s.startswith("最") and _RANK_ZH in t) for t in said):
            return s
    return ""
