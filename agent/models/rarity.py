"""How much a word says in general language, from ``wordfreq``'s frequencies (both
English and Chinese ship in the package). A module of its own so the judge's helpers
(``holder.py``) can read it without importing the answerability gate, which imports them."""

from __future__ import annotations

from functools import lru_cache

from pipeline.text.script import HAN_RE


@lru_cache(maxsize=4096)
def information(word: str) -> float:
    """How much a word says in general language, 0 (everyday) … 1 (never seen): from its
    Zipf frequency (log10 per billion words; "the" ≈ 7.7, a rare word ≈ 2)."""
    from wordfreq import zipf_frequency  # loaded on first use: its tables are large

    lang = "zh" if HAN_RE.search(word) else "en"
    return max(0.0, min(1.0, (7.0 - zipf_frequency(word, lang)) / 6.0))
