"""A question's name that the documents write short: 澳大利亚网球公开赛 asked, 澳网 written.

The word cutter splits a full name into its words (澳大利亚 / 网球 / 公开赛); a sentence
writing the short form uses none of them, and loses to one holding the pieces in another
name ("美国网球公开赛"). The passages found show which short forms the documents write
(``pipeline/text/short_forms.written_short``); a text writing one uses every question
word of the stretch of the name it shortens, as a text saying a synonym rule's wording
does (``features.hits``), and those words are not missing from the documents.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.evidence import Evidence
from agent.rewrite import core_question, key_terms
from agent.scope import stem
from pipeline.text.script import HAN_RUN_RE
from pipeline.text.segment import ZH_STOPWORDS, cut_words, everyday_word
from pipeline.text.short_forms import written_short

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
