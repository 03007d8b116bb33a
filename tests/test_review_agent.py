"""Review mode: atomic tools (errors, timeouts, fallbacks), the rule memory, plan → report."""

from __future__ import annotations

import dataclasses
import json
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from agent.review import runner
from agent.review.errors import RuleConflict, ToolInputError
from agent.review.plan import make_plan
from agent.review.relevance import model
from agent.review.report import to_json, to_markdown
from agent.review.scope import ReviewScope
from agent.review.service import run_review
from agent.review.toolmodels import Hits
from pipeline.corpus import Corpus
from pipeline.service import Folio
from pipeline.store import rules as rules_mod
from pipeline.store.rules import RuleStore
from tests.reviewdocs import contract_md
from tests.structured_fake import SchemaFake

T0 = datetime(2026, 1, 10, 12, 0, tzinfo=UTC)


@pytest.fixture
def contract(folio: Folio, tmp_path: Path) -> str:
    doc_id = folio.ingest([contract_md(tmp_path)])[0].doc_id
    assert doc_id is not None
    return doc_id


def test_bad_regex_is_a_clear_error(folio: Folio, contract: str) -> None:
    scope = ReviewScope(Corpus(folio, (contract,)))
    with pytest.raises(ToolInputError, match="not a valid regular expression"):
        runner.call(scope, "search_by_regex", {"pattern": "shall (not"})
    result, call = runner.call(scope, "search_by_regex", {"pattern": r"within \d+ days"})
    assert call.ok and isinstance(result, Hits) and result.hits


def test_a_tool_that_times_out_falls_back(folio: Folio, contract: str) -> None:
    scope = ReviewScope(Corpus(folio, (contract,)))
    spec = runner.TOOLS["clauses_by_keyword"]

    def slow(scope: ReviewScope, args: object) -> Hits:
        time.sleep(1.0)
        return Hits()

    stalled = dataclasses.replace(spec, run=slow, timeout_s=0.05)
    result, call = runner.call(scope, spec.name, {"keywords": ["subcontract"]}, spec=stalled)
    assert call.fallback and not call.ok and "timed out" in call.error
    assert isinstance(result, Hits) and result.source.startswith("fallback")


def test_tools_stay_inside_the_review_scope(folio: Folio, contract: str) -> None:
    scope = ReviewScope(Corpus(folio, (contract,)))
    with pytest.raises(ToolInputError, match="not part of this review"):
        runner.call(scope, "text_by_page", {"doc_id": "other-doc", "page": 1})
    page, call = runner.call(scope, "text_by_page", {"doc_id": contract, "page": 1})
    assert call.ok and "Supplier" in page.text  # type: ignore[attr-defined]


def test_expired_rules_are_dropped(folio: Folio) -> None:
    def rules(now: datetime) -> RuleStore:
        return RuleStore(folio.db, folio.workspace, now=now)

    rules(T0).add(r"subcontract", "run:prohibitions", sample="subcontract")
    assert len(rules(T0 + timedelta(days=6)).matching("subcontract")) == 1
    later = rules(T0 + timedelta(days=6 + 8))  # 8 days after its last hit
    assert later.matching("subcontract") == [] and later.all() == []


def test_conflicting_rule_is_not_stored(folio: Folio) -> None:
    store = RuleStore(folio.db, folio.workspace, now=T0)
    store.add(r"liquidated damages", "run:penalties", sample="liquidated damages")
    with pytest.raises(RuleConflict, match="contradicts stored rule"):
        store.add(r"damages", "avoid:penalties", sample="damages")
    assert [r.action for r in store.all()] == ["run:penalties"]
    store.add(r"damages", "avoid:risks", sample="damages")  # another sub-goal: no conflict
    assert len(store.all()) == 2


