"""A topic question matched to a heading that does not use its words, by meaning.

"Is the company in any litigation?" is about the section headed "Legal Proceedings",
"Is demand cyclical?" about "Seasonality", "Who are its rivals?" about "Competition":
the words differ, the topic is the same. ``sections.find_section`` matches words first;
when no heading holds them, this module compares the question's topic phrase (its topic
words, ``sections.topic_terms`` without stemming and without phrasing words) with each
heading's topic words, as vectors of the bundled dense model (the embedder search uses:
the question's phrase read as a query, the headings' as passages; marking both as
queries was fitted too, and accepted more wrong headings). A heading is taken when

- the phrase is close to it (cosine ``phrase``), and
- it stands apart from the next nearest heading (``margin``, set by hand: 0.02), and
- the question's most informative topic word (general-language rarity, ``wordfreq``) is
  the heading's too, or close to it on its own (cosine ``rare``): "volcanoes form" is
  near "Form 10-K" as a phrase, but "volcanoes", the word that says what is asked, is not.

Both thresholds are fitted by ``bench/fit_topic_sections.py`` on headings of the training
split's 10-Ks against invented topic questions and unrelated ones
(``data/topic_sections.json``). Without a dense model (lexical search) nothing matches.
The small model separates topics weakly, so the fit is strict: "litigation" and "legal
disputes" find "Legal Proceedings"; "legal battles", "rivals" and "cyclical" stay just
under it and are left to the search. Chinese topics match words only (``sections.py``):
thresholds of their own are fitted (``zh``; Chinese phrases sit higher on the model's
scale) but not used, as with them the bench's Chinese answers fell.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from agent.rewrite import content_terms
from agent.scope import stem
from pipeline.embed import Embedder

log = logging.getLogger(__name__)

DATA = Path(__file__).with_name("data") / "topic_sections.json"
MAX_WORDS = 4  # a longer topic phrase asks a fact inside a section, which search finds


class TopicMatchDataError(RuntimeError):
    """The fitted thresholds are missing or unreadable."""


@dataclass(frozen=True)
class Thresholds:
    phrase: float
    rare: float
    margin: float = 0.0  # how far the heading taken stands above the next nearest


@cache
def thresholds(lang: str = "en") -> Thresholds:
    """The fitted thresholds of English topics, or of Chinese ones (``lang`` "zh"): a
    Chinese phrase sits higher on the model's scale, an unrelated pair near 0.85."""
    try:
        raw = json.loads(DATA.read_text(encoding="utf-8"))
        raw = raw["zh"] if lang == "zh" else raw
        return Thresholds(float(raw["phrase"]), float(raw["rare"]), float(raw.get("margin", 0.0)))
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise TopicMatchDataError(
            f"cannot read the topic-heading thresholds {DATA}; restore it from the repository "
            "or refit it: python bench/fit_topic_sections.py"
        ) from e


def topic_words(
    text: str, generic: frozenset[str], ignore: frozenset[str] = frozenset()
) -> list[str]:
    """The words of a question or heading that can name its topic, as written (lower
    case): no generic words, figures or the scope's own names (stems in ``generic`` and
    ``ignore``)."""
    out: list[str] = []
    for t in content_terms(_NUMBERING.sub(" ", text)):
        s = stem(t)
        if (
            s in generic
            or s in ignore
            or any(c.isdigit() for c in t)
            or (len(t) < 2 and t.isascii())
        ):
            continue
        out.append(t)
    return list(dict.fromkeys(out))


# a Chinese heading's numbering ("第十一节", "三、") names no topic
_NUMBERING = re.compile(
    r"第[一二三四五六七八九十百零〇\d]+[章节条部分篇]|(?:^|\s)[一二三四五六七八九十]+、"
)


def rarest(words: Sequence[str]) -> str:
    from agent.models.answerability import information  # wordfreq, loaded on first use

    return max(words, key=information)


@dataclass(frozen=True)
class Match:
    index: int  # of the heading in the list given
    phrase: float  # the phrase's cosine with it
    rare: float  # the rarest word's (1.0 when the heading uses it)


def scores(
    embedder: Embedder, asked: Sequence[str], headings: Sequence[Sequence[str]], vectors: np.ndarray
) -> list[Match]:
    """Each heading's match with the asked topic words (``vectors``: the headings'
    phrases embedded by ``heading_vectors``), best phrase first."""
    if not asked or not len(headings):
        return []
    sims = vectors @ embedder.embed_query(_query(asked))
    word = rarest(asked)
    alone: np.ndarray | None = None
    out: list[Match] = []
    for i in np.argsort(-sims)[:3]:  # the rare word is checked for the nearest few only
        if stem(word) in {stem(w) for w in headings[i]}:
            rare = 1.0
        else:
            if alone is None:
                alone = embedder.embed_query(_query([word]))
            rare = float(vectors[i] @ alone)
        out.append(Match(int(i), float(sims[i]), rare))
    return out


def best(matches: Sequence[Match], limits: Thresholds | None = None) -> Match | None:
    """The nearest heading when it is over both thresholds and stands apart from the next
    ("acquired" is as near "Available Information" as "Incorporated by Reference": a
    single everyday word near several headings names none), or None."""
    t = limits or thresholds()
    if not matches:
        return None
    m, rest = matches[0], matches[1:]
    apart = not rest or m.phrase - rest[0].phrase >= t.margin
    return m if m.phrase >= t.phrase and m.rare >= t.rare and apart else None


def _query(words: Sequence[str]) -> str:
    return " ".join(words)  # the embedder adds its query / passage prefix


def heading_vectors(
    embedder: Embedder, key: tuple[object, ...], headings: Sequence[Sequence[str]]
) -> np.ndarray:
    """The headings' phrases embedded, kept per document version (``key``)."""
    with _LOCK:
        hit = _CACHE.get(key)
    if hit is not None:
        return hit
    texts = [_query(h) for h in headings]
    vecs = embedder.embed_passages(texts) if texts else np.zeros((0, embedder.dim))
    vecs = np.asarray(vecs, dtype=np.float32)
    with _LOCK:
        _CACHE[key] = vecs
        while len(_CACHE) > _CACHED:
            _CACHE.popitem(last=False)
    return vecs


EmbedderSource = Callable[[], Embedder | None]

_CACHED = 16
_CACHE: OrderedDict[tuple[object, ...], np.ndarray] = OrderedDict()
_LOCK = threading.Lock()
