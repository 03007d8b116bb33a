"""A computed metric a filing prints in a row of its own (a segment's "Adjusted Property
EBITDAR" under a heading naming it) is read as printed, not worked from its operands; an
operand's row ("Depreciation and amortization" of EBITDA) never stands in for it (invented
tables)."""

from __future__ import annotations

from agent.evidence import Evidence, Passage, units
from agent.figures.answer import figure_answer
from agent.figures.metric_asked import computed_metric, standing_lines
from agent.models.judge import Candidate
from agent.models.metric_rows import rows_miss_metric

_HEAD = (
    "| (In thousands) | Three Months Ended June 30, 2033 | Three Months Ended June 30, 2032 |\n"
    "|---|---|---|\n"
)
_SEGMENTS = (
    _HEAD + "| Adjusted Property EBITDAR | | |\n"
    "| Harbor Resorts | 612,400 | 588,100 |\n"
    "| Inland Operations | 241,300 | 255,900 |\n"
    "| Corporate and other | (97,200) | (101,500) |"
)
_STATEMENT = (
    _HEAD + "| Operating income | 301,200 | 287,000 |\n"
    "| Depreciation and amortization | 150,300 | 161,200 |"
)
_QUESTION = "What Adjusted Property EBITDAR did Quarvel's Inland Operations earn in Q2 2033?"


def _evidence(*texts: str) -> list[Evidence]:
    passages = [
        Passage(chunk_id=f"qv#{i}", doc_id="qv", page=20 + i, page_end=20 + i, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    return [Evidence(tool="search_document", query=_QUESTION, passages=passages, scope_chunks=40)]


def test_a_segment_row_under_the_metric_heading_is_the_metric() -> None:
    found = figure_answer(_QUESTION, _evidence(_STATEMENT, _SEGMENTS), "en")
    assert found is not None and found.lines
    assert "241,300" in found.lines[0]
    assert "150,300" not in found.lines[0] and "301,200" not in found.lines[0]


def test_a_segment_row_not_under_the_metric_is_not_read_as_it() -> None:
    # the same rows under another measure's heading: no printed EBITDAR to read
    revenues = _SEGMENTS.replace("Adjusted Property EBITDAR", "Net revenues")
    found = figure_answer(_QUESTION, _evidence(_STATEMENT, revenues), "en")
    # nothing answers (the statement's operand rows do not stand in for EBITDAR either)
    assert found is None, found


def _row(starting: str) -> list[Candidate]:
    p = _evidence(_STATEMENT)[0].passages[0]
    unit = next(u for u in units(p.text) if u.text.lstrip("| ").startswith(starting))
    return [Candidate(passage=p, unit=unit, score=1.0, matched=frozenset(), order=0)]


def test_an_operand_row_does_not_stand_in_for_the_metric() -> None:
    metric = computed_metric("What was Quarvel's EBITDA in 2033?")
    assert metric is not None and metric.key == "ebitda"
    assert "depreciation and amortization" not in standing_lines(metric)
    assert rows_miss_metric("What was Quarvel's EBITDA in 2033?", _row("Depreciation"))
