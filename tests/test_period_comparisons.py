"""A figure compared with another period of itself ("How did X in H1 FY2023 compare with
H1 FY2022?", "… versus the prior-year quarter") is answered by its two figures, of the
length asked; a part named as the figure's owner ("Harbor Macau's Adjusted EBITDAR") is
the row it labels under the metric's heading. Invented documents only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.methods import single_figures
from agent.question.asked_move import against_period

SEGMENTS = """| (In thousands) | Three Months Ended June 30, 2023 \
| Three Months Ended June 30, 2022 | Six Months Ended June 30, 2023 \
| Six Months Ended June 30, 2022 |
|---|---|---|---|---|
| Adjusted Property EBITDAR |  |  |  |  |
| Strip Resorts | $701,220 | $688,410 | $1,455,910 | $1,302,770 |
| Regional Resorts | 281,050 | 300,120 | 570,440 | 590,310 |
| Harbor Macau | 188,420 | (41,300) | 341,090 | (69,520) |
| Reportable segment Adjusted Property EBITDAR | 1,170,690 | 947,230 | 2,367,440 | 1,823,560 |"""

NET_SALES = """| ($ in millions) | Three Months Ended December 31, 2022 \
| Three Months Ended December 31, 2021 | Six Months Ended December 31, 2022 \
| Six Months Ended December 31, 2021 |
|---|---|---|---|---|
| Net sales | $3,512 | $3,390 | $7,102 | $6,744 |
| Operating income | 540 | 310 | 880 | 602 |"""


def _evidence(*texts: str) -> list[Evidence]:
    passages = [
        Passage(chunk_id=f"co#{i}", doc_id="co", page=20 + i, page_end=20 + i, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    return [Evidence(tool="search_documents", query="q", passages=passages)]


def test_a_how_question_comparing_two_periods_asks_for_figures() -> None:
    for q in (
        "How did Orrin's net sales in H1 FY2023 compare with H1 FY2022?",
        "How did Orrin's operating income compare to the prior-year quarter?",
        "How did Orrin's net sales in FY2023 compare with FY2022?",
    ):
        assert against_period(q) and single_figures(q), q
    # two items compared, or a cause asked: not a period set against
    for q in (
        "How did Orrin's net sales compare with its operating income in FY2023?",
        "How did Orrin's margins develop in FY2023?",
    ):
        assert not against_period(q), q


def test_two_halves_compared_are_read_from_the_six_month_columns() -> None:
    q = "How did Orrin's operating income in H1 FY2023 compare with H1 FY2022?"
    a = figure_answer(q, _evidence(NET_SALES), "en")
    assert a is not None and a.lines, a
    said = " ".join(a.lines)
    assert "880" in said and "602" in said and "540" not in said, said


def test_a_part_named_as_owner_is_read_from_its_row_under_the_metric() -> None:
    q = "How did Harbor Macau's Adjusted Property EBITDAR for H1 FY2023 compare with H1 FY2022?"
    a = figure_answer(q, _evidence(SEGMENTS), "en")
    assert a is not None and a.lines, a
    said = " ".join(a.lines)
    assert "341,090" in said and "69,520" in said, said
    q = "What was Harbor Macau's Adjusted Property EBITDAR in Q2 FY2023?"
    a = figure_answer(q, _evidence(SEGMENTS), "en")
    assert a is not None and a.lines and "188,420" in a.lines[0], a


# a 10-Q of a company whose fiscal year ends in June: the interim balance and the year end
INTERIM_BALANCE = """| ($ in millions) | December 31, 2022 | June 30, 2022 |
|---|---|---|
| Cash and cash equivalents | $812 | $764 |
| Total debt | 6,880 | 6,470 |"""


def test_a_fiscal_year_end_is_its_close_not_a_later_date_of_its_calendar_year() -> None:
    for q in (
        "What was Orrin's total debt at the close of FY2022?",
        "What were Orrin's cash and cash equivalents at the end of fiscal 2022?",
    ):
        a = figure_answer(q, _evidence(INTERIM_BALANCE), "en")
        assert a is not None and a.lines and "June 30, 2022" in a.lines[0], (q, a)
    # a date asked is that date's column
    a = figure_answer(
        "What was Orrin's total debt at December 31, 2022?", _evidence(INTERIM_BALANCE), "en"
    )
    assert a is not None and a.lines and "6,880" in a.lines[0], a
