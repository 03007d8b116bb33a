"""Why a figure moved ("What drove the decline in the gross profit rate in fiscal 2023?",
"Why did net revenues fall in 2020?"): a filing's discussion of its results explains each
change in a sentence that names the item, says it moved and gives the cause ("Our gross
profit rate decreased in fiscal 2023, primarily due to lower product margin rates …").

The turn's sentences that give a cause (the reason marks of ``answer_kinds``) and say a
move are read for the item asked: the question's words besides its asking, its move, its
names and its periods, each weighed by its rarity in general language. The sentence whose
subject (its words before the cause) holds the most of them answers, the next two so
explained are quoted after it (another segment's move of the same item). A sentence giving
the item as the cause of another's move ("operating income rate decreased, driven by the
unfavorable gross profit rate") names it after its cause, so ranks below. Of another period
than the question's (a year in its passage, none asked or beside it), none is read; a
passage naming no year is read after those naming the year asked.

A discussion names its item once and then explains it: under a heading naming the
segment ("APAC" over "Operating profit decreased 20%, primarily reflecting …"), or in the
sentence before ("… gross profit rate increased to 23.9%. This rate increase was primarily
due to …"). So the subject is read with the innermost heading of its passage and, when it
names nothing asked but its move, with the sentence before it. The names the question gives
(a segment, a product: "APAC", "Chantix") are item words too, but not the company's own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

from agent import prompts
from agent.evidence import Evidence, Passage, Unit, clean, units
from agent.models.answering.candidate import AnswerCandidate, Strategy
from agent.models.answering.cause_leads import a_move, asks_held_back, leads, set_against
from agent.models.answering.scoring import asks_cause, cover, passages_text
from agent.models.candidates import Candidate
from agent.models.writing import sentence
from agent.own_name import own_name_words
from agent.question import Question
from agent.question.kinds import marks
from agent.rewrite import content_terms
from agent.scope import stem, word_set
from agent.sections import section_words
from pipeline.text import periods
from pipeline.text.finance import vocabulary
from pipeline.text.lexicon import words

MAX_QUOTED = 2
# the item's words the best sentence's subject must hold (by rarity): a sentence naming
# less explains another item's move
_MIN_HELD = 0.75
_MIN_CHARS = 40  # a shorter "sentence" is a heading or a table's caption


@dataclass(frozen=True)
class _Found:
    head: float  # the share of the item's words before the cause (with its heading)
    whole: float  # the share in the whole sentence
    dated: int  # how surely it is of the period asked (``_year_fit``)
    order: int
    passage: Passage
    unit: Unit
    lead: tuple[Unit, ...] = ()  # the sentences before, naming what a leaning one explains
    own: float = 0.0  # the share in the subject itself, without its heading
    against: bool = False  # a cause set against the move, or a decline's (``cause_leads``)


@cache
def _moved() -> tuple[str, ...]:
    return words("change_words.stems_moved")


@cache
def _asked_moves() -> tuple[str, ...]:
    """The stems of a move as a question words it ("double", "jump"): a report says
    "increased", so the question's word says the move, never the item."""
    return words("change_words.asked_moves")


@cache
def _not_item() -> frozenset[str]:
    """How much it moved ("roughly") and the period's own words ("the second quarter",
    "quarter ended"): the period is read from the question as a whole, the degree is none
    of the item's name."""
    said = (*words("change_words.asked_degree"), *words("change_words.asked_period_words"))
    return frozenset(stem(w) for w in said)


@cache
def _alike() -> dict[str, frozenset[str]]:
    """Each one-word name of a line item with the item's other one-word names ("sales":
    "revenue", "revenues"): a product's sales are discussed as its revenues."""
    out: dict[str, frozenset[str]] = {}
    for item in vocabulary().items.values():
        single = frozenset(stem(n) for n in item.names if n.isascii() and " " not in n)
        for n in single:
            out[n] = out.get(n, frozenset()) | single
    return out


@cache
def _generic() -> frozenset[str]:
    return frozenset(stem(w) for w in section_words()["generic"])


def item_words(q: Question, evidence: Sequence[Evidence]) -> list[str]:
    """The words naming what moved: the question's content words without its asking
    ("what drove"), its move ("decline"), its names, its periods and generic words."""
    rest = marks().asks["reason"].sub(" ", q.text)
    scope = [n for e in evidence for n in (*e.owner, *e.names)]
    names = {stem(w) for n in scope for w in re.findall(r"[A-Za-z]+", n)}
    names |= own_name_words(q.text, scope)
    named = {stem(w) for n in q.entities for w in re.findall(r"[A-Za-z]+", n)} - names
    said_in = " ".join(f"{p.section} {p.text}" for e in evidence for p in e.passages)
    out = []
    for t in content_terms(rest):
        s = stem(t)
        if any(c.isdigit() for c in t) or s in names or s in _generic() or a_move(s):
            continue
        if s in _not_item() or any(s.startswith(m) for m in _asked_moves()):
            continue
        if s in named and not _named_item(t, said_in):
            continue
        if t[:1].isupper() and t.lower() not in q.text and s not in named:
            continue  # "Buy" of "Best Buy": the company's name, not the item
        out.append(t.lower())
    return list(dict.fromkeys(out))


