"""English definitional and alias patterns, applied to one sentence: "X means …",
"X refers to …", "… is called X", "Adenosine Triphosphate (ATP)", 'gift card values not
expected to be redeemed ("breakage")'."""

from __future__ import annotations

import re

from pipeline.knowledge.patterns.surface import (
    EN_BAD_FIRST,
    Q_CLOSE,
    Q_OPEN,
    Found,
    clean_definition,
    clean_term,
    enough,
)
from pipeline.text import lexicon
from pipeline.text.normalise import nfkc

_EN_TERM = (
    r"[A-Za-z][A-Za-z0-9'’\-&/]*(?:\s+(?:of\s+|and\s+|for\s+)?[A-Za-z0-9][A-Za-z0-9'’\-&/]*){0,5}"
)
_QT = rf"[{Q_OPEN}]?(?P<t>{_EN_TERM})[{Q_CLOSE}]?"
_RELATIVE = lexicon.alternation("definitions.relative_words_en", space=r"\s+")
_EN_CUES: list[tuple[re.Pattern[str], bool]] = [
    (
        re.compile(
            rf"^(?:the\s+)?(?:term|phrase|word)\s+{_QT},?\s+(?:is\s+(?:defined|used)\s+(?:as|to\s+mean)|means|refers\s+to|describes)\s+(?P<d>.+)$",
            re.I,
        ),
        False,
    ),
    (
        re.compile(
            rf"^(?:an?\s+|the\s+)?{_QT},?\s+(?:is|are)\s+(?:defined|described)\s+as\s+(?P<d>.+)$",
            re.I,
        ),
        False,
    ),
    (re.compile(rf"^(?:an?\s+|the\s+)?{_QT},?\s+refers?\s+to\s+(?P<d>.+)$", re.I), False),
    (
        re.compile(
            rf"^(?:an?\s+|the\s+)?[{Q_OPEN}](?P<t>[^{Q_CLOSE}]{{2,60}})[{Q_CLOSE}]\s+(?:shall\s+)?(?:means?|includes?|has\s+the\s+meaning)\s+(?P<d>.+)$",
            re.I,
        ),
        False,
    ),
    (
        re.compile(rf"^(?:an?\s+|the\s+)?(?P<t>{_EN_TERM}),?\s+(?:shall\s+)?means?\s+(?P<d>.+)$"),
        False,
    ),
    (
        re.compile(
            rf"^(?:an?\s+|the\s+)?{_QT},?\s+(?:is|are)\s+(?:an?|the)\s+(?P<d>(?:\w+\s+){{1,6}}?(?:{_RELATIVE})\s+.{{10,}})$",
            re.I,
        ),
        True,
    ),
]
_EN_CALLED = re.compile(
    rf"^(?P<d>.{{12,}}?),?\s+(?:is|are)\s+(?:called|known\s+as|termed|referred\s+to\s+as)\s+"
    rf"(?:an?\s+|the\s+)?[{Q_OPEN}]?(?P<t>{_EN_TERM})[{Q_CLOSE}]?\.?$",
    re.I,
)
_CAP_WORD = r"[A-Z0-9][\w.&'’\-]*"
_CONNECTOR = lexicon.alternation("relations.name_connectors")
_EN_DEFINED_ALIAS = re.compile(
    rf"(?P<t>{_CAP_WORD}(?:,?\s+(?:(?:{_CONNECTOR})\s+)?{_CAP_WORD}){{0,7}})\s*"
    rf"\((?:the\s+|each\s+a\s+|a\s+|an\s+)?"
    rf"[{Q_OPEN}](?P<a>[^{Q_CLOSE}]{{1,40}})[{Q_CLOSE}]\)"
)
_ACRONYM = re.compile(r"\((?P<a>[A-Z][A-Za-z&]{1,9}s?)\)")
_ALSO_KNOWN = re.compile(
    rf"\b(?P<t>{_EN_TERM}),?\s+(?:also\s+(?:known|called|referred\s+to)\s+as|or)\s+"
    rf"[{Q_OPEN}](?P<a>[^{Q_CLOSE}]{{2,40}})[{Q_CLOSE}]",
    re.I,
)


