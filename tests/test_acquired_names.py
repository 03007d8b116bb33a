"""Which businesses a company acquired is answered by the section's statements naming one
each ("we acquired Brightwell"), not by its statements about acquisitions in general
(``models/event_names.py``, ``models/sections.py``). Invented texts."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

FILING = """# Orvane Tools Inc. Annual Report 2023

## Item 8. Financial Statements

### Note 3. Acquisitions

Acquisitions in 2023 were accounted for using the acquisition method of accounting.
The results of acquired businesses in 2023 are included from their acquisition dates.
Purchase price allocations of 2023 acquisitions may change as valuations are completed.
On March 3, 2023, we acquired all of the outstanding shares of Brightwell Fasteners, a
maker of industrial fasteners, for $120 million.
On August 9, 2023, we completed our acquisition of privately held Kestrel Abrasives for
$45 million.
Kestrel Abrasives was integrated into our Industrial segment in 2023.
"""


@pytest.fixture
def filing(folio: Folio, tmp_path: Path) -> str:
    return ingest_text(folio, tmp_path, "orvane.md", FILING)


def test_each_acquired_business_is_named(folio: Folio, filing: str) -> None:
    said = ChatService(folio).ask("Which businesses did Orvane acquire in 2023?", [filing])
    assert "Brightwell Fasteners" in said.answer.answer, said.answer.answer
    assert "Kestrel Abrasives" in said.answer.answer, said.answer.answer


def test_the_names_after_an_events_verb() -> None:
    from agent.models.event_names import event_names

    assert event_names("we acquired all of the outstanding shares of Be & Cheery, a") == {
        "Be & Cheery"
    }
    assert event_names("we completed our acquisition of privately held Fotolia, a") == {"Fotolia"}
    assert not event_names("We completed other immaterial business acquisitions in 2023.")
