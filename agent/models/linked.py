"""Does the chosen evidence say the thing asked of the name asked, or only mention the
name?

"泰森食品公司的总部设在哪里？" asked of an article where the other company appears once, buying
a brand: the unit holds the name and a place of some kind, and shares enough of the
question with it for the gate to pass it. What the question asks of the name (its
headquarters) is nowhere in that unit. A question asking a person, a place, a date or a
figure of a name the unit uses is answered by that unit only when the unit (or its
section) also uses one of the question's other words, outside the name as the question
writes it ("食品" and "公司" of "泰森食品公司" are the name), or holds a person besides the
name when one is asked (a paraphrase: "夺冠" for "冠军"): the relation asked, not the
name alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from agent.answer_kinds import _tagged, asked_kinds
from agent.entities import holds_entity
from agent.models.focus import focus
from agent.question.kinds import marks
from agent.rewrite import core_question
from agent.scope import stem
from pipeline.text import lexicon
from pipeline.text.script import HAN_RE, HAN_RUN_RE, UNIFIED
from pipeline.text.segment import cut_words
from pipeline.text.short_forms import written_long

# the kinds of thing a question asks of a name (a description or a list is any text)
_OF_NAME = frozenset({"person", "place", "date", "number"})
# jieba's tags of the words a name is made of: nouns of every kind, abbreviations,
# Latin words ("n", "nr", "ns", "nt", "nz", "j", "eng")
_NOUNISH = frozenset({"j", "eng"})


def unlinked(question: str, words: dict[str, str], named: set[str], text: str) -> bool:
    """``words``: the question's content words (stem → word) beyond phrasing and the
    report's own names; ``named``: the stems of those naming something; ``text``: the
    first chosen unit with its section. True when the text uses every name but none of
    the question's other words outside the names, and the question asks a person, place,
    date or figure, or (English) asks of the name a thing by a noun that is none of the
    names ("What is the population of <City>?": no kind asked, the focus is the thing)."""
    core = core_question(question)
    if not named or not (asked_kinds(core) & _OF_NAME or _noun_asked(core, words, named)):
        return False
    low = text.lower()
    if not all(words[k].lower() in low for k in named):
        return False  # a name it lacks is the gate's to weigh ("name_gap")
    rest = _without(low, core.lower(), (words[k].lower() for k in named))
    others = [w.lower() for k, w in words.items() if k not in named]
    kept = [w for w in others if w not in _spans(core.lower(), low, named, words)]
    if not kept or any(_used(w, rest) for w in kept):
        return False
    # a paraphrase ("夺冠" for "冠军") still holds the person asked, or the count asked in
    # the measure asked ("多少匹" of "余下870匹"); a place or a date is too common a thing
    # for holding one to say anything (another name, another year)
    if "person" in asked_kinds(core) and _person(rest, question):
        return False
    return not counted(core, rest)


def _noun_asked(core: str, words: dict[str, str], named: set[str]) -> bool:
    """An English question asking no kind of thing whose focus (``focus.py``) is a word of
    its own besides the names: the thing asked of the name. (A Chinese one puts what it
    asks in other words than its answer too often: "担任什么职务" of "任……副主任委员".)"""
    if HAN_RE.search(core) or asked_kinds(core):
        return False
    asked = focus(core)
    return bool(asked) and asked in words and asked not in named


def _person(text: str, question: str) -> bool:
    """A person the question does not name, or an office that answers "谁" as a name does;
    a name a firm is called by ("<姓名>公司", ``entities.py``) is the firm, no person."""
    return holds_entity("person", text, question) or any(
        role in text and role not in question for role in marks().person_roles_zh
    )


# "多少匹", "几座": a count asked in a measure word, and a figure written in it
_COUNT_ASKED = re.compile(rf"(?:多少|几)([{UNIFIED}])")
_GENERIC_MEASURE = "个"  # any count's: says nothing of the thing counted


# "有多高", "多长": a dimension asked, and a figure given of it ("高可达55米")
_DIMENSION_ASKED = re.compile(r"多([高长重宽深厚远])")
_FIGURE_NEAR = 8  # characters from the dimension's word to its figure ("高约为三十五米")
# a figure in Chinese numerals is one in a unit of length, weight or time ("三十五米"),
# not "之一"
_ZH_MEASURE = "[一二两三四五六七八九十百千万]+(?:[米里尺寸丈厘吨克斤年天]|公[里尺斤顷])"


def counted(core: str, text: str) -> bool:
    """Does the text give a figure in the measure word a Chinese count asks in, or of the
    dimension a "多高" asks?"""
    d = _DIMENSION_ASKED.search(core)
    if d is not None:
        near = rf"{d.group(1)}[^。；;]{{0,{_FIGURE_NEAR}}}?(?:[0-9０-９]|{_ZH_MEASURE})"
        if re.search(near, text):
            return True
    m = _COUNT_ASKED.search(core)
    if m is None or m.group(1) == _GENERIC_MEASURE:
        return False
    # a count of single things asked in one measure word, given in another ("几只" of
    # "一匹幼驴"): the measure differs by the thing counted, not by what is asked
    measures = _individual() if m.group(1) in _individual() else m.group(1)
    return re.search(rf"[0-9０-９一二三四五六七八九十百千万两]\s*[{measures}]", text) is not None


@cache
def _converses() -> dict[str, tuple[str, ...]]:
    """Each verb form a question asks a transfer in → the forms a document writes the same
    transfer in from the other side (``lexicon/relations.json``)."""
    out: dict[str, tuple[str, ...]] = {}
    for key in lexicon.keys("relations.converses"):
        said = lexicon.words(f"relations.converses.{key}.said")
        for form in lexicon.words(f"relations.converses.{key}.asked"):
            out[form] = out.get(form, ()) + said
    return out


def converses(word: str) -> tuple[str, ...]:
    """The forms the text may write the word's transfer in from the other side."""
    return _converses().get(word.lower(), ())