_SPECIFIC = frozenset({"our", "these", "this", "those", "its", "their", "such", "each", "all"})
_FIRST_PERSON = re.compile(r"\b(?:we|our|us|ours)\b", re.I)
_CONSEQUENCE = re.compile(r"^that\b", re.I)  # "X means that …": a consequence, not a meaning


def _a_claim(raw_subject: str, definition: str) -> bool:
    """ "Our stores are a vital component of our strategy" is a claim about particular
    things, not a definition: the subject is pointed at ('our', 'these') or the predicate
    speaks of the writer ('our', 'we')."""
    first = raw_subject.split(maxsplit=1)[0].lower() if raw_subject.split() else ""
    return first in _SPECIFIC or bool(_FIRST_PERSON.search(definition))


def _en_subject(raw: str) -> str | None:
    words = raw.split()
    while words and words[0].lower() in ("a", "an", "the", "this", "that", "these", "our"):
        words = words[1:]
    return clean_term(" ".join(words))


def acronym_expansion(before: str, acronym: str) -> str | None:
    """The words before '(ATP)' that spell the acronym (Schwartz & Hearst): every letter
    occurs in order, the first one starts a word, e.g. 'Adenosine TriPhosphate'."""
    letters = acronym.rstrip("s").lower()
    words = re.findall(r"[A-Za-z][A-Za-z'’\-]*", before)[-(len(letters) + 3) :]
    for start in range(len(words) - 1, -1, -1):
        cand = words[start:]
        if cand[0].lower() in ("of", "and", "the", "for", "in", "to", "on", "a", "an"):
            continue
        text = " ".join(cand).lower()
        if text[0] != letters[0] or len(cand) > len(letters) + 2:
            continue
        if _spells(text, letters) and len(cand) >= min(2, len(letters)):
            return " ".join(cand)
    return None


def _spells(text: str, letters: str) -> bool:
    """Each letter found right to left; a word's first letter may not be skipped over
    for the acronym's first letter."""
    pos = len(text)
    for i in range(len(letters) - 1, -1, -1):
        c = letters[i]
        pos = text.rfind(c, 0, pos)
        while pos > 0 and i == 0 and text[pos - 1] != " ":
            pos = text.rfind(c, 0, pos)
        if pos < 0:
            return False
    return True


_EN_CUE_WORDS = lexicon.pattern("definitions.cue_words_en", flags=re.I)


def find_en(sentence: str) -> list[Found]:
    s = nfkc(sentence)
    out: list[Found] = []
    if not _EN_CUE_WORDS.search(s):
        return _en_aliases(s, out)
    for pattern, weak in _EN_CUES:
        m = pattern.search(s)
        if m and (term := _en_subject(m.group("t"))):
            d = clean_definition(m.group("d"))
            if enough(d) and not (weak and _a_claim(m.group("t"), d)) and not _CONSEQUENCE.match(d):
                out.append(Found(term, "definition", d, weak=weak))
                break
    if not out:
        m = _EN_CALLED.search(s)
        if m and (term := _en_subject(m.group("t"))):
            d = clean_definition(m.group("d"))
            if enough(d) and d.split()[0].lower() not in EN_BAD_FIRST - {"the", "a", "an"}:
                out.append(Found(term, "definition", d))
    return _en_aliases(s, out)


_DEFINED_IN_PARENS = re.compile(
    rf"\((?:the\s+|collectively,?\s+|each,?\s+an?\s+|an?\s+)?[{Q_OPEN}](?P<a>[^{Q_CLOSE}]{{2,40}})"
    rf"[{Q_CLOSE}](?:,?\s+or\s+(?:the\s+)?[{Q_OPEN}][^{Q_CLOSE}]{{2,40}}[{Q_CLOSE}])?\)"
)
_REFERENT_CUT = lexicon.pattern(
    "definitions.determiners_en", template=r".*(?:[,;:(]|\b(?:{})\s)", flags=re.I
)
_OF_DET = lexicon.pattern("definitions.determiners_en", template=r"\s+of\s+(?:{})\s$", flags=re.I)
_APPOSITIVE = re.compile(r"^,\s+(?P<d>(?:a|an)\s+[^,;()]{8,}?)(?=[,;.]|$)", re.I)


