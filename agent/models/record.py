"""A record asked ("the tallest building in <City>", "世界上最长的溶洞", "<国家>最畅销的漫画")
is answered only by evidence stating that record.

A superlative over the world or over a place the question names is world knowledge: a
document naming buildings, mountains or a city shares every other word of the question,
and its own superlatives ("日本最初的女性专业漫画家") rank other things. Such a question
is answered only by a sentence saying the same superlative (or, in Chinese, the rank 第一)
with the kind of thing it ranks after it ("the tallest building", "最大的医院").

A superlative over the report's own things is not a record: "the largest component of
<Owner>'s operating expenses", "<Owner>'s largest customer" are answered by the rows or
sentences that rank the members without repeating the word. Those name the report's own
company, or put no world or place around the superlative, and are left alone.

Superlatives are read from the words' shapes, with no list: an English word ending in -est
whose base is a common word said more often than it ("tall", "large", "big", "heavy"),
"most"/"least", and 最 in Chinese. The scope words are data (``data/world_scope.json``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from agent.answer_kinds import _tagged
from agent.evidence import Evidence
from agent.models.other_company import abbreviates
from agent.rewrite import core_question
from agent.scope import stem
from pipeline.text.script import HAN, HAN_RE

DATA = Path(__file__).with_name("data") / "world_scope.json"
_EN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
# 最 and its adjective (one or two characters), then the noun it ranks after 的
_ZH = re.compile(rf"(最[{HAN}]{{1,2}}?)(?:的([{HAN}]{{1,8}}?))?(?=是|为|有|在|叫|哪|什么|？|\?|$)")
_ZH_CLAUSE = re.compile(r"[，。；、！？,;!?]")
_ZH_RANK = "第一"
_ZH_WINDOW = 10  # characters from the superlative to the noun it ranks
_EN_WINDOW = 4  # words of the noun phrase after a superlative
_BASE_ZIPF = 3.0  # an adjective's base is a common word ("tall" 4.6)
_WORD_ZIPF = 2.0  # and the -est word is one in use ("request": no "requ")
_FUNCTION_ZIPF = 6.5  # "for" of "forest": a function word is no adjective
_PLACE = "ns"  # jieba's tag of a place name


@dataclass(frozen=True)
class Superlative:
    """A superlative asked: its word ("tallest", "most", "最高") and the noun it ranks."""

    word: str
    head: str


@cache
def _data() -> dict[str, object]:
    return dict(json.loads(DATA.read_text(encoding="utf-8")))


def _list(*keys: str) -> list[str]:
    raw: object = _data()
    for k in keys:
        raw = raw[k] if isinstance(raw, dict) else None
    if not isinstance(raw, list):
        raise TypeError(f"{DATA.name}: {'.'.join(keys)} must be a list of words")
    return [str(w) for w in raw]


@lru_cache(maxsize=2048)
def is_superlative(word: str) -> bool:
    """Is an English word a superlative by its shape: "most"/"least", or -est on a common
    base said more often than it ("interest" outnumbers "inter": no adjective)?"""
    from wordfreq import zipf_frequency  # loaded on first use: its tables are large

    w = word.lower()
    if w in ("most", "least"):
        return True
    if not w.endswith("est") or len(w) < 6:
        return False
    base = w[:-3]
    bases = [base, base + "e"]  # "tall", "larg" + e
    if base[-1] == base[-2]:
        bases.append(base[:-1])  # "bigg" → "big"
    if base.endswith("i"):
        bases.append(base[:-1] + "y")  # "heavi" → "heavy"
    said = zipf_frequency(w, "en")
    if said < _WORD_ZIPF:
        return False
    return any(
        said < zipf_frequency(b, "en") and _BASE_ZIPF <= zipf_frequency(b, "en") < _FUNCTION_ZIPF
        for b in bases
        if len(b) >= 3
    )


def records(question: str, evidence: Sequence[Evidence]) -> list[Superlative]:
    """The superlatives the question puts over the world or over a place it names other
    than the report's own company; none for a superlative of the report's own things."""
    core = core_question(question)
    own = {stem(w.lower()) for ev in evidence for w in (*ev.owner, *ev.names)}
    if HAN_RE.search(core):
        return _zh_records(core, own)
    return _en_records(core, own, evidence)


def _en_records(core: str, own: set[str], evidence: Sequence[Evidence]) -> list[Superlative]:
    words = [(m.group(0), m.start()) for m in _EN_WORD.finditer(core)]
    capitals = [re.sub(r"['’]s$", "", w) for i, (w, _) in enumerate(words) if i and w[:1].isupper()]
    if any(stem(w.lower()) in own or abbreviates(w, evidence) for w in capitals):
        return []  # "<Owner>'s largest customer", "MGM's": the report's own things
    stops = set(_list("head_stops"))
    out = []
    for i, (w, at) in enumerate(words):
        if w[:1].isupper() or not is_superlative(w):
            continue
        run = []
        for nxt, _ in words[i + 1 :]:
            if nxt.lower() in stops:
                break
            run.append(nxt.lower())
        if _en_scoped(core[at + len(w) :], core[:at], own, evidence):
            out.append(Superlative(w.lower(), run[-1] if run else _asked_noun(core)))
    return out


def _en_scoped(rest: str, before: str, own: set[str], evidence: Sequence[Evidence]) -> bool:
    """Is the superlative put over the world ("in the world") or over a named place other
    than a part of the report ("in Minnesota", "Nevada's tallest")?"""
    if any(re.search(rf"\b{re.escape(s)}\b", rest.lower()) for s in _list("scope", "en")):
        return True
    # a part of the report heads a section of its own ("Europe"); a place only named in a
    # longer heading ("Las Vegas Strip Resorts") is still a place
    parts = {_heading(p.section) for ev in evidence for p in ev.passages}
    named = re.findall(r"\bin\s+(?:the\s+)?([A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)*)", rest)
    named += re.findall(r"([A-Z][\w.-]*)['’]s\s*$", before)
    for name in named:
        if any(c.isdigit() for c in name):
            continue  # "in H1 FY2023", "in Q2": a period, not a place
        stems = [stem(w.lower()) for w in _EN_WORD.findall(name)]
        if stems and not any(s in own for s in stems) and _heading(name) not in parts:
            return True
    return False


def _heading(section: str) -> str:
    """A section path's last heading, in lower case and single spaces."""
    return " ".join(section.rsplit(">", maxsplit=1)[-1].lower().split())


