"""The real graph against a real OpenAI-compatible server (llama.cpp + SmolLM2-135M-Instruct).

    python bench/llm_server.py [--record tests/fixtures/llm_recordings] [--out FILE]
    python bench/llm_server.py --base-url URL --model NAME   # verify another endpoint

Installs llama.cpp's server once (``bench/llm_runtime.py``, cached outside the repository),
serves the tiny model, and answers English and Chinese questions over documents it writes
itself, one of them holding an injected instruction, through ``ChatService`` configured by
environment variables exactly as a user would (``OPENAI_BASE_URL``, ``FOLIO_CHAT_MODEL``...).
A proxy (``testkit/llm_proxy.py``) sees every request and response. Scenarios: native tool
calls (``chatml-function-calling``), and prompted tool calls with streamed replies (the
fallback for servers without tool calling). Answer quality is not the point, the protocol
is: see ``testkit/llm_checks.py`` for what is checked. Results: bench/results/llm_server.json.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import platform
import shutil
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.llm_data import CANARIES, DOCS, QUESTIONS, Question  # noqa: E402

log = logging.getLogger("bench.llm_server")


@dataclass(frozen=True)
class Scenario:
    name: str
    chat_format: str
    tool_calls: str
    stream: bool


SCENARIOS = (
    Scenario("native", "chatml-function-calling", "native", stream=False),
    Scenario("prompted-stream", "chatml", "prompted", stream=True),
)


def main(argv: Sequence[str] | None = None) -> None:
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    logging.getLogger("httpx").setLevel(logging.WARNING)
    work = Path(tempfile.mkdtemp(prefix="folio-llm-"))
    try:
        report = run(args, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(report["summary"], ensure_ascii=False, indent=1))


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "llm_server.json")
    p.add_argument("--record", type=Path, help="write each raw HTTP exchange under DIR/<scenario>/")
    p.add_argument("--base-url", help="an endpoint of your own instead of the bundled llama.cpp")
    p.add_argument("--model", default="smollm2-135m-instruct", help="model name at the endpoint")
    p.add_argument("--tool-calls", default="auto", help="with --base-url: auto, native or prompted")
    p.add_argument("--max-tokens", type=int, default=192, help="reply cap (FOLIO_CHAT_MAX_TOKENS)")
    return p


def run(args: argparse.Namespace, work: Path) -> dict[str, Any]:
    from bench.llm_runtime import LlamaServer, ensure_venv, find_gguf

    docs = write_docs(work / "docs")
    started = time.perf_counter()
    ingest_s = ingest(work / "data", docs)
    report: dict[str, Any] = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "ingest_s": round(ingest_s, 2),
        "scenarios": [],
    }
    if args.base_url:
        own = Scenario("endpoint", "", args.tool_calls, stream=False)
        report["endpoint"] = {"base_url": args.base_url, "model": args.model}
        report["scenarios"].append(scenario(args, work, own, args.base_url, None))
    else:
        python, install_s = ensure_venv()
        gguf = find_gguf(python)
        report["server"] = {
            "package": "llama-cpp-python[server]",
            "model_file": gguf.name,
            "install_s": round(install_s, 1),
        }
        for sc in SCENARIOS:
            server = LlamaServer(python, gguf, sc.chat_format, work / f"{sc.name}.log").start()
            report["server"]["version"] = server.version()
            try:
                report["scenarios"].append(scenario(args, work, sc, server.url, server))
                report["scenarios"][-1]["server_load_s"] = round(server.load_s, 2)
                if sc.name == "native":
                    report["error"] = error_exchange(args, server.url)
            finally:
                server.stop()
    report["total_s"] = round(time.perf_counter() - started, 1)
    report["summary"] = summary(report)
    if args.record:
        _write_inputs(args.record)
    return report


def write_docs(folder: Path) -> dict[str, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = {}
    for name, text in DOCS.items():
        (folder / name).write_text(text, encoding="utf-8")
        out[name] = folder / name
    return out


def ingest(data_dir: Path, docs: dict[str, Path]) -> float:
    """Ingested once with no endpoint configured: only the answers meet the model."""
    from pipeline.service import Folio
    from settings import Settings

    started = time.perf_counter()
    settings = Settings(data_dir=data_dir)
    offline = settings.model_copy(update={"openai_base_url": None, "openai_api_key": None})
    folio = Folio(offline)
    for r in folio.ingest(list(docs.values()), wait=True):
        if not r.doc_id or r.outcome == "failed":
            raise RuntimeError(f"ingest failed: {r.error}")
    folio.close()
    return time.perf_counter() - started


def configure(url: str, model: str, sc: Scenario, data_dir: Path, max_tokens: int) -> None:
    """The environment a user would set (README: Use a real model)."""
    os.environ.update(
        {
            "OPENAI_BASE_URL": url,
            "OPENAI_API_KEY": os.environ.get("OPENAI_API_KEY", "sk-local"),
            "FOLIO_CHAT_MODEL": model,
            "FOLIO_CHAT_TOOL_CALLS": sc.tool_calls,
            "FOLIO_CHAT_STREAM": "1" if sc.stream else "0",
            "FOLIO_CHAT_MAX_TOKENS": str(max_tokens),
            "FOLIO_CHAT_TIMEOUT_S": "300",
            "FOLIO_CHAT_RETRIES": "1",
            "FOLIO_MAX_ROUNDS": os.environ.get("FOLIO_MAX_ROUNDS", "2"),
            "FOLIO_DATA_DIR": str(data_dir),
        }
    )


def scenario(
    args: argparse.Namespace, work: Path, sc: Scenario, url: str, server: Any
) -> dict[str, Any]:
    from agent.service import ChatService
    from pipeline.service import Folio
    from settings import Settings
    from testkit.llm_proxy import Proxy

    record = args.record / sc.name if args.record else None
    if record is not None and record.exists():
        shutil.rmtree(record)
    proxy = Proxy(url).start()
    configure(proxy.url, args.model, sc, work / "data", args.max_tokens)
    folio = Folio(Settings())
    chat = ChatService(folio)
    ids = {d.name: d.doc_id for d in folio.documents()}
    answers = []
    try:
        for i, q in enumerate(QUESTIONS):
            if sc.name not in q.scenarios and not args.base_url:
                continue
            folder = record / f"q{i}" if record else None
            proxy.record_to(folder)
            answers.append(ask(chat, q, ids, proxy, server))
            if folder is not None:
                _write_outcome(folder, i, sc, args, answers[-1])
    finally:
        proxy.stop()
        folio.close()
    log.info("scenario %s: %d answers", sc.name, len(answers))
    return {
        "name": sc.name,
        "chat_format": sc.chat_format,
        "tool_calls": sc.tool_calls,
        "stream": sc.stream,
        "answers": answers,
    }


def ask(chat: Any, q: Question, ids: dict[str, str], proxy: Any, server: Any) -> dict[str, Any]:
    from pipeline.workspace import thread_id
    from testkit import llm_checks as checks

    scope = [ids[n] for n in q.scope]
    mark, log_at = proxy.mark(), server.log_size() if server else 0
    started = time.perf_counter()
    events = asyncio.run(_collect(chat, q.text, scope))
    wall = time.perf_counter() - started
    answer, cid = events["answer"].answer, events["answer"].conversation_id
    state = chat.graph.get_state(
        {"configurable": {"thread_id": thread_id(chat.workspace, cid)}}
    ).values
    messages = state.get("messages", [])
    exchanges = proxy.since(mark)
    chunks = chat.folio.store.get_chunks(checks.returned_chunks(messages))
    http_s = sum(ex.total_s for ex in exchanges)
    perf = server.perf_since(log_at) if server else None
    return {
        "question": q.text,
        "language": q.lang,
        "scope": q.scope,
        "kind": q.kind,
        "model": answer.model,
        "notice": answer.notice,
        "refused": answer.refused,
        "answer": answer.answer,
        "tool_calls": checks.tool_traffic(messages),
        "citations": checks.citations(answer, messages, chunks, set(scope)),
        "reflection": checks.reflection(state.get("verdict"), answer),
        "numbers": checks.numbers(answer, messages, q.text),
        "sent": checks.sent_data(exchanges, set(scope), CANARIES),
        "streaming": checks.streaming(exchanges),
        "service_stream": events["stream"],
        "timing": {
            "wall_s": round(wall, 2),
            "latency_s": round(answer.latency_ms / 1000, 2),
            "model_http_s": round(http_s, 2),
            "prompt_processing_s": round(perf.prompt_ms / 1000, 2) if perf else None,
            "prompt_tokens": perf.prompt_tokens if perf else None,
            "generation_s": round(perf.gen_ms / 1000, 2) if perf else None,
            "generated_tokens": perf.gen_tokens if perf else None,
            "tools_and_graph_s": round(answer.latency_ms / 1000 - http_s, 2),
        },
    }


async def _collect(chat: Any, question: str, scope: list[str]) -> dict[str, Any]:
    """The service's own stream: when status events and the answer's tokens arrived."""
    from agent.schemas import AnswerEvent, StatusEvent, TokenEvent

    started, statuses, tokens, first_token, final = time.perf_counter(), 0, 0, None, None
    async for ev in chat.stream(question, scope):
        if isinstance(ev, StatusEvent):
            statuses += 1
        elif isinstance(ev, TokenEvent):
            tokens += 1
            first_token = first_token or time.perf_counter() - started
        elif isinstance(ev, AnswerEvent):
            final = ev
    assert final is not None
    stream = {
        "status_events": statuses,
        "answer_tokens": tokens,
        "first_token_s": round(first_token or 0.0, 2),
    }
    return {"answer": final, "stream": stream}


def error_exchange(args: argparse.Namespace, url: str) -> dict[str, Any]:
    """One request the server refuses (a prompt longer than its context), recorded too."""
    from testkit.llm_proxy import Proxy

    record = args.record / "error" if args.record else None
    if record is not None and record.exists():
        shutil.rmtree(record)
    proxy = Proxy(url, record_dir=record).start()
    body = {
        "model": args.model,
        "max_tokens": 8,
        "messages": [{"role": "user", "content": "word " * 12000}],
    }
    req = urllib.request.Request(
        f"{proxy.url}/chat/completions",
        json.dumps(body).encode(),
        {"Content-Type": "application/json"},
    )
    with contextlib.suppress(OSError):  # the HTTP error is the point; the proxy kept it
        urllib.request.urlopen(req, timeout=600).read()
    proxy.stop()
    ex = proxy.exchanges[0]
    return {"status": ex.status, "body": ex.body[:300]}


def machine() -> dict[str, Any]:
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    return {
        "platform": platform.platform(),
        "processor": platform.machine(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "load_average": [round(x, 2) for x in load],
    }


def summary(report: dict[str, Any]) -> dict[str, Any]:
    rows = [a for sc in report["scenarios"] for a in sc["answers"]]
    made = sum(len(a["tool_calls"]["made"]) for a in rows)
    return {
        "answers": len(rows),
        "by_model": sorted({a["model"] for a in rows}),
        "tool_calls_made": made,
        "tool_calls_executed": sum(a["tool_calls"]["executed"] for a in rows),
        "citations": sum(a["citations"]["count"] for a in rows),
        "citations_all_valid": all(a["citations"]["all_valid"] for a in rows),
        "unsupported_claims_removed": sum(len(a["reflection"]["unsupported"]) for a in rows),
        "removed_claims_absent_from_answers": all(
            a["reflection"]["removed_from_answer"] for a in rows
        ),
        "numbers_only_from_tools": all(a["numbers"]["ok"] for a in rows),
        "nothing_out_of_scope_sent": all(
            not a["sent"]["foreign_passage_ids"] and not a["sent"]["canaries_sent"] for a in rows
        ),
        "streamed_before_the_end": any(a["streaming"]["before_the_end"] for a in rows),
        "error_status": report.get("error", {}).get("status"),
        "server_load_s": [sc.get("server_load_s") for sc in report["scenarios"]],
        "total_s": report.get("total_s"),
    }


def _write_outcome(
    folder: Path, index: int, sc: Scenario, args: argparse.Namespace, row: dict[str, Any]
) -> None:
    """What the bench saw for this question: the replay tests must see the same."""
    folder.mkdir(parents=True, exist_ok=True)
    outcome = {
        "question_index": index,
        "settings": {
            "chat_model": args.model,
            "chat_tool_calls": sc.tool_calls,
            "chat_stream": sc.stream,
            "chat_max_tokens": args.max_tokens,
            "max_rounds": int(os.environ["FOLIO_MAX_ROUNDS"]),
        },
        "model": row["model"],
        "refused": row["refused"],
        "answer": row["answer"],
        "tool_calls": row["tool_calls"],
        "cited_chunks": [c["chunk_id"] for c in row["citations"]["items"]],
        "unsupported": row["reflection"]["unsupported"],
    }
    text = json.dumps(outcome, ensure_ascii=False, indent=1) + "\n"
    (folder / "outcome.json").write_text(text, encoding="utf-8")


def _write_inputs(folder: Path) -> None:
    """The documents and questions beside the recordings, so a replay asks the same."""
    write_docs(folder / "docs")
    rows = [q.__dict__ for q in QUESTIONS]
    (folder / "questions.json").write_text(
        json.dumps(rows, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


if __name__ == "__main__":
    main()
