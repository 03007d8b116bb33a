"""How long the CLI takes before and after its work: wall and CPU seconds per command.

    python bench/cli_startup.py --data-dir DIR --doc DOC_ID [--runs 3] [--endpoint]

Runs ``cli.py --help``, ``cli.py list`` and ``cli.py ask QUESTION --doc DOC --json`` as a
user would (a fresh process each time) and reports each command's wall time, its CPU time
(user + system, steadier than wall time on a shared machine) and, for ``ask``, the part
outside the answer (wall time minus the answer's own ``latency_ms``). ``--endpoint``
configures a loopback stand-in for an OpenAI-compatible endpoint that answers every request
at once, so what is measured is the CLI's cost around a real model, not the model.
``--phases`` also times the phases of one ``ask`` inside one process (imports, opening the
library, the chat service, the answer, closing). ``--root`` measures another checkout (e.g.
the main branch, for a before/after on the same machine and load).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUESTION = "What were the net sales in the fourth quarter?"

PHASES = """
import json, sys, time
t0 = time.perf_counter(); c0 = time.process_time()
marks = []
def mark(name):
    marks.append((name, time.perf_counter() - t0, time.process_time() - c0))
sys.path.insert(0, {root!r})
import cli  # noqa
from commands import build_parser
args = build_parser().parse_args(["ask", {question!r}, "--doc", {doc!r}, "--json"])
mark("imports + parser")
from pipeline.service import Folio
from settings import Settings
folio = Folio(Settings())
mark("open the library")
folio.recover()
mark("recover jobs")
from agent.service import ChatService
chat = ChatService(folio)
mark("chat service")
event = chat.ask(args.question, [folio.resolve(args.docs[0])])
mark("answer")
folio.close()
mark("close")
print(json.dumps({{"marks": marks, "latency_ms": event.answer.latency_ms}}))
"""


class _Instant(BaseHTTPRequestHandler):
    """Answers every chat request at once with a short text."""

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers["Content-Length"]))
        message = {"role": "assistant", "content": "The documents do not say."}
        body = json.dumps({
            "id": "c", "object": "chat.completion", "created": 0, "model": "stand-in",
            "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        }).encode()  # fmt: skip
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def stand_in() -> str:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Instant)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_port}/v1"


def run(argv: list[str], env: dict[str, str], root: Path) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (user + system of the child) and stdout of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, *argv], cwd=root, env=env, capture_output=True, text=True, check=True
    ).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", type=Path, required=True, help="a library with documents")
    ap.add_argument("--doc", required=True, help="document id (or unique prefix) to ask about")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--endpoint", action="store_true", help="configure a loopback stand-in")
    ap.add_argument("--phases", action="store_true", help="time one ask's phases in-process")
    ap.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure")
    args = ap.parse_args()
    env = {**os.environ, "FOLIO_DATA_DIR": str(args.data_dir)}
    if args.endpoint:
        env |= {"OPENAI_BASE_URL": stand_in(), "OPENAI_API_KEY": "unused"}
    commands = {
        "--help": ["cli.py", "--help"],
        "list": ["cli.py", "list"],
        "ask": ["cli.py", "ask", QUESTION, "--doc", args.doc, "--json"],
    }
    print(f"{'command':<8} {'wall s (runs)':<28} {'median':>7} {'cpu s':>7} {'outside':>8}")
    for name, argv in commands.items():
        walls, cpus, outside = [], [], []
        for _ in range(args.runs):
            wall, cpu, out = run(argv, env, args.root)
            walls.append(wall)
            cpus.append(cpu)
            if name == "ask":
                outside.append(wall - json.loads(out)["answer"]["latency_ms"] / 1000)
        runs = " ".join(f"{w:.1f}" for w in walls)
        extra = f"{statistics.median(outside):>7.1f}s" if outside else ""
        print(
            f"{name:<8} {runs:<28} {statistics.median(walls):>7.1f} "
            f"{statistics.median(cpus):>7.1f} {extra}"
        )
    if args.phases:
        code = PHASES.format(root=str(args.root), question=QUESTION, doc=args.doc)
        _, _, out = run(["-c", code], env, args.root)
        result = json.loads(out.strip().splitlines()[-1])
        print(f"\nphases of one ask (answer latency {result['latency_ms']} ms)")
        last_w = last_c = 0.0
        for phase, wall, cpu in result["marks"]:
            print(f"  {phase:<18} {wall - last_w:>6.2f} s wall  {cpu - last_c:>6.2f} s cpu")
            last_w, last_c = wall, cpu


if __name__ == "__main__":
    main()
