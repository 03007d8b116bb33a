"""A year far from those a filing's cover says it reports ("fiscal 2030" of a report for
the year ended January 2025, 2019 of a 2024 quarterly report) is a period the report does
not cover, even when the year is written in it as a name ("the 2030 Notes"); its own
years, the coming year's outlook and a schedule by year are not ruled. Invented covers."""

from __future__ import annotations

from agent import prompts
from agent.citations import is_refusal_line
from agent.evidence import Evidence
from agent.models.answerability import before_figures
from agent.models.refusals import refusal
from agent.models.reported_years import uncovered_year

ANNUAL = "FORM 10-K\nANNUAL REPORT\nFor the fiscal year ended January 31, 2025\nVELMOR INC."
QUARTERLY = "FORM 10-Q\nFor the quarterly period ended September 30, 2024\nVELMOR INC."


def _scope(cover: str) -> list[Evidence]:
    return [Evidence(tool="search", query="current ratio", covers={"velmor": cover})]


def test_a_year_beyond_the_outlook_or_before_the_reports_reach_is_not_covered() -> None:
    for cover, q, year in (
        (ANNUAL, "Will Velmor's quick ratio be healthy in fiscal 2030?", "2030"),
        (ANNUAL, "What was Velmor's revenue in fiscal 2012?", "2012"),
        (QUARTERLY, "What was Velmor's current ratio at December 31, 2019?", "2019"),
        # a count is a figure of the year asked as much as a line item is
        (ANNUAL, "How many employees will Velmor have in 2030?", "2030"),
        (ANNUAL, "How many stores did Velmor operate in fiscal 2012?", "2012"),
    ):
        assert uncovered_year(q, _scope(cover)) == year, q
        d = before_figures(q, _scope(cover))
        assert not d.answers and d.reason == "period", q
        # the year may be written in the report as a name: it gives no figures for it
        said = refusal(d, [], "en")
        assert said.startswith(prompts.REFUSAL_PERIOD["en"].split("{")[0]) and year in said
        assert is_refusal_line(said), said


def test_its_own_years_the_outlook_and_schedules_are_covered() -> None:
    for cover, q in (
        (ANNUAL, "What was Velmor's quick ratio in fiscal 2025?"),
        (ANNUAL, "What was Velmor's revenue in fiscal 2021?"),
        (ANNUAL, "What operating income does Velmor expect for fiscal 2026?"),
        (ANNUAL, "What are Velmor's lease payments due in 2029?"),
        (QUARTERLY, "What was Velmor's current ratio at December 31, 2023?"),
        (ANNUAL, "How many employees did Velmor have at the end of fiscal 2025?"),
    ):
        assert not uncovered_year(q, _scope(cover)), q


def test_a_question_without_a_figure_or_a_cover_is_not_ruled() -> None:
    assert not uncovered_year("When did Velmor open its first store in 1998?", _scope(ANNUAL))
    no_cover = [Evidence(tool="search", query="revenue", covers={"velmor": "VELMOR INC."})]
    assert not uncovered_year("What was Velmor's revenue in fiscal 2012?", no_cover)
