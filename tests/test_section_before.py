"""A section's later chunk is read with the question words its chunks just before use
(``agent/models/section_before.py``): an article names its subject in its first lines
and states the record asked of it a chunk on. Only chunks of the same document and
section, and only a few chunks back, lend their words."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.models.features import make_ask
from agent.models.section_before import section_before


def _p(cid: str, section: str, text: str) -> Passage:
    return Passage(chunk_id=cid, doc_id="d", page=1, page_end=1, section=section, text=text)


def test_a_later_chunk_inherits_the_words_of_its_section_opening() -> None:
    opening = _p("d#4", "Tarnby Open", "The Tarnby badminton open is held each November.")
    record = _p("d#5", "Tarnby Open", "Lena Voss won the singles title four times, the most.")
    far = _p("d#9", "Tarnby Open", "The hall was rebuilt.")
    other = _p("d#6", "Harbour Ferries", "The ferries sail hourly.")
    found = [opening, record, far, other]
    df = {"badminton": 2, "singl": 1, "titl": 1, "tarnby": 4, "won": 1, "open": 4}
    ev = [Evidence(tool="search_document", query="q", passages=found, term_df=df, scope_chunks=40)]
    ask = make_ask("Who won the most singles titles at the Tarnby badminton open?", ev)
    before = section_before(ask, ev, {})
    assert "badminton" in before["d#5"]  # said by the opening, one chunk before
    assert "d#4" not in before  # nothing of the section before its opening
    assert "d#9" not in before  # five chunks on: too far to lend its words
    assert "d#6" not in before  # another section
