"""A requirement stated without naming who bears it ("a spill must be reported … within 24
hours", "hoods shall be inspected") is an obligation a reviewer keeps; accounting guidance
("revenue must be recognized …") still is not. The policy below is invented for this test."""

from __future__ import annotations

from pathlib import Path

from agent.review.service import run_review
from pipeline.service import Folio

POLICY_MD = """# Laboratory Safety Policy

## 1. Purpose

This policy sets out how the Harbour Institute keeps its laboratories safe.

## 2. Incident reporting

Any chemical spill must be reported to the safety officer within 24 hours.

Injuries must be recorded in the incident log before the end of the shift.

## 3. Equipment

Fume hoods shall be inspected every six months by a certified engineer.

## 4. Accounts

Revenue from paid courses must be recognized when the course is delivered.

We must continue to attract talented researchers to remain competitive.
"""

KEPT = (
    "Any chemical spill must be reported to the safety officer within 24 hours.",
    "Injuries must be recorded in the incident log before the end of the shift.",
    "Fume hoods shall be inspected every six months by a certified engineer.",
)


def test_passive_requirements_are_kept_as_obligations(folio: Folio, tmp_path: Path) -> None:
    path = tmp_path / "lab_safety_policy.md"
    path.write_text(POLICY_MD, encoding="utf-8")
    doc_id = folio.ingest([path])[0].doc_id
    assert doc_id is not None
    report = run_review(
        folio, [doc_id], "What obligations does the policy set for staff?", refine=False
    )
    texts = [f.text for f in report.findings]
    for sentence in KEPT:
        assert sentence in texts, texts
    # guidance on the accounts and an aspiration only borrow the word "must"
    assert not any("must be recognized" in t for t in texts), texts
    assert not any("attract talented researchers" in t for t in texts), texts
