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

ZH_BAD_START = re.compile(
    r"^(?:这|那|该|其|它|他|她|我|你|此|每|各|某|一些|如果|因为|但|而|并|也|都|则|即|就|还|又|"
    r"在|对于|对|把|被|从|由于|以|将|与|和|或|所以|因此|于是|其中|上述|下列|以下|如下|"
    r"主要|通常|一般|所有|任何|虽然|可以|只有|只是|不是|没有|同时|另外|此外|首先|其次|最后|"
    r"例如|比如|当|如|若|只要|除|根据|按照|通过|有|是|会|要|需要|应当|应|不|很|最|更|非常|"
    r"主角|男主角|女主角|配角|演员|歌手|导演|作者|主演|所谓|称为|又称|简称|即)"
)
_ZH_BAD_END = re.compile(
    r"(?:的|了|着|地|得|等|们|中|时|后|前|里|上|下|都|也|就|只|还|才|均|却|又|不|没|很)$"
)
EN_BAD_FIRST = frozenset(
    EN_STOPWORDS
    | {"it", "this", "that", "these", "those", "they", "we", "he", "she", "such", "each"}
    | {"which", "what", "who", "there", "here", "one", "another", "its", "also", "however"}
    | {"following", "above", "below", "former", "latter", "mr", "mrs", "ms", "dr"}
    | {"first", "second", "third", "last", "next"}
)
_EN_WORD = re.compile(r"^[A-Za-z][A-Za-z0-9'’\-&./]*$")
LABELS = re.compile(
    r"^(?:note|notes|example|examples|source|sources|table|figure|fig|see|step|answer|"
    r"question|q|a|tip|warning|caution|remark|proof|solution|注|注意|例|例如|图|表|解|答|"
    r"问|说明|备注|提示|来源|资料来源|电话|地址|邮箱|email|tel|phone|fax|date|日期|时间|"
    r"none|n/a|nil|yes|no|无)\b",
    re.I,
)


def strip_quotes(t: str) -> str:
    return t.strip().strip(_QUOTES).strip()


def clean_term(raw: str, *, lang_hint: str = "") -> str | None:
    """A plausible term surface, or None (pronouns, clauses, numbers, labels)."""
    t = strip_quotes(nfkc(raw)).strip(" ,.;:，。；：、-—·")
    t = re.sub(r"^(?:the|a|an|our|its|their)\s+", "", t, flags=re.I)
    if not t or _CLAUSE.search(t) or re.fullmatch(r"[\d\W_]+", t) or LABELS.fullmatch(t):
        return None
    if ZH_RE.search(t):
        t = re.sub(rf"(?<=[{ZH}])\s+(?=[{ZH}])", "", t)
        zh_len = len(ZH_RE.findall(t))
        if not 2 <= len(t) <= 16 or zh_len < 1:
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
    d = re.sub(r"^(?:是|为|就是|指的是|是指|指)\s*", "", d)
    d = d.rstrip("。.；;，, ")
    return d[:400]


def enough(definition: str) -> bool:
    zh = len(ZH_RE.findall(definition))
    return zh >= 4 or len(definition.split()) >= 3
