"""Where an answer's time goes: the timing breakdown in its JSON (CLI, API) adds up."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from agent.service import ChatService
from commands.chat import ask
from pipeline.service import Folio
from testkit.agentdocs import REPORT_MD, ingest_text

QUESTION = "How many stores did Northwind operate at the end of fiscal 2023?"


def test_an_answer_says_where_its_time_went(folio: Folio, tmp_path: Path) -> None:
    doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
    a = ChatService(folio).ask(QUESTION, [doc]).answer
    t = a.timing
    assert a.retrieval_rounds >= 1 and a.citations  # it searched, so every phase ran
    assert t.total_ms == a.latency_ms > 0
    # The searches run inside the tools, but a round's tool calls run in parallel threads
    # and the searches' times are summed: they may exceed the tools' wall time.
    assert t.search_ms > 0 and t.tools_ms > 0
    assert t.model_ms > 0  # the offline answerer planned and composed
    assert t.reflection_ms > 0
    assert t.model_ms + t.tools_ms + t.reflection_ms <= t.total_ms


def test_the_cli_json_carries_the_timing(
    folio: Folio, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
    args = argparse.Namespace(
        question=QUESTION, docs=[doc], conversation=None, show_sources=False, json=True
    )
    assert ask(folio, args) == 0
    timing = json.loads(capsys.readouterr().out)["answer"]["timing"]
    assert set(timing) == {"search_ms", "model_ms", "tools_ms", "reflection_ms", "total_ms"}
    assert timing["total_ms"] > 0 and timing["search_ms"] > 0
