"""One overall deadline per answer: a trickling endpoint cannot hold a question.

The loopback stand-in (tests/chatstub.py) sends its headers and then one byte every
second, for up to ``TRICKLE_S``: each read is far inside the per-read timeout, so only the
overall deadline (``chat_deadline_s``) ends the wait. A chat answer (the service and the web
API), a review's refinement and the knowledge components' refinements must each give the
offline result with a notice within the deadline plus the offline work itself (measured on
the spot, as in test_agent_faults.py) plus a small slack. Without the deadline each would
wait for the whole trickle. Run with ``-s`` to see the measured times.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest

from agent.models import ChatModels
from agent.review.service import run_review
from agent.service import ChatService
from pipeline.knowledge.api import load_view
from pipeline.service import Folio
from settings import Settings
from testkit.agentdocs import REPORT_MD, ingest_text
from testkit.knowledge_docs import ZH_TEXTBOOK, write
from tests.chatstub import Stub, agent_calls, stub, stub_folio
from tests.conftest import FakeEmbedder
from tests.reviewdocs import contract_md
from ui.api import FolioApi
from ui.services import Services

__all__ = ["stub"]  # the fixture, imported for pytest

DEADLINE_S = 3.0
TIMEOUT_S = 5.0  # per read: longer than the trickle's pauses, so it never trips
TRICKLE_S = 40.0  # how long the stand-in keeps trickling (the wait without a deadline)
SLACK_S = 2.0
QUESTION = "How many stores did Northwind operate at the end of fiscal 2023?"
TIMES: list[tuple[str, float, float]] = []


@pytest.fixture(scope="module", autouse=True)
def _table() -> Iterator[None]:
    yield
    if TIMES:
        print(
            f"\n{'trickling endpoint':<34} answered in   offline alone  (deadline {DEADLINE_S} s)"
        )
        for name, seconds, alone in TIMES:
            print(f"{name:<34} {seconds:>8.2f} s     {alone:>8.2f} s")


def _trickle(stub: Stub) -> None:
    def fault(handler: BaseHTTPRequestHandler, body: dict[str, Any]) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", "100000")
        handler.end_headers()
        started = time.monotonic()
        try:
            while time.monotonic() - started < TRICKLE_S and not stub.released.is_set():
                handler.wfile.write(b" ")  # JSON whitespace: a valid start, never an end
                handler.wfile.flush()
                stub.released.wait(1.0)
        except OSError:
            pass  # the client gave up: what the deadline is for

    stub.fault = fault


def _folio(settings: Settings, stub: Stub) -> Folio:
    held = settings.model_copy(update={"chat_deadline_s": DEADLINE_S})
    return stub_folio(held, stub.url, timeout_s=TIMEOUT_S, retries=1)


def _within(name: str, seconds: float, alone: float) -> None:
    TIMES.append((name, seconds, alone))
    bound = DEADLINE_S + 2 * alone + SLACK_S
    assert seconds < bound, (
        f"{name}: {seconds:.1f} s; bound {bound:.1f} s (deadline {DEADLINE_S} s + twice "
        f"the offline work alone, {alone:.1f} s, + {SLACK_S} s)"
    )
    assert seconds >= DEADLINE_S * 0.9, f"{name}: answered before the deadline passed"


def _deadline_notice(text: str | None) -> None:
    assert text and f"within {DEADLINE_S:g} s" in text and "FOLIO_CHAT_DEADLINE_S" in text, text


def _offline_alone(folio: Folio, doc: str) -> float:
    started = time.perf_counter()
    a = ChatService(folio, models=ChatModels()).ask(QUESTION, [doc]).answer
    assert a.model == "offline" and not a.notice
    return time.perf_counter() - started


def test_a_trickling_endpoint_is_cut_at_the_answers_deadline(
    settings: Settings, tmp_path: Path, stub: Stub
) -> None:
    folio = _folio(settings, stub)
    try:
        doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
        alone = _offline_alone(folio, doc)
        _trickle(stub)  # after ingest: knowledge components may call the endpoint too
        started = time.perf_counter()
        a = ChatService(folio).ask(QUESTION, [doc]).answer
        seconds = time.perf_counter() - started
    finally:
        folio.close()
    _within("chat answer (service)", seconds, alone)
    assert a.model == "offline" and "318" in a.answer and a.citations
    _deadline_notice(a.notice)
    assert len(agent_calls(stub.requests)) == 1, "no retry once the deadline has passed"
    assert a.timing.model_ms >= DEADLINE_S * 900  # the wait shows where the time went
    assert a.timing.total_ms == a.latency_ms


def test_the_web_api_answers_by_the_deadline(
    settings: Settings, tmp_path: Path, stub: Stub, monkeypatch: pytest.MonkeyPatch
) -> None:
    uploads = tmp_path / "gradio-uploads"
    monkeypatch.setenv("GRADIO_TEMP_DIR", str(uploads))
    source = tmp_path / "northwind.md"
    source.write_text(REPORT_MD, encoding="utf-8")
    target = uploads / "0123abcd" / source.name  # where gradio puts an uploaded file
    target.parent.mkdir(parents=True)
    shutil.copy(source, target)
    folio = _folio(settings, stub)
    services = Services(folio)
    try:
        api = FolioApi(services)
        sent = {"path": str(target), "orig_name": source.name, "meta": {"_type": "gradio.FileData"}}
        out = api.ingest([sent])  # type: ignore[list-item]
        folio.wait(timeout=60)
        ws, doc = out["workspace"], str(out["files"][0]["doc_id"])
        started = time.perf_counter()
        offline = list(api.ask(QUESTION, [doc], workspace=ws))[-1]  # endpoint still answers 500
        alone = time.perf_counter() - started
        _trickle(stub)
        started = time.perf_counter()
        final = list(api.ask(QUESTION, [doc], workspace=ws))[-1]
        seconds = time.perf_counter() - started
    finally:
        services.jobs.shutdown()
        folio.close()
    assert offline["done"] and offline["model"] == "offline"
    _within("chat answer (web API /ask)", seconds, alone)
    assert final["done"] and final["model"] == "offline" and final["citations"]
    _deadline_notice(final["notice"])
    assert final["timing"]["total_ms"] >= DEADLINE_S * 1000


def test_a_reviews_refinement_is_cut_at_the_deadline(
    settings: Settings, tmp_path: Path, stub: Stub
) -> None:
    folio = _folio(settings, stub)
    try:
        doc = folio.ingest([contract_md(tmp_path)], wait=True)[0].doc_id
        assert doc
        started = time.perf_counter()
        offline = run_review(folio, [doc], "every obligation", refine=False)
        alone = time.perf_counter() - started
        _trickle(stub)
        started = time.perf_counter()
        report = run_review(folio, [doc], "every obligation")
        seconds = time.perf_counter() - started
    finally:
        folio.close()
    _within("review refinement", seconds, alone)
    assert report.refined_by == "offline"
    assert [f.text for f in report.findings] == [f.text for f in offline.findings]
    _deadline_notice(next((n for n in report.notices if "refinement failed" in n), None))


def test_a_knowledge_components_refinement_is_cut_at_the_deadline(
    settings: Settings, tmp_path: Path, stub: Stub
) -> None:
    source = write(tmp_path, "zh.md", ZH_TEXTBOOK)
    plain = Folio(
        settings.model_copy(update={"data_dir": tmp_path / "plain"}), embedder=FakeEmbedder()
    )
    try:
        started = time.perf_counter()
        plain.ingest([source], wait=True)
        alone = time.perf_counter() - started
    finally:
        plain.close()
    folio = _folio(settings, stub)
    _trickle(stub)
    try:
        started = time.perf_counter()
        doc = folio.ingest([source], wait=True)[0].doc_id
        seconds = time.perf_counter() - started
        assert doc
        views = {c: load_view(folio.db, doc, c) for c in ("terms", "summary")}
    finally:
        folio.close()
    # The components refine one after another: each may wait for one deadline.
    refined = len(stub.requests)
    assert refined >= 2
    TIMES.append((f"knowledge ({refined} refinements)", seconds, alone))
    bound = refined * (DEADLINE_S + 1.0) + 2 * alone + SLACK_S
    assert seconds < bound, f"{seconds:.1f} s for {refined} refinements; bound {bound:.1f} s"
    for comp, view in views.items():
        assert view is not None and view.refinement["status"] == "failed", comp
        _deadline_notice(view.refinement["notice"])
