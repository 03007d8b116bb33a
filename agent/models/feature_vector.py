"""A candidate answer unit's feature vector (``FEATURES``, in order) for a question read
as an ``features.Ask``: what the unit, its section, its neighbours and its passage use of
the question's words, and its place, length and shape; two features are relative to the
best candidate's (``relative``). The selector (``selector.py``) weighs them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from agent.answer_kinds import holds
from agent.evidence import Passage, Unit
from agent.models.features import Ask, hits, share
from agent.question.kinds import KINDS
from agent.scope import word_set
from pipeline.text.periods import LONE_YEAR_RE
from pipeline.text.script import HAN, HAN_RUN_RE

FEATURES: tuple[str, ...] = (
    "overlap",  # share of the question's rarity weight the unit's words carry
    "overlap_rel",  # its overlap over the best overlap of any candidate
    "bigrams_rel",  # its Chinese pairs share over the best of any candidate
    "rarest",  # the unit uses the question's rarest word
    "section",  # share carried by its section heading only
    "cover",  # share its whole passage carries
    "bigrams",  # share of the question's Chinese character pairs in the unit
    "context",  # share carried by the units next to it
    "novelty",  # share of the unit that the question does not already say
    "rank",  # 1 / sqrt(search rank of its passage)
    "retrieval",  # its passage's search score over the best score of the turn
    "first",  # the first unit of its passage
    "position",  # how far into its passage it starts (0 … 1)
    "length",  # log of its length in characters
    "short",  # fewer than 25 characters
    "row",  # a table row
    "table",  # its passage is a table and the question names a metric
    "years",  # share of the question's years it names
    *(f"holds_{k}" for k in KINDS),  # asks for that kind and holds one
    "holds_none",  # asks for a kind and holds none of those asked
    "proxy",  # a row naming a line item that stands in for the metric asked
    "lead_in",  # a sentence announcing what follows (ends with a colon)
    "dates_only",  # a row of labels and dates: a column header
    "absent",  # share of the question (by rarity in the language) the scope never uses
    "lead",  # the first sentence under a heading: where an article says what its topic is
    "opens",  # a question word within the unit's opening: the sentence is about it
    "chars",  # share of the question's Chinese characters in the unit ("有毒" / "毒性")
    "spread",  # how far apart the question words it uses lie (share of its length)
    "titled",  # share of the question its section title names: the passage is about it
    "focus",  # the unit uses the word the question asks for (``focus.py``; 1 when none)
    "names_kept",  # its passage uses every name the question is asked of (``focus.py``)
)
_LEAD_IN = re.compile(r"[:：]\s*$")
_LETTERS = re.compile(r"[A-Za-z" + HAN + r"]{3,}")


def unit_features(
    ask: Ask,
    p: Passage,
    parts: Sequence[Unit],
    i: int,
    *,
    cover: float,
    names_kept: bool = True,
    rest: str = "",
) -> tuple[list[float], set[str]]:
    """The feature vector of ``parts[i]`` (in ``FEATURES`` order) and the words it matched;
    ``cover`` and ``names_kept`` are its passage's (``share`` and ``Ask.names`` of
    ``passage_hits``); ``rest`` is the rest of its sentence when the chunk's end cut it
    (``cut_sentence.rest_of``): a word asked may run across the cut ("……都会宣" + "誓")."""
    u = parts[i]
    hit = hits(ask, u.text + rest)
    words = word_set(u.text)
    proxy = 0.0
    # a row names the line item standing in for a metric; a sentence giving a cause tells
    # it of the items the metric is computed from
    if u.kind == "row" or "reason" in ask.kinds:
        for key, phrases in ask.proxies:
            if any(ph <= words for ph in phrases):
                proxy = 1.0 if u.kind == "row" else proxy  # the feature reads rows only
                hit |= {t for t in key if t in ask.weights}
    in_section = hits(ask, p.section) - hit
    around = " ".join(parts[j].text for j in (i - 1, i + 1) if 0 <= j < len(parts))
    rarest = max(ask.weights, key=lambda t: ask.weights[t]) if ask.weights else ""
    unit_grams = _grams(u.text)
    kinds = [
        1.0 if k in ask.kinds and holds(k, u.text, ask.question, ask.common) else 0.0 for k in KINDS
    ]
    n = len(u.text)
    values = [
        share(ask, hit),
        0.0,  # relative features: set by ``relative`` once every candidate is known
        0.0,
        1.0 if rarest and rarest in hit else 0.0,
        share(ask, in_section),
        cover,
        len(ask.grams & unit_grams) / len(ask.grams) if ask.grams else 0.0,
        share(ask, hits(ask, around) - hit) if around else 0.0,
        _novelty(ask, u.text, unit_grams),
        1.0 / math.sqrt(p.rank or 1),
        p.score / ask.best_score if ask.best_score > 0 else 0.0,
        1.0 if i == 0 else 0.0,
        u.start / max(1, len(p.text)),
        math.log(1 + n),
        1.0 if n < 25 else 0.0,
        1.0 if u.kind == "row" else 0.0,
        1.0 if p.kind == "table" and ask.proxies else 0.0,
        len(ask.years & set(LONE_YEAR_RE.findall(u.text))) / len(ask.years) if ask.years else 0.0,
        *kinds,
        1.0 if ask.kinds and not any(kinds) else 0.0,
        proxy,
        1.0 if u.kind == "sentence" and _LEAD_IN.search(u.text) else 0.0,
        1.0 if u.kind == "row" and (_only_dates(u.text) or not _LETTERS.search(u.text)) else 0.0,
        ask.absent,
        1.0 if i > 0 and parts[i - 1].kind == "heading" else 0.0,
        1.0 if _opens(u.text, hit) else 0.0,
        # without Chinese, the question's characters are its words: the same scale
        len(ask.chars & set(u.text)) / len(ask.chars) if ask.chars else share(ask, hit),
        _spread(u.text, hit),
        share(ask, hits(ask, p.section)),
        1.0 if not ask.focus or ask.focus in hit else 0.0,
        1.0 if names_kept else 0.0,
    ]
    return values, hit | in_section


def _where(text: str, hit: set[str]) -> list[tuple[int, int]]:
    """Where each question word the unit uses first occurs in it (start, end)."""
    low = text.lower()
    out = []
    for t in hit:
        at = low.find(t)
        if at >= 0:
            out.append((at, at + len(t)))
    return out


def _opens(text: str, hit: set[str]) -> bool:
    """A question word starts within the unit's first quarter (at least its first 12
    characters): "X是……", "X (born …) was …" — the unit says what X is or did."""
    limit = max(12, len(text) // 4)
    return any(s < limit for s, _ in _where(text, hit))


def _spread(text: str, hit: set[str]) -> float:
    """The span from the first to the last question word, over the unit's length (0 for
    one word): words asked together are said together in the sentence that answers."""
    at = _where(text, hit)
    if len(at) < 2 or not text:
        return 0.0
    return (max(e for _, e in at) - min(s for s, _ in at)) / len(text)


def _grams(text: str) -> set[str]:
    return {r[i : i + 2] for r in HAN_RUN_RE.findall(text) for i in range(len(r) - 1)}


def _novelty(ask: Ask, text: str, grams: set[str]) -> float:
    """The share of the unit the question does not already say: a sentence that only
    restates the question answers nothing."""
    if grams:
        return len(grams - ask.grams) / len(grams)
    words = word_set(text)
    return len(words - set(ask.weights)) / len(words) if words else 0.0


def _only_dates(text: str) -> bool:
    # Whole numbers, a comma after them included ("July 2, 2023"), not "1,080" or "3.5".
    nums = [int(n) for n in re.findall(r"(?<![\d.,])\d+(?![\d%]|[.,]\d)", text)]
    dated = all(n <= 31 or 1900 <= n <= 2100 for n in nums)
    return bool(nums) and dated and not re.search(r"\d\s*%", text)  # a bare "%" heads a column


_OVERLAP, _OVERLAP_REL = FEATURES.index("overlap"), FEATURES.index("overlap_rel")
_BIGRAMS, _BIGRAMS_REL = FEATURES.index("bigrams"), FEATURES.index("bigrams_rel")


def relative(rows: list[list[float]]) -> None:
    """Fill in each candidate's overlap and character pairs relative to the best one's."""
    for col, rel in ((_OVERLAP, _OVERLAP_REL), (_BIGRAMS, _BIGRAMS_REL)):
        top = max((r[col] for r in rows), default=0.0)
        for r in rows:
            r[rel] = r[col] / top if top > 0 else 0.0
