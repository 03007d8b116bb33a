"""A line item asked by its verb ("How much did the Orchard line sell in 2024?"): the
figure methods read items by their nouns, so the question is worded with the noun ("How
much were the Orchard line sales in 2024?") before anything reads it. The verbs and
their nouns are data (``agent/data/item_verbs.json``)."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

_DATA = Path(__file__).resolve().parents[1] / "data" / "item_verbs.json"


@cache
def _verbs() -> tuple[dict[str, str], re.Pattern[str], re.Pattern[str]]:
    raw = json.loads(_DATA.read_text(encoding="utf-8"))
    verbs: dict[str, str] = raw["verbs"]
    alternation = "|".join(re.escape(v) for v in sorted(verbs, key=len, reverse=True))
    asked = re.compile(
        rf"^(?P<lead>\W*how much)\s+(?:did|does|do|will|would)\s+(?P<subject>.+?)\s+"
        rf"(?P<verb>{alternation})\b(?P<rest>.*)$",
        re.I | re.S,
    )
    participles = "|".join(re.escape(p) for p in raw["participles"])
    passive = re.compile(
        rf"^(?P<lead>\W*how much)\s+(?P<noun>\w+)\s+(?P<be>was|were|is|are)\s+"
        rf"(?P<part>{participles})\b(?P<rest>.*)$",
        re.I | re.S,
    )
    return verbs, asked, passive


def noun_worded(question: str) -> str:
    """The question with an item asked by its verb asked by its noun ("How much did X
    sell in 2022?" → "How much were X sales in 2022?", "How much cash was paid to …?" →
    "How much was cash paid to …?"); unchanged otherwise."""
    verbs, asked, passive = _verbs()
    m = asked.match(question)
    if m is not None:
        noun = verbs[m.group("verb").lower()]
        return f"{m.group('lead')} were {m.group('subject')} {noun}{m.group('rest')}"
    m = passive.match(question)
    if m is not None:
        said = f"{m.group('noun')} {m.group('part')}{m.group('rest')}"
        return f"{m.group('lead')} {m.group('be')} {said}"
    return question
