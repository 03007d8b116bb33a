"""The one check every answer passes that the answerability gate has not read.

The sentences the selector chooses go through the gate (``answerability.decide``); a
section listed for a topic (``answering/topic.py``) or an overview's sentence describing
the subject (``answering/subject.py``) are other ways to the same answer, and must not be
a way round it. Their evidence is chosen for a heading naming a word of the question
("… Las Vegas, Nevada 89109" over a cover's address block, for "the capital of Nevada"),
and a heading naming the place asked of holds nothing of what is asked of it. So such an
answer is given only when its evidence (the quotes, the passages cited, their headings)
uses the word the question asks for (``focus.py``): "capital", "风险", "客户".
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from agent.models.focus import focus
from agent.scope import stem
from pipeline.text.script import HAN_RE

# the forms the gate does not read: a section's statements, a description of the subject
UNGATED = frozenset({"section", "description"})
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")


def uses_focus(question: str, texts: Iterable[str]) -> bool:
    """Does any text use the word the question asks for (true when it asks none)?"""
    asked = focus(question)
    if not asked:
        return True
    if HAN_RE.search(asked):
        return any(asked in t for t in texts)
    return any(asked in {stem(w.lower()) for w in _WORD.findall(t)} for t in texts)


def unheld_focus(question: str, form: str, texts: Iterable[str]) -> str:
    """Why an answer of an ungated form cannot be given ("" when it can)."""
    if form not in UNGATED or uses_focus(question, texts):
        return ""
    return f"its evidence does not say the “{focus(question)}” asked"