def test_the_store_is_capped_least_used_first(
    folio: Folio, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rules_mod, "MAX_RULES", 2)
    store = RuleStore(folio.db, folio.workspace, now=T0)
    a = store.add("alpha", "run:risks", sample="alpha")
    store.add("alpha", "run:risks", sample="alpha")  # same rule again: a hit, not a copy
    store.add("beta", "run:limits", sample="beta")
    store.add("gamma", "run:deadlines", sample="gamma")
    kept = {r.pattern for r in store.all()}
    assert kept == {"alpha", "gamma"} and store.get(a.id) is not None
    assert store.get(a.id).hits == 1  # type: ignore[union-attr]


def test_a_stored_rule_changes_the_next_plan(folio: Folio, contract: str) -> None:
    scope = ReviewScope(Corpus(folio, (contract,)))
    store = RuleStore(folio.db, folio.workspace)
    goal = "list every obligation of the supplier"
    before, _ = make_plan(goal, scope.views(), "en", store)
    assert "deadlines" not in before.chosen
    rule = store.add(r"within \d+", "run:deadlines", sample="within 30")
    after, _ = make_plan(goal, scope.views(), "en", store)
    assert "deadlines" in after.chosen
    moved = next(c for c in after.candidates if c.id == "deadlines")
    assert rule.id in moved.rules and f"#{rule.id}" in moved.why
    assert store.get(rule.id).hits == 1  # type: ignore[union-attr]


def test_review_reports_cited_checked_findings(folio: Folio, contract: str) -> None:
    events: list[dict] = []
    report = run_review(
        folio, [contract], "list every obligation and penalty", on_event=events.append
    )
    assert report.plan.chosen[:2] and len(report.plan.candidates) == 3
    assert all(
        c.score == pytest.approx(c.value * (1 - c.risk) / c.cost, abs=2e-3)
        for c in report.plan.candidates
    )
    # supported: the span is the source's and judged to state the claim (the support bar
    # of its page: a contract's clauses are a page of rules)
    view = ReviewScope(Corpus(folio, (contract,))).view(contract)

    def bar(page: int) -> float:
        return model().support_at(view.binding_share(page))

    assert report.findings
    assert all(f.supported == (f.score >= bar(f.citation.page)) for f in report.findings)
    assert all(f.citation.label.startswith("[p1") for f in report.findings)
    texts = " ".join(f.text for f in report.findings)
    assert "shall not subcontract" in texts and "liquidated damages" in texts
    assert report.coverage.ratio >= 0.85 or report.coverage.left_out
    md = to_markdown(report)
    assert "[p1, §2.3]" in md and "| 1 |" in md
    data = json.loads(json.dumps(to_json(report), ensure_ascii=False))
    assert data["groups"][0]["sentences"]
    assert events[0]["event"] == "plan" and events[-1]["event"] == "report"