def _named_item(term: str, said_in: str) -> bool:
    """Is a word of the question's names, which no scope name holds, a name of the item (a
    segment, a product) the evidence prints, not the company's other name found nowhere?"""
    return re.search(rf"\b{re.escape(term)}", said_in, re.I) is not None


@cache
def _owned() -> re.Pattern[str]:
    owners = "|".join(re.escape(w) for w in words("change_words.owners"))
    return re.compile(rf"^attribut\w*\s+to\s+(?:(?:the|its|our)\s+)?(?:{owners}\b|[A-Z])")


def cause_mark(text: str) -> re.Match[str] | None:
    """The first mark of a cause in the sentence ("due to", "driven by"), not an
    "attributable to" saying whose a figure is ("net income attributable to Keswick plc",
    "… to noncontrolling interests")."""
    for m in marks().holds["reason"].finditer(text):
        if not _owned().match(text[m.start() :]):
            return m
    return None


def _share(asked: Sequence[str], weights: Sequence[float], text: str) -> float:
    said = word_set(text)
    held = sum(
        w
        for a, w in zip(asked, weights, strict=True)
        if stem(a) in said or _alike().get(stem(a), frozenset()) & said
    )
    return held / sum(weights) if weights else 0.0


def _year_fit(q: Question, text: str, dated: int) -> int:
    """How surely the sentence is of the period asked: it names a year asked (4), else
    its passage's fit (``_of_period``), but 0 when it names only a year beside one asked
    (a fiscal year named by its other end, or the year before); -1 when only others."""
    years = {int(y) for y in periods.LONE_YEAR_RE.findall(text)}
    if q.periods and years:
        if years & set(q.periods):
            return 4
        return 0 if any(years & {y - 1, y + 1} for y in q.periods) else -1
    return dated


# a list item opening a line: the splitter runs it on from the sentence before it
_ITEM_START = re.compile(r"\n(?=[•●▪◦]\s)")


def _sentences(text: str) -> list[Unit]:
    """The passage's sentences, a list item apart from the sentence it follows."""
    out: list[Unit] = []
    for u in units(text):
        if u.kind != "sentence":
            continue
        cuts = [u.start, *(u.start + m.start() + 1 for m in _ITEM_START.finditer(u.text)), u.end]
        for a, b in pairwise(cuts):
            end = a + len(text[a:b].rstrip())
            if end > a:
                out.append(Unit(a, end, text[a:end], "sentence"))
    return out


def _of_period(q: Question, p: Passage) -> int:
    """How the passage's years meet the question's: it names a year asked (3), only one
    beside it (2: a fiscal year is named by the year it starts or ends in), none (1), or
    only others (0). The years of its heading decide ("Fiscal 2016 Results Compared With
    Fiscal 2015"), else those of its text."""
    if not q.periods:
        return 3
    said = periods.LONE_YEAR_RE.findall(_heading(p)) or periods.LONE_YEAR_RE.findall(p.text)
    years = {int(y) for y in said}
    if not years:
        return 1
    if years & set(q.periods):
        return 3
    return 2 if any(years & {y - 1, y + 1} for y in q.periods) else 0


def _heading(p: Passage) -> str:
    """The innermost heading over the passage ("APAC" of "Item 7. … > APAC", "Pharmaceutical"
    of a release's "SEGMENT SALES RESULTS > Pharmaceutical"): the item a discussion under it
    explains; a passage under one heading only, or only its Part or Item, has none."""
    parts = [s.strip() for s in p.section.split(">") if s.strip()]
    if len(parts) < 2 or _PART_OR_ITEM.match(parts[-1]):
        return ""
    return parts[-1]


_PART_OR_ITEM = re.compile(r"(?:part|item)\s+[\dIVX]", re.I)


def explained(q: Question, evidence: Sequence[Evidence]) -> list[_Found]:
    """The turn's sentences explaining a move of the item asked, the best first."""
    from agent.models.rarity import information  # wordfreq, loaded on first use

    asked = item_words(q, evidence)
    if not asked:
        return []
    weighed = _Asked(asked, [max(information(a), 0.05) for a in asked], asks_held_back(q.text))
    found: list[_Found] = []
    seen: set[str] = set()
    for ev in evidence:
        for p in ev.passages:
            dated = _of_period(q, p)
            if p.kind == "text" and dated:
                found += _of_passage(q, p, weighed, seen, dated=dated, order=len(found))
    found = [f for f in found if f.head >= _MIN_HELD]
    # a subject naming the item itself before one named only by its heading ("Non-operating
    # items" over "The effective rate … was impacted by … income"); what held a figure
    # back: the cause set against its move before the one driving it
    return sorted(found, key=lambda f: (-f.head, -f.against, -f.dated, -f.own, -f.whole, f.order))


