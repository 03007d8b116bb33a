"""Another company asked about: a name the scope uses, but not the name of its owner.

"What was <Competitor>'s revenue?", "Who is the chief executive of <Supplier>?", "How many
employees does <Competitor> have?" asked of a filing that mentions the other company: its
words are all in the scope, so neither the missing-name rule (``judge.missing_names``)
nor the word gate refuses, and the filing's own figures or officers would answer. The
company is found where a question puts what it asks about (``_SUBJECT``); it is another
company when none of its words name the owner or the document, it abbreviates neither,
no section of the scope is headed by it (a segment, a region: a part of the report), and,
outside the possessive, the scope writes it with a legal form ("<Name> Inc.": "the
capital of Japan" names a country, not a company).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from agent.answer_kinds import asked_kinds
from agent.evidence import Evidence
from agent.question.acronyms import METRIC_ACRONYMS
from agent.rewrite import core_question
from agent.scope import _suffixes, stem  # the legal-form words a registrant's name ends in
from pipeline.text import lexicon
from pipeline.text.lexicon import alternation
from pipeline.text.script import LATIN_LETTERS

_WORD = re.compile(rf"[{LATIN_LETTERS}][{LATIN_LETTERS}0-9&'’.-]*")
# a name's pieces as the search cuts them ("Coca-Cola": two; "Nestlé": one, accent kept)
_PIECE = re.compile(rf"[{LATIN_LETTERS}0-9]+")
# capitalised words, or a web name written in lower case ("salesforce.com")
_NAME = r"([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)*|\b[a-z][\w-]*\.com\b)"
# Where a question puts the company it asks about, besides "<Name>'s": last, after "of"
# or "for" ("the chief executive of <Name>?"), or as the subject of its verb ("How many
# employees does <Name> have?", "Where is <Name> headquartered?").
_AUXILIARIES = alternation("answer_sentences.subject_auxiliaries")
_SUBJECT = (
    # "<Name>'s", and a name ending in s with the apostrophe alone ("Caesars' revenue")
    re.compile(_NAME + r"(?:['’]s\b|(?<=s)['’](?=\s))"),
    # last, or before the period asked ("the revenues of <Name> in H1 FY23")
    re.compile(r"\b(?:of|for)\s+" + _NAME + r"(?:\s*[?？.]?\s*$|\s+(?:in|during|as of)\s)"),
    re.compile(rf"\b(?:{_AUXILIARIES})\s+{_NAME}\s+[a-z]"),
)
SUBJECT_PATTERNS = _SUBJECT  # read by absent_subject.py for a name the scope never uses
# Any other capitalised name after a word of the sentence ("Who leads <Name> as its chief
# executive?"): a company only when it is written as one (a legal form after it).
_ANYWHERE = re.compile(r"(?<=[a-z,]\s)" + _NAME)
_ARTICLE = frozenset({"The", "the"})  # "The Coca-Cola Company": the article is no name


def other_subject(question: str, evidence: Sequence[Evidence], *, written: bool = True) -> str:
    """The company a question asks about ("<Name>'s revenue", "the chief executive of
    <Name>", "How many employees does <Name> have?") when the scope uses its name but is
    not its report: none of its words name the owner or the document, it is no
    abbreviation of theirs, and no section of the scope is headed by it (a segment or a
    region is a part of the report). A name the scope never uses is
    ``judge.missing_names``'s. ``written=False``: any such name where the question puts
    its subject counts, written as a company or not (a cover page's field is only ever
    its registrant's: "Where is <Supplier> headquartered?" is not asked of this cover)."""
    owner = {stem(w) for ev in evidence for w in (*ev.owner, *ev.names)}
    used = {stem(t) for ev in evidence for t, n in ev.term_df.items() if n > 0}
    if not owner:
        return ""
    core = core_question(question)
    parts = {w for ev in evidence for p in ev.passages for w in heading_words(p.section)}
    person = "person" in asked_kinds(core)
    for k, raw, start in _named(core):
        words = [stem(w.strip(".")) for w in raw]
        # the search cuts "Coca-Cola" in two: each piece must be used
        pieces = [stem(w) for w in _PIECE.findall(" ".join(raw))]
        if not words or any(w in owner for w in words) or not all(w in used for w in pieces):
            continue
        if any(c.isdigit() for w in words for c in w) or _titled(core, start):
            continue  # "Q3", "FY2022"; "Board of Directors": a title, not a company
        # a part of the report (a segment, a region: "the revenue of Americas") heads
        # sections of its own; another company is only mentioned in them
        if all(w in parts for w in words) or abbreviates("".join(raw), evidence):
            continue
        # "<Name>'s" is a company's, and so is the holder of an office asked of ("Who is
        # the chief financial officer of <Name>?"); a name elsewhere ("the capital of
        # Japan") is one when it or the scope writes it as one ("Kestrel Optics Inc.")
        legal = _legal_form(raw) or _incorporated(" ".join(raw), evidence)
        if written and (k == 3 or (k and not person)) and not legal:
            continue
        if all(w in METRIC_ACRONYMS for w in words):
            continue
        # "What share of <Owner>'s revenue did <Name> represent?": the question names the
        # report's own company too, and asks how the other one stands to it
        if _names_owner(core, raw, owner, evidence):
            return ""
        return " ".join(raw)
    return ""


def heading_words(section: str) -> set[str]:
    """The stems of the words a section path heads its sections with, each heading's
    words after a partner's preposition aside ("Consumer Healthcare JV with <Other>": the
    other party of the venture, not a part of the report)."""
    out: set[str] = set()
    for heading in section.split(">"):
        for w in _WORD.findall(heading):
            if w.lower() in _partner_prepositions():
                break
            out.add(stem(w))
    return out


@cache
def _partner_prepositions() -> frozenset[str]:
    return frozenset(lexicon.words("relations.partner_prepositions_en"))


def _named(core: str) -> list[tuple[int, list[str], int]]:
    """The capitalised names of a question, by where it puts them (``_SUBJECT``'s index,
    3 for elsewhere), each as its words without a leading article or the question's own
    capitalised first word, and where its match starts."""
    out: list[tuple[int, list[str], int]] = []
    for k, pattern in enumerate((*_SUBJECT, _ANYWHERE)):
        for m in pattern.finditer(core):
            raw = m.group(1).split()
            if m.start(1) == 0:  # the question's first word is capitalised anyway
                raw = raw[1:]
            while raw and raw[0] in _ARTICLE:
                raw = raw[1:]
            out.append((k, raw, m.start()))
    return out


def _legal_form(raw: Sequence[str]) -> bool:
    """Does the name end in a legal form ("Coca-Cola Company", "Novartis AG")?"""
    return len(raw) > 1 and raw[-1].lower().rstrip(".") in _suffixes()


def _names_owner(
    core: str, raw: Sequence[str], owner: set[str], evidence: Sequence[Evidence]
) -> bool:
    """Does a capitalised word of the question other than the name's name the report's
    own company (or abbreviate it)?"""
    for _, other, _ in _named(core):
        if other == list(raw):
            continue
        words = [stem(re.sub(r"['’]s?$", "", w).strip(".")) for w in other]
        if any(w in owner for w in words) or (other and abbreviates("".join(other), evidence)):
            return True
    return False


def _incorporated(name: str, evidence: Sequence[Evidence]) -> bool:
    """Does a passage of the scope give the name with a legal-form word after it
    ("Kestrel Optics, Inc.", "Caesars Entertainment Corporation")?"""
    pattern = re.compile(
        # the words between on the name's line: a list's next line names another one
        re.escape(name) + r"(?:[ \t]+[A-Z][\w&-]*){0,2},?\s+([A-Za-z.]+)",
        re.I if name.isupper() else 0,
    )
    forms = _suffixes() - {"the"}  # "visiting <Place>, the …": an article, no legal form
    for ev in evidence:
        for p in ev.passages:
            for m in pattern.finditer(p.text):
                if m.group(1).lower().rstrip(".") not in forms or _described(p.text, m):
                    continue
                if not _INSIDE_NAME.search(p.text, 0, m.start()):
                    return True
    return False


# "Sociedade de Jogos de <Place>, S.A.": the name ends another firm's, capitalised words
# (joined by a particle) before it on its line; a heading's last word on the line above
# is no part of the name
_INSIDE_NAME = re.compile(r"[A-Z][\w&'’-]*[ \t]+(?:(?:de|da|do|du|des|del|la|le|of|and|&)[ \t]+)?$")


_ARTICLE_BEFORE = re.compile(r"\ban?\s+$", re.I)
_ABBREVIATION = 4  # letters: "inc", "llc", "ltd" are abbreviations, whatever their case


def _described(text: str, m: re.Match[str]) -> bool:
    """Is the match a description, not a name ("a Minnesota corporation": the state a
    company is incorporated in): an indefinite article before it, or the legal form
    written as a common noun (a name's form is capitalised: "Corporation", "Inc.")?"""
    form = m.group(1).rstrip(".")
    common = form.islower() and len(form) > _ABBREVIATION
    return common or _ARTICLE_BEFORE.search(text[max(0, m.start() - 4) : m.start()]) is not None


def _titled(core: str, start: int) -> bool:
    """Is the word before ``start`` a capitalised one inside the question ("the Board
    of …")?"""
    before = core[:start].split()
    return len(before) >= 3 and before[-1] in ("of", "for") and before[-2][:1].isupper()


def abbreviates(name: str, evidence: Sequence[Evidence]) -> bool:
    """Is the name a short form of the owner's or the document's name: its letters, in
    order and from the first, in those names' letters ("JnJ" of Johnson & Johnson, whose
    words the scope's lists hold once)?"""
    letters = re.sub(r"[^a-z]", "", name.lower())
    if not letters:
        return False
    for ev in evidence:
        for words in (ev.owner, ev.names):
            said = [re.sub(r"[^a-z]", "", w.lower()) for w in words]
            whole = "".join(said)
            # from any of its words on, the list read round (the lists hold a word once)
            for i, w in enumerate(said):
                if w[:1] == letters[0] and _subsequence(letters, "".join(said[i:]) + whole):
                    return True
    return False


def _subsequence(short: str, long: str) -> bool:
    it = iter(long)
    return all(c in it for c in short)
