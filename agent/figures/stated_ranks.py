"""Which member did best or worst, from the sentence that states each member's change.

Filings state the changes of their segments in prose as often as in tables: "net
revenues at our Resorts increased 77%, Regional Operations increased 12%, and Harbour
decreased 44% compared to the prior year", "… due primarily to a 230% increase at Harbour,
a 14% increase at our Resorts …". When the turn's tables rank no members (``ranking.py``),
such a sentence does: each clause that states a change of the measure itself (not "casino
revenue" or "operational growth", qualified) names its member by the capitalised name in
front of it or after "at". Only a sentence listing the members is used: changes stated
paragraph by paragraph may be in the turn in part, and a ranking of some members is
wrong. The member with the extreme change leads, every other member's follows, cited to
the sentence.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from agent import prompts
from agent.evidence import Evidence, Passage, Unit, passages_by_id, units
from agent.figures.items import years
from agent.figures.periods import months_of
from pipeline.text import lexicon
from pipeline.text.finance import LineItem, vocabulary

_PCT = r"(?P<pct>\d+(?:\.\d+)?)\s?(?:%|percent\b)"
_MOVE = re.compile(
    r"\b(?P<verb>"
    + lexicon.alternation("change_words.stated_verbs")
    + r"|(?:was|were)\s+(?:up|down))\s+(?:by\s+)?"
    + _PCT
    + r"|\b(?P<noun>"
    + lexicon.alternation("change_words.stated_nouns")
    + r")\s+of\s+"
    + _PCT.replace("pct", "pct2")
    + r"|"
    + _PCT.replace("pct", "pct3")
    + r"\s+(?P<at>"
    + lexicon.alternation("change_words.stated_nouns")
    + ")"
    r"\s+(?:at|in|for|from)\s+(?:our\s+|the\s+|its\s+)?(?P<name>[A-Z][\w&.'’-]*"
    r"(?:[ \t]+(?:(?:of|and|&)[ \t]+)?[A-Z][\w&.'’-]*)*)",
)
_BULLET = re.compile(r"\n\s*[•·▪◦●-]\s+")
_DOWN = re.compile(r"decreas|declin|fell|down|drop", re.I)
# where a clause starts: after a comma or semicolon, and the "and" that joins list items
_CLAUSE = re.compile(r"[,;]\s*(?:and\s+)?|\band\s+(?=[A-Z])")
_NAME = re.compile(r"[A-Z][\w&.'’-]*(?:[ \t]+(?:(?:of|and|&)[ \t]+)?[A-Z][\w&.'’-]*)*")
_LEAD = lexicon.pattern("report_sentences.not_names", template=r"^(?:{})\s+")
# words that may stand between a member's name and the measure, or before "growth of":
# anything else qualifies the measure ("casino revenue", "operational growth")
_PLAIN = frozenset(
    [
        "a",
        "an",
        "the",
        "our",
        "its",
        "their",
        "at",
        "in",
        "of",
        "for",
        "net",
        "total",
        "segment",
        "segments",
        "division",
        "divisions",
        "reported",
        "worldwide",
    ]
)
_WHOLE = re.compile(r"\b(consolidated|total|worldwide|overall|company)\b", re.I)
MIN_MEMBERS = 2


@dataclass(frozen=True)
class StatedMove:
    member: str
    value: float  # signed percent
    said: str  # the change as the sentence says it: "decreased 44%"
    passage: Passage
    unit: Unit


def stated_moves(
    question: str, evidence: Sequence[Evidence], measure: LineItem
) -> list[StatedMove]:
    """The members' changes of the measure over the period asked, as the one sentence of
    the turn listing most of them states them; fewer than two: none. Changes stated
    paragraph by paragraph are not used: the turn may hold some of the paragraphs only,
    and a ranking of some of the members is a wrong answer."""
    names = sorted((n for n in measure.names if n.isascii()), key=len, reverse=True)
    months = months_of(question)
    asked_years = years(question)
    best: list[StatedMove] = []
    for p in passages_by_id(evidence).values():
        for u in units(p.text):
            if u.kind != "sentence" or not _in_period(u.text, months, asked_years):
                continue
            parts = _BULLET.split(u.text)
            moves = _members([StatedMove(*m, p, u) for part in parts for m in _moves(part, names)])
            if len(moves) > len(best):
                best = moves
    return best if len(best) >= MIN_MEMBERS else []


def _members(moves: list[StatedMove]) -> list[StatedMove]:
    """Each member's first change; a name inside another ("U.S. Orchard" beside
    "Orchard") is a part of that member."""
    first: dict[str, StatedMove] = {}
    for m in moves:
        first.setdefault(m.member.lower(), m)
    out = list(first.values())
    return [m for m in out if not any(_within(o.member, m.member) for o in out)]


def _within(name: str, longer: str) -> bool:
    """Is ``name`` a member's whole name inside another, longer one?"""
    return name != longer and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", longer) is not None


def _in_period(text: str, months: int | None, asked: list[int]) -> bool:
    """Does the sentence state changes over the period asked? One naming another length
    ("for the three months ended …" when six are asked) or only other years does not."""
    said = months_of(text)
    if said is not None and said != (months or 12):
        return False
    ys = years(text)
    return not ys or not asked or max(asked) in ys


