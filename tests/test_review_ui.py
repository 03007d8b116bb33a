"""The Review tab's handlers against a real Folio, without a browser."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent.review.rules import RuleStore
from pipeline.service import Folio
from tests.reviewdocs import contract_md
from ui import review
from ui.services import Services
from ui.shell import build_blocks


class _Evt:
    def __init__(self, index: int) -> None:
        self._data = {"index": index}


@pytest.fixture
def services(folio: Folio) -> Iterator[Services]:
    s = Services(folio)
    yield s
    s.jobs.shutdown()


def test_review_tab_streams_plan_then_report_and_opens_a_finding(
    services: Services, tmp_path: Path
) -> None:
    doc_id = services.folio.ingest([contract_md(tmp_path)])[0].doc_id
    assert doc_id
    steps = list(review.stream(services, doc_id, "list every obligation", "zh"))
    assert "正在规划" in steps[0][0]
    plan, html, files, report = steps[-1]
    assert "rv-plan" in plan and "✓" in plan and "data-index=" in html
    assert "[p1, §2.3]" in html and "有原文依据" in html
    md, js = (Path(f) for f in files)
    assert md.read_text(encoding="utf-8").startswith("# ")
    assert json.loads(js.read_text(encoding="utf-8"))["findings"]
    pane = review.open_finding(services, report, "en", _Evt(0))  # type: ignore[arg-type]
    assert "Supplier" in str(pane[2]) or pane[1] is not None


def test_review_tab_without_a_goal_asks_for_one(services: Services) -> None:
    [out] = list(review.stream(services, None, "", "en"))
    assert "write a goal" in out[0]


def test_rules_can_be_disabled_and_deleted_from_the_tab(services: Services) -> None:
    rule = RuleStore(services.folio.db).add("shall", "run:obligations", sample="shall")
    assert ">no<" in review.rule_action(services, "disable", rule.id, "en")
    assert "No rules yet" in review.rule_action(services, "delete", rule.id, "en")


def test_the_app_builds_with_the_review_tab(services: Services) -> None:
    demo = build_blocks(services)
    assert any(getattr(b, "elem_id", None) == "tab-review" for b in demo.blocks.values())
