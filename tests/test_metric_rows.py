"""A computed metric the figure methods could not work is never answered by a neighbouring
row of its operands' statement (found on a 10-K whose income statement was not retrieved:
'EBITDA less capex' was answered with an unrelated investing row). The answerability
decision refuses such rows; prose, or a row naming the metric, is left to the gate."""

from __future__ import annotations

from agent.evidence import Evidence, Passage, units
from agent.models.answerability import decide
from agent.models.judge import Candidate
from agent.models.metric_rows import rows_miss_metric

_CASH_FLOWS = (
    "| | 2031 | 2030 |\n|---|---|---|\n"
    "| Depreciation and amortization | 2,763 | 2,710 |\n"
    "| Investments with maturities of three months or less, net | 24 | (58) |\n"
    "| EBITDA less capex | 9,068 | 8,900 |\n"
    "Free cash flow less capital spending rose in 2031 to 9,068."
)
_P = Passage(chunk_id="cf#7", doc_id="cf", page=64, page_end=64, text=_CASH_FLOWS)


def _chosen(starting: str) -> list[Candidate]:
    unit = next(u for u in units(_CASH_FLOWS) if u.text.lstrip("| ").startswith(starting))
    return [Candidate(passage=_P, unit=unit, score=1.0, matched=frozenset(), order=0)]


def test_a_metric_not_worked_is_not_answered_by_a_neighbouring_row() -> None:
    question = "What was FY2031 EBITDA less capex?"
    neighbour = _chosen("Investments with maturities")
    assert rows_miss_metric(question, neighbour)
    ev = [Evidence(tool="search_document", query=question, passages=[_P], scope_chunks=40)]
    assert not decide(question, ev, neighbour, 1.0).answers


def test_a_row_naming_the_metric_or_a_sentence_is_not_ruled_out() -> None:
    question = "What was FY2031 EBITDA less capex?"
    assert not rows_miss_metric(question, _chosen("EBITDA less capex"))
    assert not rows_miss_metric(question, _chosen("Free cash flow"))


def test_a_line_item_question_is_not_a_computed_metric() -> None:
    # depreciation is a row of its own, not worked from others: the gate alone decides
    assert not rows_miss_metric("What was FY2031 depreciation?", _chosen("Investments"))
