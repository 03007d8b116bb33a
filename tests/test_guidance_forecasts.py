"""Forecasts said in sentences (a 10-K's MD&A, a release's outlook bullets) apart from a
period's actual figures and from forecasts of another year (``agent/figures/guidance.py``,
``agent/models/guidance_plan.py``): a question asking what is expected is answered by
what is expected of the year asked, never by the statement row of the year reported; a
forecast missing from the turn is searched for. Invented companies and figures only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage, units
from agent.figures.guidance import forecast_said, forward, guidance_order
from agent.models.candidates import Candidate
from agent.models.guidance_plan import guidance_calls

_CASH_FLOW = "| Purchases of property, plant and equipment | (2,711) | (2,226) | (2,046) |"
_CAPEX = "In 2034, we expect to spend approximately $3.3 billion on property, plant and equipment."
_TOTAL = "We now expect to incur pre-tax charges of approximately $3.15 billion."
_YEAR = "In our 2034 financial results, we expect to incur pre-tax charges of about $350 million."
_NEXT = "In our 2035 financial results, we expect to incur pre-tax charges of about $600 million."


def _passage(text: str, n: int = 1, page: int = 1) -> Passage:
    return Passage(chunk_id=f"d#{n}", doc_id="d", page=page, page_end=page, text=text)


def _found(*placed: tuple[Passage, frozenset[str]]) -> list[Candidate]:
    """Every unit of each passage, ranked in the order given, matching the words given."""
    out: list[Candidate] = []
    for p, matched in placed:
        for u in units(p.text):
            out.append(Candidate(p, u, 0.9, matched, len(out)))
    return out


def _first(found: list[Candidate], question: str) -> str:
    return guidance_order(found, question)[0].unit.text


def test_an_actual_row_leading_gives_way_to_the_forecast_asked() -> None:
    """The cash-flow row says every word the question says of the measure; the forecast
    says them too, and what is expected: it answers "expect", the row answers "spent"."""
    words = frozenset({"property", "plant", "equipment", "spend"})
    found = _found((_passage(_CASH_FLOW, 1), words), (_passage(_CAPEX, 2), words | {"expect"}))
    asked = "How much did Zelcor expect to spend on property, plant and equipment in 2034?"
    assert "3.3 billion" in _first(found, asked)
    assert "2,711" in _first(
        found, "How much did Zelcor spend on property, plant and equipment in 2033?"
    )


def test_a_forecast_of_another_measure_does_not_take_the_lead() -> None:
    """A forecast that does not say the measure the leading row says ("pay ... of this
    liability" for capital spending) leaves the row first."""
    found = _found(
        (_passage(_CASH_FLOW, 1), frozenset({"property", "plant", "equipment", "spend"})),
        (_passage("We expect to pay approximately $309 million of this liability in 2034.", 2),
         frozenset({"expect"})),
    )  # fmt: skip
    asked = "How much did Zelcor expect to spend on property, plant and equipment in 2034?"
    assert "2,711" in _first(found, asked)


def test_the_forecast_of_the_year_asked_comes_before_the_plans_total() -> None:
    """Three forecasts of the same charges: the one naming the year asked first, then the
    one naming none, then the one naming only another year; without a year asked, the
    ranking's order."""
    words = frozenset({"pre", "tax", "charg", "expect"})
    found = _found(
        (_passage(_TOTAL, 1), words), (_passage(_NEXT, 2), words), (_passage(_YEAR, 3), words)
    )
    question = "What pre-tax charges did Zelcor expect to record in {} under its Productivity Plan?"
    assert "350 million" in _first(found, question.format(2034))
    assert "600 million" in _first(found, question.format(2035))
    order = [c.unit.text for c in guidance_order(found, question.format(2036))]
    assert "3.15 billion" in order[0]  # names no year: before the forecasts of other years
    assert "3.15 billion" in _first(found, "What total pre-tax charges does Zelcor expect?")


def test_a_plans_name_in_the_question_does_not_keep_the_years_forecast_out() -> None:
    """The row leading says the plan's name ("Productivity Plan"), which the forecast of
    the year does not repeat (its heading does): the measure's words decide."""
    row = "| Expected pre-tax charges under the Productivity Plan | 15 % | 25 % |"
    found = _found(
        (_passage(row, 1), frozenset({"pre", "tax", "charg", "expect", "productivity", "plan"})),
        (_passage(_YEAR, 2), frozenset({"pre", "tax", "charg", "expect"})),
    )
    question = (
        "What pre-tax charges did Zelcor expect to record in 2034 under the Productivity Plan?"
    )
    assert "350 million" in _first(found, question)


def test_a_figure_read_off_actual_rows_is_no_answer_to_a_forecast_said() -> None:
    bullets = _passage(
        "•  Operating income is expected to be between $3.0 billion and $4.2 billion, compared"
        " with $4.4 billion in first quarter 2033.\n"
        "•  Net sales are expected to be between $69.0 billion and $73.0 billion."
    )
    ev = [Evidence(tool="search", query="q", passages=[bullets])]
    labels = ["Operating income, First Quarter: $1,927 million"]
    asked = (
        "What is the top of Zelcor's operating income guidance range for the first quarter of 2034?"
    )
    assert forecast_said(asked, ev, labels)
    # an actual figure asked, or a forecast of another measure, leaves the figure answer
    assert not forecast_said(
        "What was Zelcor's operating income in the first quarter of 2033?", ev, labels
    )
    assert not forecast_said(asked, ev, ["Interest expense, First Quarter: $412 million"])


def test_plans_said_are_forecasts_and_a_plan_to_date_is_not() -> None:
    assert forward("We have planned capital expenditures in 2034 of approximately $450 million.")
    assert forward(
        "The change will have an anticipated impact to our 2034 operating income of $2.3 billion."
    )
    assert not forward(
        "Plan to date through December 2033, we have incurred pre-tax charges of $1.0 billion."
    )


def test_a_forecast_of_the_year_asked_missing_from_the_turn_is_searched_for() -> None:
    """Only the plan's total is in the turn: the measure's words it says, with the year
    asked and the words forecasts are said in, are searched (not the plan's or the
    company's name, which rank every passage naming them first); once a forecast of the
    year is in the turn, nothing more."""
    question = (
        "What pre-tax charges did Zelcor expect to record in 2034 under the Productivity Plan?"
    )
    ev = [Evidence(tool="search", query="q", passages=[_passage(_TOTAL)])]
    calls = guidance_calls(question, ev)
    assert [c["name"] for c in calls] == ["search_document"]
    words = calls[0]["args"]["query"].split()
    assert {"pre", "tax", "charges", "2034"} <= set(words)
    assert not {"zelcor", "productivity"} & set(words)
    found = [Evidence(tool="search", query="q", passages=[_passage(_TOTAL), _passage(_YEAR, 2)])]
    assert guidance_calls(question, found) == []
    assert guidance_calls("What pre-tax charges did Zelcor record in 2033?", ev) == []


def test_a_guidance_table_without_the_measure_asked_has_its_page_read() -> None:
    """The sales rows of a guidance table are in the turn, its EPS rows in a chunk the
    searches missed: the table's page is read."""
    sales = _passage(
        "FULL-YEAR 2034 GUIDANCE:\n| ($ in Billions) | July 2034 | April 2034 |\n|---|---|---|\n"
        "| Reported Sales / Mid-point | $17.1B – $17.5B / $17.3B | $16.9B – $17.3B / $17.1B |",
        n=4,
        page=5,
    )
    ev = [Evidence(tool="search", query="q", passages=[sales])]
    calls = guidance_calls("What adjusted EPS did Zelcor guide for 2034 in July 2034?", ev)
    assert calls == [{"name": "read_page", "args": {"page": 5, "document": "d"}}]
    assert guidance_calls("What reported sales did Zelcor guide for 2034 in July 2034?", ev) == []


def test_the_figure_methods_leave_a_forecast_said_to_the_forecast() -> None:
    """A quarterly table's first-quarter cell answers the first quarter's actual figure,
    not the next year's first-quarter guidance that a bullet of the turn says."""
    from agent.figures.answer import figure_candidates

    table = _passage(
        "Quarterly Results (unaudited)\n| Year Ended December 31, 2033 | First Quarter"
        " | Second Quarter | Third Quarter | Fourth Quarter |\n|---|---|---|---|---|\n"
        "| Net sales | 59,700 | 63,404 | 69,981 | 87,437 |\n"
        "| Operating income | 4,420 | 3,084 | 3,157 | 3,879 |\n",
        n=7,
    )
    bullet = _passage(
        "First Quarter 2034 Guidance\n•  Operating income is expected to be between $3.0"
        " billion and $4.2 billion, compared with $4.4 billion in first quarter 2033.\n",
        n=3,
    )
    guided = (
        "What is the top of Zelcor's operating income guidance range for the first quarter of 2034?"
    )
    actual = "What was Zelcor's operating income in the first quarter of 2033?"
    both = [Evidence(tool="search", query="q", passages=[table, bullet])]
    alone = [Evidence(tool="search", query="q", passages=[table])]
    assert not [fa for fa in figure_candidates(guided, both, "en") if fa.lines]
    assert any("4,420" in line for fa in figure_candidates(actual, both, "en") for line in fa.lines)
    # no forecast in the turn: the figure methods still say what the table holds
    assert any(
        "4,420" in line for fa in figure_candidates(guided, alone, "en") for line in fa.lines
    )


def test_the_planner_searches_for_the_forecast_missing() -> None:
    from agent.models.planner import plan

    question = (
        "What pre-tax charges did Zelcor expect to record in 2034 under the Productivity Plan?"
    )
    ev = [Evidence(tool="search", query="q", passages=[_passage(_TOTAL)])]
    calls = plan(question, ev, 1, ["search_document", "read_page", "read_section"])
    assert calls and "2034" in calls[0]["args"]["query"].split()


def test_a_forecast_of_another_measure_naming_the_year_stays_behind() -> None:
    """The report's year asked ("as stated in its 2033 annual report") is named by a
    forecast of something else: it does not go before the forecast of the measure."""
    capex = "We expect to make capital investments of $350 million to $375 million."
    other = (
        "As of December 31, 2033, there was $134 million of unamortized compensation,"
        " which is expected to be recognized over 2.1 years."
    )
    found = _found(
        (_passage(capex, 1), frozenset({"capital", "investment", "make", "expect"})),
        (_passage(other, 2), frozenset({"expect"})),
    )
    question = (
        "What capital investment did Zelcor expect to make, as stated in its 2033 annual report?"
    )
    assert "$350 million" in _first(found, question)
