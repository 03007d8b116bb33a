"""A yes or no on a figure's move, said first when the two figures an answer cites decide
it: "Did R&D expense fall in FY2024?" opens "Yes: research and development expense was
$3,841 million in FY2024 …" once the line beside it gives the year before's. A question
the two figures do not decide ("more than double", "faster than net sales") is answered
with the figures alone (``agent/question/asked_move.py``)."""

from __future__ import annotations

from agent import prompts
from agent.question.asked_move import verdict

_ZH = {"Yes": "是", "No": "否"}


def opened(
    lines: list[str], question: str, before: float, after: float, lang: prompts.Lang
) -> list[str]:
    """The lines with the verdict opening the first, when ``before`` and ``after`` (the
    earlier figure first) decide the yes or no the question asks; else unchanged."""
    said = verdict(question, before, after)
    if not said or not lines:
        return lines
    first = lines[0]
    if lang == "zh":
        return [f"{_ZH[said]}：{first}", *lines[1:]]
    return [f"{said}: {read_on(first)}", *lines[1:]]


def read_on(text: str) -> str:
    """``text`` read on inside a sentence: "Research and development …" in lower case, a
    name written with capitals inside its first word ("EBITDA", "MedTech") as it is."""
    word = text.split(" ", 1)[0]
    if any(c.isupper() for c in word[1:]):
        return text
    return text[:1].lower() + text[1:]
