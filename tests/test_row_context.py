"""Which of a table's like-named rows a question asks for: the qualifiers the question
says against the row's label with its heading and parent row (``row_context``), in the
figure lookup (a total's breakdown row, a part's row under its heading), in the named
row's table and in the selector's order (``qualified_rows``). Invented tables only."""

from __future__ import annotations

from dataclasses import dataclass

from agent.evidence import Evidence, Passage, Unit, units
from agent.figures.answer import figure_answer
from agent.figures.row_context import agreement, breakdown, framing, row_fit, said
from agent.figures.tables import read_grids
from agent.models.qualified_rows import qualified_first

TAX = """| (in millions) | 2024 | 2023 |
|---|---|---|
| Current: |  |  |
| Federal | $410 | $380 |
| Foreign | 95 | 90 |
| Deferred: |  |  |
| Federal | (35) | 12 |
| Foreign | 21 | (8) |
| Provision for income taxes | $491 | $474 |"""

PRETAX_TOP = """| (in thousands) | 2024 | 2023 |
|---|---|---|
| Domestic | $6,120 | $5,870 |
| Foreign | 2,230 | 1,990 |"""

PRETAX_TOTAL = """| (in thousands) | 2024 | 2023 |
|---|---|---|
| Income before income taxes | $8,350 | $7,860 |"""

LICENCES = """| (in thousands) | 2024 | 2023 |
|---|---|---|
| Harbor licence | 9,000 | 9,000 |
| Less: Accumulated amortization | (1,200) | (900) |
| Ridge concession | 40,000 | 40,000 |
| Less: Accumulated amortization | (15,500) | (14,000) |"""


def _passage(text: str, n: int = 0) -> Passage:
    return Passage(chunk_id=f"co#{n}", doc_id="co", page=40 + n, page_end=40 + n, text=text)


def test_qualifiers_said_longest_phrase_first() -> None:
    assert said("long-term debt due within one year") == {
        "timing": frozenset({"current", "noncurrent"})
    }
    # "less current portion" says the part after a year, not the current one
    assert said("Long-term debt, less current portion")["timing"] == frozenset({"noncurrent"})
    assert "dilution" not in said("What was net income in 2024?")


def test_agreement_counts_members_asked_and_against() -> None:
    asked = said("the deferred foreign tax")
    assert agreement(asked, said("Deferred: Foreign")) == 2
    assert agreement(asked, said("Current: Foreign")) == 0  # foreign agrees, timing not
    assert agreement(asked, said("Provision for income taxes")) == 0
    assert agreement(said("the tax"), said("Deferred: Foreign")) == 0  # nothing asked


def test_framing_reads_the_heading_and_the_row_a_less_row_adjusts() -> None:
    start = TAX.index("| Federal | (35)")
    assert framing(TAX, start) == ("Deferred:", "")
    # a total closed the groups above: no heading is the total row's
    assert framing(TAX, TAX.index("| Provision"))[0] == "Deferred:"
    second = LICENCES.index("| Less: Accumulated amortization | (15,500)")
    assert framing(LICENCES, second) == ("", "Ridge concession")
    fit = row_fit("amortization of the Ridge concession", LICENCES, second, "Less: x")
    first = LICENCES.index("| Less: Accumulated amortization | (1,200)")
    assert fit[1] > row_fit("amortization of the Ridge concession", LICENCES, first, "x")[1]


def test_breakdown_reads_on_into_the_chunk_before() -> None:
    top, total = read_grids(_passage(PRETAX_TOP, 0)), read_grids(_passage(PRETAX_TOTAL, 1))
    rows = breakdown(total[0], total[0].rows[0], top[0])
    assert [r.label for r in rows] == ["Foreign", "Domestic"]
    assert breakdown(total[0], total[0].rows[0]) == []


def _evidence(*texts: str) -> list[Evidence]:
    passages = [
        Passage(chunk_id=f"co#{i}", doc_id="co", page=40, page_end=40, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    return [Evidence(tool="search_document", query="q", passages=passages)]


def test_a_total_asked_with_a_qualifier_is_read_from_its_breakdown_row() -> None:
    a = figure_answer(
        "How much of Contoso's 2024 income before income taxes was domestic?",
        _evidence(PRETAX_TOP, PRETAX_TOTAL),
        "en",
    )
    assert a is not None and a.lines and "6,120" in a.lines[0], a and a.lines
    assert a.lines[0].startswith("Domestic income before income taxes"), a.lines
    plain = figure_answer(
        "What was Contoso's income before income taxes in 2024?",
        _evidence(PRETAX_TOP, PRETAX_TOTAL),
        "en",
    )
    assert plain is not None and plain.lines and "8,350" in plain.lines[0], plain


@dataclass
class _Cand:
    passage: Passage
    unit: Unit


def test_the_selectors_first_row_gives_way_to_the_row_under_the_heading_asked() -> None:
    p = _passage(TAX)
    rows = [u for u in units(TAX) if u.kind == "row" and "Federal" in u.text]
    found = [_Cand(p, rows[0]), _Cand(p, rows[1])]  # the current one ranked first
    moved = qualified_first(found, "What deferred federal tax did Contoso record in 2024?")
    assert moved[0].unit is rows[1]
    kept = qualified_first(found, "What current federal tax did Contoso record in 2024?")
    assert kept[0].unit is rows[0]
    assert qualified_first(found, "What federal tax did Contoso record?")[0].unit is rows[0]


BALANCE = """| (in millions) | 2024 | 2023 |
|---|---|---|
| Accounts payable | 900 | 850 |
| Current portion of long-term debt | 310 | 275 |
| Long-term debt | 4,200 | 4,450 |"""


def test_the_part_of_an_item_its_label_qualifies_as_asked() -> None:
    due = figure_answer(
        "How much of Contoso's long-term debt was due within one year at the end of 2024?",
        _evidence(BALANCE),
        "en",
    )
    assert due is not None and due.lines and "310" in due.lines[0], due
    whole = figure_answer("What was Contoso's long-term debt in 2024?", _evidence(BALANCE), "en")
    assert whole is not None and whole.lines and "4,200" in whole.lines[0], whole


EARNINGS = """| (in millions) | 2024 | 2023 |
|---|---|---|
| Net earnings | $5,100 | $4,800 |
| Adjusted earnings before taxes and net earnings: |  |  |
| Net earnings | 7,300 | 6,900 |"""


def test_a_heading_repeating_the_rows_own_words_frames_nothing_more() -> None:
    """The question's "net earnings" is the label itself: the adjusted block's heading,
    which repeats it, is no reason to prefer its row over the plain one."""
    from agent.figures.row_context import framed_share

    adjusted = EARNINGS.index("| Net earnings | 7,300")
    assert framed_share("net earnings as a percent of sales", EARNINGS, adjusted) == 0.0
    # the heading's own words the label lacks still frame it
    assert framed_share("adjusted net earnings before taxes", EARNINGS, adjusted) > 0.0
