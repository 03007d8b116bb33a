"""Names a Chinese text gives one thing itself: "蓝线裸顶鲷，又称蓝线白，俗名龙尖",
"刘六本名刘宠", "李日华（），字君实，一字九疑，号竹懒", "萱侬律(又名：「东芭乐园」)".

A reader asks by either name; the text uses one of them once, where it defines the other,
and says everything else of the thing under its main name (or "本鱼", "它"). No list can
hold such names, but the text says them, with a marker word between (the markers are
data: ``data/lexicon/aliases.json``). ``alias_groups`` reads each definition of a text:
the name before the marker (its clause's words before it, or the sentence's first clause
when the marker opens a clause of its own: "蓝线裸顶鲷，又称…"), and the names after it
(a list joined by "、", "或", "及"). A name that is no name (a connective, a pronoun's
clause, an everyday word: "所以又被称为…", "表字不详") is left out; the caller adds the
thing's own heading, which names it whatever the sentence's wording.
"""

from __future__ import annotations

import re

from pipeline.text import lexicon
from pipeline.text.script import HAN, HAN_RE, HAN_RUN_RE
from pipeline.text.segment import ZH_STOPWORDS, cut_words, everyday_word

_COPULA = lexicon.alternation("aliases.copulas_zh")
_MARKER = re.compile(
    "(?:" + lexicon.alternation("aliases.markers_zh") + rf")(?:{_COPULA})?[：:]?\s*"
)
# "字" and "号" name a style only as a clause's first word after a comma
_STYLE = re.compile(
    "(?<=[，,])\\s*(?:" + lexicon.alternation("aliases.style_markers_zh") + rf")(?:{_COPULA})?"
)
_CLAUSE_END = re.compile("[，,。；;、！？!?\n]")
_SENTENCE_END = re.compile("[。；;！？!?\n]")
_LIST = re.compile("[、或及]")
_NAMES_END = re.compile("[，,。；;\n]")
_STYLE_NAME = re.compile(f"[{HAN}]{{2,4}}")
# an annotation in brackets ("（学名：…）", "（Pearl Spring …）", "（）"): no part of a name
_BRACKETED = re.compile(r"[（(][^（()）]*[）)]")
_UNCLOSED = re.compile(r"[（(][^（()）]*$")
_TRAILING = re.compile(r"[（(][^（()）]*[）)]$|等$")  # "夜兰香（广州）", "山木棉等"
_DATED = re.compile(r"\d+\s*[年月日]")
_QUOTES = re.compile("[“”「」『』\"'\x00-\x1f]")
_LATIN = re.compile(r"[A-Za-z][\w.' &-]*")
MAX_NAME = 20  # characters: longer is a clause, not a name


def _is_annotation(bracketed: str) -> bool:
    inner = bracketed[1:-1]
    return not HAN_RE.search(inner) or bool(re.search("[，,：:；;、]", inner))


def _unannotated(text: str) -> str:
    return _BRACKETED.sub(lambda m: "" if _is_annotation(m.group(0)) else m.group(0), text)


def _clean(name: str) -> str:
    """The name without annotations, quotes and brackets left open; "" for no name."""
    name = _QUOTES.sub("", _UNCLOSED.sub("", _unannotated(name))).strip()
    name = _TRAILING.sub("", name).strip()
    if name[-1:] in "）)" and not re.search("[（(]", name):
        name = name[:-1]  # the bracket the name was written in closes after it
    if not 2 <= len(name) <= MAX_NAME or _DATED.search(name):
        return ""
    if _LATIN.fullmatch(name):
        return name
    if not HAN_RE.search(name) or everyday_word(name):
        return ""
    cut = [w for run in HAN_RUN_RE.findall(name) for w in cut_words(run)]
    return "" if any(w in ZH_STOPWORDS for w in cut) else name


def _named_before(text: str, at: int) -> str:
    """The name a marker at ``at`` gives another name to: its clause's words before it, or
    the sentence's first clause when the marker opens its clause."""
    ends = [m.end() for m in _SENTENCE_END.finditer(text, 0, at)]
    sentence = _unannotated(text[ends[-1] if ends else 0 : at])
    clauses = _CLAUSE_END.split(sentence)
    own = clauses[-1].strip()
    return _clean(own if own else clauses[0])


def _names_after(text: str, at: int, *, style: bool = False) -> list[str]:
    """The names a marker ending at ``at`` gives, up to its clause's end; a list item
    holding a marker of its own ("刘宠、刘七本名刘宸") ends the list. A style name is
    two to four characters and the clause holds nothing else ("号召通州、良乡…" none)."""
    m = _NAMES_END.search(text, at)
    clause = text[at : m.start() if m else len(text)]
    out = []
    for item in _LIST.split(_unannotated(clause)):
        if _MARKER.search(item):
            break
        if style and not _STYLE_NAME.fullmatch(item):
            return []
        out.append(_clean(item))
    return [n for n in out if n]


def alias_groups(text: str) -> list[frozenset[str]]:
    """Each thing the text names twice or more, as the set of its names (main name first
    when it is a name, else only the other names: the caller adds the heading's)."""
    groups: list[frozenset[str]] = []
    for pattern in (_MARKER, _STYLE):
        for m in pattern.finditer(text):
            others = _names_after(text, m.end(), style=pattern is _STYLE)
            if not others:
                continue
            named = _named_before(text, m.start())
            groups.append(frozenset({named, *others} - {""}))
    return groups
