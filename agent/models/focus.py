"""What a question asks about: its focus (the thing asked for) and the names it is asked of.

"What is the capital of France?" asks for a capital, of France. A sentence that names
France but no capital does not answer it, however rare "France" is in the document; and
"法国的首都是哪里？" is not answered by a sentence about another country's capital. So the
selector reads two things beside its word-overlap features: does the unit use the focus,
and does its passage use every name the question is asked of (``features.py``).

The focus is found from the question's shape, the same in any domain: in English the
first content word of a wh-question that is neither a year nor a capitalised name ("What
was the total revenue of …" → total, "Who painted …" → painted, "How many legs …" → legs);
in Chinese the last word before the question word ("…的营业收入是多少" → 收入),
or the word a count asks for ("有多少个星期" → 星期). Names are jieba's place, person and
organisation tags (Chinese only: English capitalisation also marks title-cased metrics,
"Fixed Asset Turnover"). The company whose report it is, named in the question, says
whose report, not what about (``owner_named``).
"""

from __future__ import annotations

import re
from functools import cache

from agent.answer_kinds import _tagged
from agent.models.phrasing import phrasing_words
from agent.rewrite import core_question, key_terms
from agent.scope import stem
from pipeline.text import lexicon
from pipeline.text.periods import YEAR_RE
from pipeline.text.script import HAN, HAN_RE
from pipeline.text.words import NAME_WORD_RE

_ZH_ASK = lexicon.pattern("asking.question_words_zh", template="{}")
# A count asks for the word after it ("多少个星期", "几种颜色"): a measure word, then the noun.
_ZH_COUNT = re.compile(r"(?:多少|几)[个种位名家次条年天件只本人项类]?([" + HAN + r"]{1,4})")
_NAME_TAGS = frozenset({"ns", "nr", "nrt", "nt", "nz", "nrfg"})
_EN_ASK = lexicon.pattern("asking.question_words_en", template=r"\s*(?:{})\b", flags=re.I)


@cache
def focus(question: str) -> str:
    """The stemmed word a question asks for ("" when its shape shows none)."""
    core = core_question(question)
    phrasing = phrasing_words(core)
    terms = [
        t
        for t in key_terms(core)
        if not YEAR_RE.fullmatch(t) and not t.isdigit() and stem(t) not in phrasing
    ]
    if not terms:
        return ""
    if HAN_RE.search(core):
        return stem(_zh_focus(core, terms))
    if not _EN_ASK.match(core):
        return ""  # "Does …?", "Is …?": a yes/no question asks for no one thing
    capitalised = _capitalised(core)
    for t in terms:
        if t not in capitalised:
            return stem(t)
    return ""


def _zh_focus(core: str, terms: list[str]) -> str:
    ask = _ZH_ASK.search(core)
    if ask is None:
        return ""
    count = _ZH_COUNT.match(core, ask.start())
    after = count.group(1) if count else ""
    for t in terms:
        if after and after.startswith(t):
            return t
    before = core[: ask.start()]
    placed = [(before.rfind(t), t) for t in terms if before.rfind(t) >= 0]
    return max(placed)[1] if placed else ""


def _capitalised(core: str) -> set[str]:
    """Lower-cased words written with a capital inside the question (not its first word)."""
    out = set()
    for i, m in enumerate(NAME_WORD_RE.finditer(core)):
        w = m.group(0)
        if i and w[0].isupper():
            out.add(re.sub(r"['’]s$", "", w).lower())
    return out


@cache
def names(question: str) -> frozenset[str]:
    """The stemmed names (places, people, organisations) a Chinese question is asked of."""
    core = core_question(question)
    if not HAN_RE.search(core):
        return frozenset()
    return frozenset(stem(w) for w, flag in _tagged(core) if flag in _NAME_TAGS and len(w) >= 2)


_CAPITAL_RUN = re.compile(r"[A-Z][\w&'’.-]*(?:\s+(?:&\s+)?[A-Z][\w&'’.-]*)*")


def owner_named(question: str, owner: set[str]) -> set[str]:
    """The stems of the words by which the question names the company whose report it is
    (``Evidence.owner``): a capitalised run made of its name's words ("Best Orchard", "ACME"),
    or two of them in a row within a longer run. Alone in a longer run, a name word is
    another name's ("Lakeside Resorts" of Orchard Resorts International)."""
    out: set[str] = set()
    other: set[str] = set()  # used in another name too: still a word of the question
    for m in _CAPITAL_RUN.finditer(question):
        run = [stem(re.sub(r"['’]s$", "", w).strip(".")) for w in m.group(0).split() if w != "&"]
        mine = [w in owner for w in run]
        if all(mine):
            out |= set(run)
            continue
        paired = {j for i in range(len(run) - 1) if mine[i] and mine[i + 1] for j in (i, i + 1)}
        out |= {run[j] for j in paired}
        other |= {w for j, w in enumerate(run) if j not in paired}
    return out - other
