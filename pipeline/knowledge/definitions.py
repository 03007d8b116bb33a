"""Definitions found where a known term is the subject of a defining sentence.

The pattern finders read one sentence without knowing which words are terms, so
they only trust explicit cues ("X means", "所称X是指"). Once the term base is known,
a sentence that opens with the term and goes on with a defining verb ("Cash
equivalents consist of …", "Goodwill is the excess of …", "差旅费是指…") gives its
definition too. Claims about particular things ("Our stores are a vital part …")
are not definitions: the subject must open the sentence and the predicate must not
praise or speak of the writer.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pipeline.knowledge.patterns.surface import clean_definition
from pipeline.knowledge.wordlists import word_lists
from pipeline.text.lexicon import alternation, pattern
from pipeline.text.script import UNIFIED, UNIFIED_RE, has_han

_EN_VERBS = (
    r"(?:is|are)\s+(?:defined|described)\s+as|(?:is|are)(?=\s+(?:a|an|the)\s)|"
    r"(?:is|are)\s+(?:primarily\s+|principally\s+)?comprised\s+of|"
    r"consists?\s+of|comprises?|represents?|refers?\s+to|means|denotes?|"
    r"(?:is|are)\s+(?:calculated|computed|measured)\s+as"
)
_ZH_VERBS = f"(?:{alternation('definitions.verbs_zh')})"
_ZH_SCOPE = f"^(?:本[{UNIFIED}]{{1,4}}(?:中|里)?所称的?|所谓的?)?"
# A catalogue's entry "Harbour Ledger—records every berth fee …": the name, a dash and
# what the thing does (or what it is: "Harbour Ledger — a berth-fee register").
_EN_DASH_KEEP = ("provides", "enables", "delivers", "helps", "offers", "allows", "lets")
_EN_DASH_VERBS = "|".join([*_EN_DASH_KEEP, "is", "are", "an?(?=\\s)"])
_FIRST_PERSON = re.compile(r"\b(?:we|our|us|ours)\b", re.I)
_CLAIM_WORDS = 3  # the opening words of a definition that may not speak of the writer
_ZH_FIRST_PERSON = re.compile(r"我们|我司")
_ZH_NOT_DEFINING = pattern("definitions.not_defining_after_zhi", template="^(?:{})")  # 指出, 指定…


def _en(surface: str, sentence: str) -> str | None:
    # An acronym keeps its case: "IT" is no "It is the policy of …".
    name = f"(?-i:{re.escape(surface)})" if surface.isupper() else re.escape(surface)
    m = re.match(
        rf"^(?:the\s+|an?\s+)?{name}(?:\s*\([^)]{{1,60}}\))?,?\s+(?P<v>{_EN_VERBS})\s+(?P<d>.+)$",
        sentence.strip(),
        re.I,
    ) or re.match(
        rf"^(?:the\s+|an?\s+)?{name}\s*[—–]\s*(?P<v>{_EN_DASH_VERBS})\s+(?P<d>.+)$",
        sentence.strip(),
        re.I,
    )
    if not m:
        return None
    verb, rest = m.group("v").lower(), m.group("d")
    if verb in _EN_DASH_KEEP:  # "X—provides …": the verb is the meaning
        return _dash_description(verb, rest)
    if verb in ("a", "an"):  # "X — a berth-fee register": as "X is a berth-fee register"
        verb, rest = "is", f"{verb} {rest}"
    d = clean_definition(rest)
    words = re.findall(r"[A-Za-z][\w'’-]*", d)
    # "… is our largest market": a claim about the writer. Further on, a filing's "our" is
    # part of a meaning ("a metric used by management to evaluate the performance of our
    # existing stores"); refusing every such sentence left a 10-K's terms undefined.
    if len(words) < 4 or _FIRST_PERSON.search(" ".join(words[:_CLAIM_WORDS])):
        return None
    if verb in ("is", "are"):
        head = [w.lower() for w in words[1:3]]
        if any(w in word_lists().evaluative for w in head) or head[:1] == ["same"]:
            return None  # "… is a key part of …": a claim, not a meaning
    return re.sub(r"^(?:the|an?)\s+", "", d)  # as the pattern finders give it


def _dash_description(verb: str, rest: str) -> str | None:
    d = clean_definition(f"{verb} {rest}")
    words = re.findall(r"[A-Za-z][\w'’-]*", d)
    if len(words) < 5 or _FIRST_PERSON.search(" ".join(words[:_CLAIM_WORDS])):
        return None
    return d


def _zh(surface: str, sentence: str) -> str | None:
    m = re.match(
        rf"{_ZH_SCOPE}[“\"「]?{re.escape(surface)}[”\"」]?[，,]?{_ZH_VERBS}(?P<d>.+)$", sentence
    )
    if not m or _ZH_NOT_DEFINING.match(m.group("d")) or _ZH_FIRST_PERSON.search(m.group("d")):
        return None
    d = clean_definition(re.split(r"[。；;]", m.group("d"))[0])
    return d if len(UNIFIED_RE.findall(d)) >= 4 else None


def subject_definition(surfaces: Iterable[str], sentences: Iterable[str]) -> tuple[str, int] | None:
    """The first definition of a term (any of its ``surfaces``) among ``sentences``, with
    the index of the sentence it came from."""
    names = [s for s in surfaces if s]
    for i, text in enumerate(sentences):
        for name in names:
            found = _zh(name, text) if has_han(name) else _en(name, text)
            if found:
                return found, i
    return None
