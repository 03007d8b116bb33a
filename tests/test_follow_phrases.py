"""Follow-up questions ask about whole names of attributes (invented report passages).

A phrase pointing elsewhere ("the risks described below"), a name opening a sentence
("Tarvania is …") and a name cut inside its brackets ("Statement on Form S-9 (File No.")
are no topic: asked back they read "What are the described below?", "What is the
tarvania?", "What was Statement on Form S-9 (File No.?".
"""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.models.follow import follow_ups

QUESTION = "What was ferry revenue in 2031?"
QUOTE = "Ferry revenue was $4.1 million in 2031."


def _asked(text: str) -> list[str]:
    cited = Passage(chunk_id="d#0", doc_id="d", page=3, page_end=3, section="Results", text=text)
    ev = Evidence(tool="search_document", query="ferry revenue", passages=[cited])
    return follow_ups(QUESTION, [ev], [cited], "en", quoted=[QUOTE])


def test_a_phrase_pointing_elsewhere_or_a_name_is_no_attribute() -> None:
    qs = _asked(
        f"{QUOTE} The risks described below are the ones we consider most significant. "
        "Described below are the steps we took to reduce them. "
        "Tarvania is a significant producer of the diesel our ferries burn. "
        "The purchase price was $12 million in cash."
    )
    said = " ".join(qs).lower()
    assert "described below" not in said and "tarvania?" not in said, qs
    assert "What was the purchase price?" in qs, qs  # an attribute is still asked about


def test_a_capitalised_word_the_passage_also_writes_in_lower_case_is_an_attribute() -> None:
    qs = _asked(f"{QUOTE} Tonnage was 4,200 tons in 2031. Our tonnage grew with new routes.")
    assert "What was the tonnage?" in qs, qs


def test_a_name_cut_inside_its_brackets_asks_nothing() -> None:
    table = (
        "| Exhibit | Description |\n"
        "| Registration Statement on Form S-9 (File No. | 333-20 |\n"
        "| Net ferry income | 1,250 | 1,100 |"
    )
    cited = Passage(chunk_id="d#0", doc_id="d", page=3, page_end=3, section="Results", text=QUOTE)
    rows = Passage(chunk_id="d#1", doc_id="d", page=3, page_end=3, section="Results", text=table)
    ev = Evidence(tool="search_document", query="ferry revenue", passages=[cited, rows])
    qs = follow_ups(QUESTION, [ev], [cited], "en", quoted=[QUOTE])
    assert not any("(" in q and ")" not in q for q in qs), qs
    assert "What was net ferry income?" in qs, qs
