"""Guidance and outlook apart from a period's actual figures (``agent/figures/guidance.py``):
a release's full-year guidance table (columns dated by the month each forecast was given,
cells merging a range and its midpoint) never answers a question about the quarter's
actual figure, with one document in scope or several; a question asking for guidance is
answered from it. Invented companies and figures only."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from agent.evidence import Evidence, Passage, units
from agent.figures.guidance import (
    actual_evidence,
    asks_guidance,
    guidance_order,
    guidance_table,
    guidance_unit,
    range_cell,
)
from agent.models.candidates import Candidate
from agent.service import ChatService
from testkit.agentdocs import ingest_text

# a release: the quarter's results, then its full-year guidance, whose labels and
# figures say the same words as the results' rows and more of them
_RELEASE = """# Quarvel reports second-quarter 2033 results

Quarvel Inc. today announced results for the second quarter of 2033.

## Overall financial results

| ($ in Millions, except EPS) | Q2 2033 | Q2 2032 | % Change |
|---|---|---|---|
| Reported sales | 4,210 | 3,980 | 5.8% |
| Adjusted net earnings | 701 | 650 | 7.8% |
| Adjusted EPS (diluted) | $2.64 | $2.43 | 8.6% |

## Full-year 2033 guidance

| ($ in Billions, except EPS) | July 2033 | April 2033 |
|---|---|---|
| Adjusted EPS (diluted) / Mid-point 2033 | $9.70 – $9.90 / $9.80 | $9.50 – $9.70 / $9.60 |
| Adjusted EPS (diluted) growth 2033 / Mid-point | 5.5% – 6.5% / 6.0% | 4.5% – 5.5% / 5.0% |
| Reported sales 2033 / Mid-point | $17.1B – $17.5B / $17.3B | $16.9B – $17.3B / $17.1B |
"""

# a Chinese quarterly report in the same scope
_ZH_REPORT = """# 星河重工股份有限公司 2033 年第一季度报告

## 主要会计数据和财务指标

| 项目 | 本报告期 | 上年同期 | 本报告期比上年同期增减 |
|---|---|---|---|
| 营业收入（元） | 8,316,420.55 | 7,902,114.30 | 5.24% |
| 基本每股收益（元/股） | 0.0211 | 0.0173 | 21.97% |
"""

_GUIDED = {"9.70", "9.90", "9.80", "9.50", "9.60"}
_FIGURE = re.compile(r"\d[\d,]*\.\d+")


def _lead(answer: str) -> str:
    return re.split("Supporting quotes:|依据原文", answer, maxsplit=1)[0]


def _passage(text: str, section: str = "", columns: str = "", n: int = 1) -> Passage:
    return Passage(
        chunk_id=f"r#{n}", doc_id="r", page=1, page_end=1, section=section, text=text,
        columns=columns,
    )  # fmt: skip


def test_a_question_asks_guidance_by_its_words() -> None:
    assert asks_guidance("What adjusted EPS did Quarvel guide to for 2033?")
    assert asks_guidance("What net sales does the company expect for the first quarter?")
    assert not asks_guidance("What was the adjusted EPS in Q2 2033?")


def test_a_range_of_amounts_is_guidance_a_span_of_years_is_not() -> None:
    assert range_cell("$9.70 – $9.90 / $9.80") and range_cell("5.5% – 6.5% / 6.0%")
    assert range_cell("$17.1B – $17.5B")
    assert not range_cell("3 – 5") and not range_cell("2,146") and not range_cell("(4.4)%")


def test_a_range_stated_in_a_sentence_is_no_guidance_cell() -> None:
    """A bullet's sentence naming a range is prose; a forecast's date beside its ranges
    is still a guidance cell."""
    assert not range_cell("refund of taxes that we estimate at $205 million to $230 million")
    assert range_cell("January 2033 3.5% – 4.5% / 4.0% $96.9B – $97.9B / $97.4B")


def test_only_a_tables_own_titles_make_it_guidance() -> None:
    """A 10-K's MD&A heading "… STRATEGY AND OUTLOOK" stands over the year's actual
    highlights, and accounting prose speaks of "new guidance": neither makes the table
    under it a forecast, so its actual figures stay evidence."""
    highlights = "| 2033 Total Revenues | $81.3 billion |\n| 2033 Reported Diluted EPS | $3.85 |"
    outer = "MD&A > OVERVIEW, STRATEGY AND OUTLOOK > Financial Highlights"
    assert not guidance_table(_passage(highlights, section=outer))
    prose = "We do not expect the new accounting guidance to have a material impact.\n"
    assert not guidance_table(_passage(prose + highlights, section="Recent standards"))
    ev = [Evidence(tool="search", query="q", passages=[_passage(highlights, section=outer)])]
    assert actual_evidence("What were total revenues in 2033?", ev)[0].passages
    # its own heading, or a caption line right above the rows, still says so
    assert guidance_table(_passage(highlights, section="MD&A > 2034 Outlook"))
    assert guidance_table(_passage("FULL-YEAR 2034 GUIDANCE:\n" + highlights))


def test_a_table_dated_by_the_months_forecasts_were_given_is_guidance() -> None:
    """Single figures, no heading: the columns' months of one year say it."""
    guided = "| Adjusted EPS | $9.80 | $9.60 |\n| Sales | 17.3 | 17.1 |"
    header = "| ($ in Billions) | July 2033 | April 2033 |\n|---|---|---|\n"
    assert guidance_table(_passage(header + guided))
    assert guidance_table(_passage(guided, section="2033 Outlook"))
    # a balance sheet dated by months compares years; a results table names periods
    balance = "| $ in millions | December 2033 | December 2032 |\n|---|---|---|\n"
    assert not guidance_table(_passage(balance + "| Total assets | 1,204 | 1,150 |"))
    results = "| | Q2 2033 | Q2 2032 |\n|---|---|---|\n| Adjusted EPS | $2.64 | $2.43 |"
    assert not guidance_table(_passage(results, section="Financial results"))


