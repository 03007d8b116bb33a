"""How the world works, asked in a filing's words: answered only of the filing's own company.

"Why do central banks raise interest rates?", "How does a revolving credit facility differ
from a term loan?", "Why do casinos give customers complimentary rooms?" use a filing's
words one by one, and a sentence of it holds most of them ("higher inflation … has led
central banks to rapidly raise interest rates …", "rooms provided on a complimentary
basis, particularly to casino customers"). The gate weighs shared words and passes it;
but such a question asks of a class in the present tense (a how or why, then "do",
"does", "is": "do casinos", "does a pandemic"), names nothing (no capitalised word past
its first, no year or figure) and neither the document nor its owner nor anyone in
particular ("the", "its", "they" after the auxiliary; "we", "you" anywhere). A filing
answers it only where it says it of its own company: where a sentence says the question's
words, it speaks of its writer ("we", "our", "the Company") or names the owner ("How do
tariffs affect the business?" answered "higher tariffs … could adversely affect our
business"). A sentence saying it of the world, or of another party, is knowledge the
filing mentions in passing, not the filing's answer. The words are data
(``pipeline/text/data/lexicon/world_questions.json``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from agent.evidence import Evidence
from agent.models.owner_said import WORD, owner_said
from agent.models.question_words import about_document
from agent.rewrite import core_question, key_terms
from agent.scope import stem
from pipeline.text.lexicon import alternation, words
from pipeline.text.script import HAN_RE

# the words before the first of the question's words a sentence says that still speak of
# what it says ("our higher interest expense", "we raise prices")
BEFORE = 2


@cache
def _opening() -> re.Pattern[str]:
    how = alternation("world_questions.openings_en")
    present = alternation("world_questions.present_en")
    what = alternation("world_questions.what_present_en")
    # the auxiliary's subject is the next word: a class ("a", a bare noun) or not
    return re.compile(
        rf"^\s*(?:(?:{how})\s+(?:{present})|what\s+(?:{what}))\s+(?P<next>[\w'’-]+)", re.I
    )


@cache
def _what_is() -> tuple[re.Pattern[str], ...]:
    """ "What is talc made of?", "What are tariffs used for?" (a class, a participle and the
    preposition the question ends on), "What is the purpose of a tariff?" (a thing of a
    class named with its article): what a class is, asked in general."""
    be = alternation("world_questions.be_en")
    article = alternation("world_questions.class_articles_en")
    word = r"[\w'’-]+"
    return (
        re.compile(
            rf"^\s*what\s+(?:{be})\s+(?P<next>{word})(?:\s+{word}){{0,2}}?\s+[a-z]+\s+"
            r"(?:of|for|from|with)\s*\??\s*$",
            re.I,
        ),
        re.compile(
            rf"^\s*what\s+(?:{be})\s+the\s+[a-z]+\s+of\s+(?:{article})\s+(?P<next>{word})"
            r"(?:\s+{word})?\s*\??\s*$".replace("{word}", word),
            re.I,
        ),
    )


@cache
def _particular() -> frozenset[str]:
    return frozenset(words("world_questions.particular_en"))


@cache
def _personal() -> frozenset[str]:
    return frozenset(words("world_questions.personal_en"))


def world_asked(question: str, evidence: Sequence[Evidence]) -> bool:
    """Does an English question ask how or why things go in general: a present-tense how
    or why (or "what causes") of a class, naming nothing, no period, figure or person,
    and neither the document nor its owner?"""
    core = core_question(question)
    if HAN_RE.search(question) or any(c.isdigit() for c in core):
        return False
    m = _opening().match(core) or next((w for p in _what_is() if (w := p.match(core))), None)
    if m is None or m.group("next").lower() in _particular():
        return False
    said = WORD.findall(core)
    if any(w.lower() in _personal() for w in said):
        return False
    # a capitalised word past the first names something: a company, a place, a product
    if any(w[:1].isupper() for w in said[1:]):
        return False
    return not about_document(question, evidence)


def unowned(question: str, texts: Sequence[str], evidence: Sequence[Evidence]) -> bool:
    """Does no text speak of the document's company where it says the question's words
    (the shortest stretch holding every one of them it says, from a little before)? A
    text saying none of them speaks of nothing asked."""
    asked = {stem(t) for t in key_terms(core_question(question))}
    # the owner's name words, unless the question asks of them itself ("companies")
    owner = {stem(w.lower()) for ev in evidence for w in (*ev.owner, *ev.names)}
    for text in texts:
        tokens = [t.lower() for t in WORD.findall(text)]
        found = _stretch([stem(t) if stem(t) in asked else "" for t in tokens])
        if found is None:
            continue
        if owner_said(tokens[max(0, found[0] - BEFORE) : found[1] + 1], owner, asked):
            return False
    return True


def _stretch(keys: Sequence[str]) -> tuple[int, int] | None:
    """The first and last index of the shortest stretch holding every distinct non-empty
    key (a sentence saying "rate" twice: the stretch where it says all the words asked,
    not from the first to the last of them), or None when there is none."""
    wanted = {k for k in keys if k}
    if not wanted:
        return None
    best: tuple[int, int] | None = None
    count: dict[str, int] = {}
    lo = 0
    for hi, k in enumerate(keys):
        if k:
            count[k] = count.get(k, 0) + 1
        while len(count) == len(wanted):
            if best is None or hi - lo < best[1] - best[0]:
                best = (lo, hi)
            left = keys[lo]
            if left:
                count[left] -= 1
                if not count[left]:
                    del count[left]
            lo += 1
    return best
