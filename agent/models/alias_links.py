"""A thing asked by a name its article gives it besides its main one: "龙尖" asked, the
article "蓝线裸顶鲷" saying "蓝线裸顶鲷，又称蓝线白，俗名龙尖" once and "体长可达80公分"
of it under its own name, or of "本鱼".

The passages found say which names are one thing's (``pipeline/text/aliases.py``: the
name before a marker such as 又称, 原名, 本名, 字, 号 and the names after it), and each
passage's heading names what it is about. A question holding one of a thing's names
uses the same question words as a text or heading writing another of them: a synonym
rule of the question (``features.hits``), as a short form's is (``short_names.py``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.evidence import Evidence, Passage
from agent.rewrite import core_question, key_terms
from agent.scope import stem
from pipeline.text.aliases import alias_groups

Covered = tuple[frozenset[str], re.Pattern[str]]


def heading_name(p: Passage) -> str:
    """The last part of a passage's heading path: the article or section it is in."""
    return re.split(r"\s*[>/›»]\s*", p.section.strip())[-1].strip() if p.section else ""


def thing_names(evidence: Sequence[Evidence]) -> list[frozenset[str]]:
    """Each thing the passages give several names, with its heading's name among them."""
    seen: dict[str, str] = {}
    for ev in evidence:
        for p in ev.passages:
            seen.setdefault(p.text, heading_name(p))
    out = []
    for text, heading in seen.items():
        for group in alias_groups(text):
            out.append(group | {heading} if heading else group)
    return list(dict.fromkeys(out))


def alias_rules(question: str, evidence: Sequence[Evidence]) -> tuple[Covered, ...]:
    """For each name of a thing the question asks by: the stemmed question words inside
    it, and a pattern finding the thing's other names."""
    core = core_question(question)
    terms = key_terms(question)
    forms: dict[frozenset[str], set[str]] = {}
    for names in thing_names(evidence):
        asked = [n for n in names if len(n) >= 2 and n in core]
        if not asked:
            continue
        others = names - set(asked)
        # a name asked inside another asked ("刘六" in "刘六刘七起义") is that one's part
        covered = frozenset(stem(t) for t in terms if any(t in n for n in asked))
        if covered and others:
            forms.setdefault(covered, set()).update(others)
    return tuple(
        (covered, re.compile("|".join(re.escape(f) for f in sorted(said, key=len, reverse=True))))
        for covered, said in forms.items()
    )