def _candidates(*passages: Passage) -> list[Candidate]:
    out: list[Candidate] = []
    for p in passages:
        for u in units(p.text):
            if u.kind == "row" and any(ch.isdigit() for ch in u.text):
                out.append(Candidate(p, u, 0.9, frozenset(), len(out)))
    return out


def test_guidance_rows_follow_the_actual_rows_unless_guidance_is_asked() -> None:
    guidance = _passage("| Adjusted EPS (diluted) / Mid-point | $9.70 – $9.90 / $9.80 |", n=2)
    results = _passage("| | Q2 2033 | Q2 2032 |\n|---|---|---|\n| Adjusted EPS | $2.64 | $2.43 |")
    found = _candidates(guidance, results)  # the forecast ranked first
    assert guidance_unit(guidance, found[0].unit) and not guidance_unit(results, found[1].unit)
    actual = guidance_order(found, "What was the adjusted EPS in Q2 2033?")
    assert actual[0].passage is results
    guided = guidance_order(list(reversed(found)), "What adjusted EPS did it guide for 2033?")
    assert guided[0].passage is guidance


def test_a_bullet_saying_what_is_expected_is_guidance() -> None:
    """A forecast printed as a bullet is a row whose range sits in a sentence, not in a
    cell of figures: what it says (expected) makes it guidance, as for a sentence."""
    text = (
        "•  Net sales are expected to be between $69.0 billion and $73.0 billion.\n"
        "•  Net sales were $59.7 billion in the first quarter of 2032."
    )
    p = _passage(text)
    rows = [u for u in units(text) if u.kind == "row"]
    assert len(rows) == 2, rows
    assert guidance_unit(p, rows[0]) and not guidance_unit(p, rows[1])


def test_figure_tables_drop_guidance_unless_asked() -> None:

    header = "| ($ in Billions) | July 2033 | April 2033 |\n|---|---|---|\n"
    table = _passage(header + "| Adjusted EPS | $9.80 | $9.60 |")
    ev = [Evidence(tool="search", query="q", passages=[table])]
    assert actual_evidence("What was the adjusted EPS in 2033?", ev)[0].passages == []
    assert actual_evidence("What adjusted EPS did it guide for 2033?", ev)[0].passages


