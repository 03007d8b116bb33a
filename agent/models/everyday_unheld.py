"""A Chinese question of everyday words whose asked kind no chosen unit holds: world
knowledge whose words a document happens to use ("叶子" in a plant's description). Read by
the answerability gate (``answerability.decide``) when it passes such a question short of
sure."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from agent.answer_kinds import asked_kinds, holds
from agent.models.candidates import Candidate
from agent.models.rarity import information
from agent.rewrite import core_question
from pipeline.text.script import HAN_RE

# Kinds one sentence holds or not: a reason, a figure, a date, a person, a place (a
# definition or a list is any description, never missing as such).
_HELD_KINDS = frozenset({"number", "date", "person", "place", "reason"})
# The most informative word of a question of world knowledge is an everyday one ("叶子",
# "地球", "速度": Zipf ≥ 3.4); a document's question names its own subject (a species, a
# person, a product), which general language rarely uses.
EVERYDAY = 0.6
# A year or a Latin name asked of ("为什么1987年的FIFA会议改在了秋天？") makes a question
# about one particular thing, whatever its other words.
_PARTICULAR = re.compile(r"[0-9A-Za-z]")


def everyday_unheld(question: str, words: Mapping[str, str], chosen: Sequence[Candidate]) -> bool:
    """A Chinese question of everyday words asking a kind of thing (why, how long, when,
    who, where) that none of the chosen units holds: world knowledge whose words a
    document happens to use ("叶子" in a plant's description), not its content. The
    gate reads each of these apart; together they are a refusal. ``words``: stem → word of
    the question's content words (``question_words.question_words``)."""
    core = core_question(question)
    kinds = asked_kinds(core) & _HELD_KINDS
    if not HAN_RE.search(core) or not kinds or _PARTICULAR.search(core):
        return False
    if not words or max(information(w) for w in words.values()) >= EVERYDAY:
        return False
    return not any(holds(k, c.unit.text, question) for c in chosen for k in kinds)
