"""A topic question matched to a section whose heading does not use its words, by meaning.

"Is anyone suing them?" is about the section headed "Legal Proceedings", "Do sales swing
with the time of year?" about "Seasonality", "Who are its rivals?" about "Competition": the
words differ, the topic is the same. ``sections.find_section`` matches words first; when no
heading holds them, this module compares the question with the sections, as vectors of the
bundled dense model (the embedder search uses: the question read as a query, the sections as
passages):

- the headings' topic words rank the sections, and the nearest few (``SHORTLIST``) are read
  by their opening: the heading's words and the section's first words (``opening``), which
  say what a bare heading ("Human Capital", "Item 3") does not;
- the question's cosine with an opening is measured against its cosines with a fixed set of
  everyday headings of any kind of document (``background`` in the data file), as standard
  deviations above their mean: a question near everything ("What is the capital of
  France?" is near "Human Capital" as a phrase) stands above nothing, and the measure does
  not depend on how many sections the document has;
- a section is taken when it stands high enough (``score``), apart from the next of the
  shortlist (``margin``), and the question's most informative word (general-language
  rarity, ``wordfreq``) is the heading's or near its heading or opening (``rare``).

The three thresholds are fitted by ``bench/fit_topic_sections.py`` on the training split's
10-K headings against invented paraphrased topic questions, topics the filing lacks and
general-knowledge questions (``data/topic_sections.json``). Without a dense model (lexical
search) nothing matches; Chinese topics match words only (``sections.py``).
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
from typing import Any

import numpy as np

from agent.rewrite import content_terms
from agent.scope import stem
from pipeline.embed import Embedder

log = logging.getLogger(__name__)

DATA = Path(__file__).with_name("data") / "topic_sections.json"
MAX_WORDS = 4  # a longer topic phrase asks a fact inside a section, which search finds
SHORTLIST = 8  # sections read by their opening: a few embeddings a question, not hundreds
OPENING_WORDS = 24  # a section's first words: what it is about, before its details


class TopicMatchDataError(RuntimeError):
    """The fitted thresholds are missing or unreadable."""


@dataclass(frozen=True)
class Thresholds:
    score: float  # standard deviations above the background headings
    rare: float  # the rarest word's cosine with the heading or its opening
    margin: float = 0.0  # how far the section taken stands above the next of the shortlist


def _data() -> dict[str, object]:
    try:
        raw: dict[str, object] = json.loads(DATA.read_text(encoding="utf-8"))
        return raw
    except (OSError, ValueError) as e:
        raise TopicMatchDataError(
            f"cannot read the topic-section thresholds {DATA}; restore it from the repository "
            "or refit it: python bench/fit_topic_sections.py"
        ) from e


@cache
def thresholds() -> Thresholds:
    """The fitted thresholds (English topics)."""
    raw = _data()
    try:
        return Thresholds(
            float(raw["score"]),  # type: ignore[arg-type]
            float(raw["rare"]),  # type: ignore[arg-type]
            float(raw.get("margin", 0.0)),  # type: ignore[arg-type]
        )
    except (KeyError, TypeError, ValueError) as e:
        raise TopicMatchDataError(
            f"{DATA} lacks a threshold (score, rare, margin); refit it: "
            "python bench/fit_topic_sections.py"
        ) from e


@cache
def background_headings() -> tuple[str, ...]:
    heads = _data().get("background")
    if not isinstance(heads, list) or len(heads) < 10:
        raise TopicMatchDataError(f"{DATA} lacks its background headings; restore it")
    return tuple(str(h) for h in heads)


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


def opening(heading: Sequence[str], sentences: Sequence[str]) -> str:
    """What a section is about: its heading's topic words and its first words."""
    first = " ".join(" ".join(sentences).split()[:OPENING_WORDS])
    return f"{' '.join(heading)}: {first}" if first else " ".join(heading)


def rarest(words: Sequence[str]) -> str:
    from agent.models.answerability import information  # wordfreq, loaded on first use

    return max(words, key=information)


