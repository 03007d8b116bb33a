"""A forecast set against what it forecasts from, asked yes or no (the lookup set's batch
W, shape "guidance"): the verdict the forecast and the year before's actual decide, said
first with both figures (invented documents)."""

from __future__ import annotations

import re

from agent.evidence import Evidence, Passage
from agent.models.answering.expected_move import STRATEGY
from agent.question import parse

_CASH = (
    "| CONSOLIDATED STATEMENTS OF CASH FLOWS (in millions) | 2031 | 2030 |\n|---|---|---|\n"
    "| Net cash provided by operating activities | 1,100 | 950 |\n"
    "| Capital expenditures | (930) | (737) |\n"
)
_OUTLOOK = (
    "Outlook. We currently expect capital expenditures to approximate $850 million in "
    "fiscal 2032. We paid dividends of $400 million in fiscal 2031."
)
_GUIDE = (
    "Guidance. Operating income is expected to be between $3.0 billion and $4.2 billion, "
    "compared with $4.4 billion in first quarter 2031."
)


def _evidence(*texts: str) -> list[Evidence]:
    passages = [
        Passage(chunk_id=f"ok#{i}", doc_id="ok", page=30 + i, page_end=30 + i, text=t, rank=i)
        for i, t in enumerate(texts)
    ]
    return [Evidence(tool="search_document", query="q", passages=passages)]


def _body(question: str, *texts: str) -> str:
    q = parse(question)
    assert STRATEGY.applies(q), question
    found = STRATEGY.candidates(q, _evidence(*texts), "en")
    assert len(found) == 1, found
    return found[0].body


def _figures(text: str) -> set[str]:
    return set(re.findall(r"\$\d[\d,.]*", text))


def test_a_forecast_is_set_against_the_actual_of_the_year_before() -> None:
    for question, verdict in (
        ("Is the company's capex expected to decline in fiscal 2032?", "Yes"),
        ("Is the company's capex expected to go up in 2032?", "No"),
    ):
        body = _body(question, _OUTLOOK, _CASH)
        assert body.startswith(verdict), body
        first = body.split(". The forecast", 1)[0]
        assert {"$850", "$930"} <= _figures(first), body  # never the dividend's $400
        assert "[ok#0]" in body and "[ok#1]" in body  # the forecast's and the actual's


def test_a_forecast_stating_its_comparison_is_decided_by_it() -> None:
    body = _body("Is the company's operating income expected to grow in Q1 2032?", _GUIDE)
    assert body.startswith("No"), body  # $3.0–4.2 billion against $4.4 billion
    assert {"$3.0", "$4.2", "$4.4"} <= _figures(body.split(". The forecast", 1)[0]), body


def test_no_forecast_or_a_rate_asked_is_not_answered_here() -> None:
    actual_only = "We paid capital expenditures of $930 million in fiscal 2031."
    q = parse("Is the company's capex expected to decline in fiscal 2032?")
    assert STRATEGY.candidates(q, _evidence(actual_only, _CASH), "en") == []
    # a growth rate's acceleration is a rate's move, not an amount's
    assert not STRATEGY.applies(parse("Is growth in adjusted EPS expected to accelerate in 2032?"))
    assert not STRATEGY.applies(parse("What capex does the company expect in 2032?"))
