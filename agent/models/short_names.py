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
from pipeline.text.segment import cut_words
from pipeline.text.short_forms import written_short

Covered = tuple[frozenset[str], re.Pattern[str]]


def short_names(question: str, evidence: Sequence[Evidence]) -> tuple[Covered, ...]:
    """For each stretch of the question the passages write short: the stemmed question
    words inside it, and a pattern finding its short forms."""
    texts = list(dict.fromkeys(p.text for ev in evidence for p in ev.passages))
    terms = key_terms(question)
    forms: dict[frozenset[str], set[str]] = {}
    for run in HAN_RUN_RE.findall(core_question(question)):
        cut = cut_words(run)
        for text in texts:
            for form, first, last in written_short(cut, text):
                stretch = "".join(cut[first : last + 1])
                covered = frozenset(stem(t) for t in terms if len(t) > 1 and t in stretch)
                if covered:
                    forms.setdefault(covered, set()).add(form)
    return tuple(
        (covered, re.compile("|".join(re.escape(f) for f in sorted(said, key=len, reverse=True))))
        for covered, said in forms.items()
    )
