"""Words that phrase a question rather than name what it is about (``data/phrasing.json``).

"What are the three main companies acquired by X mentioned in this 10K report?" is about
companies acquired; "main", "three" and "mentioned" are rare in a filing, so by rarity
alone they would outweigh the words of the subject, and a risk factor's "important
factors" would answer "any materially important legal battles". Such words, and the
words of a phrase pointing at the document itself ("in this 10K report"), weigh a
fraction of their rarity (``features.make_ask``), are never the question's focus, and
stay out of the keyword searches (``planner.py``). So do the words of a phrase naming the
period asked about ("the first half of fiscal 2025", "as of Q3 of FY2025 close"): they say
when, not what about (the year itself is read apart, as a year), and those of a phrase
asking what a thing is for ("meant to achieve"): the kind of answer, not its subject.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from agent.scope import stem
from pipeline.text.segment import words

DATA = Path(__file__).with_name("data") / "phrasing.json"
WEIGHT = 0.3  # the share of its rarity a phrasing word weighs (as an everyday Chinese word)


@cache
def _data() -> tuple[frozenset[str], tuple[re.Pattern[str], ...]]:
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    patterns = [*raw["document"], *raw["purpose"], *raw["period"]]
    compiled = tuple(re.compile(p, re.I) for p in patterns)
    return frozenset(stem(w) for w in [*raw["en"], *raw["zh"]]), compiled


@cache
def phrasing_words(question: str) -> frozenset[str]:
    """The stemmed words of a question that phrase it: listed phrasing words, and the
    words of a phrase pointing at the document ("mentioned in this 10K report"; of a
    pattern with a group "w", that group's: "Has X *reported* any …"), and those of a
    phrase naming the period asked about ("in the first half of fiscal 2023") or asking a
    purpose ("what is it meant to achieve")."""
    listed, document = _data()
    found = {stem(w) for w in words(question)} & listed
    for pattern in document:
        for m in pattern.finditer(question):
            said = m.group("w") if "w" in pattern.groupindex else m.group(0)
            found |= {stem(w) for w in words(said)}
    return frozenset(found)
