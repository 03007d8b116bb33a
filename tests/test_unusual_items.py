"""What out of the ordinary moved a result ("Were there any events outside <Company>'s
normal operations that substantially increased net income in <year>?") is answered by the
sentences naming such events of the year asked, the way asked first (``answering/unusual.py``),
not by the result's amount, which the question also names. Invented texts."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

FILING = """# Orvane Tools Inc. Annual Report 2023

## Item 7. Management's Discussion and Analysis

### Results of Operations

Net income was $88 million in 2023, compared with $61 million in 2022.

| (in millions) | 2023 | 2022 |
|---|---|---|
| Net sales | 940 | 905 |
| Net income | 88 | 61 |

Other income increased in 2023 primarily due to a $30 million gain on the sale of our
Dayton warehouse.

In 2023, we also recorded an impairment charge of $9 million on our Lisbon plant.

In 2021, we recorded a litigation settlement charge of $12 million.

### Risks

Future changes in tax law could result in impairment charges in 2023 and later years.
"""


@pytest.fixture
def filing(folio: Folio, tmp_path: Path) -> str:
    return ingest_text(folio, tmp_path, "orvane.md", FILING)


def test_an_unusual_gain_answers_not_the_result_amount(folio: Folio, filing: str) -> None:
    q = (
        "Were there any events outside Orvane's normal operations that substantially "
        "increased its net income in 2023?"
    )
    first = ChatService(folio).ask(q, [filing]).answer.answer.splitlines()[0]
    assert first.startswith("Yes."), first
    assert "gain on the sale" in first, first


def test_the_way_asked_leads_and_other_years_are_left_out(folio: Folio, filing: str) -> None:
    q = "Did any one-time charges reduce Orvane's 2023 net income?"
    said = ChatService(folio).ask(q, [filing]).answer.answer
    assert "impairment charge of $9 million" in said.splitlines()[0], said
    assert "litigation settlement" not in said, said  # 2021's, not 2023's
    assert "could result" not in said, said  # a risk, no event


def test_a_framed_yes_no_question_is_one() -> None:
    from agent.models.sections import asks_yes_no

    assert asks_yes_no("Apart from its retail business, did anything lift its 2023 earnings?")
    assert not asks_yes_no("Which special items, if any, did it exclude from earnings?")


def test_the_ask_and_its_way_are_read_from_the_question() -> None:
    from agent.question.unusual import asked_way, asks_unusual

    assert asks_unusual("Did anything beyond Acme's normal operations cut its 2021 net income?")
    assert asks_unusual("Were there any one-off gains in Acme's 2016 results?")
    assert not asks_unusual("What was Acme's net income in 2021?")
    assert not asks_unusual("What special offers does Acme give its customers?")
    assert asked_way("Did any one-time event increase Acme's net income?") == "up"
    assert asked_way("Was Acme's net income held back by any unusual item?") == "down"


def test_the_plan_searches_the_events_words() -> None:
    from agent.models.planner import plan

    q = "Were there unusual events that significantly reduced Acme's net income in 2019?"
    queries = [c["args"].get("query", "") for c in plan(q, [], 0, ["search_document"])]
    assert any("impairment" in s and "2019" in s for s in queries), queries


def test_the_events_are_ranked_by_year_way_and_statement() -> None:
    from agent.evidence import Evidence, Passage
    from agent.models.answering.unusual import said_events
    from agent.question import parse

    text = " ".join(FILING.split("### Results of Operations")[1].split("|---|---|---|")[1:])
    p = Passage(chunk_id="c1", doc_id="d1", page=3, page_end=3, text=text)
    ev = [Evidence(tool="search_document", query="gain impairment", passages=[p])]
    up = said_events(parse("Did any one-off gains lift Orvane's 2023 net income?"), ev)
    down = said_events(parse("Did any one-off charges cut Orvane's 2023 net income?"), ev)
    assert "gain on the sale" in up[0].unit.text
    assert "impairment charge of $9 million" in down[0].unit.text
    said = " ".join(s.unit.text for s in up)
    assert "litigation" not in said and "could result" not in said
