"""Names a question is asked of that the scope never uses: a question about another
document or company, refused before any unit is judged (``judge.py``)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.evidence import Evidence
from agent.models.expansions import aliases
from agent.models.features import scope_missing
from agent.models.short_names import long_names
from agent.question.acronyms import METRIC_ACRONYMS
from agent.scope import stem
from pipeline.text.script import EAST_ASIAN_SPAN, FULLWIDTH

# Latin letters, digits and "&.-": a name runs on into Chinese text without a space
# ("WTA赛事"), and Chinese characters are word characters too.
_LATIN_NAME = re.compile(
    r"\(?[A-Za-z](?:[^\W" + EAST_ASIAN_SPAN + FULLWIDTH + r"]|[&.-])*(?:['’]s)?\)?"
)


def absent_names(question: str, evidence: Sequence[Evidence]) -> list[str]:
    """Every capitalised word of the question (but its first) that the scope never uses:
    for a question about a whole document, the words naming that document ("the
    Velmor 10-K") must be the scope's, or the question is about another one."""
    missing = scope_missing(evidence) - _spelled_out(question, evidence)
    names = []
    for m in list(_LATIN_NAME.finditer(question))[1:]:
        word = re.sub(r"['’]s$", "", m.group(0).strip("()")).strip(".")
        if any(c.isupper() for c in word) and stem(word) in missing:
            names.append(word)
    return list(dict.fromkeys(names))


def missing_names(question: str, evidence: Sequence[Evidence]) -> list[str]:
    """Names in the question that the scope never uses.

    A name is a capitalised word ("Adobe", "JnJ", "AMCOR"); figures
    ("FY2022"), acronyms being defined ("(DPO)") and metric acronyms ("EBITDA") are not
    names: reports often spell those out, and neither is an abbreviation the scope uses
    spelled out ("AGM": "annual meeting of shareholders").
    """
    missing = scope_missing(evidence) - _spelled_out(question, evidence)
    if not missing:
        return []
    names = []
    prev = ""
    for m in _LATIN_NAME.finditer(question):
        raw, before = m.group(0), prev
        word = re.sub(r"['’]s$", "", raw.strip("()")).strip(".")
        prev = word
        if m.start() == 0 or raw.startswith("(") or any(c.isdigit() for c in word):
            continue
        if word.isupper() and word.lower() in METRIC_ACRONYMS:
            continue
        if before.lower() in ("the", "a", "an") or (before.isupper() and len(before) > 1):
            continue  # "the Highest", "EBITDAR Contribution": emphasis, not a name
        if any(c.isupper() for c in word) and stem(word) in missing:
            names.append(word)
    return list(dict.fromkeys(names))


def _spelled_out(question: str, evidence: Sequence[Evidence]) -> set[str]:
    """The words of the question's abbreviations that the searches found spelled out, from
    the list of abbreviations or, an acronym none lists, by the capitals of a name the
    passages write ("OCW": "OpenCourseWare")."""
    used = {stem(t) for ev in evidence for t, n in ev.term_df.items() if n > 0}
    listed = {
        f for a in aliases(question) if any(p <= used for p in a.phrases) for f in a.fragments
    }
    gone = scope_missing(evidence)
    return listed | {t for covered, _ in long_names(question, evidence, gone) for t in covered}
