"""The one check every answer passes that the answerability gate has not read.

The sentences the selector chooses go through the gate (``answerability.decide``); a
section listed for a topic (``answering/topic.py``) or an overview's sentence describing
the subject (``answering/subject.py``) are other ways to the same answer, and must not be
a way round it. Their evidence may be chosen for a heading naming a name of the question
("… Las Vegas, Nevada 89109" over a cover's address block, for "the capital of Nevada"),
and a heading naming the place asked of holds nothing of what is asked of it. So such an
answer is given only when its evidence (the quotes, the passages cited, their headings)
uses one of the question's words besides its names, or a word of the same root
("capital"; "Acquisitions" of "Which companies did <Registrant> acquire?"): what the
question asks of the name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from agent.scope import stem
from pipeline.text.script import HAN_RE

# the forms the gate does not read: a section's statements, a description of the subject
UNGATED = frozenset({"section", "description"})
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")


def uses_any(words: Iterable[str], texts: Sequence[str]) -> bool:
    """Does any text use one of the words (a Chinese one written in it, an English one by
    its stem)? True when there are no words."""
    words = list(words)
    if not words:
        return True
    stems = {stem(w.lower()) for t in texts for w in _WORD.findall(t)}
    for w in words:
        if HAN_RE.search(w) and any(w in t for t in texts):
            return True
        if not HAN_RE.search(w) and any(kin(stem(w.lower()), s) for s in stems):
            return True
    return False


_ROOT = 5  # letters: "acqui" of "acquire" and "Acquisitions" (stems "acquir", "acquisit")
_ROOT_SHARE = 0.8


def kin(a: str, b: str) -> bool:
    """The same word, or words of one root: a long common beginning, most of the shorter."""
    if a == b:
        return True
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n >= _ROOT and n >= _ROOT_SHARE * min(len(a), len(b))


def unheld_focus(form: str, asked: Iterable[str], texts: Sequence[str]) -> str:
    """Why an answer of an ungated form cannot be given ("" when it can): its evidence
    uses none of ``asked``, the question's words besides its names."""
    asked = list(asked)
    if form not in UNGATED or uses_any(asked, texts):
        return ""
    return f"its evidence says none of {', '.join(asked)}"
