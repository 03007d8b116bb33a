"""What a Chinese refusal names as missing: the question's words the documents never use,
briefly, in the question's own wording.

An English refusal names the capitalised names the documents never mention
(``judge.missing_names``); Chinese has no capitals, so a Chinese refusal said only that
nothing answers. The searches of the turn know better: the words they found in no chunk
of the scope (``Evidence.missing``, read by ``features.scope_missing``) are what the
documents lack ("门票" for "青屿灯塔的门票多少钱？"); when every word is used somewhere, no word
is named (what is missing then is how they relate, which a word cannot say). The
words are shown as the question writes them: the search's cuts of one word ("澜沧",
"湾港") are joined back into it ("澜沧湾港").
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

from agent import prompts
from agent.evidence import Evidence
from agent.models.features import scope_missing
from agent.models.phrasing import phrasing_words
from agent.question.kinds import marks
from agent.rewrite import key_terms
from agent.scope import stem
from pipeline.text import lexicon
from pipeline.text.script import HAN_RE

_ZH_ASK = lexicon.pattern("asking.question_words_zh", template="{}")
SELF_WORDS = Path(__file__).with_name("data") / "document_self.json"
MAX_NAMED = 3  # a refusal names what is missing, it does not list the question back


def absent_note(question: str, evidence: Sequence[Evidence]) -> str:
    """The sentence naming what the documents lack ("文档中没有提到“门票”。"), or "" when
    no search of the turn looked (nothing is known to be missing)."""
    if not any(ev.reads == "search" for ev in evidence):
        return ""
    if _other_script(evidence):
        return ""  # a Chinese word an English report never writes says nothing it lacks
    gone = scope_missing(evidence)
    words = [
        t
        for t in key_terms(question)
        if stem(t) in gone and not _asking(t, question) and not document_self(t)
    ]
    absent = phrases(question, words)
    # Only a word no chunk uses is named: "the thing asked for" read off the question
    # ("艾的花" of "五月艾的花是什么颜色？") was named missing of documents that speak of it.
    return prompts.ABSENT_WORDS_ZH.format(terms=_quoted(absent)) if absent else ""


def _other_script(evidence: Sequence[Evidence]) -> bool:
    """Were passages found, none of them written in Chinese (an English filing asked in
    Chinese)? Then every Chinese word is "missing" and naming them would mislead."""
    texts = [p.text for ev in evidence for p in ev.passages]
    return bool(texts) and not any(HAN_RE.search(t) for t in texts)


@cache
def _self_words() -> frozenset[str]:
    raw: dict[str, list[str]] = json.loads(SELF_WORDS.read_text(encoding="utf-8"))
    return frozenset(stem(w.lower()) for lang in ("en", "zh") for w in raw[lang])


def document_self(word: str) -> bool:
    """The word names the document itself ("文件" of "这份文件的主要事项是什么？"): a report
    never calls itself so, yet it lacks nothing the question asks about."""
    return stem(word.lower()) in _self_words()


def _asking(word: str, question: str) -> bool:
    """The word asks rather than names ("哪座", "多大", "多少钱"): how the question is put."""
    return (
        stem(word) in phrasing_words(question)
        or _ZH_ASK.search(word) is not None
        or any(p.fullmatch(word) for p in marks().asks.values())
    )


def phrases(question: str, words: Iterable[str]) -> list[str]:
    """The stretches of the question the words cover, in the question's order, words that
    touch or overlap joined into one; at most ``MAX_NAMED``."""
    spans = sorted(
        (m.start(), m.end())
        for w in {w for w in words if w.strip()}
        for m in re.finditer(re.escape(w), question, flags=re.I)
    )
    merged: list[list[int]] = []
    for s, e in spans:
        if merged and s <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], e)
        else:
            merged.append([s, e])
    out = list(dict.fromkeys(question[s:e] for s, e in merged))
    return out[:MAX_NAMED]


def _quoted(words: Sequence[str]) -> str:
    return "、".join(f"“{w}”" for w in words)
