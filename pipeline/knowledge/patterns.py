"""Definitional and alias patterns in Chinese and English, applied to one sentence.

Each finder returns candidates with the term, its definition (when the pattern
gives one) and aliases. Term surfaces are validated by ``clean_term`` so a
pattern that fires on ordinary prose ("这是指…", "It refers to…") yields nothing.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Literal

from pipeline.text.segment import EN_STOPWORDS

CandidateKind = Literal["definition", "alias", "glossary"]


@dataclass(slots=True)
class Found:
    term: str
    kind: CandidateKind
    definition: str = ""
    aliases: list[str] = field(default_factory=list)
    weak: bool = False


_ZH = r"\u3400-\u9fff\uf900-\ufaff"
_ZH_TERM = rf"[{_ZH}A-Za-z0-9][{_ZH}A-Za-z0-9·\-\s/]{{0,24}}?"
_Q_OPEN = "“\"‘'「『《"
_Q_CLOSE = "”\"’'」』》"
_QUOTES = _Q_OPEN + _Q_CLOSE
_ZH_RE = re.compile(f"[{_ZH}]")
_CLAUSE = re.compile(r"[，,；;：:。！？!?（）()、]")

_ZH_BAD_START = re.compile(
    r"^(?:这|那|该|其|它|他|她|我|你|此|每|各|某|一些|如果|因为|但|而|并|也|都|则|即|就|还|又|"
    r"在|对于|对|把|被|从|由于|以|将|与|和|或|所以|因此|于是|其中|上述|下列|以下|如下|"
    r"主要|通常|一般|所有|任何|虽然|可以|只有|只是|不是|没有|同时|另外|此外|首先|其次|最后|"
    r"例如|比如|当|如|若|只要|除|根据|按照|通过|有|是|会|要|需要|应当|应|不|很|最|更|非常|"
    r"主角|男主角|女主角|配角|演员|歌手|导演|作者|主演|所谓|称为|又称|简称|即)"
)
_ZH_BAD_END = re.compile(
    r"(?:的|了|着|地|得|等|们|中|时|后|前|里|上|下|都|也|就|只|还|才|均|却|又|不|没|很)$"
)
_EN_BAD_FIRST = frozenset(
    EN_STOPWORDS
    | {"it", "this", "that", "these", "those", "they", "we", "he", "she", "such", "each"}
    | {"which", "what", "who", "there", "here", "one", "another", "its", "also", "however"}
    | {"following", "above", "below", "former", "latter", "mr", "mrs", "ms", "dr"}
    | {"first", "second", "third", "last", "next"}
)
_EN_WORD = re.compile(r"^[A-Za-z][A-Za-z0-9'’\-&./]*$")
_LABELS = re.compile(
    r"^(?:note|notes|example|examples|source|sources|table|figure|fig|see|step|answer|"
    r"question|q|a|tip|warning|caution|remark|proof|solution|注|注意|例|例如|图|表|解|答|"
    r"问|说明|备注|提示|来源|资料来源|电话|地址|邮箱|email|tel|phone|fax|date|日期|时间|"
    r"none|n/a|nil|yes|no|无)\b",
    re.I,
)


def normalize(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip()


def _strip_quotes(t: str) -> str:
    return t.strip().strip(_QUOTES).strip()


def clean_term(raw: str, *, lang_hint: str = "") -> str | None:
    """A plausible term surface, or None (pronouns, clauses, numbers, labels)."""
    t = _strip_quotes(normalize(raw)).strip(" ,.;:，。；：、-—·")
    t = re.sub(r"^(?:the|a|an|our|its|their)\s+", "", t, flags=re.I)
    if not t or _CLAUSE.search(t) or re.fullmatch(r"[\d\W_]+", t) or _LABELS.fullmatch(t):
        return None
    if _ZH_RE.search(t):
        t = re.sub(rf"(?<=[{_ZH}])\s+(?=[{_ZH}])", "", t)
        zh_len = len(_ZH_RE.findall(t))
        if not 2 <= len(t) <= 16 or zh_len < 1:
            return None
        if _ZH_BAD_START.match(t) or _ZH_BAD_END.search(t) or re.search("[的这那]", t):
            return None
        if re.fullmatch(r"本[\u4e00-\u9fff]{1,3}", t):
            return None  # "本合同", "本办法": the document itself
        if _has_preposition(t):
            return None
        t = _drop_adverb(t)
        if re.search(rf"[{_ZH}][a-z]", t):
            return None  # "结构rules": Chinese glued to a lower-case word is an artefact
        return t
    words = t.split()
    if not 1 <= len(words) <= 6 or not all(_EN_WORD.match(w) for w in words):
        return None
    if words[0].lower() in _EN_BAD_FIRST or words[-1].lower() in EN_STOPWORDS:
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
    from pipeline.knowledge.keyphrases import cut_zh

    return any(w in _PREPOSITIONS for w in cut_zh(term)[1:])


def _drop_adverb(term: str) -> str:
    """ "吉斯伯恩市则是…" → "吉斯伯恩市": an adverb glued before the cue is not part of the
    term (while "原则", "规则" end in the same character as one word)."""
    from pipeline.knowledge.keyphrases import cut_zh
    from pipeline.text.segment import _get_jieba

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
    d = normalize(raw).strip(" ,，:：;；")
    d = re.sub(r"^(?:是|为|就是|指的是|是指|指)\s*", "", d)
    d = d.rstrip("。.；;，, ")
    return d[:400]


def _enough(definition: str) -> bool:
    zh = len(_ZH_RE.findall(definition))
    return zh >= 4 or len(definition.split()) >= 3


# --- Chinese ---------------------------------------------------------------------------
_ZH_SCOPE = (
    r"(?:本(?:法|办法|规定|条例|细则|合同|协议|标准|制度|章程|准则|规则|指引|通知|意见)(?:中|里)?)?"
)
_ZH_CUES: list[tuple[re.Pattern[str], bool]] = [
    (
        re.compile(rf"^{_ZH_SCOPE}所称的?(?P<t>{_ZH_TERM})[，,]?(?:是指|系指|指|即)(?P<d>.+)$"),
        False,
    ),
    (re.compile(r"^所谓的?(?P<t>.{1,26}?)[，,]?(?:是指|指的是|就是|即|是)(?P<d>.+)$"), False),
    (
        re.compile(
            r"(?:^|[，,；;：:])(?P<t>[^，,；;：:]{2,24}?)[，,]?(?:是指|指的是|系指)(?P<d>.+)$"
        ),
        False,
    ),
    (re.compile(r"^(?P<t>[^，,；;：:]{2,20}?)[，,]即(?P<d>.{4,})$"), False),
    # "城市类别指根据…划分的…": a bare 指 after a noun phrase, not 指出/指定/指导…
    (
        re.compile(
            rf"^{_ZH_SCOPE}(?:所称的?)?(?P<t>[^，,；;：:指]{{2,16}}?)[，,]?指"
            r"(?![出定导示挥派责望引正明向标令点南数针])(?P<d>.{4,})$"
        ),
        True,
    ),
]
_ZH_CALLED = re.compile(
    rf"^(?:我们)?(?:把|将)?(?P<d>[^，,；;]{{4,}}?)(?:被)?(?:称为|称作|叫做|叫作|定义为)"
    rf"[{_Q_OPEN}]?(?P<t>{_ZH_TERM})[{_Q_CLOSE}]?(?:[（(][^）)]*[）)])?[。.；;！!]?$"
)
_ZH_IS = re.compile(
    rf"^(?P<t>[{_Q_OPEN}]?[^，,；;：:（(是]{{2,16}}?[{_Q_CLOSE}]?)(?:[（(](?P<a>[^）)]{{1,80}})[）)])?"
    rf"[，,]?是(?P<one>一种|一类|一个|一门|一项|指)?(?P<d>[^；;]{{6,}})$"
)
# "X是…的<genus>": the first clause of the definition names what kind of thing X is.
_ZH_GENUS = re.compile(rf"的[{_ZH}]{{1,6}}$")
_ZH_ALIAS_SHORT = re.compile(
    rf"(?P<t>[{_ZH}A-Za-z0-9·\-]{{2,30}})[（(](?:以下)?(?:简称|下称|统称|以下称)[为:：]?"
    rf"[{_Q_OPEN}]?(?P<a>[^{_Q_CLOSE}）)]{{1,20}})[{_Q_CLOSE}]?[）)]"
)
_ZH_ALIAS_LATIN = re.compile(
    rf"(?P<t>[{_ZH}][{_ZH}A-Za-z0-9·\-]{{1,20}})[（(]"
    r"(?:(?:英文|英语|英文名称|英文全称|英文简称|外文名|拉丁学名|学名)[:：]?\s*)?"
    r"[\"“]?(?P<a>[A-Za-z][^）()（]{1,100}?)[\"”]?[）)]"
)


def _noun_tail(text: str) -> str:
    """The noun phrase that ends ``text``: the trailing run of noun-like jieba words
    ("本赛事由世界羽毛球联会" → "世界羽毛球联会")."""
    from pipeline.knowledge.keyphrases import cut_zh, zh_tags

    tags = zh_tags()
    words = [
        w
        for m in re.finditer(rf"[{_ZH}]+|[^{_ZH}]+", text)
        for w in (cut_zh(m.group(0)) if _ZH_RE.match(m.group(0)) else (m.group(0),))
    ]
    tail: list[str] = []
    for w in reversed(words):
        tag = tags.get(w, "x")
        latin = not _ZH_RE.search(w)
        in_name = bool(tail) and tail[0][:1] in "·-－"  # "让-皮埃尔·巴利冈" stays whole
        joins = w[:1] in "·-－"
        name_part = tag[:2] in ("nr", "ns", "nz") or tag in ("x", "zg", "eng")
        if not (in_name or joins or name_part) and any(t[:1] in "·-－" for t in tail):
            break  # "公司创办人" before "比尔·盖兹" is a role; "苏珊" of "苏珊妮·…" is not
        blocked = tag[:1] in ("v", "p", "d", "c", "u", "r", "m", "q", "y", "e", "f")
        if not latin and not in_name and blocked and tag != "vn":
            break
        tail.insert(0, w)
        if len(tail) >= 5 and not in_name and tail[0][:1] not in "·-－":
            break
    return "".join(tail).strip()


def _zh_term_tail(raw: str) -> str | None:
    """The noun phrase just before a cue: the last clause, minus a leading scope phrase."""
    t = _strip_quotes(raw)
    t = re.sub(r"^(?:在[^，,]{0,12}中[，,]?|这里的?|此处的?|我们所说的|通常所说的|所谓的?)", "", t)
    return clean_term(t)


_NEXT_TOPIC = re.compile(r"^(?:还|也|并|但|而|且|同时|其中|另外|此外|因此|所以|后来|之后|曾|现)")


def _first_clauses(d: str) -> str:
    """A bare "X是…" definition ends where the sentence turns to another point
    ("…是常见的表现型态，还包括服装…" keeps only the first clause)."""
    parts = re.split(r"([，,；;])", d)
    out = parts[0]
    for i in range(1, len(parts) - 1, 2):
        if _NEXT_TOPIC.match(parts[i + 1]):
            break
        out += parts[i] + parts[i + 1]
    return out


def _zh_definition(s: str) -> Found | None:
    for pattern, weak in _ZH_CUES:
        m = pattern.search(s)
        if m:
            term = _zh_term_tail(m.group("t"))
            d = clean_definition(m.group("d"))
            if term and _enough(d):
                return Found(term, "definition", d, weak=weak)
    m = _ZH_CALLED.search(s)
    if m and (term := clean_term(m.group("t"))):
        d = clean_definition(m.group("d"))
        if _enough(d) and not _ZH_BAD_START.match(d[:2]):
            return Found(term, "definition", d)
    m = _ZH_IS.search(s)
    if m and (term := clean_term(m.group("t"))) and (m.group("one") or nominal(term)):
        d = clean_definition(m.group("d"))
        genus = re.split(r"[，,；;：:。—\-（(]", d)[0]
        if _enough(d) and (m.group("one") or _ZH_GENUS.search(genus)):
            aliases = _latin_aliases(m.group("a") or "")
            return Found(term, "definition", _first_clauses(d), aliases, weak=not m.group("one"))
    return None


# "第二条 本办法所称员工，是指…": the article number opens the sentence, not the term.
_ZH_ARTICLE = re.compile(r"^第[一二三四五六七八九十百零〇0-9]+条\s*")


def find_zh(sentence: str) -> list[Found]:
    s = _ZH_ARTICLE.sub("", normalize(sentence))
    found = _zh_definition(s)
    out: list[Found] = [found] if found else []
    for m in _ZH_ALIAS_SHORT.finditer(s):
        term, alias = clean_term(_noun_tail(m.group("t"))), clean_term(m.group("a"))
        if term and alias:
            out.append(Found(term, "alias", aliases=[alias]))
    for m in _ZH_ALIAS_LATIN.finditer(s):
        term = clean_term(_noun_tail(m.group("t")))
        aliases = _latin_aliases(m.group("a"))
        if term and aliases:
            out.append(Found(term, "alias", aliases=aliases))
    return out


_RELATIONAL = re.compile(
    r"^(?:母亲|父亲|妻子|丈夫|儿子|女儿|哥哥|弟弟|姐姐|妹妹|正室|本剧|本片|本书|本文|本人|"
    r"伯父|叔父|祖父|祖母|外祖父|外祖母|兄长|长子|次子|长女|次女|岳父|养父|继母|夫人|孙子|"
    r"原因|目的|结果|问题|方法|特点)$"
)


def nominal(term: str) -> bool:
    """A bare "X是…" sentence defines X only when X is a noun phrase, not a clause."""
    if _RELATIONAL.match(term) or not _ZH_RE.search(term):
        return not _RELATIONAL.match(term)
    from pipeline.knowledge.keyphrases import zh_tags
    from pipeline.text.segment import _get_jieba

    tags = zh_tags()
    words = list(_get_jieba().cut(term))
    for w in words:
        tag = tags.get(w, "x")
        if tag[:1] in ("v", "p", "d", "c", "u", "r", "m", "q", "y", "e") and tag != "vn":
            return False
    # The last word carries the meaning: a noun, not "主要" or "一般".
    return not tags.get(words[-1], "x").startswith(("b", "a", "f", "t"))


def _latin_aliases(inner: str) -> list[str]:
    inner = re.sub(r"^(?:英文|英语|英文名称|英文全称|英文简称|外文名|学名)[:：]?\s*", "", inner)
    if not re.search(r"[A-Za-z]", inner) or re.search(r"\d{3,}", inner):
        return []
    parts = [p.strip() for p in re.split(r"[，,;；]|\s+or\s+", inner) if p.strip()]
    if any(_ZH_RE.search(p) for p in parts[:1]):
        return []  # "（RAG返回相关段落）" is a remark, not the term's other name
    return [t for p in parts[:3] if (t := clean_term(p)) and _alias_ok(t)]


_DEMONYM = re.compile(r"^[A-Z][a-z]+(?:an|ian|ish|ese)$")


def _alias_ok(alias: str) -> bool:
    """Latin aliases worth keeping: names, acronyms, phrases, or dictionary words — not code."""
    if re.search(r"[_()=<>{}]|\w\.\w", alias) or _DEMONYM.match(alias):
        return False  # code, or "American" after 美国
    if " " in alias or any(c.isupper() for c in alias):
        return True
    from pipeline.knowledge.keyphrases import _pos

    return bool(_pos(alias.lower()))


# --- English ---------------------------------------------------------------------------
_EN_TERM = (
    r"[A-Za-z][A-Za-z0-9'’\-&/]*(?:\s+(?:of\s+|and\s+|for\s+)?[A-Za-z0-9][A-Za-z0-9'’\-&/]*){0,5}"
)
_QT = rf"[{_Q_OPEN}]?(?P<t>{_EN_TERM})[{_Q_CLOSE}]?"
_EN_CUES: list[tuple[re.Pattern[str], bool]] = [
    (
        re.compile(
            rf"^(?:the\s+)?(?:term|phrase|word)\s+{_QT},?\s+(?:is\s+(?:defined|used)\s+(?:as|to\s+mean)|means|refers\s+to|describes)\s+(?P<d>.+)$",
            re.I,
        ),
        False,
    ),
    (
        re.compile(
            rf"^(?:an?\s+|the\s+)?{_QT},?\s+(?:is|are)\s+(?:defined|described)\s+as\s+(?P<d>.+)$",
            re.I,
        ),
        False,
    ),
    (re.compile(rf"^(?:an?\s+|the\s+)?{_QT},?\s+refers?\s+to\s+(?P<d>.+)$", re.I), False),
    (
        re.compile(
            rf"^(?:an?\s+|the\s+)?[{_Q_OPEN}](?P<t>[^{_Q_CLOSE}]{{2,60}})[{_Q_CLOSE}]\s+(?:shall\s+)?(?:means?|includes?|has\s+the\s+meaning)\s+(?P<d>.+)$",
            re.I,
        ),
        False,
    ),
    (
        re.compile(rf"^(?:an?\s+|the\s+)?(?P<t>{_EN_TERM}),?\s+(?:shall\s+)?means?\s+(?P<d>.+)$"),
        False,
    ),
    (
        re.compile(
            rf"^(?:an?\s+|the\s+)?{_QT},?\s+(?:is|are)\s+(?:an?|the)\s+(?P<d>(?:\w+\s+){{1,6}}?(?:that|which|who|whose|where|in\s+which|used|of|for|by)\s+.{{10,}})$",
            re.I,
        ),
        True,
    ),
]
_EN_CALLED = re.compile(
    rf"^(?P<d>.{{12,}}?),?\s+(?:is|are)\s+(?:called|known\s+as|termed|referred\s+to\s+as)\s+"
    rf"(?:an?\s+|the\s+)?[{_Q_OPEN}]?(?P<t>{_EN_TERM})[{_Q_CLOSE}]?\.?$",
    re.I,
)
_CAP_WORD = r"[A-Z0-9][\w.&'’\-]*"
_EN_DEFINED_ALIAS = re.compile(
    rf"(?P<t>{_CAP_WORD}(?:,?\s+(?:(?:and|of|for|the|in|on|&)\s+)?{_CAP_WORD}){{0,7}})\s*"
    rf"\((?:the\s+|each\s+a\s+|a\s+|an\s+)?"
    rf"[{_Q_OPEN}](?P<a>[^{_Q_CLOSE}]{{1,40}})[{_Q_CLOSE}]\)"
)
_ACRONYM = re.compile(r"\((?P<a>[A-Z][A-Za-z&]{1,9}s?)\)")
_ALSO_KNOWN = re.compile(
    rf"\b(?P<t>{_EN_TERM}),?\s+(?:also\s+(?:known|called|referred\s+to)\s+as|or)\s+"
    rf"[{_Q_OPEN}](?P<a>[^{_Q_CLOSE}]{{2,40}})[{_Q_CLOSE}]",
    re.I,
)


_SPECIFIC = frozenset({"our", "these", "this", "those", "its", "their", "such", "each", "all"})
_FIRST_PERSON = re.compile(r"\b(?:we|our|us|ours)\b", re.I)
_CONSEQUENCE = re.compile(r"^that\b", re.I)  # "X means that …": a consequence, not a meaning


def _a_claim(raw_subject: str, definition: str) -> bool:
    """ "Our stores are a vital component of our strategy" is a claim about particular
    things, not a definition: the subject is pointed at ('our', 'these') or the predicate
    speaks of the writer ('our', 'we')."""
    first = raw_subject.split(maxsplit=1)[0].lower() if raw_subject.split() else ""
    return first in _SPECIFIC or bool(_FIRST_PERSON.search(definition))


def _en_subject(raw: str) -> str | None:
    words = raw.split()
    while words and words[0].lower() in ("a", "an", "the", "this", "that", "these", "our"):
        words = words[1:]
    return clean_term(" ".join(words))


def acronym_expansion(before: str, acronym: str) -> str | None:
    """The words before '(ATP)' that spell the acronym (Schwartz & Hearst): every letter
    occurs in order, the first one starts a word, e.g. 'Adenosine TriPhosphate'."""
    letters = acronym.rstrip("s").lower()
    words = re.findall(r"[A-Za-z][A-Za-z'’\-]*", before)[-(len(letters) + 3) :]
    for start in range(len(words) - 1, -1, -1):
        cand = words[start:]
        if cand[0].lower() in ("of", "and", "the", "for", "in", "to", "on", "a", "an"):
            continue
        text = " ".join(cand).lower()
        if text[0] != letters[0] or len(cand) > len(letters) + 2:
            continue
        if _spells(text, letters) and len(cand) >= min(2, len(letters)):
            return " ".join(cand)
    return None


def _spells(text: str, letters: str) -> bool:
    """Each letter found right to left; a word's first letter may not be skipped over
    for the acronym's first letter."""
    pos = len(text)
    for i in range(len(letters) - 1, -1, -1):
        c = letters[i]
        pos = text.rfind(c, 0, pos)
        while pos > 0 and i == 0 and text[pos - 1] != " ":
            pos = text.rfind(c, 0, pos)
        if pos < 0:
            return False
    return True


