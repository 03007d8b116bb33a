"""A person asked by the role a field names: the name written right after the role.

A report names the people behind it as fields, the role and then the name, after a colon,
a space or nothing at all: "公司负责人刘道骐、主管会计工作负责人肖寻及会计机构负责人钱扣明声明",
"法定代表人：苏江华", "Chief Executive Officer: Jane Roe". A question asking who holds the
role ("公司负责人是谁？", "谁是法定代表人？", "Who is the chief executive officer?") is
answered by that name. Two things follow:

- the answer is decided by the field: a question of everyday words ("公司", "负责人") reads
  to the answerability gate like general knowledge, yet a unit writing the very role asked
  with a name after it answers it (``models/answerability.decide``);
- the answer's clause is the field itself ("法定代表人：苏江华"), not the run of fields around
  it (``models/spans.answer_clause``).

The role must stand as written, at a boundary (the start, a space or punctuation before
it): "负责人" is not the role of "会计机构负责人". A name is two to four Chinese characters
before a separator, or capitalised words in English; without a colon a Chinese name must
also be tagged a person by jieba ("公司负责人应当保证…" names no one).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from pipeline.text.script import HAN_RE, UNIFIED

# "X是谁", "X是哪位", "X叫什么名字", "谁是X", "谁担任X"; the role is X
_ZH_ASKS = (
    re.compile(
        r"^(?:请问)?(.{2,16}?)(?:是谁|是哪位|是哪一位|是什么人|叫什么(?:名字)?|姓名是什么)[？?。！!]?$"
    ),
    re.compile(r"^(?:请问)?谁(?:是|担任|出任)(.{2,16}?)[？?。！!]?$"),
)
# "Who is the chief executive officer?", "Who serves as its chief financial officer?"
_EN_ASKS = re.compile(
    r"^\W*who\s+(?:is|was|serves\s+as|served\s+as|acts\s+as)\s+(?:the\s+|its\s+|their\s+)?"
    r"([a-z][a-z\s-]{2,60}?)\s*\??$",
    re.I,
)
_OWNER = re.compile(r"^(?:本公司|该公司|公司|本行|本集团|该集团)的")
_BOUNDARY = r"(?:^|(?<=[\s、，,；;。：:（(）)|]))"
_ZH_NAME = re.compile(r"[：:]?\s*([" + UNIFIED + r"·]{2,4})(?=$|[\s、，,；;。及和与（(：:])")
_EN_NAME = re.compile(r"[ \t]*[:：][ \t]*((?:[A-Z][a-z'’.-]*\.?[ \t]+){1,3}[A-Z][a-z'’-]+)")


def asked_role(question: str) -> str | None:
    """The role a question asks the holder of, as written ("法定代表人"), or None."""
    q = question.strip()
    if HAN_RE.search(q):
        for pattern in _ZH_ASKS:
            m = pattern.match(q)
            if m is not None:
                return _OWNER.sub("", m.group(1).strip()) or None
        return None
    m = _EN_ASKS.match(q)
    return m.group(1).strip() if m is not None else None


def field_span(question: str, text: str) -> tuple[int, int] | None:
    """The span of ``text`` writing the role asked and the name after it
    ("法定代表人：苏江华"), or None when the question asks no role or the text names none."""
    role = asked_role(question)
    if role is None:
        return None
    flags = 0 if HAN_RE.search(role) else re.I
    for m in re.finditer(_BOUNDARY + re.escape(role), text, flags):
        end = _name_end(text, m.end(), cjk=bool(HAN_RE.search(role)))
        if end is not None:
            return m.start(), end
    return None


def clause_span(question: str, text: str) -> tuple[int, int] | None:
    """The field answering the question as the answer's clause: the role as asked, else
    the role after the owner the question names it of ("东北电气的法定代表人" writes
    "法定代表人：苏江华"). Only the answer's wording reads this; whether the field decides
    the answer is ``field_span``'s."""
    found = field_span(question, text)
    role = asked_role(question)
    if found is not None or role is None or "的" not in role:
        return found
    owned = role.rsplit("的", 1)[1]
    return field_span(question.replace(role, owned, 1), text) if len(owned) >= 2 else None


def names_role(question: str, texts: list[str]) -> bool:
    """Does any of ``texts`` write the role asked with a name after it?"""
    return any(field_span(question, t) is not None for t in texts)


def _name_end(text: str, at: int, *, cjk: bool) -> int | None:
    """Where the name written right after a role ends, or None when none is."""
    if not cjk:
        m = _EN_NAME.match(text, at)
        return m.end() if m is not None else None
    m = _ZH_NAME.match(text, at)
    if m is None:
        return None
    colon = text[at : m.start(1)].strip() in ("：", ":")
    if not colon and not _person(m.group(1)):
        return None  # "公司负责人应当…": a verb, not a name
    return m.end(1)


def _person(name: str) -> bool:
    """Does jieba read the run as a person's name, or its first word as a surname?"""
    first = next(iter(_tagger().cut(name)), None)
    return first is not None and first.flag == "nr"  # a surname alone counts ("王" of 王立新)


@cache
def _tagger() -> Any:
    import jieba.posseg  # loaded on first use: most questions ask no role

    return jieba.posseg
