"""Whose office a sentence states: the person asked for holds it of the subject asked, or
of someone else.

"Who is the chief executive officer of <Registrant>?" shares every word with a director's
biography: "Mr. X was previously the President and Chief Executive Officer of <Other>,
Inc." or "Ms. Y served as Executive in Residence at <Fund> Ventures". The selector ranks
such a sentence high (the office's words, a person, the registrant's section), yet it
says who held the office of another firm. A sentence attaching the question's office
words to a holder ("… Officer of <Name>", "… at <Name>") that is neither the subject the
question names nor the report's own company speaks of another subject; the judge puts
such units after the others, so that the one stating the office of the subject asked
leads (``judge.py``).

A holder is a name: a run of capitalised words after "of", "at" or "for" with a rare
word in it (general language rarely uses a surname or a coined firm's name, whereas
"the Board of Directors", "the Audit Committee" are everyday words) or written in the
scope with a legal form after it ("Extended Stay America, Inc.").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from agent.answer_kinds import asked_kinds
from agent.evidence import Evidence
from agent.models.candidates import Candidate
from agent.models.rarity import information
from agent.models.record import is_superlative
from agent.rewrite import core_question, key_terms
from agent.scope import _suffixes, stem
from pipeline.text.lexicon import words
from pipeline.text.script import HAN_RE

# the office's words, then capitalised title words or short connectives, then the holder
_NAME = r"([A-Z][\w&'’.-]*(?:,?\s+[A-Z][\w&'’.-]*)*)"
_LINK = re.compile(
    r"^(?:[\s,]+(?:[A-Z][\w-]*|and|in|of the|&))*?\s+(?:of|at|for)\s+(?:the\s+)?" + _NAME
)
# a word this rare in general language is a name's (information() ≥ 0.5: Zipf < 4)
_RARE = 0.5
# a title's words are no function words ("the", "of": information() < 0.2, Zipf > 5.8)
_RARE_TITLE = 0.2


def _office_words(question: str, own: set[str]) -> set[str]:
    """The stems of the question's content words beside the names: the office asked of."""
    return {stem(t) for t in key_terms(core_question(question)) if t.isalpha()} - own


def holders(text: str, office: set[str]) -> list[str]:
    """The names a text attaches one of the office words to ("Officer of Carlson, Inc.")."""
    out = []
    for m in re.finditer(r"[A-Za-z][A-Za-z-]*", text):
        if stem(m.group(0).lower()) not in office:
            continue
        link = _LINK.match(text[m.end() : m.end() + 120])
        if link:
            out.append(link.group(1).strip(" ,."))
    return out


def _named(name: str, evidence: Sequence[Evidence], own: set[str]) -> bool:
    """Is the run a name of something other than ``own`` (the subject asked, the report's
    own company): a rare word in it, or a legal form after it in the scope?"""
    from agent.models.other_company import _incorporated, _legal_form

    words = [re.sub(r"['’]s$", "", w).strip(".,") for w in name.split()]
    if any(stem(w.lower()) in own for w in words if w):
        return False
    rare = any(information(w.lower()) >= _RARE for w in words if w.isalpha())
    return rare or _legal_form(words) or _incorporated(name, evidence)


def of_another(question: str, text: str, evidence: Sequence[Evidence]) -> bool:
    """Does an English question asking a person get, from ``text``, the office words
    attached to another holder than the subject asked?"""
    core = core_question(question)
    if HAN_RE.search(core) or "person" not in asked_kinds(core):
        return False
    own = {stem(w.lower()) for ev in evidence for w in (*ev.owner, *ev.names)}
    own |= {stem(w.lower()) for w in re.findall(r"[A-Za-z][\w&-]*", core) if w[:1].isupper()}
    office = _office_words(question, own)
    return any(_named(n, evidence, own) for n in holders(text, office))


def title(question: str) -> list[str]:
    """The office an English question asking a person names in words of two or more in a
    row ("chief executive officer"; not "chairman" alone), as its lower-case words, or
    [] when it names none."""
    core = core_question(question)
    if HAN_RE.search(core) or "person" not in asked_kinds(core):
        return []
    said = re.findall(r"[A-Za-z][\w'’-]*|\S", core)
    verb_asks_office = _who_is(said)
    runs: list[list[str]] = [[]]
    for i, w in enumerate(said):
        if w.isalpha() and w.islower() and information(w) >= _RARE_TITLE:
            # after "Who owns …" the words name what is owned, unless "as" puts an office
            if runs[-1] or verb_asks_office or "as" in (t.lower() for t in said[max(0, i - 2) : i]):
                runs[-1].append(w)
        elif runs[-1]:
            runs.append([])
    best = max(runs, key=len)
    # "the largest customer" ranks members, a firm as well as a person: no office
    return best if len(best) >= 2 and not any(is_superlative(w) for w in best) else []


def _who_is(said: Sequence[str]) -> bool:
    """Does the question's "who" ask whoever holds an office ("Who is …", "Who serves as
    …", ``asking.office_verbs_en``), rather than who does something to what follows
    ("Who owns the joint venture?")? True when it asks no "who" at all."""
    for i, w in enumerate(said):
        low = w.lower()
        if low in ("who's", "who’s"):
            return True
        if low == "who":
            return i + 1 < len(said) and said[i + 1].lower() in _office_verbs()
    return True


@cache
def _office_verbs() -> frozenset[str]:
    return frozenset(words("asking.office_verbs_en"))


def says_office(text: str, office: list[str], own: set[str]) -> int:
    """How a text states the office asked: 2 as the whole office ("Chief Executive
    Officer"), 0 only as the office of a part ("Chief Executive Officer, Africa",
    "…, <Owner> Foods North America": a capitalised qualifier beyond the subject's own
    name after a comma), 1 not in one phrase."""
    said = r"\W+".join(re.escape(w) for w in office)
    plain = False
    # the office in any case, the qualifier capitalised
    for m in re.finditer(rf"(?i:\b{said}\b)(,\s*[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)*)?", text):
        words = re.findall(r"[A-Za-z][\w&.-]*", m.group(1) or "")
        qualifier = [stem(w.lower().strip(".")) for w in words]
        if not qualifier or all(w in own or w in _suffixes() for w in qualifier):
            plain = True
    if plain:
        return 2
    return 0 if re.search(rf"\b{said}\b", text, re.I) else 1


def own_holder_first(
    question: str, found: list[Candidate], evidence: Sequence[Evidence]
) -> list[Candidate]:
    """``found`` with the units stating the office asked as a whole first, and those
    stating it only of a part or of another holder last (each in their order): what they
    say is another subject's."""
    own = {stem(w.lower()) for ev in evidence for w in (*ev.owner, *ev.names)}
    office = title(question)
    rank = {id(c): says_office(c.unit.text, office, own) if office else 1 for c in found}
    for c in found:
        if of_another(question, c.unit.text, evidence):
            rank[id(c)] = 0
    return sorted(found, key=lambda c: -rank[id(c)])  # stable: each group in its order
