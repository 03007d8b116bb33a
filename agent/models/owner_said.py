"""Does a stretch of text speak of the report's own company: its writer's words ("we",
"our", "the Company", data in ``lexicon/world_questions.json``) or the owner's name?"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from agent.scope import stem
from pipeline.text.lexicon import words

WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")


def owner_said(tokens: Sequence[str], owner: Iterable[str], asked: Iterable[str] = ()) -> bool:
    """Do the (lower-case) tokens name the owner (``owner``: its names' stems) or say
    its writer's words? A word the question asks itself (``asked``: stems, "companies")
    tells nothing of whom the text speaks."""
    skip = set(asked)
    names = set(owner) - skip
    own = [w for w in words("world_questions.own_en") if stem(w.split()[-1]) not in skip]
    joined = f" {' '.join(tokens)} "
    return any(stem(t) in names for t in tokens) or any(f" {w} " in joined for w in own)
