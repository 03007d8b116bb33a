"""A question's name that the documents write short (澳大利亚网球公开赛 asked, 澳网 written),
or in full (荷甲 asked, 荷兰足球甲级联赛 written; OCW asked, OpenCourseWare written), or a
foreign name they spell with other characters of its sound (蒙特罗 asked, 蒙泰罗 written).

The word cutter splits a full name into its words (澳大利亚 / 网球 / 公开赛); a sentence
writing the short form uses none of them, and loses to one holding the pieces in another
name ("美国网球公开赛"). The passages found show which short forms the documents write
(``pipeline/text/short_forms.written_short``); a text writing one uses every question
word of the stretch of the name it shortens, as a text saying a synonym rule's wording
does (``features.hits``), and those words are not missing from the documents. The other
way round, a short form asked is a word the documents never write, or one no dictionary
holds (a name's short form): a text writing a full name it shortens
(``short_forms.written_long``), or a name whose capitals spell it (``spelled_initials``),
uses it. A foreign name asked that the scope never writes is used by a text spelling it
with characters read alike (``pipeline/text/sound_alike``), its given name by one writing
another given name before its surname (珍妮·杜普洛 asked, 琴娜·杜普洛 written).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.evidence import Evidence
from agent.rewrite import core_question, key_terms
from agent.scope import stem
from pipeline.text.script import HAN_RUN_RE
from pipeline.text.segment import ZH_STOPWORDS, cut_words, dictionary_word, everyday_word
from pipeline.text.short_forms import spelled_initials, written_long, written_short
from pipeline.text.sound_alike import given_alike, name_stretches, written_alike

_ASKING = re.compile("谁|什么|哪|几|多少|何")

Covered = tuple[frozenset[str], re.Pattern[str]]


def short_names(question: str, evidence: Sequence[Evidence]) -> tuple[Covered, ...]:
    """For each stretch of the question the passages write short: the stemmed question
    words inside it, and a pattern finding its short forms."""
    texts = list(dict.fromkeys(p.text for ev in evidence for p in ev.passages))
    terms = key_terms(question)
    forms: dict[frozenset[str], set[str]] = {}
    for run in HAN_RUN_RE.findall(core_question(question)):
        for cut in _name_like(cut_words(run)):
            for form, first, last in (f for t in texts for f in written_short(cut, t)):
                if everyday_word(form):
                    continue  # "地方" is no short form of 地理位置…方面: a word of its own
                stretch = "".join(cut[first : last + 1])
                covered = frozenset(stem(t) for t in terms if len(t) > 1 and t in stretch)
                if covered:
                    forms.setdefault(covered, set()).add(form)
    return _patterns(forms)


def long_names(
    question: str, evidence: Sequence[Evidence], missing: set[str]
) -> tuple[Covered, ...]:
    """For each short form asked (荷甲, OCW) that the passages write in full, and each
    foreign name asked that they spell otherwise: the stemmed words, and a pattern finding
    the names written (``missing``: the stemmed words no chunk of the scope uses)."""
    texts = list(dict.fromkeys(p.text for ev in evidence for p in ev.passages))
    forms = {
        frozenset({stem(w)}): names for w, names in _written_long(question, texts, missing).items()
    }
    for covered, said in _spelled_alike(question, texts, missing).items():
        forms.setdefault(covered, set()).update(said)
    return _patterns(forms)


def _spelled_alike(
    question: str, texts: Sequence[str], missing: set[str]
) -> dict[frozenset[str], set[str]]:
    """Each foreign name of the question holding a word the scope never uses, with its
    spellings in the passages: the whole name read alike, or its given name before the
    surname written as asked."""
    terms = [t for t in key_terms(question) if len(t) > 1]
    out: dict[frozenset[str], set[str]] = {}
    for run in re.split(r"[·‧•・]", core_question(question)):
        for name in name_stretches(run):
            covered = frozenset(stem(t) for t in terms if t in name)
            if not covered & missing:
                continue
            said = {f for t in texts for f in written_alike(name, t)}
            surname = _surname_after(question, name)
            said |= {f for t in texts for f in given_alike(name, surname, t)} if surname else set()
            if said:
                out.setdefault(covered, set()).update(said)
    return out


def _surname_after(question: str, given: str) -> str:
    """The surname the question writes after ``given`` and a name's dot, or ""."""
    m = re.search(re.escape(given) + r"[·‧•・]([^\W\d_]+)", question)
    return next(iter(name_stretches(m.group(1))), "") if m else ""


def _patterns(forms: dict[frozenset[str], set[str]]) -> tuple[Covered, ...]:
    return tuple(
        (covered, re.compile("|".join(re.escape(f) for f in sorted(said, key=len, reverse=True))))
        for covered, said in forms.items()
    )


def _name_like(cut: Sequence[str]) -> list[list[str]]:
    """The stretches of a run's words a name can span: words of two characters or more,
    none a function word or a question word ("的", "在", "哪些" end a name)."""
    out: list[list[str]] = [[]]
    for w in cut:
        if len(w) < 2 or w in ZH_STOPWORDS or _ASKING.search(w):
            out.append([])
        else:
            out[-1].append(w)
    return [ws for ws in out if len(ws) >= 2]


_ACRONYM = re.compile(r"(?<![A-Za-z])[A-Z]{2,6}(?![A-Za-z])")
MAX_SHORT = 3  # characters of a Chinese short form asked (国图, 团市委)


def _written_long(question: str, texts: Sequence[str], missing: set[str]) -> dict[str, set[str]]:
    """Each short form the question asks that the passages write in full, with the full
    names: a Chinese word of at most ``MAX_SHORT`` characters that the scope never writes
    or no dictionary holds (荷甲, 女院), an acronym the scope never writes (OCW)."""
    out: dict[str, set[str]] = {}
    core = core_question(question)
    for word in key_terms(question):
        if not HAN_RUN_RE.fullmatch(word) or len(word) > MAX_SHORT or everyday_word(word):
            continue
        if stem(word) not in missing and dictionary_word(word):
            continue
        for t in texts:
            for run in HAN_RUN_RE.findall(t):
                if word[0] in run:
                    out.setdefault(word, set()).update(written_long(word, cut_words(run)))
    for acronym in _ACRONYM.findall(core):
        if stem(acronym.lower()) in missing:
            for t in texts:
                out.setdefault(acronym.lower(), set()).update(spelled_initials(acronym, t))
    return {w: names for w, names in out.items() if names}