def _asked_noun(core: str) -> str:
    """The noun of "Which mountain is the tallest …?", or ""."""
    m = re.match(r"\s*(?:which|what)\s+([a-z]+)\s+(?:is|was|are|were|has|had)\b", core, re.I)
    return m.group(1).lower() if m else ""


def _zh_records(core: str, own: set[str]) -> list[Superlative]:
    out = []
    world = _list("scope", "zh")
    for m in _ZH.finditer(core):
        before = core[: m.start()]
        if any(w in before for w in world) or _place_before(before, own):
            out.append(Superlative(m.group(1), m.group(2) or ""))
    return out


def _place_before(before: str, own: set[str]) -> bool:
    """Does a place's name (jieba's tag) stand right before the superlative, but for the
    link words ("四川省内最大的")?"""
    tagged = [(w, f) for w, f in _tagged(before) if w.strip()]
    links = set(_list("place_links"))
    while tagged and tagged[-1][0] in links:
        tagged.pop()
    if not tagged:
        return False
    word, flag = tagged[-1]
    return flag == _PLACE and len(word) >= 2 and stem(word) not in own


def states(record: Superlative, text: str) -> bool:
    """Does the text say the superlative with the noun it ranks after it?"""
    if HAN_RE.search(record.word):
        return _zh_states(record, text)
    words = [w.lower() for w in _EN_WORD.findall(text)]
    head = stem(record.head) if record.head else ""
    stops = set(_list("head_stops"))
    for i, w in enumerate(words):
        if w != record.word:
            continue
        # the noun phrase the superlative opens, up to a preposition or a verb
        phrase = []
        for n in words[i + 1 : i + 1 + _EN_WINDOW]:
            if n in stops:
                break
            phrase.append(stem(n))
        if not head or head in phrase:
            return True
    return False


def _zh_states(record: Superlative, text: str) -> bool:
    noun = record.head[-2:]
    for word in (record.word, _ZH_RANK):
        for m in re.finditer(re.escape(word), text):
            after = _ZH_CLAUSE.split(text[m.end() : m.end() + _ZH_WINDOW], maxsplit=1)[0]
            if not noun or noun in after:
                return True
    return False


def unheld_record(asked: Sequence[Superlative], texts: Sequence[str]) -> str:
    """Why an answer cannot be given: a record asked (``records``) that none of its texts
    states ("" when none is missing)."""
    for r in asked:
        if not any(states(r, t) for t in texts):
            return f"its evidence does not say {r.word} {r.head}".strip()
    return ""
