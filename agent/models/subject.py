"""Whom a Chinese question asks about, and whether a sentence is about them.

A document of several encyclopedia-like articles (one plant, one person per section)
says the same kind of thing of each subject: "它的直径……" under another plant's heading
answers nothing about the plant asked. A sentence is about the question's subject when it
names it, stands under a section heading naming it, or leans back (a pronoun, a zero
subject) on an earlier sentence of its passage naming it. Chinese names are often not
tagged as names, so the subject is the question's leading noun phrase, before the first
word that starts what is asked of it (的, 在, 是 …: ``question_kinds.json``
"subject_ends").
"""

from __future__ import annotations

import json
import re
from functools import cache

from agent.evidence import Passage, Unit
from agent.models.candidates import Candidate
from agent.question.kinds import DATA
from pipeline.text.script import HAN_RE, UNIFIED
from pipeline.text.short_forms import shortens

# A leading word that points back or asks, never a subject of its own.
_NOT_SUBJECT = re.compile(r"^(?:这|那|该|此|其|它|他|她|哪|什么|谁|为什么|如何|怎么|请问|本|我|你)")


@cache
def _data() -> dict[str, object]:
    return dict(json.loads(DATA.read_text(encoding="utf-8")))


@cache
def _lead() -> re.Pattern[str]:
    ends = str(_data()["subject_ends"])
    return re.compile(f"^([{UNIFIED}·]{{2,12}}?)(?:" + ends + ")")


@cache
def _alias() -> tuple[re.Pattern[str], re.Pattern[str]]:
    raw = _data()["alias"]
    if not isinstance(raw, dict):
        raise TypeError(f"{DATA.name}: 'alias' must be an object with 'asks' and 'holds'")
    return re.compile(str(raw["asks"])), re.compile(str(raw["holds"]))


def subject(question: str) -> str:
    """The question's leading noun phrase ("青霜草" of "青霜草的叶子有多宽？"), or ""."""
    q = question.strip()
    if not HAN_RE.match(q[:1] or " "):
        return ""
    m = _lead().match(q)
    if not m or _NOT_SUBJECT.match(m.group(1)):
        return ""
    return m.group(1)


def about(name: str, p: Passage, u: Unit) -> bool:
    """The unit names the subject, stands under a heading naming it, or follows a sentence
    of its passage naming it (it leans back on that one); not when each of these only
    writes it inside the heading's own longer name (``variant_of``)."""
    if variant_of(name, p, u):
        return False
    return name in u.text or name in p.section or name in p.text[: u.start]


# "次磷酸" of "磷酸", "亚硫酸盐" of "硫酸": one character before or after a name makes
# another thing of its kind; a longer addition is its owner or a given name ("四川大学华西
# 医院", "保罗·皮尔斯"), the same thing named in full
_VARIANT = 1


def variant_of(name: str, p: Passage, u: Unit) -> str:
    """The heading's name when it is the subject asked with a character added
    ("次磷酸" under which "磷酸" is asked) and the unit, with the text it leans back on,
    writes the subject only inside that longer name, or not at all: the unit is about
    another thing of the subject's kind. "" otherwise."""
    title = _title(p.section)
    at = title.find(name)
    if at < 0 or title == name:
        return ""
    before, after = title[:at], title[at + len(name) :]
    if (
        len(before) > _VARIANT
        or len(after) > _VARIANT
        or not all(HAN_RE.match(c) for c in before + after)
    ):
        return ""
    # written apart from the longer name, the subject itself is meant; written nowhere
    # (a chunk opening under the heading), the unit leans on the heading's own thing
    said = f"{p.text[: u.start]}\n{u.text}"
    if name in said.replace(title, " "):
        return ""
    return title


# "非洲野驴" asked under "印度野驴": the same kind of thing (a shared ending of two
# characters or more) told apart by another qualifier of one to three characters
_HEAD = 2
_QUALIFIER = 3


def sibling_of(name: str, p: Passage, u: Unit) -> str:
    """The heading's name when it is another thing of the subject's kind, the subject's
    qualifier replaced ("印度野驴" under which "非洲野驴" is asked), and the unit itself
    never writes the subject: what it says ("牠们……最高每小时可达70公里") is of the
    heading's thing, though a sentence before it names both. "" otherwise."""
    title = _title(p.section)
    if not title or name in title or title in name or name in u.text:
        return ""
    if shortens(name, _last(p.section)):
        return ""  # "南京国际象棋超级大赛" asked under "中国（南京）国际象棋超级大赛": the same one
    shared = 0
    while shared < min(len(name), len(title)) and name[-1 - shared] == title[-1 - shared]:
        shared += 1
    own, theirs = name[: len(name) - shared], title[: len(title) - shared]
    if shared < _HEAD or not (0 < len(own) <= _QUALIFIER and 0 < len(theirs) <= _QUALIFIER):
        return ""
    return title if all(HAN_RE.match(c) for c in own + theirs + name[-shared:]) else ""


def another_thing(name: str, p: Passage, u: Unit) -> str:
    """The heading's name when the unit is about another thing of the subject's kind
    (``variant_of``, ``sibling_of``), or ""."""
    return variant_of(name, p, u) or sibling_of(name, p, u)


def _last(section: str) -> str:
    """The last heading of a section path, as written."""
    return section.rsplit(">", maxsplit=1)[-1].strip()


def _title(section: str) -> str:
    """The last heading of a section path, without its parenthesised qualifier."""
    return re.sub(r"[（(][^）)]*[）)]", "", _last(section)).strip()


def asks_alias(question: str) -> bool:
    return bool(_alias()[0].search(question))


def gives_alias(text: str) -> bool:
    return bool(_alias()[1].search(text))


def about_subject(
    question: str, found: list[Candidate], best: float, floor: float, addressed: bool
) -> tuple[list[Candidate], float, float, bool]:
    """Only the units about the subject asked, when the passages found speak of it at
    all: another article's sentence says the same kind of thing of another subject, and
    answers nothing of this one even when this one's own sentences do not answer. An alias asked
    ("X又叫什么？") is answered by a unit about X giving another name (又名, 俗称 …)."""
    name = subject(question)
    if not name:
        return found, best, floor, addressed
    own = [c for c in found if about(name, c.passage, c.unit)]
    if asks_alias(question):
        naming = [c for c in own if gives_alias(c.unit.text)]
        if naming:
            return naming, max(c.score for c in naming), 0.0, True
    if own:  # its own sentences only, support too; none reaching the floor is a refusal
        return own, max(c.score for c in own), floor, addressed
    return found, best, floor, addressed