def _moves(text: str, names: Sequence[str]) -> list[tuple[str, float, str]]:
    """(member, signed percent, as said) of each change of the measure the sentence
    states, each member named in it."""
    measure = _measure_at(text, names)
    if measure is None:
        return []
    out = []
    start = 0
    for m in _MOVE.finditer(text):
        if m.start() < measure:  # "… grew 3% and net revenues increased 7%": before it
            start = m.end()
            continue
        subject = text[start : m.start()]
        start = m.end()
        if m.group("at"):  # "a 230% increase at Harbour": the member follows
            if _named_ok(m.group("name")):
                pct = float(m.group("pct3"))
                value = -pct if _DOWN.search(m.group("at")) else pct
                out.append((_bare(m.group("name")), value, m.group(0).rstrip(".")))
            continue
        word = m.group("verb") or m.group("noun")
        if m.group("noun") and _qualified(subject):  # "operational growth of 6.2%"
            continue
        # the measure named in the same clause list: not before a ";" ("net revenues …,
        # an increase of 12%; EBITDAR …, an increase of 6%"), and by a change of "an
        # increase of" form in its own words
        own = subject if m.group("noun") else text[text.rfind(";", 0, m.start()) + 1 : m.start()]
        if _measure_at(own, names) is None:
            continue
        clause = _CLAUSE.split(subject)[-1] if m.group("verb") else subject
        member = _member(clause, names) if not _WHOLE.search(clause) else None
        if member is None or _sub_item(clause, names):
            continue
        pct = float(m.group("pct") or m.group("pct2"))
        value = -pct if _DOWN.search(word) else pct
        out.append((member, value, m.group(0)))
    return out


def _measure_at(text: str, names: Sequence[str]) -> int | None:
    low = text.lower()
    found = [
        m.start() for n in names for m in re.finditer(rf"(?<![\w-]){re.escape(n)}(?![\w-])", low)
    ]
    return min(found) if found else None


def _qualified(subject: str) -> bool:
    words = subject.lower().split()
    return bool(words) and words[-1].isalpha() and words[-1] not in _PLAIN


def _sub_item(clause: str, names: Sequence[str]) -> bool:
    """Does a lower-case word stand right before the measure's name ("casino revenue",
    "comparable sales")? That is a part of the measure, not the measure."""
    low = clause.lower()
    for n in names:
        for m in re.finditer(rf"(?<![\w-]){re.escape(n)}(?![\w-])", low):
            before = low[: m.start()].split()
            if before and before[-1].isalpha() and before[-1] not in _PLAIN:
                original = clause[: m.start()].rsplit(maxsplit=1)[-1]
                if original.islower():
                    return True
    return False


def _member(clause: str, names: Sequence[str]) -> str | None:
    """The capitalised name nearest before the change, the measure's words aside."""
    text = clause
    for n in names:
        text = re.sub(rf"(?<![\w-]){re.escape(n)}(?![\w-])", " | ", text, flags=re.I)
    runs = [_bare(r.group(0)) for r in _NAME.finditer(text)]
    runs = [r for r in runs if r and _named_ok(r)]
    return runs[-1] if runs else None


def _bare(name: str) -> str:
    """The name without a leading article and a trailing kind word: "The MedTech
    Segment" is "MedTech"."""
    name = _LEAD.sub("", name.strip())
    if name.endswith(".") and name.split()[-1].count(".") == 1:  # the sentence's full stop
        name = name[:-1]
    words = name.split()
    kinds = {w for ws in vocabulary().member_kinds.values() for w in ws}
    while len(words) > 1 and words[-1].lower() in kinds:
        words.pop()
    return " ".join(words)


def _named_ok(name: str) -> bool:
    """A member's name: not the whole ("Consolidated"), not a section of the report."""
    if _WHOLE.search(name) or any(c.isdigit() for c in name):
        return False
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", name)}
    return bool(words) and not words & vocabulary().not_members


def signed(value: float) -> str:
    return f"{'−' if value < 0 else '+'}{abs(value):g}%"


def prose_search(question: str, measure: LineItem) -> str:
    """Keywords for the sentences stating each member's change: "net revenues increased
    decreased 2025"."""
    names = sorted((n for n in measure.names if n.isascii()), key=len)[:2] or [measure.key]
    ys = years(question)
    return " ".join([*names, "increased", "decreased", *map(str, ys[-1:])])


def stated_lines(
    moves: Sequence[StatedMove], measure: LineItem, *, low: bool, lang: prompts.Lang
) -> list[str]:
    """ "Harbour had the lowest net revenues growth: decreased 44% [id]. Others: Resorts
    +77%; Regional +12% [id]." """
    best = (min if low else max)(moves, key=lambda m: m.value)
    rest = [m for m in moves if m is not best]
    cited = "".join(dict.fromkeys(f"[{m.passage.chunk_id}]" for m in rest))
    lead_id = f"[{best.passage.chunk_id}]"
    if lang == "zh":
        word = "最低" if low else "最高"
        others = "；".join(f"{m.member} {signed(m.value)}" for m in rest)
        name = measure.names[0]
        return [
            f"{best.member}的{name}增长{word}：{best.said} {lead_id}。",
            f"其他：{others} {cited}。",
        ]
    word = "lowest" if low else "highest"
    others = "; ".join(f"{m.member} {signed(m.value)}" for m in rest)
    lead = f"{best.member} had the {word} {_spoken(best, measure)} growth: {best.said} {lead_id}."
    return [lead, f"Others: {others} {cited}."]


def _spoken(move: StatedMove, measure: LineItem) -> str:
    """The measure as the sentence names it ("net revenues"), else its first name."""
    low = move.unit.text.lower()
    said = [n for n in measure.names if n.isascii() and re.search(rf"\b{re.escape(n)}\b", low)]
    return max(said, key=len) if said else measure.names[0]
