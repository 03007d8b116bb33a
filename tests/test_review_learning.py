"""A failed check becomes a stored rule, end to end: review → reflection fails a sub-goal's
claims → an 'avoid' rule and a failure count are stored → the next plan loads the rule,
scores that sub-goal lower and says why; the rule is listed, disabled and deleted."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.review import reflect
from agent.review.service import run_review
from agent.support import Support
from pipeline.service import Folio
from pipeline.store.rules import RuleStore
from tests.reviewdocs import contract_md

GOAL = "list every obligation and penalty"


@pytest.fixture
def contract(folio: Folio, tmp_path: Path) -> str:
    doc_id = folio.ingest([contract_md(tmp_path)])[0].doc_id
    assert doc_id is not None
    return doc_id


def test_failed_claims_become_an_avoid_rule_the_next_plan_loads(
    folio: Folio, contract: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = run_review(folio, [contract], GOAL, refine=False)
    assert "penalties" in first.plan.chosen and first.removed == 0  # every claim check passed
    before = next(c for c in first.plan.candidates if c.id == "penalties")
    penalty_texts = {f.text for f in first.findings if f.subgoal == "penalties"}
    assert penalty_texts and not first.rules_created

    # A scripted checker: every sentence the penalties step found fails its source check.
    real = reflect.check
    monkeypatch.setattr(
        reflect,
        "check",
        lambda sentence, cited: (
            Support(False, 0.0) if sentence in penalty_texts else real(sentence, cited)
        ),
    )
    failed = run_review(folio, [contract], GOAL, refine=False)
    assert failed.claims_supported < failed.claims
    assert all(f.flagged for f in failed.findings if f.subgoal == "penalties")
    [made] = [r for r in failed.rules_created if "avoid:penalties" in r]
    rules = [r for r in RuleStore(folio.db, folio.workspace).all() if r.action == "avoid:penalties"]
    assert len(rules) == 1 and rules[0].enabled and made.startswith(f"#{rules[0].id}")

    monkeypatch.setattr(reflect, "check", real)
    after = run_review(folio, [contract], GOAL, refine=False)
    moved = next(c for c in after.plan.candidates if c.id == "penalties")
    assert rules[0].id in after.plan.rules and rules[0].id in moved.rules
    assert f"#{rules[0].id}" in moved.why
    assert moved.risk > before.risk and moved.score < before.score
    assert RuleStore(folio.db, folio.workspace).get(rules[0].id).hits >= 1  # type: ignore[union-attr]

    # Disabled, the rule no longer moves the plan; deleted, it is gone.
    store = RuleStore(folio.db, folio.workspace)
    store.set_enabled(rules[0].id, False)
    again = run_review(folio, [contract], GOAL, refine=False)
    assert rules[0].id not in again.plan.rules
    store.delete(rules[0].id)
    assert store.get(rules[0].id) is None