@pytest.mark.parametrize("several", [False, True])
def test_the_quarters_figure_is_never_the_years_guidance(
    chat: ChatService, tmp_path: Path, several: bool
) -> None:
    """The guidance rows say the question's words and a larger figure; the quarter's row
    answers, with the release alone in scope or beside a Chinese report."""
    release = ingest_text(chat.folio, tmp_path, "quarvel-q2-release.md", _RELEASE)
    scope = [release]
    if several:
        scope.append(ingest_text(chat.folio, tmp_path, "xinghe-q1.md", _ZH_REPORT))
    answer = chat.ask("What was the adjusted EPS in 2033?", scope).answer
    lead = set(_FIGURE.findall(_lead(answer.answer)))
    assert not answer.refused and "2.64" in lead, answer.answer
    assert not lead & _GUIDED, answer.answer


def test_guidance_asked_is_answered_from_the_guidance(chat: ChatService, tmp_path: Path) -> None:
    release = ingest_text(chat.folio, tmp_path, "quarvel-q2-release.md", _RELEASE)
    answer = chat.ask("What adjusted EPS did Quarvel guide to for 2033?", [release]).answer
    lead = set(_FIGURE.findall(_lead(answer.answer)))
    assert not answer.refused and lead & _GUIDED, answer.answer
    assert "2.64" not in lead, answer.answer


def test_another_companys_guidance_is_not_answered_by_the_reports_own(
    chat: ChatService, tmp_path: Path
) -> None:
    # a name the release never writes: the guided figure is Quarvel's, not the other's
    release = ingest_text(chat.folio, tmp_path, "quarvel-q2-release.md", _RELEASE)
    answer = chat.ask("What adjusted EPS is Tessaro guiding for 2033?", [release]).answer
    assert answer.refused, answer.answer
    assert not set(_FIGURE.findall(_lead(answer.answer))) & _GUIDED, answer.answer


def test_a_merged_guidance_row_is_read_measure_by_measure() -> None:
    """Two measures and their changes run into one row, the columns' months in the
    chunk before: each range pairs with its part of the label, in its column."""
    from agent.figures.guidance_cells import guided

    head = _passage(
        "FULL-YEAR 2033 GUIDANCE:\n| ($ in Billions) | July 2033 | April 2033 |\n|---|---|---|\n"
        "| Reported Sales / Mid-point | $17.1B – $17.5B / $17.3B | $16.9B – $17.3B / $17.1B |",
        n=4,
    )
    row = (
        "| Adjusted EPS (Diluted)3,4 / Mid-point Change vs. Prior Year / Mid-point"
        " | $9.70 – $9.90 / $9.80 5.5% – 6.5% / 6.0% | $9.50 – $9.70 / $9.60 4.5% – 5.5% / 5.0% |"
    )
    merged = _passage(
        row + "\n|---|---|---|\n" + row.replace("Adjusted EPS", "Free cash flow"), n=5
    )
    found = guided([Evidence(tool="search", query="q", passages=[head, merged])])
    eps = {
        (g.change, g.column): (g.low, g.high, g.mid) for g in found if g.measure.startswith("Adj")
    }
    assert eps[(False, "July 2033")] == ("$9.70", "$9.90", "$9.80")
    assert eps[(True, "April 2033")] == ("4.5%", "5.5%", "5.0%")
    assert all(g.title == "FULL-YEAR 2033 GUIDANCE" for g in found)


