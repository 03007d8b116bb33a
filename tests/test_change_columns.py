"""A change printed on the basis a question names ("operational", "currency", "adjusted
operational"), read from its own column of a release's sales table
(``figures/change_columns.py``). Invented tables only."""

from __future__ import annotations

from agent.evidence import Evidence
from agent.figures.change_columns import asked_basis
from testkit.figure_turns import first_line, velmor_turn

_HEAD = (
    "| (Dollars in millions) | Sales Q3 2025 | Sales Q3 2024 | % Change Reported"
    " | % Change Operational1,2 | % Change Currency | % Change Adjusted Operational1,3 |"
)
REGIONS = "\n".join(
    [
        _HEAD,
        "|---|---|---|---|---|---|---|",
        "| Zentaria | $3,100 | $2,900 | 6.9% | 7.4 | (0.5) | 7.0 |",
        "| Ostland | 4,900 | 4,600 | 6.5 | 9.8 | (3.3) | 8.1 |",
        "| Worldwide | $8,000 | $7,500 | 6.7% | 8.9 | (2.2) | 7.7 |",
    ]
)
_GROUPS = (
    "| (Dollars in millions) | THIRD QUARTER 2025 | THIRD QUARTER 2024 | THIRD QUARTER Total"
    " | THIRD QUARTER Operations | THIRD QUARTER Currency | NINE MONTHS 2025 | NINE MONTHS 2024"
    " | NINE MONTHS Total | NINE MONTHS Operations | NINE MONTHS Currency |"
)
GROUPED = "\n".join(
    [
        _GROUPS,
        "|---|---|---|---|---|---|---|---|---|---|---|",
        "| Worldwide | 8,000 | 7,500 | 6.7 | 8.9 | (2.2) | 23,500 | 22,500 | 4.4 | 6.0 | (1.6) |",
    ]
)
STATEMENT = """| (Dollars in millions) | Q3 2025 | Q3 2024 | Nine Months 2025 | Nine Months 2024 |
|---|---|---|---|---|
| Sales to customers | $8,000 | $7,500 | $23,500 | $22,500 |
| Net earnings | 1,200 | 1,100 | 3,500 | 3,300 |"""


_DF = {"velmor": 80, "zentaria": 3, "ostland": 3}


def _evidence(*texts: str) -> list[Evidence]:
    return velmor_turn(texts, _DF)


def _lead(question: str, *texts: str) -> str:
    return first_line(question, _evidence(*texts))


def test_the_basis_asked_longest_words_first() -> None:
    assert (
        asked_basis("What was adjusted operational sales growth in Q3?") == "adjusted_operational"
    )
    assert asked_basis("How did sales change on an operational basis?") == "operational"
    assert asked_basis("How much did currency take off sales growth?") == "currency"
    assert asked_basis("How much did sales grow in Q3 2025?") is None


def test_a_parts_operational_change_is_its_printed_cell() -> None:
    q = "On an operational basis, how much did Ostland sales change in Q3 2025?"
    lead = _lead(q, REGIONS)
    assert "9.8%" in lead and "[vm#0]" in lead, lead


def test_the_currency_effect_on_the_whole_is_read_beside_its_figure() -> None:
    q = "How much did currency take off Velmor's sales growth in Q3 2025?"
    lead = _lead(q, STATEMENT, REGIONS)
    assert "(2.2)%" in lead, lead


def test_the_period_group_of_the_figure_asked_decides_among_grouped_columns() -> None:
    q = "How much did Velmor's sales grow operationally in the nine months of 2025?"
    lead = _lead(q, STATEMENT, GROUPED)
    assert "6.0%" in lead and "8.9" not in lead, lead