# a phrase ending "of <Name>", a capitalised name (with its legal form: "Amcor plc")
_ENDS_IN_NAME = re.compile(r"\bof\s+(?:the\s+)?[A-Z][\w&'’.-]*(?:\s+[\w&'’.-]+){0,3}$")


def _referent(before: str) -> str:
    """The noun phrase that ends ``before``: back to the last clause mark or determiner,
    over the items of a list ('joint ventures, partnerships, alliances or acquisitions')."""
    cut = _REFERENT_CUT.match(before)
    start = cut.end() if cut else 0
    while of := _OF_DET.search(before[:start]):
        # "the part of a voucher": the phrase goes on over 'of' to a short head noun with
        # its own determiner (not over "a net gain on disposal of the …")
        prev = _REFERENT_CUT.match(before[: of.start()])
        if len(before[prev.end() if prev else 0 : of.start()].split()) > 2:
            break
        start = prev.end() if prev else 0
    tail = before[start:]
    while start > 0 and before[start - 1] == "," and re.search(r"\b(?:or|and)\b", tail):
        prev = _REFERENT_CUT.match(before[: start - 1])
        item = before[prev.end() if prev else 0 : start - 1]
        if len(item.split()) > 4:
            break
        start = prev.end() if prev else 0
    return before[start:].strip()


def _en_defined_phrases(s: str) -> list[Found]:
    """A term defined in passing, as filings and contracts do: 'revenue for the portion of
    gift card values not expected to be redeemed ("breakage")' defines breakage by the
    phrase before it; 'GreatCall, Inc. ("GreatCall"), a leading … provider' by the
    apposition after it. Capitalised names before the quotes are aliases, not meanings."""
    out: list[Found] = []
    for m in _DEFINED_IN_PARENS.finditer(s):
        alias = clean_term(m.group("a"))
        if not alias:
            continue
        after = _APPOSITIVE.match(s[m.end() :])
        if after and enough(after.group("d")) and not _FIRST_PERSON.search(after.group("d")):
            out.append(Found(alias, "definition", clean_definition(after.group("d"))))
            continue
        if alias.rstrip("s").isupper():
            continue  # an acronym ("CDIs" too): its expansion is its other name
        referent = _referent(s[: m.start()].rstrip())
        words = referent.split()
        descriptive = bool(words) and words[0][:1].islower() and words[0].lower() != "as"
        # "… shares of Current Health Ltd. ("Current Health")": the name is an alias.
        # "… a wholly-owned subsidiary of Amcor plc ("Company")": the quotes name the
        # company the phrase ends with, not the phrase.
        named = alias.split()[0] in words or bool(_FIRST_PERSON.search(referent))
        named = named or bool(_ENDS_IN_NAME.search(referent))
        descriptive = descriptive and not named
        if descriptive and 2 <= len(words) <= 20 and referent.lower() != alias.lower():
            out.append(Found(alias, "definition", clean_definition(referent)))
    return out


def _en_aliases(s: str, out: list[Found]) -> list[Found]:
    if "(" not in s and "“" not in s and '"' not in s:
        return out
    if not any(f.kind == "definition" for f in out):
        out += _en_defined_phrases(s)
    for m in _EN_DEFINED_ALIAS.finditer(s):
        alias = clean_term(m.group("a"))
        if not alias:
            continue
        if alias.isupper() and " " not in alias:  # an acronym must spell its expansion
            expansion = acronym_expansion(s[: m.start("a")], alias)
            term = clean_term(expansion) if expansion else None
        else:
            term = _en_subject(m.group("t"))
        if term and term.lower() != alias.lower():
            out.append(Found(alias, "alias", aliases=[term]))
    for m in _ACRONYM.finditer(s):
        if sum(ch.isupper() for ch in m.group("a")) < 2:
            continue  # "(Loss)", "(Income)": a table's sign, not an acronym
        expansion = acronym_expansion(s[: m.start()], m.group("a"))
        if expansion and (term := clean_term(expansion)):
            out.append(Found(term, "alias", aliases=[m.group("a")]))
    for m in _ALSO_KNOWN.finditer(s) if ("“" in s or '"' in s) else ():
        term, alias = _en_subject(m.group("t")), clean_term(m.group("a"))
        if term and alias:
            out.append(Found(term, "alias", aliases=[alias]))
    return out