@pytest.mark.parametrize(
    ("question", "said", "unsaid"),
    [
        ("What was the midpoint of Quarvel's April 2033 adjusted EPS guidance?", "9.60", "9.80"),
        ("What is the top of Quarvel's July 2033 range for adjusted EPS?", "9.90", "9.60"),
        ("What adjusted EPS growth did Quarvel guide for 2033 at the midpoint?", "6.0%", "9.80"),
    ],
)
def test_the_guided_figure_asked_is_read_from_its_cell(
    chat: ChatService, tmp_path: Path, question: str, said: str, unsaid: str
) -> None:
    """The column of the month asked (else the latest), the end or the midpoint asked,
    the change when a growth is asked."""
    release = ingest_text(chat.folio, tmp_path, "quarvel-q2-release.md", _RELEASE)
    lead = _lead(chat.ask(question, [release]).answer.answer)
    assert said in lead and unsaid not in lead, lead


def test_a_forecast_of_a_month_not_printed_is_not_another_months(
    chat: ChatService, tmp_path: Path
) -> None:
    """Forecasts given in July and April are printed; one asked of January is neither."""
    release = ingest_text(chat.folio, tmp_path, "quarvel-q2-release.md", _RELEASE)
    question = "What adjusted EPS range did Quarvel guide for 2033 in January 2033?"
    lead = _lead(chat.ask(question, [release]).answer.answer)
    assert not set(_FIGURE.findall(lead)) & _GUIDED, lead


def test_a_documents_units_are_weighed_as_with_that_document_alone() -> None:
    """Another report's sentence, saying more of the question's words, leaves the
    features of one document's units (and so their order) as they are with it alone."""
    from agent.models.judge import candidates

    ours = _passage("Quarvel's adjusted EPS was $2.64 in the second quarter of 2033.")
    other = Passage(
        chunk_id="z#1", doc_id="z", page=1, page_end=1, section="Results",
        text="Brenmoor's adjusted diluted EPS in Q2 2033 was $0.02 against $0.01.",
    )  # fmt: skip
    df = {"adjusted": 3, "diluted": 2, "eps": 4}

    def scope(*ps: Passage) -> list[Evidence]:
        return [Evidence(tool="search", query="q", passages=list(ps), term_df=df, scope_chunks=40)]

    question = "What was the adjusted diluted EPS in Q2 2033?"
    alone = candidates(question, scope(ours))[1]
    both = candidates(question, scope(ours, other))[1]
    assert alone and len(both) > len(alone)
    assert [c.features for c in alone] == [c.features for c in both if c.passage.doc_id == "r"]


def test_a_verdict_asked_of_guidance_is_not_answered_by_its_figure() -> None:
    """ "Is growth expected to accelerate?" asks yes or no: a guided range says neither."""
    from agent.models.answering.guidance import STRATEGY
    from agent.question import parse

    assert STRATEGY.applies(parse("What adjusted EPS growth did Quarvel guide for 2033?"))
    assert not STRATEGY.applies(parse("Is Quarvel's adjusted EPS growth expected to accelerate?"))


def test_a_guidance_tables_continuation_takes_the_months_of_the_chunk_before() -> None:
    """The header run into the first rows ("| … | July 2033 … | April 2033 … |"), a title
    with a year above it: the rows of the next chunk are read under the months."""
    from collections.abc import Iterable, Mapping

    from agent.columns import with_columns
    from pipeline.models import Chunk
    from testkit.continued_tables import chunks, passage

    head = (
        "FULL-YEAR 2033 GUIDANCE:\n| ($ in Billions) Reported Sales / Mid-point | July 2033 "
        "$17.1B – $17.5B / $17.3B | April 2033 $16.9B – $17.3B / $17.1B |\n|---|---|---|"
    )
    rows = (
        "| Adjusted EPS / Mid-point | $9.70 – $9.90 / $9.80 | $9.50 – $9.70 / $9.60 |\n"
        "|---|---|---|\n| Free cash flow / Mid-point | $2.1B – $2.3B / $2.2B | $2.0B – $2.2B |"
    )
    store = chunks({20: head, 21: rows})

    class Store:
        def __call__(self, chunk_ids: Iterable[str]) -> Mapping[str, Chunk]:
            return {i: store[i] for i in chunk_ids if i in store}

    continued = with_columns([passage("nb#21", rows)], Store())[0]
    assert "July 2033" in continued.columns and "April 2033" in continued.columns
