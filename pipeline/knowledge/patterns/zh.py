"""Chinese definitional and alias patterns, applied to one sentence: "所称X，是指…",
"X是一种…", "…称为X", "X（以下简称Y）", "X（英文：Y）"."""

from __future__ import annotations

import re

from pipeline.knowledge.keyphrases import _pos, cut_zh, zh_tags
from pipeline.knowledge.patterns.surface import (
    Q_CLOSE,
    Q_OPEN,
    ZH,
    ZH_BAD_START,
    ZH_RE,
    ZH_TERM,
    Found,
    clean_definition,
    clean_term,
    enough,
    strip_quotes,
)
from pipeline.text import lexicon
from pipeline.text.normalise import nfkc
from pipeline.text.segment import _get_jieba

_ZH_SCOPE = f"(?:本(?:{lexicon.alternation('definitions.rule_documents_zh')})(?:中|里)?)?"
# "（以下简称“年假”）" between a term and its definition: the term's other name, not its end
_ALIAS_AFTER = r"(?:[（(][^）)]{1,30}[）)])?"
# a bracketed place or kind inside a full name: "新东北电气（锦州）电力电容器有限公司"
_INNER = rf"[（(][{ZH}]{{1,6}}[）)]"
_FULL_NAME_CHARS = 30  # a company's or a law's full name, given a short one to go by
_ZH_CUES: list[tuple[re.Pattern[str], bool]] = [
    (
        re.compile(
            rf"^{_ZH_SCOPE}所称的?(?P<t>{ZH_TERM}){_ALIAS_AFTER}[，,]?(?:是指|系指|指|即)(?P<d>.+)$"
        ),
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
    rf"[{Q_OPEN}]?(?P<t>{ZH_TERM})[{Q_CLOSE}]?(?:[（(][^）)]*[）)])?[。.；;！!]?$"
)
_ZH_IS = re.compile(
    rf"^(?P<t>[{Q_OPEN}]?[^，,；;：:（(是]{{2,16}}?[{Q_CLOSE}]?)(?:[（(](?P<a>[^）)]{{1,80}})[）)])?"
    rf"[，,]?是(?P<one>{lexicon.alternation('definitions.genus_counters_zh')})?(?P<d>[^；;]{{6,}})$"
)
# "X是…的<genus>": the first clause of the definition names what kind of thing X is.
_ZH_GENUS = re.compile(rf"的[{ZH}]{{1,6}}$")
_ZH_ALIAS_SHORT = re.compile(
    rf"(?:《(?P<title>[^《》]{{2,40}})》|(?P<t>[{ZH}A-Za-z0-9·\-]{{2,30}}(?:{_INNER}[{ZH}A-Za-z0-9·\-]{{2,30}})*))"
    rf"[（(](?:以下)?(?:简称|下称|统称|以下称)[为:：]?"
    rf"[{Q_OPEN}]?(?P<a>[^{Q_CLOSE}）)]{{1,20}})[{Q_CLOSE}]?[）)]"
)
_ZH_ALIAS_LATIN = re.compile(
    rf"(?P<t>[{ZH}][{ZH}A-Za-z0-9·\-]{{1,20}})[（(]"
    r"(?:(?:" + lexicon.alternation("definitions.latin_alias_labels_zh") + r")[:：]?\s*)?"
    r"[\"“]?(?P<a>[A-Za-z][^）()（]{1,100}?)[\"”]?[）)]"
)


def _noun_tail(text: str) -> str:
    """The noun phrase that ends ``text``: the trailing run of noun-like jieba words
    ("本赛事由世界羽毛球联会" → "世界羽毛球联会")."""
    tags = zh_tags()
    words = [
        w
        for m in re.finditer(rf"[{ZH}]+|[^{ZH}]+", text)
        for w in (cut_zh(m.group(0)) if ZH_RE.match(m.group(0)) else (m.group(0),))
    ]
    tail: list[str] = []
    for w in reversed(words):
        tag = tags.get(w, "x")
        latin = not ZH_RE.search(w)
        in_name = bool(tail) and tail[0][:1] in "·-－"  # "安-玛丽·杜瓦尔" stays whole
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


def _full_name(raw: str) -> str:
    """The name before "（简称…）": the noun phrase its first part ends with, then every
    bracketed part and what follows it ("…拟将所持有的新东北电气（锦州）电力电容器有限公司"
    → "新东北电气（锦州）电力电容器有限公司")."""
    cut = re.search(r"[（(]", raw)
    if cut is None:
        return _noun_tail(raw)
    return _noun_tail(raw[: cut.start()]) + raw[cut.start() :]


def _clean_full_name(name: str) -> str | None:
    """``name`` when its words, bracketed parts aside, make a term (brackets are a clause's
    mark elsewhere); its bracketed parts stay, in full-width brackets."""
    plain = clean_term(re.sub(_INNER, "", name), max_zh=_FULL_NAME_CHARS)
    if plain is None or not re.search(_INNER, name):
        return plain
    # written as printed: the sentence was NFKC-folded, which turns （锦州） into (锦州)
    return re.sub(_INNER, lambda m: f"（{m.group(0)[1:-1]}）", name.strip())


def _zh_term_tail(raw: str) -> str | None:
    """The noun phrase just before a cue: the last clause, minus a leading scope phrase."""
    t = strip_quotes(raw)
    t = re.sub(r"^(?:在[^，,]{0,12}中[，,]?|这里的?|此处的?|我们所说的|通常所说的|所谓的?)", "", t)
    return clean_term(t)


_NEXT_TOPIC = lexicon.pattern("definitions.next_topic_zh", template="^(?:{})")


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
            if term and enough(d):
                return Found(term, "definition", d, weak=weak)
    m = _ZH_CALLED.search(s)
    if m and (term := clean_term(m.group("t"))):
        d = clean_definition(m.group("d"))
        if enough(d) and not ZH_BAD_START.match(d[:2]):
            return Found(term, "definition", d)
    m = _ZH_IS.search(s)
    if m and (term := clean_term(m.group("t"))) and (m.group("one") or nominal(term)):
        d = clean_definition(m.group("d"))
        genus = re.split(r"[，,；;：:。—\-（(]", d)[0]
        if enough(d) and (m.group("one") or _ZH_GENUS.search(genus)):
            aliases = _latin_aliases(m.group("a") or "")
            return Found(term, "definition", _first_clauses(d), aliases, weak=not m.group("one"))
    return None


# "第二条 本办法所称员工，是指…": the article number opens the sentence, not the term.
_ZH_ARTICLE = re.compile(r"^第[一二三四五六七八九十百零〇0-9]+条\s*")


def find_zh(sentence: str) -> list[Found]:
    s = _ZH_ARTICLE.sub("", nfkc(sentence))
    found = _zh_definition(s)
    out: list[Found] = [found] if found else []
    for m in _ZH_ALIAS_SHORT.finditer(s):
        name = m.group("title") or _full_name(m.group("t"))
        term = _clean_full_name(name)
        alias = clean_term(strip_quotes(m.group("a")))
        if not term or not alias:
            continue
        if found and found.term.endswith(term):  # "…所称带薪年休假（以下简称“年假”），是指…"
            found.aliases.append(alias)
        else:
            out.append(Found(term, "alias", aliases=[alias]))
    for m in _ZH_ALIAS_LATIN.finditer(s):
        term = clean_term(_noun_tail(m.group("t")))
        aliases = _latin_aliases(m.group("a"))
        if term and aliases:
            out.append(Found(term, "alias", aliases=aliases))
    return out


_RELATIONAL = lexicon.pattern("definitions.relational_zh", template="^(?:{})$")


def nominal(term: str) -> bool:
    """A bare "X是…" sentence defines X only when X is a noun phrase, not a clause."""
    if _RELATIONAL.match(term) or not ZH_RE.search(term):
        return not _RELATIONAL.match(term)
    tags = zh_tags()
    words = list(_get_jieba().cut(term))
    for w in words:
        tag = tags.get(w, "x")
        if tag[:1] in ("v", "p", "d", "c", "u", "r", "m", "q", "y", "e") and tag != "vn":
            return False
    # The last word carries the meaning: a noun, not "主要" or "一般".
    return not tags.get(words[-1], "x").startswith(("b", "a", "f", "t"))


_LATIN_LABEL = lexicon.pattern("definitions.latin_name_labels_zh", template=r"^(?:{})[:：]?\s*")


def _latin_aliases(inner: str) -> list[str]:
    inner = _LATIN_LABEL.sub("", inner)
    if not re.search(r"[A-Za-z]", inner) or re.search(r"\d{3,}", inner):
        return []
    parts = [p.strip() for p in re.split(r"[，,;；]|\s+or\s+", inner) if p.strip()]
    if any(ZH_RE.search(p) for p in parts[:1]):
        return []  # "（RAG返回相关段落）" is a remark, not the term's other name
    return [t for p in parts[:3] if (t := clean_term(p)) and _alias_ok(t)]


_DEMONYM = re.compile(r"^[A-Z][a-z]+(?:an|ian|ish|ese)$")


def _alias_ok(alias: str) -> bool:
    """Latin aliases worth keeping: names, acronyms, phrases, or dictionary words — not code."""
    if re.search(r"[_()=<>{}]|\w\.\w", alias) or _DEMONYM.match(alias):
        return False  # code, or "American" after 美国
    if " " in alias or any(c.isupper() for c in alias):
        return True
    return bool(_pos(alias.lower()))