_EN_CUE_WORDS = re.compile(r"\b(?:is|are|means?|refers?|term|called|known|termed)\b", re.I)


def find_en(sentence: str) -> list[Found]:
    s = normalize(sentence)
    out: list[Found] = []
    if not _EN_CUE_WORDS.search(s):
        return _en_aliases(s, out)
    for pattern, weak in _EN_CUES:
        m = pattern.search(s)
        if m and (term := _en_subject(m.group("t"))):
            d = clean_definition(m.group("d"))
            if (
                _enough(d)
                and not (weak and _a_claim(m.group("t"), d))
                and not _CONSEQUENCE.match(d)
            ):
                out.append(Found(term, "definition", d, weak=weak))
                break
    if not out:
        m = _EN_CALLED.search(s)
        if m and (term := _en_subject(m.group("t"))):
            d = clean_definition(m.group("d"))
            if _enough(d) and d.split()[0].lower() not in _EN_BAD_FIRST - {"the", "a", "an"}:
                out.append(Found(term, "definition", d))
    return _en_aliases(s, out)


_DEFINED_IN_PARENS = re.compile(
    rf"\((?:the\s+|collectively,?\s+|each,?\s+an?\s+|an?\s+)?[{_Q_OPEN}](?P<a>[^{_Q_CLOSE}]{{2,40}})"
    rf"[{_Q_CLOSE}](?:,?\s+or\s+(?:the\s+)?[{_Q_OPEN}][^{_Q_CLOSE}]{{2,40}}[{_Q_CLOSE}])?\)"
)
_REFERENT_CUT = re.compile(r".*(?:[,;:(]|\b(?:the|a|an|our|its|their|this|these)\s)", re.I)
_OF_DET = re.compile(r"\s+of\s+(?:the|a|an|our|its|their|this|these)\s$", re.I)
_APPOSITIVE = re.compile(r"^,\s+(?P<d>(?:a|an)\s+[^,;()]{8,}?)(?=[,;.]|$)", re.I)


