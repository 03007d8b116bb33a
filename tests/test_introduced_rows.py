"""A table row that only leads in ("(4) The member proposal regarding … was defeated: | |")
is answered with the rows it introduces (the tally "For | …", "Against | …"), up to the
next lead-in row: the outcome without its figures is half the answer. Invented names."""

from __future__ import annotations

from agent.evidence import Passage, units
from agent.models.answering.introduced_rows import introduced, with_rows
from agent.models.candidates import Candidate

TABLE = """|  |  |
|---|---|
| (3) The members approved the auditor's appointment: |  |
| For | 90,112 |
| Against | 4,031 |
| (4) The member proposal regarding a rotating chair was defeated: |  |
| For | 21,407 |
| Against | 77,935 |
| Abstain | 1,220 |
| (5) The member proposal regarding a canal report was defeated: |  |
| For | 9,880 |"""


def _row(text: str) -> Candidate:
    p = Passage(chunk_id="nw#13", doc_id="nw", page=4, page_end=4, section="Votes", text=TABLE)
    u = next(u for u in units(TABLE) if text in u.text)
    return Candidate(p, u, 0.9, frozenset(), 0)


def test_a_lead_in_row_goes_on_with_its_own_rows_only() -> None:
    c = _row("rotating chair")
    rows = [u.text for u in introduced(c)]
    assert len(rows) == 3 and "21,407" in rows[0] and "1,220" in rows[2], rows
    body = with_rows(
        "(4) The member proposal regarding a rotating chair was defeated [nw#13].", c, introduced(c)
    )
    first = body.splitlines()[0]
    assert "For 21,407" in first and "Against 77,935" in first, first
    assert "9,880" not in first and "90,112" not in first  # the other matters' tallies


def test_a_row_with_a_value_introduces_nothing() -> None:
    assert introduced(_row("Against | 77,935")) == []
