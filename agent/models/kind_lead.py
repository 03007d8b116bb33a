"""The answer to a factoid question leads with the sentence holding the thing asked, and
says it in one sentence.

"Who audits Acme's financial statements?" is answered by the firm's name; the selector
may rank first the report's opening ("We have audited the accompanying balance sheets …"),
which shares the question's words but names no firm, while the firm signs lines below.
So when the first chosen unit holds nothing of the kind asked (``entities.py``), a chosen
unit or a likely candidate that holds it leads instead; failing those, for a firm, a
unit of the passages found that names one (a report's signature, "/s/ Harlow & Finch
LLP"). The lead is then phrased around the thing asked when the question's shape allows
("Harlow & Finch LLP audits Acme's financial statements [1]."), with the sentence it comes
from quoted after it. English questions are phrased; Chinese ones lead with the unit
holding the thing, the clause holding it cut by ``spans.answer_clause``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from agent.entities import Entity, asked_entity, find, find_all
from agent.evidence import Unit, units
from agent.models.candidates import Candidate
from agent.models.holder import says_office, title
from agent.models.named_beside import named_beside
from agent.rewrite import content_terms, core_question
from agent.scope import stem
from pipeline.text.script import HAN_RE

_LOOK = 12  # candidates by rank looked through for one holding the thing asked
_WHOLE = 2  # ``holder.says_office``: the office asked stated as a whole


def lead_with_asked(
    question: str, chosen: list[Candidate], found: Sequence[Candidate], floor: float
) -> list[Candidate]:
    """``chosen`` with a unit holding the thing asked first, when the first holds none
    and one of the chosen, or of the likely candidates (at least ``floor``), does."""
    kind = asked_entity(question)
    if kind is None or not chosen:
        return chosen
    q = core_question(question)
    office = title(question) if kind == "person" else []
    if office:  # an office asked ("the chief executive officer"): its holder, never a firm
        return _holder_first(q, office, chosen, [c for c in found[:_LOOK] if c.score >= floor])
    # "who" may be answered by a firm as well as a person (a shareholder, a customer): a
    # first unit naming either already answers in kind
    accepted: tuple[Entity, ...] = (kind, "organisation") if kind == "person" else (kind,)
    fuller = _fuller(q, accepted, chosen, [c for c in found[:_LOOK] if c.score >= floor])
    if fuller is not None:
        return [fuller, *(x for x in chosen if x is not fuller)]
    if any(_holds(k, chosen[0].unit.text, q) for k in accepted):
        return chosen
    held = [c for c in chosen[1:] if _holds(kind, c.unit.text, q)]
    held += [
        c
        for c in found[:_LOOK]
        if c.score >= floor and c not in chosen and _holds(kind, c.unit.text, q)
    ]
    if kind in ("organisation", "person"):
        # less likely, but saying the firm or person beside a word asked with ("Report of
        # Harlow LLP, Independent Auditors" in a contents table, ranked low for its dots)
        held += [
            c
            for c in found[:_LOOK]
            if c.score < floor and c not in chosen and _said_of(kind, q, c.unit.text)
        ]
    if kind == "organisation" and not HAN_RE.search(q):
        # a firm signs the passage found: its own line names it (a signature)
        held += _signed_units(kind, q, [*chosen, *found[:_LOOK]])
    if not held:
        return chosen
    # first one saying the thing beside a word asked with ("KPMG LLP, Independent
    # Registered Public Accounting Firm" for "who is the independent auditor", even a
    # contents line), not one merely naming a firm ("Acme Inc.'s management is
    # responsible …"); then the one whose passage speaks most to the question: the report
    # a firm signs, not a biography that names another firm
    best = max(held, key=lambda c: (_said_of(kind, q, c.unit.text), c.cover, c in chosen, c.rank))
    return [best, *(x for x in chosen if x is not best)]  # nothing chosen is dropped


def _holds(kind: Entity, text: str, question: str) -> bool:
    """The text holds a thing of the kind asked: found by its form (``entities.py``), or,
    for a firm asked by its noun ("which subsidiary"), a name written beside that noun
    (``named_beside.py``)."""
    if find(kind, text, question) is not None:
        return True
    return kind == "organisation" and bool(named_beside(question, text))


def _fuller(
    q: str, accepted: tuple[Entity, ...], chosen: list[Candidate], likely: Sequence[Candidate]
) -> Candidate | None:
    """For "who <verb>s …?" (an owner, a buyer, a lender), a sentence naming the doer of
    that verb ("… is owned by <Firm>", "<Firm> owns …") and using every question word the
    first unit uses: "The other 50% of <Venture> is owned by <Firm>" for "Who owns the
    other half of <Venture>?", over a first-ranked row saying only that half is owned
    ("<Venture> – 50% owned (<City>, <State>)", where a place reads as a name). None when
    the first unit names the doer itself (the report's own "Company" is none), or none
    does."""
    m = _WHO_VERB.match(q)
    if m is None:
        return None
    verb = stem(m.group(1))
    v = re.escape(verb)
    doer = re.compile(  # "… owned by <Name>", "<Name> owns …" (not "The Company owns")
        rf"\b{v}\w*\s+by\s+(?:an?\s+|the\s+)?[A-Z]|(?<!The )(?!Company\b)[A-Z][\w&.,’']*\s+{v}s?\b"
    )
    first = chosen[0]
    if doer.search(first.unit.text):
        return None
    fuller = [
        c
        for c in [*chosen[1:], *likely]
        if c.unit.kind == "sentence"
        and c.matched >= first.matched
        and doer.search(c.unit.text)
        and any(find(k, c.unit.text, q) is not None for k in accepted)
    ]
    return max(fuller, key=lambda c: (c.score, c.rank), default=None)


# "Who owns …?", "Who bought …?": the verb whose doer is asked (not "who is", "who are")
_WHO_VERB = re.compile(
    r"^\W*who\s+(?!is\b|was\b|are\b|were\b|do\b|does\b|did\b|has\b|have\b|had\b)([a-z]+)\b",
    re.I,
)


def _holder_first(
    q: str, office: list[str], chosen: list[Candidate], likely: Sequence[Candidate]
) -> list[Candidate]:
    """``chosen`` led by a unit naming a person and stating the office asked as a whole
    ("Mr. X serves as our Chief Executive Officer"), not another office sharing its words
    ("Chief Financial Officer") or the office of a part ("Chief Executive Officer, Europe")."""

    def holds(c: Candidate) -> bool:
        said = says_office(c.unit.text, office, set())
        return said == _WHOLE and find("person", c.unit.text, q) is not None

    if holds(chosen[0]):
        return chosen
    best = next((c for c in [*chosen[1:], *likely] if holds(c)), None)
    return chosen if best is None else [best, *(x for x in chosen if x is not best)]


def _said_of(kind: Entity, question: str, text: str) -> bool:
    """Does ``text`` say a thing of ``kind`` within a few words of a word the question
    asks with?"""
    after = kind in ("organisation", "person")
    return any(_said_near(question, text, s, after=after) for s in find_all(kind, text, question))


def _signed_units(kind: Entity, question: str, near: Sequence[Candidate]) -> list[Candidate]:
    """The first line of each passage of ``near`` naming a firm (a report's signature)."""
    seen: set[str] = set()
    out = []
    for c in near:
        if c.passage.chunk_id in seen:
            continue
        seen.add(c.passage.chunk_id)
        for u in units(c.passage.text):
            # a signature is a line of its own, which the chunker may read as a heading
            if u.kind in ("sentence", "heading") and find(kind, u.text, question) is not None:
                out.append(replace(c, unit=Unit(u.start, u.end, u.text, "sentence")))
                break
    return out


# "Who audits X?", "Who is X's auditor?"; "Which accounting firm audited X?"; "Where is X
# headquartered?", "In which state is X incorporated?", "When was X founded?"
_WHO_IS = re.compile(r"^\W*who\s+(is|was)\s+(.+?)\s*\?*$", re.I)
_WHO_DOES = re.compile(
    r"^\W*who\s+(?!is\b|was\b|are\b|were\b|do\b|does\b|did\b)(\w+)\s+(.+?)\s*\?*$", re.I
)
_WHICH_DOES = re.compile(
    r"^\W*(?:which|what)\s+(?:\w+\s+){1,3}?(?!(?:is|was|has|does)\b)(\w+(?:ed|es|s))\s+(.+?)\s*\?*$",
    re.I,
)
_WHERE_WHEN = re.compile(
    r"^\W*(?:where|when|(?:in|under the laws of)\s+(?:which|what)\s+\w+)\s+(is|was|are|were)\s+"
    r"(.+?)(?:\s+(\w+ed))?\s*\?*$",
    re.I,
)
_FULL_DATE = re.compile(r"[A-Za-z]+\s+\d{1,2},?\s+\d{4}")


def phrased(question: str, text: str, *, rows: bool = False) -> str | None:
    """One sentence saying the thing asked, in the question's words ("Harlow & Finch LLP
    audits Acme's financial statements"), when ``text`` holds exactly one thing of the
    kind asked and the question's shape is one of the above; None otherwise (the lead is
    then the text's own clause). A table row (``rows``) is phrased only for a firm or a
    person ("Report of Harlow & Finch LLP, Independent Auditors | 88" in a contents
    table): its figures are said by the row's own reading."""
    q = core_question(question).strip()
    kind = asked_entity(q)
    if kind is None or kind == "count" or HAN_RE.search(q) or HAN_RE.search(text):
        return None
    if rows and kind not in ("organisation", "person"):
        return None
    spans = find_all(kind, text, q)
    names = {text[s:e].strip(" ,.") for s, e in spans}
    after = kind in ("organisation", "person")
    if len(names) != 1 or not _said_near(q, text, spans[0], after=after):
        return None  # none, several, or one said apart from what is asked of it
    thing = names.pop()
    if kind in ("organisation", "person"):
        return _checked(_who(q, thing), text)
    if kind == "date" and not re.search(r"\d{4}", thing):
        return None  # "each December": the sentence says when better than a month alone
    m = _WHERE_WHEN.match(q)
    if m is None:
        return None
    aux, subject, verb = m.group(1).lower(), m.group(2), m.group(3)
    prep = "on" if kind == "date" and _FULL_DATE.fullmatch(thing) else "in"
    return _checked(f"{_capital(subject)} {aux} {verb + ' ' if verb else ''}{prep} {thing}", text)


def _checked(said: str | None, text: str) -> str | None:
    """The sentence, unless it states a figure the text does not ("… for fiscal 2019" of
    a report that says "fiscal 2018"): the question's own words are no source."""
    if said is None or any(n not in text for n in re.findall(r"\d+", said)):
        return None
    return said


_NEAR = 4  # words: "a Delaware corporation incorporated in 1986", "KPMG LLP, the independent
# registered public accounting firm"; not "its 2023 annual meeting … are incorporated"


def _said_near(question: str, text: str, span: tuple[int, int], *, after: bool) -> bool:
    """Does a word the question asks with (not a name it gives) stand within ``_NEAR``
    words before the thing found ("incorporated in", "located in"), or, for a firm or a
    person (``after``), after it ("…, the independent auditor")? Only then is the sentence
    said of it in the question's words."""
    named = {w.lower() for w in re.findall(r"(?<!^)\b[A-Z][\w'’-]*", question.strip())}
    asked = {stem(t) for t in content_terms(question) if t not in named}
    near = re.findall(r"[\w'’-]+", text[: span[0]])[-_NEAR:]
    near += re.findall(r"[\w'’-]+", text[span[1] :])[:_NEAR] if after else []
    return any(stem(w.lower()) in asked for w in near)


def _who(q: str, thing: str) -> str | None:
    m = _WHO_IS.match(q)
    if m is not None:
        return f"{_capital(m.group(2))} {m.group(1).lower()} {thing}"
    m = _WHO_DOES.match(q) or _WHICH_DOES.match(q)
    if m is not None:
        return f"{thing} {m.group(1).lower()} {m.group(2)}"
    return None


def _capital(s: str) -> str:
    return s[:1].upper() + s[1:]


_UNHELD = {
    "organisation": "which firm it is",
    "person": "who it is",
    "date": "when it was",
    "place": "where it is",
}


def unheld_note(question: str, texts: Sequence[str]) -> str:
    """The line an English factoid answer opens with when none of its units holds the thing
    asked: it says so, and what follows is what the passages say nearest ("" otherwise,
    and for a count, which a table row gives without the word counted)."""
    q = core_question(question)
    kind = asked_entity(q)
    if kind not in _UNHELD or HAN_RE.search(q) or any(HAN_RE.search(t) for t in texts):
        return ""
    if any(_holds(kind, t, q) for t in texts):
        return ""
    # "Who owns …?" asks no office: a firm answers it as a person does (``lead_with_asked``)
    if kind == "person" and not title(q) and any(find("organisation", t, q) for t in texts):
        return ""
    if kind in ("person", "organisation") and any(_worded_cell(t, q) for t in texts):
        return ""
    if kind == "person" and any(_firm_in_role(t, q) for t in texts):
        return ""
    if kind == "person" and not title(q) and any(_doer_named(t, q) for t in texts):
        return ""
    return f"{UNHELD_LEAD} {_UNHELD[kind]}; what they say nearest:"


def _doer_named(text: str, question: str) -> bool:
    """ "Who owns …?" of "… and GSK owns the remaining 68%": a name (a capitalised word,
    an initialism too, which the firm finder does not know without a legal form) right
    before the verb the question asks the doer of, in any of its endings."""
    m = _WHO_VERB.match(question)
    if m is None:
        return False
    verb = stem(m.group(1).lower())
    for w in re.finditer(r"(?<=[^\W\d_])\s+([a-z]+)\b", text):
        before = text[: w.start()].rsplit(maxsplit=1)[-1]
        if stem(w.group(1)) == verb and before[:1].isupper() and w.start() > len(before):
            return True
    return False


def _firm_in_role(text: str, question: str) -> bool:
    """A firm said in the words the question asks with ("Citibank, N.A., as administrative
    agent" of "Who acts as administrative agent …?"): "who" asks for whoever holds the
    role, a bank or a trustee as well as a person."""
    asked = {stem(t.lower()) for t in content_terms(question)}
    for _, end in find_all("organisation", text, question):
        # the role in lower case after the firm ("…, as administrative agent"); a
        # capitalised word there is another name ("…, including Crush, Dr Pepper")
        after = re.findall(r"[\w'’-]+", text[end:])[:_NEAR]
        if any(w.islower() and stem(w) in asked for w in after):
            return True
    return False


def _worded_cell(text: str, question: str) -> bool:
    """A table row with a cell of words besides its label that the question does not say
    ("Tide gauges | 6 weeks | Station warden"): a schedule or a register names who is
    responsible by role or office ("Records office", "Pathology lead"), which holds the
    "who" asked though no name of a person is in it."""
    if "|" not in text:
        return False
    asked = {stem(w) for w in re.findall(r"\w+", question.lower())}
    cells = [c.strip() for c in text.strip().strip("|").split("|")][1:]
    return any(
        re.search(r"[^\W\d_]{2}", c)
        and not re.search(r"\d", c)
        and not {stem(w) for w in re.findall(r"\w+", c.lower())} & asked
        for c in cells
    )


UNHELD_LEAD = "The passages found do not specify"  # how ``unheld_note`` opens