def _referent(before: str) -> str:
    """The noun phrase that ends ``before``: back to the last clause mark or determiner,
    over the items of a list ('joint ventures, partnerships, alliances or acquisitions')."""
    cut = _REFERENT_CUT.match(before)
    start = cut.end() if cut else 0
    while of := _OF_DET.search(before[:start]):
        # "the part of a voucher": the phrase goes on over 'of' to a short head noun with
        # its own determiner (not over "a net gain on disposal of the …")
        prev = _REFERENT_CUT.match(before[: of.start()])
        if len(before[prev.end() if prev else 0 : of.start()].split()) > 2:
            break
        start = prev.end() if prev else 0
    tail = before[start:]
    while start > 0 and before[start - 1] == "," and re.search(r"\b(?:or|and)\b", tail):
        prev = _REFERENT_CUT.match(before[: start - 1])
        item = before[prev.end() if prev else 0 : start - 1]
        if len(item.split()) > 4:
            break
        start = prev.end() if prev else 0
    return before[start:].strip()


def _en_defined_phrases(s: str) -> list[Found]:
    """A term defined in passing, as filings and contracts do: 'revenue for the portion of
    gift card values not expected to be redeemed ("breakage")' defines breakage by the
    phrase before it; 'GreatCall, Inc. ("GreatCall"), a leading … provider' by the
    apposition after it. Capitalised names before the quotes are aliases, not meanings."""
    out: list[Found] = []
    for m in _DEFINED_IN_PARENS.finditer(s):
        alias = clean_term(m.group("a"))
        if not alias:
            continue
        after = _APPOSITIVE.match(s[m.end() :])
        if after and _enough(after.group("d")) and not _FIRST_PERSON.search(after.group("d")):
            out.append(Found(alias, "definition", clean_definition(after.group("d"))))
            continue
        if alias.rstrip("s").isupper():
            continue  # an acronym ("CDIs" too): its expansion is its other name
        referent = _referent(s[: m.start()].rstrip())
        words = referent.split()
        descriptive = bool(words) and words[0][:1].islower() and words[0].lower() != "as"
        # "… shares of Current Health Ltd. ("Current Health")": the name is an alias.
        named = alias.split()[0] in words or bool(_FIRST_PERSON.search(referent))
        descriptive = descriptive and not named
        if descriptive and 2 <= len(words) <= 20 and referent.lower() != alias.lower():
            out.append(Found(alias, "definition", clean_definition(referent)))
    return out


