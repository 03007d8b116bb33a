"""A count asked of a company the scope never names ("How many directors were elected at
The Orrin Cola Company's meeting?") is refused as another company's: its legal form
("Company") is no word of its name, which the report would use everywhere. Invented."""

from __future__ import annotations

from agent.evidence import Evidence
from agent.models.absent_subject import absent_subject

Q = "How many directors were elected at The Orrin Cola Company's 2041 annual meeting?"


def _scope(missing: list[str]) -> list[Evidence]:
    df = {"orrin": 0, "cola": 0, "company": 4, "directors": 3, "elected": 2}
    return [Evidence(tool="search", query="directors elected", term_df=df, missing=missing)]


def test_a_count_of_a_company_never_named_is_another_companys() -> None:
    assert "Orrin Cola" in absent_subject(Q, _scope(["orrin", "cola"]))


def test_a_company_the_scope_names_is_not_absent() -> None:
    assert absent_subject(Q, _scope([])) == ""
