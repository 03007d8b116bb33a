"""Which language the user writes in: zh, en or mixed (lingua, restricted to the two).

Script shares decide the clear cases for free; lingua settles the middle band, where a
Chinese sentence carries English terms ("Adobe 的 operating margin 是多少") or the other
way round. The detector is built once, lazily, because loading it takes a moment.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import Any

from agent.schemas import Language
from pipeline.text.lang import cjk_ratio
from pipeline.text.script import HAN_RE
from pipeline.text.segment import EN_STOPWORDS
from pipeline.text.words import LATIN_WORD_RE

_lock = threading.Lock()
_detector: Any = None


def _lingua() -> Any:
    global _detector
    if _detector is None:
        with _lock:
            if _detector is None:
                from lingua import Language as L
                from lingua import LanguageDetectorBuilder

                _detector = LanguageDetectorBuilder.from_languages(L.CHINESE, L.ENGLISH).build()
    return _detector


@lru_cache(maxsize=4096)
def detect_language(text: str) -> Language:
    """zh / en / mixed for a user message; 'en' when there are no letters at all.

    'mixed' means both scripts carry real weight; :func:`reply_language` then picks the
    language whose grammar the message uses.
    """
    ratio = cjk_ratio(text)
    if ratio >= 0.7:
        return "zh"
    if ratio == 0.0:
        return "en"
    if ratio < 0.15:
        return "en" if _dominant(text) == "en" else "mixed"
    return "mixed"


@lru_cache(maxsize=4096)
def _dominant(text: str) -> Language:
    # Chinese grammar around English names ("Contoso StoreNet指什么？"): the English words
    # are names and terms, none of them a function word, so the sentence is Chinese.
    latin = [w.lower() for w in LATIN_WORD_RE.findall(text)]
    if HAN_RE.search(text) and not any(w in EN_STOPWORDS for w in latin):
        return "zh"
    found = _lingua().detect_language_of(text)
    return "zh" if found is not None and found.name == "CHINESE" else "en"


def reply_language(lang: Language, text: str) -> Language:
    """The language to answer in: a mixed message is answered in its dominant language."""
    return _dominant(text) if lang == "mixed" else lang