def _en_aliases(s: str, out: list[Found]) -> list[Found]:
    if "(" not in s and "“" not in s and '"' not in s:
        return out
    if not any(f.kind == "definition" for f in out):
        out += _en_defined_phrases(s)
    for m in _EN_DEFINED_ALIAS.finditer(s):
        alias = clean_term(m.group("a"))
        if not alias:
            continue
        if alias.isupper() and " " not in alias:  # an acronym must spell its expansion
            expansion = acronym_expansion(s[: m.start("a")], alias)
            term = clean_term(expansion) if expansion else None
        else:
            term = _en_subject(m.group("t"))
        if term and term.lower() != alias.lower():
            out.append(Found(alias, "alias", aliases=[term]))
    for m in _ACRONYM.finditer(s):
        expansion = acronym_expansion(s[: m.start()], m.group("a"))
        if expansion and (term := clean_term(expansion)):
            out.append(Found(term, "alias", aliases=[m.group("a")]))
    for m in _ALSO_KNOWN.finditer(s) if ("“" in s or '"' in s) else ():
        term, alias = _en_subject(m.group("t")), clean_term(m.group("a"))
        if term and alias:
            out.append(Found(term, "alias", aliases=[alias]))
    return out


# --- glossary lines ("Term: definition") -------------------------------------------------
_GLOSSARY = re.compile(r"^[\s•●▪·\-–*]*(?P<t>[^:：—–]{2,40}?)\s*(?:[:：]|\s[—–]\s)\s*(?P<d>.{8,})$")


