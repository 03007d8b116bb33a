"""A question one document answers is answered with another report in the scope."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.service import ChatService
from testkit.agentdocs import ingest_text

SAMPLES = Path(__file__).resolve().parents[1].parent / "shared" / "samples"
RELEASE = SAMPLES / "financebench-train" / "pdfs" / "JOHNSON_JOHNSON_2023Q2_EARNINGS.pdf"
ZH_REPORT = SAMPLES / "pdfs" / "zh" / "issue-67-example.pdf"

_RELEASE = """# Quarvel reports second-quarter 2033 results

Quarvel Inc. today announced results for the second quarter of 2033.

## Non-GAAP measures

| ($ in Millions, except EPS) | 2033 | 2032 | % Change |
|---|---|---|---|
| Reported sales | 4,210 | 3,980 | 5.8% |
| Net earnings | 612 | 540 | 13.3% |
| EPS (diluted) | $2.31 | $2.02 | 14.4% |
| Adjusted net earnings | 701 | 650 | 7.8% |
| Adjusted EPS (diluted) | $2.64 | $2.43 | 8.6% |
"""


@pytest.mark.skipif(not ZH_REPORT.exists(), reason="sample report absent")
def test_each_report_answers_with_the_other_in_scope(chat: ChatService, tmp_path: Path) -> None:
    folio = chat.folio
    release = ingest_text(folio, tmp_path, "quarvel-q2.md", _RELEASE)
    report = folio.ingest([ZH_REPORT], wait=True)[0].doc_id
    assert report is not None
    both = [release, report]
    a = chat.ask("What was the adjusted EPS in the second quarter of 2033?", both).answer
    assert not a.refused and "2.64" in a.answer, a.answer
    b = chat.ask("What was the operating revenue in the first quarter of 2018?", both).answer
    assert not b.refused and "4,755,785.11" in b.answer, b.answer


@pytest.mark.skipif(not (ZH_REPORT.exists() and RELEASE.exists()), reason="samples absent")
def test_a_release_answers_beside_a_chinese_report(chat: ChatService) -> None:
    """The sentence chosen first is the Chinese report's EPS row (of another period): the
    release, read on its own, answers."""
    both = [r.doc_id or "" for r in chat.folio.ingest([RELEASE, ZH_REPORT], wait=True)]
    assert all(both)
    a = chat.ask("What was the adjusted EPS in Q2 2023?", both).answer
    lead = a.answer.split("Supporting quotes:", 1)[0]  # the answer, not a quote under it
    assert not a.refused and "2.80" in lead, a.answer
