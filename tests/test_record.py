"""A superlative over the world or a named place is a record: answered only by evidence
stating it with the thing it ranks. A superlative of the report's own things (its largest
customer, the largest component of its expenses) is left to the rows that rank them.
Invented names and sentences only."""

from __future__ import annotations

from agent.evidence import Evidence
from agent.models.record import records, states, unheld_record
from tests.scopekit import owned_scope


def _scope(section: str = "Properties") -> list[Evidence]:
    return owned_scope(section=section)


def test_a_superlative_over_the_world_or_a_place_is_a_record() -> None:
    ev = _scope()
    for q, word, head in (
        ("What is the tallest tower in the world?", "tallest", "tower"),
        ("What is the largest town in Vermont?", "largest", "town"),
        ("Which river is the longest on earth?", "longest", "river"),
        ("青州最畅销的瓷器是什么？", "最畅销", "瓷器"),
        ("世界上最长的隧道是哪一条？", "最长", "隧道"),
    ):
        found = records(q, ev)
        assert [(r.word, r.head) for r in found] == [(word, head)], q


def test_the_reports_own_superlatives_are_no_records() -> None:
    ev = _scope(section="Europe")
    for q in (
        "What was the largest component of Brenmoor's operating expenses in 2023?",
        "Who is Brenmoor's largest customer?",
        "What was the largest component of operating expenses in 2023?",
        "Which segment had the highest sales in Europe?",  # a part of the report
        "Which debt had the largest investment for BGW in H1 FY2023?",  # its short name, a period
        "Which debt had the largest investment in H1 FY2023?",
        "白溪乐团赛事最杰出的选手是谁？",  # no world and no place before the superlative
    ):
        assert records(q, ev) == [], q


def test_a_record_is_held_only_when_said_of_the_thing_it_ranks() -> None:
    ev = _scope()
    (tower,) = records("What is the tallest tower in the world?", ev)
    assert states(tower, "The Alder Spire is the tallest towers of the region.")
    assert not states(tower, "Our tallest shelves in the store hold tower fans.")
    assert unheld_record([tower], ["We own a tower in Lowell."])
    (zh,) = records("全世界规模最大的大学是哪一所？", ev)
    assert not states(zh, "白溪医院是全世界规模最大的医院。它隶属白溪大学。")
    assert states(zh, "白溪大学是全世界规模最大的大学。")
    assert unheld_record(records("What is the tallest tower in Vermont?", ev), []) != ""