@cache
def _individual() -> str:
    return "".join(lexicon.words("asking.individual_measures_zh"))


def _used(word: str, text: str) -> bool:
    """The text writes the word, or the same event told from the other side ("bought" of
    "we sold … to <Buyer>", ``converses``), or (Chinese) a two-character piece of it: a
    segmenter may glue the name's last character to the next word ("渡川之战发生于" →
    "战发生于"), which the text then writes apart ("之战，…发生于")."""
    if word in text or stem(word) in text or _in_full(word, text):
        return True
    if any(re.search(rf"(?<![a-z]){re.escape(c)}(?![a-z])", text) for c in converses(word)):
        return True
    pieces = (word[i : i + 2] for i in range(len(word) - 1))
    return any(len(HAN_RE.findall(p)) == 2 and p in text for p in pieces)


def _in_full(word: str, text: str) -> bool:
    """A Chinese short form the text writes in full: 女院 of "山东女子学院" (``written_long``)."""
    if not HAN_RUN_RE.fullmatch(word):
        return False
    return any(written_long(word, cut_words(run)) for run in HAN_RUN_RE.findall(text))


def _span(question: str, text: str, name: str) -> str:
    """The longest run of the question around ``name`` that the text also writes, within
    the name as the question writes it (``_extent``): the text may go on from the name
    with a word the question asks ("…生于" after a person in both), which is the
    relation asked, not the name."""
    i = question.find(name)
    if i < 0:
        return name
    starts, ends = _extent(question, i, i + len(name))
    best = name
    for start in starts:
        for end in ends:
            piece = question[start:end]
            if piece in text and len(piece) > len(best):
                best = piece
    return best


def _extent(question: str, start: int, end: int) -> tuple[list[int], list[int]]:
    """Where the name at ``question[start:end]`` may begin and end as the question writes
    it: in Chinese, at a word's edge within the run of nouns around it by the segmenter's
    tags ("泰和" of "泰和食品公司的总部": up to "泰和食品公司", the particle 的 ends it),
    never over a verb, a particle or a question word, nor inside a word ("…图书馆藏书量":
    the text's "藏书" is a piece of the word asked); an English name anywhere around."""
    if not HAN_RE.search(question[start:end]):
        return list(range(start, -1, -1)), list(range(end, len(question) + 1))
    at = 0
    spans: list[tuple[int, int, bool]] = []  # each word's start, end, and whether a noun
    for word, flag in _tagged(question):
        spans.append((at, at + len(word), flag[:1] == "n" or flag in _NOUNISH))
        at += len(word)
    starts, ends = [start], [end]
    for a, b, noun in reversed(spans):
        if b <= start and b == starts[-1] and noun:
            starts.append(a)
    for a, b, noun in spans:
        if a >= end and a == ends[-1] and noun:
            ends.append(b)
    return starts, ends


def _spans(question: str, text: str, named: set[str], words: dict[str, str]) -> str:
    return " ".join(_span(question, text, words[k].lower()) for k in named)


def _without(text: str, question: str, names: Iterable[str]) -> str:
    """The text with each name, as far as the question writes it around the name, taken out."""
    for name in names:
        text = text.replace(_span(question, text, name), " ")
    return text
