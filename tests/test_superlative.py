"""A superlative asked ("the tallest …", "最长的…") is answered only by evidence saying
it; a document's own superlatives about other things do not answer a world one. The
superlatives are read from the words' shapes. Invented text."""

from __future__ import annotations

from agent.models.superlative import superlatives, unheld_superlative


def test_superlatives_are_read_from_the_words_shapes() -> None:
    assert superlatives("What is the tallest tower in Veltrania?") == ["tallest"]
    assert superlatives("Which was the biggest interest payment?") == ["biggest"]
    assert superlatives("Which segment was the most profitable?") == ["most profitable"]
    assert superlatives("青岚州最长的河是哪条？") == ["最长"]
    # words ending in -est that are no superlative
    assert superlatives("What interest did the forest request?") == []


def test_only_evidence_saying_the_superlative_answers() -> None:
    q = "What is the tallest tower in Veltrania?"
    assert unheld_superlative(q, ["Our largest resort in Veltrania has 3,000 rooms."])
    assert not unheld_superlative(q, ["The Orrin Tower is the tallest tower in Veltrania."])
    zh = "亚洲最深的竖井是哪个？"
    assert not unheld_superlative(zh, ["其中白石坑的深度为920米，为亚洲第一。"])
    assert unheld_superlative(zh, ["白石坑的深度为920米。"])
    assert not unheld_superlative("What was revenue in 2024?", ["Revenue grew."])
