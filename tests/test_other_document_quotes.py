"""With several documents in scope, another document is quoted under an answer only where
it states the answer's own figure: a release's guidance row is no support for another
release's quarter, however many figures it shares with a quote of that release."""

from __future__ import annotations

from agent.evidence import Evidence, Passage, units
from agent.models.candidates import Candidate
from agent.models.corroborate import corroborating
from agent.models.support_quotes import supports

_QUARTER = "| Adjusted EPS (diluted) | $2.35 | $2.13 | 10.3% |"
_JANUARY = "| Adjusted EPS (Diluted) / Mid-point | $10.45 – $10.65 / $10.55 |"
_JULY = "| Adjusted EPS (Diluted) / Mid-point | $10.50 – $10.60 / $10.55 |"
_LATER_QUARTER = "| Adjusted EPS (diluted) | $2.80 | $2.35 | 19.1% |"


def _passage(cid: str, text: str, page: int) -> Passage:
    doc = cid.split("#", 1)[0]
    return Passage(chunk_id=cid, doc_id=doc, page=page, page_end=page, text=text, rank=page)


def _candidate(p: Passage) -> Candidate:
    return Candidate(p, units(p.text)[0], 0.0, frozenset(), 0)


def test_another_release_corroborates_only_the_answers_own_figure() -> None:
    q4 = [_passage("q4#1", _QUARTER, 1), _passage("q4#5", _JANUARY, 5)]
    q2 = [_passage("q2#5", _JULY, 5), _passage("q2#1", _LATER_QUARTER, 1)]
    ev = [Evidence(tool="search_document", query="adjusted eps", passages=[*q4, *q2])]
    lines = [
        "Adjusted EPS (diluted) was $2.35 in Q4 2032 [q4#1].",
        "Supporting quotes:",
        f"- {_JANUARY} [q4#5]",
    ]
    found = corroborating("What was the adjusted EPS in Q4 2032?", lines, ev)
    quoted = {p.chunk_id for p, _ in found}
    assert "q2#5" not in quoted  # shares only the January row's midpoint
    assert "q2#1" in quoted  # the later release prints the quarter's $2.35 as its prior year


def test_another_documents_unit_supports_a_lead_by_stating_its_figure() -> None:
    lead = _candidate(_passage("q4#1", _QUARTER, 1))
    raised = "The company raised its full-year adjusted EPS guidance to $10.50 – $10.60."
    assert not supports(_candidate(_passage("q2#3", raised, 3)), lead)
    assert supports(_candidate(_passage("q4#3", raised, 3)), lead)  # its own document's
    prior = "Adjusted EPS of $2.80 compares with $2.35 a year earlier."
    assert supports(_candidate(_passage("q2#2", prior, 2)), lead)
