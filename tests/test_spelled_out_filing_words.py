"""Words analysts ask with that a 10-K writes otherwise: "headcount" is the number of
employees a filing states, a "ticker" its cover's trading symbol."""

from __future__ import annotations

from pipeline.text.expand import spelled_out


def test_headcount_and_ticker_are_spelled_out_as_filings_write_them() -> None:
    found = dict(spelled_out("What is Corbel Mills' headcount?"))
    assert "employees" in found["headcount"].long, found
    found = dict(spelled_out("What is Corbel Mills' ticker symbol?"))
    assert "trading symbol" in found["ticker symbol"].long, found
    # a question already saying the filing's word needs nothing spelled out
    assert spelled_out("How many employees does Corbel Mills have?") == []