def find_glossary(sentence: str) -> Found | None:
    m = _GLOSSARY.match(normalize(sentence))
    if not m:
        return None
    raw = m.group("t")
    term = clean_term(raw)
    if not term or _LABELS.match(term) or (term.split()[0][:1].islower() and " " in term):
        return None
    d = clean_definition(m.group("d"))
    return Found(term, "glossary", d) if _enough(d) and _prose(d) else None


_PRONOUN_START = re.compile(
    r"^(?:we|our|us|i|you|they|it|this|these|see|refer|我们|我|你|他们|本公司)\b", re.I
)


_RATE = re.compile(r"\d\s*%|\d\s*percent\b|\d\s*个百分点|\d\s*％", re.I)


def _prose(definition: str) -> bool:
    """Explanatory text, not a row of figures or a paragraph that merely follows a label."""
    if _PRONOUN_START.match(definition) or "$" in definition or _RATE.search(definition):
        return False  # "Services: The 7.7% growth was driven by…" explains a figure
    if len(re.findall(r"\d[\d,.]*", definition)) >= 3:
        return False
    if _ZH_RE.search(definition):
        return True
    words = definition.split()
    alpha = sum(1 for w in words if re.match(r"[A-Za-z]", w))
    return len(words) >= 4 and alpha >= 0.7 * len(words)