@dataclass(frozen=True)
class Match:
    index: int  # of the section in the list given
    score: float  # its opening's cosine with the question, above the background
    gap: float  # how far above the next of the shortlist
    rare: float  # the rarest word's cosine (1.0 when the heading uses it)


@dataclass(frozen=True)
class Sections:
    """A document's sections as the match reads them; ``key`` names its version."""

    key: tuple[object, ...]
    headings: Sequence[Sequence[str]]  # topic words of each heading
    openings: Sequence[str]  # ``opening`` of each


def nearest(
    embedder: Embedder, question: str, asked: Sequence[str], secs: Sections
) -> Match | None:
    """The section whose opening stands highest above the background for the question,
    with how far it does (``asked``: the question's topic words, for the rarest)."""
    if not asked or not len(secs.headings):
        return None
    q = embedder.embed_query(question)
    heads = heading_vectors(embedder, secs.key, secs.headings)
    short = [int(i) for i in np.argsort(-(heads @ q))[:SHORTLIST]]
    opens = opening_vectors(embedder, secs.key, short, secs.openings)
    base = background(embedder) @ q
    z = (opens @ q - float(base.mean())) / max(float(base.std()), 1e-6)
    order = np.argsort(-z)
    top = short[int(order[0])]
    gap = float(z[order[0]] - z[order[1]]) if len(order) > 1 else float(z[order[0]])
    word = rarest(asked)
    if stem(word) in {stem(w) for w in secs.headings[top]}:
        rare = 1.0
    else:
        alone = embedder.embed_query(word)
        rare = max(float(heads[top] @ alone), float(opens[int(order[0])] @ alone))
    return Match(top, float(z[order[0]]), gap, rare)


def accepted(m: Match | None, limits: Thresholds | None = None) -> Match | None:
    """The match when it is over all three thresholds, else None."""
    t = limits or thresholds()
    if m is None or m.score < t.score or m.gap < t.margin or m.rare < t.rare:
        return None
    return m


def heading_vectors(
    embedder: Embedder, key: tuple[object, ...], headings: Sequence[Sequence[str]]
) -> np.ndarray:
    """The headings' topic words embedded, kept per document version (``key``)."""
    with _LOCK:
        hit = _HEADS.get(key)
    if hit is not None:
        return hit
    texts = [" ".join(h) for h in headings]
    vecs = embedder.embed_passages(texts) if texts else np.zeros((0, embedder.dim))
    vecs = np.asarray(vecs, dtype=np.float32)
    with _LOCK:
        _HEADS[key] = vecs
        _trim(_HEADS)
    return vecs


def opening_vectors(
    embedder: Embedder, key: tuple[object, ...], wanted: Sequence[int], openings: Sequence[str]
) -> np.ndarray:
    """The openings of the sections ``wanted`` embedded, each once per document version."""
    with _LOCK:
        have = _OPENS.setdefault(key, {})
        _trim(_OPENS)
        missing = [i for i in wanted if i not in have]
    if missing:
        vecs = np.asarray(embedder.embed_passages([openings[i] for i in missing]), np.float32)
        with _LOCK:
            have.update(zip(missing, vecs, strict=True))
    return np.stack([have[i] for i in wanted])


def background(embedder: Embedder) -> np.ndarray:
    """The background headings embedded, once per embedder."""
    name = getattr(embedder, "name", type(embedder).__name__)
    with _LOCK:
        hit = _BACKGROUND.get(name)
    if hit is None:
        hit = np.asarray(embedder.embed_passages(list(background_headings())), np.float32)
        with _LOCK:
            _BACKGROUND[name] = hit
    return hit


def _trim(cache_: OrderedDict[tuple[object, ...], Any]) -> None:
    while len(cache_) > _CACHED:
        cache_.popitem(last=False)


EmbedderSource = Callable[[], Embedder | None]

_CACHED = 16
_HEADS: OrderedDict[tuple[object, ...], np.ndarray] = OrderedDict()
_OPENS: OrderedDict[tuple[object, ...], dict[int, np.ndarray]] = OrderedDict()
_BACKGROUND: dict[str, np.ndarray] = {}
_LOCK = threading.Lock()
