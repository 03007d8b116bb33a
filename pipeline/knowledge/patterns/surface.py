"""A term's surface and a definition's text, as every pattern finder checks them.

``clean_term`` turns what a pattern captured into a plausible term, or None, so a pattern
that fires on ordinary prose ("这是指…", "It refers to…") yields nothing; the character
classes and quote marks here are the ones the Chinese, English and glossary finders share.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from pipeline.knowledge.keyphrases import cut_zh
from pipeline.text.lexicon import pattern
from pipeline.text.normalise import nfkc
from pipeline.text.script import HAN_COMPAT, HAN_SPAN, UNIFIED
from pipeline.text.segment import EN_STOPWORDS, _get_jieba

CandidateKind = Literal["definition", "alias", "glossary"]


@dataclass(slots=True)
class Found:
    term: str
    kind: CandidateKind
    definition: str = ""
    aliases: list[str] = field(default_factory=list)
    weak: bool = False


ZH = HAN_SPAN + HAN_COMPAT
ZH_TERM = rf"[{ZH}A-Za-z0-9][{ZH}A-Za-z0-9·\-\s/]{{0,24}}?"
Q_OPEN = "“\"‘'「『《"
Q_CLOSE = "”\"’'」』》"
_QUOTES = Q_OPEN + Q_CLOSE
ZH_RE = re.compile(f"[{ZH}]")
_CLAUSE = re.compile(r"[，,；;：:。！？!?（）()、]")

ZH_BAD_START = pattern("term_surface.not_first_zh", template="^(?:{})")
_ZH_BAD_END = pattern("term_surface.not_last_zh", template="(?:{})$")
EN_BAD_FIRST = frozenset(
    EN_STOPWORDS
    | {"it", "this", "that", "these", "those", "they", "we", "he", "she", "such", "each"}
    | {"which", "what", "who", "there", "here", "one", "another", "its", "also", "however"}
    | {"following", "above", "below", "former", "latter", "mr", "mrs", "ms", "dr"}
    | {"first", "second", "third", "last", "next"}
)
_EN_WORD = re.compile(r"^[A-Za-z][A-Za-z0-9'’\-&./]*$")
LABELS = pattern("term_surface.labels", template=r"^(?:{})\b", flags=re.I)
_DETERMINER = pattern("term_surface.determiners", template=r"^(?:{})\s+", flags=re.I)
_COPULA_ZH = pattern("term_surface.copulas_zh", template=r"^(?:{})\s*")


def fold_words(words: list[str]) -> list[str]:
    return [w.lower() for w in words]


def strip_quotes(t: str) -> str:
    return t.strip().strip(_QUOTES).strip()


def clean_term(raw: str, *, lang_hint: str = "", max_zh: int = 16) -> str | None:
    """A plausible term surface, or None (pronouns, clauses, numbers, labels); a Chinese
    one is at most ``max_zh`` characters (a full name given a short one may be longer)."""
    t = strip_quotes(nfkc(raw)).strip(" ,.;:，。；：、-—·")
    t = _DETERMINER.sub("", t)
    if not t or _CLAUSE.search(t) or re.fullmatch(r"[\d\W_]+", t) or LABELS.fullmatch(t):
        return None
    if ZH_RE.search(t):
        t = re.sub(rf"(?<=[{ZH}])\s+(?=[{ZH}])", "", t)
        zh_len = len(ZH_RE.findall(t))
        if not 2 <= len(t) <= max_zh or zh_len < 1:
            return None
        if ZH_BAD_START.match(t) or _ZH_BAD_END.search(t) or re.search("[的这那]", t):
            return None
        if re.fullmatch(f"本[{UNIFIED}]{{1,3}}", t):
            return None  # "本合同", "本办法": the document itself
        if _has_preposition(t):
            return None
        t = _drop_adverb(t)
        if re.search(rf"[{ZH}][a-z]", t):
            return None  # "结构rules": Chinese glued to a lower-case word is an artefact
        return t
    words = t.split()
    half = len(words) // 2
    if half and len(words) == 2 * half and fold_words(words[:half]) == fold_words(words[half:]):
        # a heading run into its first sentence: "Goodwill Goodwill is the excess of …"
        words = words[half:]
        t = " ".join(words)
    if not 1 <= len(words) <= 6 or not all(_EN_WORD.match(w) for w in words):
        return None
    if words[0].lower() in EN_BAD_FIRST or words[-1].lower() in EN_STOPWORDS:
        return None
    if len(t) < 2 or (len(words) == 1 and len(t) < 3 and not t.isupper()):
        return None
    return t


_ADVERBS = frozenset("则也就便乃亦即均皆都还又才")
_ADVERB_WORDS = (
    "原本",
    "本来",
    "原来",
    "其实",
    "如今",
    "目前",
    "现在",
    "曾经",
    "已经",
    "通常",
    "最初",
)


_PREPOSITIONS = frozenset("在于对从把被向跟")


def _has_preposition(term: str) -> bool:
    """ "猴面包树在非洲" is a clause ("…是传统的食用植物" says where, not what), not a term;
    "存在主义", "潜在客户" hold the character inside a word."""
    return any(w in _PREPOSITIONS for w in cut_zh(term)[1:])


def _drop_adverb(term: str) -> str:
    """ "吉斯伯恩市则是…" → "吉斯伯恩市": an adverb glued before the cue is not part of the
    term (while "原则", "规则" end in the same character as one word)."""
    for word in _ADVERB_WORDS:
        if term.endswith(word) and len(term) - len(word) >= 2:
            return term[: -len(word)]  # "蓝甲虫原本是…"
    last = cut_zh(term)[-1]
    if term[-1] not in _ADVERBS or len(term) <= 3:
        return term
    if last == term[-1] or not _get_jieba().dt.FREQ.get(last):  # "市则" is no word
        return term[:-1]
    return term


def clean_definition(raw: str) -> str:
    d = nfkc(raw).strip(" ,，:：;；")
    d = _COPULA_ZH.sub("", d)
    d = d.rstrip("。.；;，, ")
    return d[:400]


def enough(definition: str) -> bool:
    zh = len(ZH_RE.findall(definition))
    return zh >= 4 or len(definition.split()) >= 3
