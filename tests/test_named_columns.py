"""Members down the rows ranked by a column the question names when the measure is no
line item ("votes against", "comparable sales"): the column of the year asked, never a
total's row or a row the question names; a store banner's row is no row named by the
company owning the figures. Invented companies only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.comparisons import compared_answer
from agent.figures.named_columns import named_column_ranking

VOTES = """| Nominee | For | Against | Abstain | Broker Non-Votes |
|---|---|---|---|---|
| Ada Brindle | 900,100 | 12,000 | 2,000 | 170,000 |
| Olu Varga | 905,000 | 4,100 | 2,300 | 170,000 |
| Mina Sotto | 880,000 | 31,000 | 2,600 | 170,000 |"""
MIX = """|  | Revenue Mix Summary Year Ended March 1, 2025 | Revenue Mix Summary Year Ended \
March 2, 2024 | Comparable Sales Summary Year Ended March 1, 2025 | Comparable Sales Summary \
Year Ended March 2, 2024 |
|---|---|---|---|---|
| Lamps | 44% | 45% | 4.2% | 1.0% |
| Rugs | 33% | 33% | 3.9% | 8.0% |
| Tiles | 23% | 22% | 9.9% | 2.0% |
| Total | 100% | 100% | 4.8% | 5.6% |"""
# a store banner named as the company is: "Kestrel Home's comparable sales"
STORES = """|  | 2025 Opened | 2025 Closed | 2025 Total Stores |
|---|---|---|---|
| Kestrel Home | 1 | (14) | 925 |
| Outlet | 3 | - | 19 |"""


def _lines(question: str, *texts: str, registry: bool = True) -> list[str]:
    passages = [
        Passage(chunk_id=f"nc#{i}", doc_id="nc", page=2 + i, page_end=2 + i, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    evidence = [Evidence(tool="search", query="q", passages=passages)]
    # the registry tries a growth ranking first, which searches for a table of amounts
    # when the turn holds none: the method itself is asked for the rows' printed changes
    a = (compared_answer if registry else named_column_ranking)(question, evidence, "en")
    return a.lines if a is not None else []


def test_the_row_with_the_fewest_in_the_column_named() -> None:
    lines = _lines("Which board nominee drew the fewest votes against in 2025?", VOTES)
    assert lines and lines[0].startswith("Olu Varga") and "4,100" in lines[0], lines
    assert "905,000" not in " ".join(lines)  # the "For" column


def test_the_column_of_the_year_asked_and_no_total_row() -> None:
    q = "Which category grew comparable sales the least in fiscal 2025?"
    lines = _lines(q, MIX, registry=False)
    assert lines and lines[0].startswith("Rugs") and "3.9%" in lines[0], lines
    assert "8.0%" not in " ".join(lines) and "4.8%" not in " ".join(lines), lines


def test_the_company_owning_the_figures_names_no_row() -> None:
    q = "Which category saw Kestrel Home's comparable sales fall the most in fiscal 2025?"
    lines = _lines(q, STORES, MIX, registry=False)
    assert lines and lines[0].startswith("Rugs") and "(14)" not in lines[0], lines
