"""A change whose two values two sentences state: the value that ended ("terminated the
$… facility") and its replacement ("entered into a new $… facility"), each in its own
sentence, perhaps its own chunk. Invented companies only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.models.planner import plan
from agent.support import check

ENDED = (
    "Effective March 3, 2026, Halvard Shipping terminated the $2,000,000,000 secured term "
    "loan facility, dated as of March 5, 2024, among Halvard and its lenders. No loans were "
    "outstanding under it at the time."
)
BEGUN = (
    "On March 3, 2026, Halvard Shipping entered into a new $2,500,000,000 secured term loan "
    "facility with the same lenders. It matures on March 3, 2031."
)
# another facility of the same filing, replaced the same day: not the one asked about
OTHER = (
    "Halvard also terminated its $700,000,000 harbour equipment lease line. It entered into "
    "a new $650,000,000 harbour equipment lease line."
)
SHRUNK = (
    "In May 2026, Corvane Foods terminated its $900 million inventory financing programme. "
    "Corvane then put in place a new $600 million inventory financing programme."
)
QUESTION = "By how much did Halvard increase its secured term loan facility on March 3, 2026?"


def _evidence(*texts: str) -> list[Evidence]:
    passages = [
        Passage(chunk_id=f"hv#{i}", doc_id="hv", page=2 + i, page_end=2 + i, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    return [Evidence(tool="search_document", query="q", passages=passages)]


def test_a_change_is_computed_from_the_sentence_that_ended_a_value_and_its_replacement() -> None:
    a = figure_answer(QUESTION, _evidence(ENDED, OTHER, BEGUN), "en")
    assert a is not None and a.lines, a
    line = a.lines[0]
    assert "$2,500,000,000 − $2,000,000,000 = $500,000,000" in line, line
    assert "[hv#2]" in line and "[hv#0]" in line, line  # both sentences cited
    assert "secured term loan facility" in line, line  # what changed is named
    assert check(line.split("[")[0], BEGUN + " " + ENDED).supported


def test_which_value_came_first_is_told_by_the_words_not_by_size() -> None:
    q = "By how much did Corvane change its inventory financing programme in 2026?"
    a = figure_answer(q, _evidence(SHRUNK), "en")
    assert a is not None and a.lines, a
    assert "$600 million − $900 million = −$300 million" in a.lines[0], a.lines


def test_only_one_value_in_the_turn_reads_its_page_for_the_other() -> None:
    a = figure_answer(QUESTION, _evidence(ENDED), "en")
    assert a is not None and not a.lines and a.read == [2], a
    calls = plan(QUESTION, _evidence(ENDED), 1, ["search_document", "read_page"])
    assert calls and calls[0]["name"] == "read_page" and calls[0]["args"] == {"page": 2}, calls


def test_no_change_asked_or_no_sentence_saying_the_figure_answers_nothing() -> None:
    asked = "What secured term loan facility did Halvard enter into on March 3, 2026?"
    assert figure_answer(asked, _evidence(ENDED, BEGUN), "en") is None
    other = "By how much did Halvard increase its dividend in 2026?"
    assert figure_answer(other, _evidence(ENDED, BEGUN), "en") is None
