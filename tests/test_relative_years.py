"""A year asked relative to the report written as the year it is
(``agent/question/relative_years.py``)."""

from __future__ import annotations

from agent.question.relative_years import dated_relative, report_year

ANNUAL = {"d1": "FORM 10-K\nFor the fiscal year ended December 31, 2022"}
RETAIL = {"d1": "FORM 10-K\nfor the fiscal year ended January 28, 2023"}
QUARTER = {"d1": "FORM 10-Q\nFor the quarterly period ended June 30, 2023"}


def test_the_report_year_is_the_year_its_cover_dates_its_fiscal_year_end() -> None:
    assert report_year(ANNUAL) == 2022
    assert report_year(RETAIL) == 2023
    assert report_year(QUARTER) is None  # a quarter's "prior year" is a column of its own
    assert report_year({**ANNUAL, "d2": RETAIL["d1"]}) is None  # two years: no one anchor


def test_relative_years_are_written_as_fiscal_years() -> None:
    said = {
        "What were sales in the prior year?": "What were sales in fiscal 2021?",
        "What were sales in the year before last?": "What were sales in fiscal 2020?",
        "What slots win was recorded in the most recent year?": (
            "What slots win was recorded in fiscal 2022?"
        ),
        "What was its operating income in the previous fiscal year?": (
            "What was its operating income in fiscal 2021?"
        ),
    }
    for asked, written in said.items():
        assert dated_relative(asked, ANNUAL) == written
    assert dated_relative("What were sales in the prior year?", RETAIL) == (
        "What were sales in fiscal 2022?"
    )


def test_the_report_named_by_its_year_is_no_period_asked() -> None:
    q = "What were net revenues in the year before last, as reported in Vela's 2022 annual report?"
    assert dated_relative(q, ANNUAL) == "What were net revenues in fiscal 2020?"
    q = "What did it earn in the prior year, per its 2022 annual report?"
    assert dated_relative(q, ANNUAL) == "What did it earn in fiscal 2021?"
    q = "In its fiscal 2022 annual report, what did it earn in Q2 of the prior year?"
    assert dated_relative(q, ANNUAL) == "What did it earn in Q2 of fiscal 2021?"


def test_nothing_is_rewritten_when_the_anchor_is_unclear() -> None:
    # a quarter's report, another year named, or no relative words
    for q, covers in (
        ("What were sales in the prior year?", QUARTER),
        ("How did sales in 2020 compare with the prior year?", ANNUAL),
        ("What were sales in 2021?", ANNUAL),
    ):
        assert dated_relative(q, covers) == q
