"""A Chinese question asking two things at once, in two clauses.

"泰国国徽是什么时候启用的，图案是什么？" asks a date and a description: the sentence giving
the date does not answer the rest, which the next sentence, going on about the same
subject without naming it ("为一只……"), does (``spans.py`` quotes both).
"""

from __future__ import annotations

import re

from agent.rewrite import core_question
from pipeline.text import lexicon
from pipeline.text.script import HAN_RE

# what a Chinese question asks with (its question words, and how, and yes or no): two of
# them in two clauses of one question ask two things
_ASKING_ZH = lexicon.pattern("asking.question_words_zh", "asking.manner_zh", template="{}")


def two_asked(question: str) -> bool:
    """Does a Chinese question ask two things, in two clauses ("……是什么时候启用的，图案是
    什么？", "……好吃吗，可以怎么吃？")?"""
    core = core_question(question)
    if not HAN_RE.search(core):
        return False
    clauses = [c for c in re.split(r"[，,；;]", core) if c.strip()]
    return sum(1 for c in clauses if _ASKING_ZH.search(c)) >= 2
