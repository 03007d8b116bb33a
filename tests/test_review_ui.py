"""The Review tab's handlers against a real Folio, without a browser."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from pipeline.service import Folio
from pipeline.store.rules import RuleStore
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
    assert "<i>完成</i>" in plan and "<i>done</i>" not in plan  # step states in the UI language
    assert "[p1, §2.3]" in html and "有据（所引原文明确陈述）" in html
    assert files["visible"] is True and not steps[0][2]["visible"]  # shown with a report only
    md, js = (Path(f) for f in files["value"])
    assert md.read_text(encoding="utf-8").startswith("# ")
    assert json.loads(js.read_text(encoding="utf-8"))["findings"]
    pane = review.open_finding(services, report, "en", _Evt(0))  # type: ignore[arg-type]
    assert "Supplier" in str(pane[2]) or pane[1] is not None


def test_review_tab_without_a_goal_asks_for_one(services: Services) -> None:
    [out] = list(review.stream(services, None, "", "en"))
    assert "write a goal" in out[0]
    assert out[2]["visible"] is False  # no empty export box before a report


def test_the_export_box_starts_hidden(services: Services) -> None:
    demo = build_blocks(services)
    [box] = [b for b in demo.blocks.values() if getattr(b, "elem_id", None) == "rv-files"]
    assert box.visible is False


def test_rules_can_be_disabled_and_deleted_from_the_tab(services: Services) -> None:
    store = RuleStore(services.folio.db, services.folio.workspace)
    rule = store.add("shall", "run:obligations", sample="shall")
    assert ">no<" in review.rule_action(services, "disable", rule.id, "en")
    assert "No rules yet" in review.rule_action(services, "delete", rule.id, "en")


def test_the_app_builds_with_the_review_tab(services: Services) -> None:
    demo = build_blocks(services)
    assert any(getattr(b, "elem_id", None) == "tab-review" for b in demo.blocks.values())


def test_inspect_shows_labels_and_resolved_references(services: Services, tmp_path: Path) -> None:
    from ui.inspector import InspectHandlers, build
    from ui.labels import Labels

    doc_id = services.folio.ingest([contract_md(tmp_path)])[0].doc_id
    assert doc_id
    import gradio as gr

    with gr.Blocks():
        h = InspectHandlers(build(Labels()), services)
    summary = h.open_doc(doc_id, [], "en")[0]
    assert "Block labels" in summary and "definition" in summary and "Cross-references" in summary
    blocks = services.folio.store.blocks(doc_id)
    ref_block = next(b for b in blocks if "as described in Section 3.2" in b.text)
    out = h.show_page(doc_id, 1, [], ref_block.n, "zh")
    detail = out[5]
    assert "条款" in detail and "Section 3.2 →" in detail and "原文" in detail


def test_review_api_endpoints(services: Services, tmp_path: Path) -> None:
    from ui.api import FolioApi
    from ui.review_api import ReviewApi, ReviewApiError

    folio_api = FolioApi(services)
    api = ReviewApi(folio_api)
    scope = folio_api.scope(None)
    doc_id = scope.folio.ingest([contract_md(tmp_path)])[0].doc_id
    assert doc_id
    out = api.review(doc_id, "every obligation", workspace=scope.workspace)
    assert out["workspace"] == scope.workspace and out["groups"]
    assert out["findings"][0]["citation"]["page"] == 1
    with pytest.raises(ReviewApiError, match="No document"):
        api.review(doc_id, "every obligation")  # another (fresh) workspace cannot see it
    with pytest.raises(ReviewApiError, match="Write a goal"):
        api.review(doc_id, " ", workspace=scope.workspace)
    demo = build_blocks(services)
    public = [fn.api_name for fn in demo.fns.values() if fn.api_visibility != "private"]
    assert {"review", "review_rules"} <= set(public), public
    assert isinstance(api.review_rules(), list)
