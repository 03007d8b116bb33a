"""A section the question's topic names that only points to a note ("Legal Proceedings:
See discussion of legal proceedings in Note 9 …", "The material set forth in Note 15 … is
incorporated herein by reference") is followed to that note, which answers, cited; a
yes/no question about the topic is decided there. Every document here is invented."""

from __future__ import annotations

from pathlib import Path

from agent.note_pointer import only_points, pointed_note
from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

_OTHER = "\n".join(
    f"## {name}\n\n{text}\n"
    for name, text in (
        ("Ferries", "Our ferries cross the sound eight times a day in summer."),
        ("Harbours", "We run the harbours of Keswick and Brant under concessions."),
        ("Fuel", "Diesel is bought monthly from two suppliers in Brant."),
        ("Crew", "The company employs 310 sailors and 95 harbour staff."),
        ("Competition", "A bridge planned across the sound would compete with the ferries."),
        ("Safety", "Every vessel is inspected each spring by the maritime board."),
    )
)
REPORT = (
    "# Keswick Marine quarterly report\n\n" + _OTHER + "\n## Legal proceedings\n\n"
    "See discussion of legal proceedings in Note 9 – Commitments and Contingencies in the "
    "accompanying financial statements.\n\n"
    "## Notes to the financial statements\n\n"
    "### Note 8. Leases\n\n"
    "The ferry terminals are leased under leases ending in 2049.\n\n"
    "### Note 9. Commitments and contingencies\n\n"
    "The company is a defendant in a lawsuit brought by a former fuel supplier over "
    "unpaid invoices for marine diesel.\n"
    "Letters of credit of 12 million guarantee the harbour concessions.\n"
)


def test_pointers_in_longer_words_only_point() -> None:
    led = (
        "See discussion of legal proceedings in Note 9 – Commitments and Contingencies in "
        "the accompanying consolidated financial statements."
    )
    assert pointed_note(led) == "9" and only_points(led)
    incorporated = (
        'The material set forth in Note 15, "Contingencies and Legal Proceedings," in '
        '"Item 1. Financial Statements" is incorporated herein by reference.'
    )
    assert pointed_note(incorporated) == "15" and only_points(incorporated)
    said = "Fares rose 4% on the northern routes this quarter; see the discussion in Note 3."
    assert pointed_note(said) == "3" and not only_points(said)


def test_a_section_that_only_points_is_answered_from_the_note(folio: Folio, tmp_path: Path) -> None:
    doc = ingest_text(folio, tmp_path, "keswick_marine.md", REPORT)
    answer = (
        ChatService(folio).ask("Is Keswick Marine involved in any legal proceedings?", [doc]).answer
    )
    assert not answer.refused, answer.answer
    assert "fuel supplier" in answer.answer, answer.answer
    assert any("fuel supplier" in c.quote for c in answer.citations), answer.citations
    assert "See discussion" not in answer.answer, answer.answer