@dataclass(frozen=True)
class _Asked:
    words: list[str]  # the item's words
    weights: list[float]  # each one's rarity
    back: bool  # what held it back is asked (``cause_leads.asks_held_back``)

    def share(self, text: str) -> float:
        return _share(self.words, self.weights, text)


def _of_passage(
    q: Question, p: Passage, asked: _Asked, seen: set[str], *, dated: int, order: int
) -> list[_Found]:
    """The passage's sentences giving the cause of a move (not in ``seen``), each with the
    sentences before it that name what it explains."""
    sentences = [(u, clean(u.text)) for u in _sentences(p.text)]
    causes = [cause_mark(t) for _, t in sentences]
    subjects = [t[: c.start()] if c else t for (_, t), c in zip(sentences, causes, strict=True)]
    caused = [c is not None for c in causes]
    out: list[_Found] = []
    for i, (u, text) in enumerate(sentences):
        if not caused[i] or len(text) < _MIN_CHARS or text in seen:
            continue
        lead = tuple(sentences[j][0] for j in leads(subjects, caused, i))
        before = " ".join(clean(x.text) for x in lead)
        # "This rate increase was due to …": read with what it leans on
        subject = f"{before} {subjects[i]}" if lead else subjects[i]
        if not any(a_move(s) for s in word_set(subject)):
            continue  # no move said before its cause: not the explanation of one
        seen.add(text)
        said = f"{before} {text}" if lead else text
        if (fit := _year_fit(q, said, dated)) < 0:  # the year the move is of
            continue
        against = asked.back and set_against(text, subjects[i])
        head = asked.share(f"{_heading(p)} {subject}")
        own = asked.share(subjects[i])
        whole = asked.share(said)
        out.append(_Found(head, whole, fit, order + len(out), p, u, lead, own, against))
    return out


def _candidates(
    q: Question, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[AnswerCandidate]:
    found = explained(q, evidence)
    if not found:
        return []
    best = found[0]
    # another period's explanation of the item is no support (last year's move)
    rest = [f for f in found[1:] if f.dated >= min(best.dated, 3)][:MAX_QUOTED]
    listed = following(best.passage, best.unit)
    lines = [_said(best), *(f"- {_cited(best.passage, x)}" for x in listed)]
    if rest:
        lines += [prompts.SUPPORT_HEADER[lang], *(f"- {_said(f)}" for f in rest)]
    cited = [f.passage for f in (best, *rest)]
    return [
        AnswerCandidate(
            "cause",
            "explanation",
            "\n".join(lines),
            cited=cited,
            quoted=[x.text for f in (best, *rest) for x in _shown(f)] + [x.text for x in listed],
            cover=cover(q, passages_text(cited)),
            ruled=True,  # another company's or period's move is refused before it
        )
    ]


_LISTED = 5  # causes listed after a lead-in ("… primarily due to the following:")
_LEAD_IN = re.compile(r"[:：]\s*$")
_ITEM_MARK = re.compile(r"\s*[•●▪◦]\s")
_RULE = re.compile(r"\s*\|?\s*:?-{3,}")  # the rule under a table's header row


def following(p: Passage, lead: Unit) -> list[Unit]:
    """The list items or table rows a sentence ending in a lead-in introduces ("… was
    unfavorable by $1.4 billion primarily due to the following:" over a table of the
    causes, "… mainly due to:" over bullets): alone it names no cause. Up to the next
    heading, at most ``_LISTED``; none after a sentence that ends otherwise."""
    if not _LEAD_IN.search(clean(lead.text)):
        return []
    # list items apart from the sentence they follow, as the causes were read
    parts = [*_sentences(p.text), *(u for u in units(p.text) if u.kind != "sentence")]
    out: list[Unit] = []
    for u in sorted(parts, key=lambda u: u.start):
        if u.start < lead.end:
            continue
        if u.kind == "row" and _RULE.match(p.text, u.end):
            continue  # a header row names columns, no cause
        listed = u.kind == "row" or _ITEM_MARK.match(u.text) is not None
        if not listed or len(out) >= _LISTED:
            break  # the list is over: a heading, a sentence of its own
        out.append(u)
    return out


def _cited(p: Passage, u: Unit) -> str:
    return sentence(u.text, Candidate(p, u, 0.0, frozenset(), 0), "en")


def _said(f: _Found) -> str:
    """The sentence, after the one it leans on ("… rate rose to 23.9%. This rate increase
    was due to …"): alone it does not say what moved."""
    said = _shown(f)
    return " ".join(
        sentence(x.text, Candidate(f.passage, x, 0.0, frozenset(), 0), "en") for x in said
    )


def _shown(f: _Found) -> list[Unit]:
    """The sentences the answer says: those it leans on that state the move, not another
    cause of it ("Growth was driven by …" before "Growth was partially offset by …" is
    read for what moved, and quoted as support when it explains the item too), then it."""
    return [*(x for x in f.lead if cause_mark(clean(x.text)) is None), f.unit]


STRATEGY = Strategy("cause", asks_cause, _candidates, frozenset({"explanation"}))
