"""A quantity's change between two named periods: a 10-Q balance read at the fiscal year's
end and at the quarter's close, never a cash flow statement's change over six months; a
count from the table listing it at both dates; years named in two digits; a "No" when the
change went the other way. Invented companies only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.between import between_answer, moved
from agent.figures.periods import Period, asked_periods
from agent.support import check

# A retailer whose fiscal year ends on the Saturday nearest the end of January: its second
# quarter closes in late July, beside the year end before it and the quarter a year before.
BALANCE = """| Lumenhall Inc. Condensed Consolidated Balance Sheets ($ in millions) \
| July 29, 2023 | January 28, 2023 | July 30, 2022 |
|---|---|---|---|
| Cash and cash equivalents | $1,093 | $1,874 | $840 |
| Merchandise inventories | 5,651 | 5,140 | 6,400 |
| Total current assets | 8,000 | 8,500 | 9,000 |"""
CASH_FLOWS = """| Lumenhall Inc. Condensed Consolidated Statements of Cash Flows ($ in millions) \
| Six Months Ended July 29, 2023 | Six Months Ended July 30, 2022 |
|---|---|---|
| Merchandise inventories | (511) | (900) |
| Net decrease in cash and cash equivalents | (781) | (1,500) |
| Cash and cash equivalents at end of period | 1,093 | 840 |"""
STORES = """| Store count | January 28, 2023 | Opened | Closed | July 29, 2023 |
|---|---|---|---|---|
| Domestic | 950 | 4 | 9 | 945 |
| International | 160 | 0 | 2 | 158 |
| Total | 1,110 | 4 | 11 | 1,103 |"""
TEN_K = """| Orrin Labs Consolidated Balance Sheets (in millions) | 2021 | 2020 |
|---|---|---|
| Property, plant and equipment, net | 14,882 | 13,745 |
| Total assets | 181,476 | 154,229 |"""
QUARTERS = """| Orrin Labs Condensed Consolidated Statements of Income (in millions) \
| Three Months Ended July 2, 2023 | Three Months Ended July 3, 2022 |
|---|---|---|
| Revenues | $12,700 | $27,700 |
| Net income | 2,300 | 9,900 |"""


def _evidence(*texts: str) -> list[Evidence]:
    passages = [
        Passage(chunk_id=f"co#{i}", doc_id="co", page=4 + i, page_end=4 + i, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    return [Evidence(tool="search_document", query="q", passages=passages)]


def _line(question: str, *texts: str) -> str:
    a = figure_answer(question, _evidence(*texts), "en")
    assert a is not None and a.lines, question
    return " ".join(a.lines)


def test_the_periods_a_question_names() -> None:
    assert asked_periods("between fiscal 2023 and Q2 of fiscal 2024") == [
        Period(2023, 12, 12),
        Period(2024, 6, 3),
    ]
    assert asked_periods("Did it grow between FY20 and FY21?") == [
        Period(2020, 12, 12),
        Period(2021, 12, 12),
    ]
    # a part named after its year belongs to that year only
    assert asked_periods("FY2024 Q2 vs FY2023") == [Period(2024, 6, 3), Period(2023, 12, 12)]
    assert asked_periods("from January 28, 2023 to July 29, 2023") == [
        Period(None, 12, 12, (1, 2023)),
        Period(None, 12, 12, (7, 2023)),
    ]
    assert moved("Was there any drop in cash?") == "down" and moved("How big is it?") == ""


def test_a_balance_at_the_year_end_and_at_a_quarters_close() -> None:
    q = (
        "Did Lumenhall's cash and cash equivalents drop from the end of FY2023 to the close "
        "of Q2 FY2024?"
    )
    text = _line(q, CASH_FLOWS, BALANCE)  # the cash flow statement ranks first
    assert text.startswith(
        "Yes, cash and cash equivalents fell from $1,874 million at January 28, 2023 to "
        "$1,093 million at July 29, 2023, a decrease of $781 million"
    ), text
    assert "(1,093 − 1,874) ÷ 1,874 = −41.7%" in text and "[co#1]" in text, text
    assert "[co#0]" not in text, text  # not the six months' change in cash
    assert check(text.split("[")[0], BALANCE).supported


def test_a_change_the_other_way_is_a_no() -> None:
    q = "Did Lumenhall's inventories decrease between FY2023 and Q2 FY2024?"
    text = _line(q, CASH_FLOWS, BALANCE)
    assert text.startswith("No, merchandise inventories rose from $5,140 million"), text
    assert "an increase of $511 million" in text, text


def test_a_count_comes_from_the_table_listing_it_at_both_dates() -> None:
    q = "How much did Lumenhall's number of stores change from FY2023 to Q2 FY2024?"
    text = _line(q, BALANCE, STORES)
    assert text.startswith("Total store count fell from 1,110 at January 28, 2023 to 1,103"), text
    assert "a decrease of 7" in text and "[co#1]" in text, text


def test_years_in_two_digits_and_a_quarter_against_the_same_quarter() -> None:
    text = _line("Did Orrin grow its PP&E between FY20 and FY21?", TEN_K)
    assert text.startswith("Yes, property, plant and equipment, net rose from 13,745"), text
    assert "an increase of 1,137 million" in text, text
    q = "How much did Orrin's revenues change between Q2 of FY2022 and Q2 of FY2023?"
    text = _line(q, QUARTERS)
    assert "from $27,700 million in the three months ended July 3, 2022" in text, text
    assert "(12,700 − 27,700) ÷ 27,700 = −54.2%" in text, text


def test_one_period_or_no_change_asked_is_not_this_method() -> None:
    ev = _evidence(BALANCE)
    assert between_answer("What was Lumenhall's cash in Q2 FY2024?", ev, "en") is None
    assert between_answer("What was cash in FY2023 and Q2 FY2024?", ev, "en") is None


SEGMENT_STORES = """| Lumenhall store counts | January 28, 2023 | July 29, 2023 |
|---|---|---|
| Total International segment stores | 160 | 158 |
| Total stores at end of period | 1,110 | 1,103 |"""


def test_a_counts_row_names_only_the_quantity_and_when() -> None:
    q = "Did Lumenhall's number of stores fall between FY2023 and Q2 FY2024?"
    text = _line(q, SEGMENT_STORES)
    assert text.startswith("Yes, total stores at end of period fell from 1,110"), text


def test_a_quantity_named_by_its_abbreviation() -> None:
    """ "PPNE" is the property, plant and equipment row (finance_terms.json abbreviations)."""
    text = _line("Did Orrin Labs grow its PPNE between FY20 and FY21?", TEN_K)
    assert text.startswith("Yes, property, plant and equipment, net rose from 13,745 million"), text
