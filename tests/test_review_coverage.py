"""Review coverage: the relevant part of a document is what the goal's sub-goals can cite."""

from __future__ import annotations

from pathlib import Path

from agent.review.plan import make_plan
from agent.review.reflect import relevant_units
from agent.review.scope import ReviewScope
from agent.review.service import run_review
from pipeline.corpus import Corpus
from pipeline.service import Folio
from pipeline.store.rules import RuleStore
from testkit.agentdocs import ingest_text

# Invented text: a notice whose only 'risk' outside its risk section is a table row label.
NOTICE_MD = """# Harbour Works Notice

## 1. Risks

1.1 Storm surges are a risk to the new quay wall and could delay the opening of the harbour.

1.2 A shortage of granite blocks could adversely affect the cost of the works this year.

## 2. Accounts

| Item | 2025 | 2024 |
|---|---|---|
| Risk reserve | 1,200 | 1,100 |
| Retained earnings | 5,400 | 5,000 |

## 3. Deadlines

3.1 Contractors shall finish the quay wall within 90 days of the start of the works.
"""


def _notice(folio: Folio, tmp_path: Path) -> str:
    return ingest_text(folio, tmp_path, "harbour_notice.md", NOTICE_MD)


def test_a_table_cell_is_no_section_a_sentence_search_left_out(
    folio: Folio, tmp_path: Path
) -> None:
    doc_id = _notice(folio, tmp_path)
    scope = ReviewScope(Corpus(folio, (doc_id,)))
    goal = "What risks does the notice state?"
    _, assessed = make_plan(goal, scope.views(), "en", RuleStore(folio.db, folio.workspace))
    risks = assessed["risks"]
    view = scope.view(doc_id)
    hit_units = {view.units.get(n, "") for n in risks.hits[doc_id]}
    assert any("Accounts" in u for u in hit_units)  # the row label 'Risk reserve' is a hit …
    units = {u for _, u in relevant_units(scope, [risks])}
    assert units and not any("Accounts" in u for u in units)  # … but nothing it could cite


def test_coverage_counts_only_what_the_goal_asks_for(folio: Folio, tmp_path: Path) -> None:
    doc_id = _notice(folio, tmp_path)
    report = run_review(folio, [doc_id], "What risks does the notice state?", refine=False)
    assert report.coverage.ratio == 1.0 and not report.coverage.left_out
    # A sub-goal ranked on presence alone (the goal does not name deadlines) adds nothing
    # as a coverage gap and teaches no rule.
    assert not any(f.subgoal not in report.plan.chosen for f in report.findings)
    assert not report.rules_created
    texts = " ".join(f.text for f in report.findings)
    assert "Storm surges" in texts and "granite" in texts


# Invented text: a risk refers to a section that states another risk, and to a note that
# says nothing of risk.
POINTERS_MD = """# Orchard Cooperative Report

## 1. Overview

1.1 The cooperative grows apples and pears on four farms in the northern valley.

## 2. Hazards

2.1 Late frost is a risk to the blossom and could cut the harvest, as described in Section 4.

2.2 A fall in cider prices could adversely affect income; see Note 3 for the price table.

## 4. Weather

4.1 Hail storms in early summer are a further risk that could damage the fruit on the trees.

## Note 3

The cooperative sold its cider through two regional wholesalers during the year.
"""


def test_a_followed_reference_is_cited_when_it_serves_the_sub_goal(
    folio: Folio, tmp_path: Path
) -> None:
    path = tmp_path / "orchard_report.md"
    path.write_text(POINTERS_MD, encoding="utf-8")
    doc_id = folio.ingest([path])[0].doc_id
    assert doc_id is not None
    report = run_review(folio, [doc_id], "What risks does the report state?", refine=False)
    assert any(c.tool == "resolve_reference" for c in report.calls)  # both were followed
    texts = " ".join(f.text for f in report.findings)
    assert texts.count("Hail storms") == 1  # the section referred to states a risk: once
    assert "wholesalers" not in texts  # the note says nothing of risk: not a finding
