"""A person named in a Chinese question by a name no dictionary holds.

The word cutter knows few names: "<surname><given name>" it has never seen comes out in
pieces ("苏志" + "伟", "严" + "长寿"), tagged as a place or an adjective, so no tag says a
person is asked of, and a question about someone a document never mentions shares its
everyday words ("出生", "哪一年") with sentences about others and is answered by them. A
name is found instead by how names are written: a character that often opens a person's
name (the cutter's own statistics of names, its hidden-state model's emission of a name's
first character against every other word's) followed by one or two characters of short
pieces the cutter could not join, up to a word that is no part of a name (a verb, a
particle, a question word). ``missing_person`` is such a name no passage found writes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from agent.answer_kinds import _tagged
from agent.evidence import Evidence
from agent.rewrite import core_question
from pipeline.text.script import HAN_RE, han_count
from pipeline.text.sound_alike import spelled_in

# how likely a character opens a person's name rather than any other word: real
# surnames score 0.3 and up (苏 0.33, 严 0.48, 张 0.89), a noun's first character under 0.1
SURNAME = 0.3
NAME_CHARS = (2, 3)  # a surname and a given name of one or two characters
# the cutter's tags of pieces a name may be cut into: nouns of every kind, an adjective
# ("严"), a letter-like piece; never a verb, particle, pronoun, numeral or question word
_PIECE_TAGS = ("n", "a", "j")
# a person's name is rare in general language (Zipf under 3.4: "苏志伟" 1.6, "严长寿" 2.7)
# and in the cutter's own corpus (under 100 counts: "谭望嵩" 59); a word its dictionary
# happens to tag as a name is an everyday one ("叶子" Zipf 3.8, "籍贯" 132 counts)
EVERYDAY_ZIPF = 3.4
EVERYDAY_COUNT = 100


@cache
def _opening() -> dict[str, float]:
    """Character → the share of its emission, as the first character of a word, that is a
    person's name's (``jieba.posseg``'s model, each tag weighed by how often words open with it)."""
    from jieba.posseg.prob_emit import P as EMIT
    from jieba.posseg.prob_start import P as START

    total: dict[str, float] = {}
    named: dict[str, float] = {}
    for (state, tag), emitted in EMIT.items():
        if state != "B":
            continue
        prior = START.get((state, tag), -math.inf)
        for ch, logp in emitted.items():
            p = math.exp(logp + prior)
            total[ch] = total.get(ch, 0.0) + p
            if tag == "nr":
                named[ch] = named.get(ch, 0.0) + p
    return {ch: named.get(ch, 0.0) / p for ch, p in total.items() if p > 0}


def surname_like(ch: str) -> bool:
    return _opening().get(ch, 0.0) >= SURNAME


def person_names(question: str) -> list[str]:
    """Names of people the question writes, as it writes them: a person's name the cutter
    tagged, or a surname-like character with the short pieces after it."""
    core = core_question(question)
    if not HAN_RE.search(core):
        return []
    tagged = list(_tagged(core))
    out = []
    for i, (word, flag) in enumerate(tagged):
        if not _han(word) or not surname_like(word[0]):
            continue
        if i and tagged[i - 1][1].startswith("n"):
            continue  # the end of a longer noun ("鸡毛" + "松才"), no name's start
        single = flag.startswith("nr") and len(word) in NAME_CHARS
        name = word if single else _pieced(tagged[i:])
        if name and _rare(name):
            out.append(name)
    return list(dict.fromkeys(out))


def _han(word: str) -> bool:
    return bool(word) and han_count(word) == len(word)


def _rare(name: str) -> bool:
    import jieba  # loaded by the tagging above
    from wordfreq import zipf_frequency  # loaded on first use: its tables are large

    counted = jieba.dt.FREQ.get(name) or 0
    return counted < EVERYDAY_COUNT and zipf_frequency(name, "zh") < EVERYDAY_ZIPF


def _pieced(tagged: Sequence[tuple[str, str]]) -> str:
    """The name the pieces from a surname-like one make, when the cutter split it: short
    pieces of name-like tags, one of them a single character, two or three in all."""
    name = ""
    pieces = []
    for word, flag in tagged:
        if len(word) > 2 or not _han(word) or not flag.startswith(_PIECE_TAGS):
            break
        if len(name) + len(word) > max(NAME_CHARS):
            break
        name += word
        pieces.append(word)
    whole = len(pieces) >= 2 and any(len(p) == 1 for p in pieces)
    return name if whole and len(name) in NAME_CHARS else ""


def missing_person(question: str, evidence: Sequence[Evidence]) -> str:
    """A person the question names whom no passage the searches found writes, or "": the
    documents never mention them, whatever else of the question they say."""
    if not any(ev.reads == "search" for ev in evidence):
        return ""
    # a passage's heading names its subject as well as its text ("<姓名>" over their life)
    texts = [f"{p.section}\n{p.text}" for ev in evidence for p in ev.passages]
    if not texts or not any(HAN_RE.search(t) for t in texts):
        return ""  # an English report never writes a Chinese name: nothing is known missing
    for name in person_names(question):
        # a foreign name the passages spell otherwise (蒙特罗 of 蒙泰罗) is written there
        if not any(spelled_in(name, t) for t in texts):
            return name
    return ""