def test_a_coverage_gap_becomes_a_rule_that_the_next_plan_loads(
    folio: Folio, contract: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from agent.review import plan

    monkeypatch.setattr(plan, "CHOSEN", 1)  # one sub-goal cannot cover obligations and penalties
    goal = "list every obligation and penalty"
    first = run_review(folio, [contract], goal)
    added = {f.subgoal for f in first.findings} - set(first.plan.chosen)
    assert added and first.rules_created  # reflection filled the gap and learnt from it
    assert first.coverage.ratio >= 0.85
    second = run_review(folio, [contract], goal)
    assert second.plan.rules and added & set(second.plan.chosen)
    assert second.plan.chosen != first.plan.chosen


def test_chinese_document_gets_a_chinese_report(folio: Folio, tmp_path: Path) -> None:
    path = tmp_path / "rules_zh.md"
    path.write_text(
        "# 管理办法\n\n## 第一章 总则\n\n第一条 本办法所称运营者，是指提供服务的单位。\n\n"
        "第二条 运营者应当建立安全管理制度，并在30日内报送主管部门。\n\n"
        "第三条 运营者不得泄露用户信息，如第二条所述。\n\n## 第二章 罚则\n\n"
        "第四条 违反第三条规定的，处十万元以下罚款。\n",
        encoding="utf-8",
    )
    doc_id = folio.ingest([path])[0].doc_id
    assert doc_id is not None
    report = run_review(folio, [doc_id], "列出所有禁止性条款和罚则")
    assert report.lang == "zh"
    md = to_markdown(report)
    assert "审阅" in md and "[p1, 第三条]" in md
    assert all("调用工具" in s.note for s in report.plan.steps[:-1])  # step notes too
    assert {"prohibitions", "penalties"} == set(report.plan.chosen)


def test_cli_review_and_rules(
    folio: Folio, contract: str, capsys: pytest.CaptureFixture[str]
) -> None:
    import argparse

    from commands import review as cmd

    args = argparse.Namespace(
        doc_id=[contract], goal="every obligation", json=True, format="md", out=None, offline=True
    )
    assert cmd.review(folio, args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["findings"] and out["plan"]["chosen"]
    RuleStore(folio.db, folio.workspace).add("shall", "run:obligations", sample="shall")
    rid = RuleStore(folio.db, folio.workspace).all()[0].id
    cmd.rules(folio, argparse.Namespace(action="disable", rule_id=rid, json=True))
    assert json.loads(capsys.readouterr().out)[0]["enabled"] is False
    cmd.rules(folio, argparse.Namespace(action="delete", rule_id=rid, json=True))
    assert json.loads(capsys.readouterr().out) == []


def _scripted(answer: object) -> SchemaFake:
    """The review's refinement answers ``answer`` (validated as its schema) or raises it."""
    from agent.review.refine import Refined

    def reply(_: str) -> Refined | Exception:
        return answer if isinstance(answer, Exception) else Refined.model_validate(answer)

    return SchemaFake.of({Refined: reply})


def test_refinement_keeps_only_supported_rewordings(
    folio: Folio, contract: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pipeline.chat_model import override_chat_model

    monkeypatch.setenv("OPENAI_API_KEY", "test")
    monkeypatch.setenv("FOLIO_CHAT_MODEL", "scripted")
    from settings import Settings

    folio.settings = Settings(data_dir=folio.settings.data_dir)
    offline = run_review(folio, [contract], "every obligation", refine=False)
    invented = "The Supplier owes a bonus of 9,999 every week."
    answer = {"items": [{"index": 0, "text": invented}, {"index": 1, "text": "Nonsense."}]}
    with override_chat_model(_scripted(answer)):
        refined = run_review(folio, [contract], "every obligation")
    assert refined.refined_by == "scripted"
    assert [f.text for f in refined.findings][:2] == [f.text for f in offline.findings][:2]
    with override_chat_model(_scripted(RuntimeError("endpoint down"))):
        failed = run_review(folio, [contract], "every obligation")
    assert failed.refined_by == "offline" and any("endpoint down" in n for n in failed.notices)


def test_cli_labels_lists_labels_and_references(
    folio: Folio, contract: str, capsys: pytest.CaptureFixture[str]
) -> None:
    import argparse

    from commands import perceive

    perceive.labels(folio, argparse.Namespace(doc_id=contract, page=None, json=True))
    out = json.loads(capsys.readouterr().out)
    assert {x["label"] for x in out["labels"]} >= {"definition", "clause", "data"}
    ref = next(r for r in out["references"] if r["text"] == "Section 3.2")
    assert ref["target_n"] is not None and ref["target_text"].startswith("3.2")


def test_cli_inspect_shows_labels_and_references(
    folio: Folio, contract: str, capsys: pytest.CaptureFixture[str]
) -> None:
    import argparse

    from commands import inspect

    inspect.inspect(folio, argparse.Namespace(doc_id=contract, page=1, json=True))
    blocks = json.loads(capsys.readouterr().out)["blocks"]
    by_text = {b["text"][:20]: b for b in blocks}
    assert by_text['"Fee" means the mont']["label"] == "definition"
    [ref] = by_text['"Fee" means the mont']["references"]
    assert ref["text"] == "Table 1" and ref["target_n"] is not None
    assert all(b["credibility"] == "verbatim" for b in blocks)


def test_rules_belong_to_their_workspace(folio: Folio) -> None:
    mine = RuleStore(folio.db, "anon-a", now=T0)
    rule = mine.add(r"subcontract", "run:prohibitions", sample="subcontract")
    theirs = RuleStore(folio.db, "anon-b", now=T0)
    assert theirs.all() == [] and theirs.matching("no subcontract") == []
    assert theirs.get(rule.id) is None and not theirs.delete(rule.id)
    with pytest.raises(KeyError):
        theirs.set_enabled(rule.id, False)
    # The opposite rule is no conflict in another workspace: each learns on its own.
    theirs.add(r"subcontract", "avoid:prohibitions", sample="subcontract")
    assert [r.action for r in mine.all()] == ["run:prohibitions"] and mine.get(rule.id)
    assert theirs.clear() == 1 and theirs.all() == [] and len(mine.all()) == 1


def test_failure_rates_belong_to_their_workspace(folio: Folio) -> None:
    mine = RuleStore(folio.db, "anon-a")
    theirs = RuleStore(folio.db, "anon-b")
    base = theirs.failure_rate("obligations")
    for _ in range(4):
        mine.record("obligations", failed=True)
    assert mine.failure_rate("obligations") > 0.5
    assert theirs.failure_rate("obligations") == base  # another visitor's plans unmoved
    mine.clear()  # the workspace is deleted: its counts go with it
    assert mine.failure_rate("obligations") == base


def test_migration_gives_existing_failure_counts_to_local(tmp_path: Path) -> None:
    import sqlite3

    from pipeline.store.db import Database

    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)
    conn.executescript(rules_mod.REVIEW_V1 + ";" + rules_mod.REVIEW_V2)
    conn.execute("CREATE TABLE schema_versions (name TEXT PRIMARY KEY, version INTEGER)")
    conn.execute("INSERT INTO schema_versions VALUES ('review', 2)")
    conn.execute("INSERT INTO review_stats VALUES ('risks', 6, 6)")
    conn.commit()
    conn.close()
    db = Database(path)
    assert db.schema_version("review") == 3
    assert RuleStore(db, "local").failure_rate("risks") == pytest.approx(6.2 / 8)
    assert RuleStore(db, "anon-a").failure_rate("risks") == pytest.approx(0.1)
    db.close()


def test_a_sentence_cut_by_a_column_break_is_one_finding(folio: Folio, tmp_path: Path) -> None:
    from testkit import pdfgen

    (r,) = folio.ingest([pdfgen.three_column_pdf(tmp_path / "gazette.pdf")], run_background=False)
    assert r.doc_id
    report = run_review(folio, [r.doc_id], "What must operators do?", refine=False)
    whole = "Operators must inspect the valve and replace any cracked seal before further flight."
    [f] = [f for f in report.findings if "Operators must" in f.text]
    assert f.text == whole and f.citation.quote == whole
    assert not any(f.text.startswith("seal before") for f in report.findings)


def test_a_long_sentence_is_quoted_whole_never_cut_around_its_cue() -> None:
    from agent.review.execute import MAX_SENTENCE, quote_for

    words = " ".join(f"word{i}" for i in range(80))
    sentence = f"Our {words} which could adversely affect results {words}."
    assert 320 < len(sentence) <= MAX_SENTENCE
    assert quote_for(f"Before it. {sentence} After it.", "adversely") == sentence
    # a run-on past the limit without a clause to cut at is still quoted whole
    longer = " ".join(f"word{i}" for i in range(400)) + " could adversely affect results."
    assert len(longer) > MAX_SENTENCE and quote_for(longer, "adversely") == longer


def test_a_goal_names_a_kind_in_an_inflected_form(folio: Folio, contract: str) -> None:
    from agent.review.catalog import by_id
    from agent.review.detect import goal_cue_count

    prohibitions = by_id("prohibitions")
    assert prohibitions is not None
    assert goal_cue_count(prohibitions, "What is the provider forbidden to do?") == 1
    assert goal_cue_count(prohibitions, "Which bank accounts are listed?") == 0  # not 'ban'
    scope = ReviewScope(Corpus(folio, (contract,)))
    store = RuleStore(folio.db, "inflection")
    plan, _ = make_plan("What is the provider forbidden to do?", scope.views(), "en", store)
    assert plan.chosen[0] == "prohibitions"
