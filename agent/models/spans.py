"""How much text a chosen unit quotes.

A sentence is quoted with the neighbour it cannot be read without, as one contiguous span
of its chunk (so it is still highlighted exactly):

- a "why" question is answered by a reason, and documents state the reason before the
  consequence ("…维生素C含量是单个橙子的三倍。因此它有时也被称为笨蛋水果"): a unit opening
  with "因此" / "Therefore" takes the sentence before it; a cause without a figure takes
  the next sentence when that one states the figure it explains ("The decline reflected
  lower volumes. Gross margin was 31.2%, down 80 basis points.");
- a sentence opening with a pronoun or without its subject ("他在……", "是……的王妃", "It was
  …") takes the sentence before it, which names who or what it is about;
- a sentence announcing what follows ("……类似以下的状况。", "… as follows:") takes the
  sentence after it, which says it; so does a sentence naming its subject but holding none
  of the kind of thing asked (a person for "谁", a date for "when"), when the next one goes
  on about that subject and holds it ("明月王后金氏。是北国第三代君主的王妃。").
- a question asking the same thing of several names ("美国和欧盟分别……") takes the next
  sentence when it holds it of a name the unit leaves out;
- a Chinese description goes on over the next sentence whose subject the one before
  introduced ("……方格的颜色有白色与黑色两种。白色的方格组成……").

The words are data (``data/discourse.json``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Protocol, TypeVar

from agent.answer_kinds import FIGURE, holds
from agent.evidence import Passage, Unit, units
from agent.models.dated_opening import after_date, opens_without_subject
from agent.models.features import Ask, hits, share
from agent.models.phrasing import phrasing_words
from agent.models.subject import subject
from agent.models.two_asked import two_asked
from agent.question.kinds import Kind, asked_kinds
from agent.rewrite import core_question, key_terms
from agent.role_field import clause_span
from agent.scope import stem
from pipeline.text.lexicon import pattern
from pipeline.text.script import HAN_RE

_DISCOURSE = Path(__file__).with_name("data") / "discourse.json"
_CONSEQUENCE = pattern("connectives.consequence", template=r"^[\s“\"]*({})", flags=re.I)
_CONDITION = pattern("connectives.condition", template=r"^\s*(?:{})(?![A-Za-z])", flags=re.I)
_COLON_END = re.compile(r"[:：]\s*$")
_LAST_CLAUSE = re.compile(r"[^，,；;]*$")
_MAX_WIDENED = 400  # characters: past that the quote is a paragraph, not an answer


class Quoted(Protocol):
    passage: Passage
    unit: Unit


Q = TypeVar("Q", bound=Quoted)


@dataclass(frozen=True)
class _Discourse:
    pronouns_zh: tuple[str, ...]
    pronouns_en: tuple[str, ...]
    announces: tuple[str, ...]
    dependent_en: tuple[str, ...]
    continuing_en: tuple[str, ...]


@cache
def _discourse() -> _Discourse:
    raw = json.loads(_DISCOURSE.read_text(encoding="utf-8"))
    return _Discourse(
        tuple(raw["pronouns_zh"] + raw["zero_subject_zh"] + raw["after_zh"]),
        tuple(raw["pronouns_en"]),
        tuple(raw["announces_zh"] + raw["announces_en"]),
        tuple(raw["dependent_en"]),
        tuple(raw["continuing_en"]),
    )


def _opens_dependent(text: str) -> bool:
    """Does ``text`` open with a word that makes it a clause needing another ("As an
    employer of 90,000 people", "Although sales rose")?"""
    low = text.lstrip(' "“').lower()
    return any(
        low.startswith(w) and not low[len(w) : len(w) + 1].isalpha()
        for w in _discourse().dependent_en
    )


def opens_mid_sentence(text: str) -> bool:
    """Does ``text`` start inside a sentence: in lower case, with a word carrying on from
    what came before ("or because the information …", "which was …") or one opening a
    clause that needs another ("although …")? Read alone it is a fragment."""
    low = text.lstrip(' "“‘(')
    if not low[:1].islower():
        return False
    return _starts_with(low, _discourse().continuing_en + _discourse().dependent_en)


def _starts_with(low: str, words: Sequence[str]) -> bool:
    return any(low.startswith(w) and not low[len(w) : len(w) + 1].isalpha() for w in words)


def with_reasons(chosen: Sequence[Q], question: str) -> list[Q]:
    """The chosen units, each widened to the neighbour it cannot be read without (a
    consequence to the reason before it only for "why")."""
    asked = asked_kinds(core_question(question))
    why = "reason" in asked
    return [_widened(c, why=why, question=question, kinds=asked & _FACTOIDS) for c in chosen]


def _same_topic(after: Unit, question: str) -> bool:
    """A Chinese description ("有哪些症状", "以什么为食") runs over sentences: the next one
    goes on with it when it uses a word of the question again ("……以头足类为食。体型较大的
    物种可能也以小型海生爬行动物为食。")."""
    if not HAN_RE.search(question) or not HAN_RE.search(after.text):
        return False
    phrasing = phrasing_words(question)
    words = [t for t in key_terms(question) if HAN_RE.search(t) and stem(t) not in phrasing]
    return any(w in after.text for w in words)


def _introduces(before: Unit, unit: Unit, question: str, section: str) -> bool:
    """A Chinese sentence using two or more of the question's words beyond the subject
    asked (and its heading), each of which the sentence before uses too: that one
    introduces what this one goes on with ("包囊存活在宿主体外的水中。包囊很容易被杀死，在宿主
    体外只能存活几个月。")."""
    if not _zh(question) or before.kind != "sentence":
        return False
    name, title = subject(question), section.rsplit(">", maxsplit=1)[-1]
    phrasing = phrasing_words(question)
    words = [
        t
        for t in key_terms(question)
        if HAN_RE.search(t) and stem(t) not in phrasing and t not in name and t not in title
    ]
    used = [w for w in words if w in unit.text]
    return len(used) >= _TOPIC_WORDS and all(w in before.text for w in used)


_TOPIC_WORDS = 2  # one shared word is the subject's kind ("叶"); two are the same topic


def _goes_on(unit: Unit, after: Unit, question: str, kinds: frozenset[Kind]) -> bool:
    """The unit holds none of the kinds asked, the next sentence goes on about the same
    subject (it opens without naming it) and holds one."""
    return (
        bool(kinds)
        and leans_back(after.text)
        and not any(holds(k, unit.text, question) for k in kinds)
        and any(holds(k, after.text, question) for k in kinds)
    )


def _description_end(parts: Sequence[Unit], at: int, start: int, question: str) -> int:
    """Where a Chinese description taken on to sentence ``at`` ends: it runs on over
    the sentences after it that go on about the same thing (opening with "它们" or the
    verb its subject is left out of, or using a question word again: "……有些不同。它们的
    毛色较浅。它们的耳朵较长。"), as far as a quote of an answer goes."""
    end = parts[at].end
    if not HAN_RE.search(question):
        return end
    for u in parts[at + 1 :]:
        if u.kind != "sentence" or u.end - start > _MAX_WIDENED:
            break
        prior = parts[parts.index(u) - 1].text
        if not (leans_back(u.text) or _same_topic(u, question) or _chained(prior, u.text)):
            break
        end = u.end
    return end


# a question asking the same thing of two or more names, one sentence each ("美国和欧盟分别
# 从什么时候起……？")
_EACH = re.compile(r"分别|各自|各是|各为|各有")
# jieba's tags of the words a sentence's subject is made of (a noun of any kind, a name,
# an abbreviation), and of the verb that ends it
_SUBJECT_TAGS = ("n", "j", "eng")


def _other_named(unit: Unit, after: Unit, question: str, kinds: frozenset[Kind]) -> bool:
    """The question asks the same kind of thing of several names ("分别"): the unit holds it
    of one, the next sentence holds it of another question word the unit leaves out."""
    if not kinds or not _zh(question) or not _EACH.search(core_question(question)):
        return False
    phrasing = phrasing_words(question)
    words = [t for t in key_terms(question) if HAN_RE.search(t) and stem(t) not in phrasing]
    return (
        any(holds(k, unit.text, question) for k in kinds)
        and any(holds(k, after.text, question) for k in kinds)
        and any(w in after.text and w not in unit.text for w in words)
    )


def _chained(before: str, after: str) -> bool:
    """A Chinese sentence whose subject (the nouns before its first verb) the sentence before
    it introduced goes on about it ("……方格的颜色有白色与黑色两种。白色的方格组成一些交叉的
    行与列"): a description's next step, though it uses no word of the question."""
    if not HAN_RE.match(after.lstrip()):
        return False
    import jieba.posseg as pseg  # loaded on first use

    nouns = []
    for w in pseg.cut(after[:24]):
        if w.flag.startswith("v"):
            break
        if w.flag.startswith(_SUBJECT_TAGS) and len(w.word) >= 2:
            nouns.append(w.word)
    return bool(nouns) and any(n in before for n in nouns)


def _states_what_it_explains(unit: Unit, after: Unit, question: str) -> bool:
    """The unit gives a cause and no figure; the next sentence states one: the figure the
    cause explains, the context a reason is read with."""
    return (
        holds("reason", unit.text, question)
        and not FIGURE.search(unit.text)
        and FIGURE.search(after.text) is not None
    )


def _zh(question: str) -> bool:
    return HAN_RE.search(question) is not None


def leans_back(text: str) -> bool:
    """The sentence opens with a pronoun, or with the verb its subject is left out of ("是……
    的王妃"; in Chinese any first word jieba reads as a verb, preposition, adverb,
    conjunction or adjective: "为一只……", "最好成绩是……"), or with a date and then either
    (``dated_opening.py``): who or what it is about is named before it."""
    s = text.lstrip(' “"「『(（')
    words = _discourse()
    dated = after_date(s)  # "清同治十年(1871年)，将……": the date, then no subject
    if dated and HAN_RE.match(dated):
        return dated.startswith(words.pronouns_zh) or opens_without_subject(dated)
    if s[:1] and HAN_RE.match(s):  # "为一只……", "使用……处理细胞", "由于……"
        if _CONSEQUENCE.match(s):
            return False  # "因此……" leans on its reason only when a reason is asked
        return s.startswith(words.pronouns_zh) or opens_without_subject(s)
    low = s.lower()
    return any(
        low.startswith(w) and not low[len(w) : len(w) + 1].isalpha() for w in words.pronouns_en
    )


def announces(text: str) -> bool:
    """The sentence announces what the next one says: it ends with a colon, or its last
    clause refers to what follows ("……类似以下的状况。", "… are as follows.")."""
    s = text.strip()
    if _COLON_END.search(s):
        return True
    last = _LAST_CLAUSE.search(s.rstrip("。.!！?？"))
    tail = last.group(0).lower() if last else ""
    return any(w in tail for w in _discourse().announces)


def _widened(c: Q, *, why: bool, question: str, kinds: frozenset[Kind]) -> Q:
    if c.unit.kind != "sentence":
        return c
    parts = units(c.passage.text)
    at = next((i for i, u in enumerate(parts) if u.start == c.unit.start), None)
    if at is None:
        return c
    start, end = c.unit.start, c.unit.end
    before = parts[at - 1] if at > 0 and parts[at - 1].kind == "sentence" else None
    after = parts[at + 1] if at + 1 < len(parts) and parts[at + 1].kind == "sentence" else None
    consequence = why and _CONSEQUENCE.match(c.unit.text)
    if before is not None and (
        consequence
        or leans_back(c.unit.text)
        or _introduces(before, c.unit, question, c.passage.section)
    ):
        start = before.start
    described = (
        not kinds
        and not why
        and after is not None
        and (
            _same_topic(after, question)
            or (_zh(question) and (leans_back(after.text) or _chained(c.unit.text, after.text)))
        )
    )
    # a question asking two things ("……是什么时候启用的，图案是什么？") is answered by the
    # sentence and the one going on about the same subject without naming it
    described = described or (after is not None and two_asked(question) and leans_back(after.text))
    if after is not None and (
        announces(c.unit.text)
        or _goes_on(c.unit, after, question, kinds)
        or _other_named(c.unit, after, question, kinds)
        or (why and _states_what_it_explains(c.unit, after, question))
        or described
    ):
        end = after.end
        if not kinds and not why:
            end = _description_end(parts, at + 1, start, question)
    if (start, end) == (c.unit.start, c.unit.end) or end - start > _MAX_WIDENED:
        return c
    unit = Unit(start, end, c.passage.text[start:end], "sentence")
    return replace(c, unit=unit)  # type: ignore[type-var]


# --- the direct answer: the clause of the best unit that answers ---------------------------

# Clause breaks; a comma inside a number ("1,000") is not one.
_CLAUSE_BREAK = re.compile(r"[，；;：](?!\d)|[,:](?!\d)\s")
_MIN_CLAUSE = 6
# Kinds one clause can hold. A definition or a reason is the whole sentence: cut to the
# clause with "是指" or "因此" it reads as a fragment ("是指一个三个人的群体在同一时期中").
_FACTOIDS = frozenset({"number", "date", "person", "place"})


def answer_clause(ask: Ask, text: str) -> tuple[int, int]:
    """The span of ``text`` that answers: from the clause using the most question words
    to the nearest clause holding the kind of thing asked (a date for "when"). The whole
    text when the question asks no kind one clause holds, or the clauses would say less."""
    field = clause_span(ask.question, text)
    if field is not None:  # "法定代表人：苏江华" of a run of fields: the one asked
        return field
    pieces = _clauses(text)
    kinds = ask.kinds & _FACTOIDS
    if len(pieces) <= 1 or not kinds:
        return 0, len(text)
    said = [share(ask, hits(ask, text[s:e])) for s, e in pieces]
    anchor = max(range(len(pieces)), key=lambda i: (said[i], -i))
    holders = [
        i
        for i, (s, e) in enumerate(pieces)
        if any(holds(k, text[s:e], ask.question) for k in kinds)
    ]
    if len(holders) != 1 or said[anchor] == 0:
        return 0, len(text)  # none holds it, or several do: which one answers is unclear
    target = min(holders, key=lambda i: (abs(i - anchor), i < anchor))
    if said[target] >= 0.5 * said[anchor]:  # the clause holding it says what it is about
        anchor = target
    start, end = pieces[min(anchor, target)][0], pieces[max(anchor, target)][1]
    if end - start < _MIN_CLAUSE:
        return 0, len(text)
    if end < pieces[-1][1] and _opens_dependent(text[start:end]):
        return 0, len(text)  # its main clause comes after it: alone it is a fragment
    if start and _starts_with(text[start:end].lower(), _discourse().continuing_en):
        return 0, len(text)  # ", or because …" carries on the clause before it
    return start, _with_conditions(text, pieces, end)


def _with_conditions(text: str, pieces: list[tuple[int, int]], end: int) -> int:
    """The clause's end, taken on over the clauses after it that limit it ("…, subject to
    manager approval", "…，但须经批准"): without them the answer says more than the text."""
    for s, e in pieces:
        if s >= end and _CONDITION.match(text[s:e]):
            end = e
        elif s >= end:
            break
    return end


_OPEN, _CLOSE = "(（《「『“[【", ")）》」』”]】"


def _depths(text: str) -> list[int]:
    """How deep inside brackets and quotes each character is."""
    out, depth = [], 0
    for c in text:
        if c in _CLOSE:
            depth = max(0, depth - 1)
        out.append(depth)
        if c in _OPEN:
            depth += 1
    return out


def _clauses(text: str) -> list[tuple[int, int]]:
    """Clauses split at commas and semicolons outside brackets ("（国语字：，儒字：）" is
    one aside of its clause, not clauses of the sentence)."""
    depth = _depths(text)
    out: list[tuple[int, int]] = []
    pos = 0
    for m in _CLAUSE_BREAK.finditer(text):
        if depth[m.start()]:
            continue
        if text[pos : m.start()].strip():
            out.append((pos, m.start()))
        pos = m.end()
    if text[pos:].strip():
        out.append((pos, len(text)))
    return [(s + len(text[s:e]) - len(text[s:e].lstrip()), e) for s, e in out]
