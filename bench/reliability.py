"""Reliability under faults and load, in temporary data dirs; prints one table.

    python bench/reliability.py [--full] [--questions 20] [--only NAME ...]

Rows: bad inputs (testkit/badinputs.py, a canary document beside them), kill -9 at each
point of a document's life and during a chat turn (testkit/crashes.py), duplicate work
(two ``cli.py ingest --wait`` on one data dir: runs per component), chat endpoint faults
(tests/test_agent_faults.py against its loopback stand-in), and load (testkit/loadkit.py:
questions through the running app's API while two uploads ingest; latency from sending a
question to its answer, the callers connected beforehand). ``--full`` adds the full-size
bad inputs (a 3,000-page blank PDF, a 60 MB text file, a 200×200-inch page) through the
CLI, with time and peak RSS.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import ROOT, percentile, print_table

Row = list[object]


def bad_inputs(tmp: Path) -> list[Row]:
    from pipeline.service import Folio
    from settings import Settings
    from testkit import badinputs
    from testkit.fakes import FakeEmbedder

    data, inbox = tmp / "data", tmp / "inbox"
    folio = Folio(Settings(data_dir=data, workers=2, max_file_mb=2), embedder=FakeEmbedder())
    canary_file = tmp / "canary.md"
    canary_file.write_text(badinputs.CANARY, encoding="utf-8")
    canary = folio.ingest([canary_file], wait=True)[0].doc_id or ""
    before = badinputs.canary_snapshot(folio, canary)
    cases = badinputs.corpus(symlink_target=str(tmp / "outside.txt"))
    (tmp / "outside.txt").write_text("private " * 50)
    clean = tracebacks = hangs = 0
    for case in cases:
        start = time.monotonic()
        (res,) = folio.ingest([badinputs.write_case(case, inbox)], names=[case.name])
        hangs += time.monotonic() - start > 90
        message = res.error or ""
        tracebacks += "Traceback" in message or 'File "' in message
        ok = case.expect == "either" or (case.expect == "ok") == (res.outcome != "failed")
        clean += ok and badinputs.clean_message(message, data, inbox)
    folio.wait(timeout=120)
    intact = badinputs.canary_snapshot(folio, canary) == before
    folio.close()
    return [["bad inputs (small corpus)", len(cases), clean, f"tracebacks {tracebacks}, "
             f"hangs {hangs}, canary {'intact' if intact else 'CHANGED'}"]]  # fmt: skip


def _cli_ingest(data: Path, path: Path, name: str) -> tuple[dict[str, object], float, float]:
    """``cli.py ingest`` of one file: its JSON result, seconds and peak RSS (MB) of the CLI."""
    env = {**os.environ, "FOLIO_DATA_DIR": str(data), "FOLIO_EMBEDDING_MODEL": "none"}
    start = time.monotonic()
    proc = subprocess.Popen(
        [sys.executable, "cli.py", "ingest", str(path), "--json", "--wait"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    out = proc.stdout.read() if proc.stdout else b""
    _, _, usage = os.wait4(proc.pid, 0)
    seconds = time.monotonic() - start
    try:
        result = json.loads(out)
        result = result[0] if isinstance(result, list) else result
    except ValueError:
        result = {"outcome": "no JSON", "error": out[-300:].decode(errors="replace")}
    return result, seconds, usage.ru_maxrss / 1024


def full_size(tmp: Path) -> list[Row]:
    from testkit import badinputs

    rows: list[Row] = []
    wanted = ("blank-3000.pdf", "big-60mb.txt", "huge-page.pdf")
    for case in badinputs.corpus(full=True):
        if case.name not in wanted:
            continue
        path = badinputs.write_case(case, tmp / "inbox")
        named = path.with_name(case.name)
        path.rename(named)
        result, seconds, rss = _cli_ingest(tmp / "data", named, case.name)
        error = str(result.get("error") or "")[:70]
        rows.append([f"full size: {case.name}", 1, result.get("outcome"),
                     f"{seconds:.0f} s, peak RSS {rss:.0f} MB; {error}"])  # fmt: skip
    return rows


def kill_points(tmp: Path) -> list[Row]:
    from pipeline.service import Folio
    from settings import Settings
    from testkit import pdfgen
    from testkit.agentdocs import REPORT_MD
    from testkit.crashes import kill_during, kill_mid_turn, long_text
    from testkit.fakes import FakeEmbedder

    tried = recovered = 0
    failed: list[str] = []
    for point in ("parse", "ocr", "terms", "embed"):
        folder = tmp / point
        folder.mkdir()
        file = (
            pdfgen.headed_pdf(folder / "report.pdf")
            if point in ("parse", "ocr")
            else long_text(folder / "report.md", 120)
        )
        settings = Settings(data_dir=folder / "data", workers=1, embed_batch=2)
        tried += 1
        kill_during(point, file, settings.data_dir)
        folio = Folio(settings, embedder=FakeEmbedder())
        folio.resume()
        done = folio.wait(timeout=180)
        docs = folio.documents()
        ok = done and len(docs) == 1 and docs[0].chunks > 0
        ok = ok and all(s.state == "ready" for s in docs[0].status.values())
        ok = ok and not list(settings.files_dir.glob(".incoming-*"))
        ok = ok and folio.ingest([file], wait=True)[0].outcome == "unchanged"
        recovered += ok
        failed += [] if ok else [point]
        folio.close()
    tried += 1
    chat_dir = tmp / "chat"
    chat_dir.mkdir()
    (chat_dir / "northwind.md").write_text(REPORT_MD, encoding="utf-8")
    ok = _chat_recovers(chat_dir, kill_mid_turn(chat_dir / "data", chat_dir / "northwind.md"))
    recovered += ok
    failed += [] if ok else ["chat turn"]
    note = "parse, OCR, terms, embed, chat turn" + (f"; NOT recovered: {failed}" if failed else "")
    return [["kill -9 points", tried, recovered, note]]


def _chat_recovers(folder: Path, cid: str) -> bool:
    from agent.service import ChatService
    from pipeline.service import Folio
    from settings import Settings
    from testkit.fakes import FakeEmbedder

    folio = Folio(Settings(data_dir=folder / "data", workers=1), embedder=FakeEmbedder())
    chat = ChatService(folio)
    try:
        listed = [c.conversation_id for c in chat.conversations()] == [cid]
        whole = len(chat.history(cid)) == 2
        again = chat.ask("And a year earlier?", [], conversation_id=cid)
        return listed and whole and bool(again.answer.citations) and len(chat.history(cid)) == 4
    finally:
        folio.close()


def duplicate_work(tmp: Path) -> list[Row]:
    """Two CLI processes ingest (and wait for) the same files on one data dir."""
    import sqlite3

    from testkit.crashes import long_text

    files = [str(long_text(tmp / f"doc{i}.md", 80 + 60 * i)) for i in range(3)]
    env = {**os.environ, "FOLIO_DATA_DIR": str(tmp / "data"), "FOLIO_EMBEDDING_MODEL": "none"}
    procs = [
        subprocess.Popen([sys.executable, "cli.py", "ingest", *files, "--wait"], cwd=ROOT,
                         env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(2)
    ]  # fmt: skip
    for p in procs:
        p.wait(timeout=600)
    with sqlite3.connect(tmp / "data" / "folio.db") as conn:
        runs = conn.execute("SELECT component, attempts, state FROM jobs").fetchall()
    worst = max((r[1] for r in runs), default=0)
    states = sorted({r[2] for r in runs})
    return [["duplicate work (2 CLI ingests)", len(runs), f"max runs {worst}",
             f"components {len(runs)}, states {states} (must be 1 run each)"]]  # fmt: skip


def endpoint_faults(tmp: Path) -> list[Row]:
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider",
         "tests/test_agent_faults.py", "--basetemp", str(tmp / "pytest")],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    times = re.findall(r"^(\S.*?)\s+(\d+\.\d+) s\s+(\d+)$", proc.stdout, re.M)
    passed = re.search(r"(\d+) passed", proc.stdout)
    failed = re.search(r"(\d+) failed", proc.stdout)
    worst = max((float(t[1]) for t in times), default=float("nan"))
    return [["chat endpoint faults", len(times),
             f"{passed.group(1) if passed else 0} fell back",
             f"failed {failed.group(1) if failed else 0}; answered ≤ {worst:.1f} s"]]  # fmt: skip


def load(tmp: Path, questions: int) -> list[Row]:
    from testkit import loadkit
    from testkit.appserver import serve

    uploads = [ROOT / "sample_docs" / "AMCOR_2023Q4_EARNINGS.pdf"]
    minutes = tmp / "minutes.md"
    minutes.write_text("# Minutes\n\n" + "The board met and approved the plan. " * 20000)
    uploads.append(minutes)
    with serve(tmp / "data", tmp / "app.log") as url:
        workspace, ids = loadkit.prepare(url, tmp / "docs")
        report = loadkit.run(url, workspace, ids, uploads, questions=questions)
    lat = report.latencies
    return [["load: questions while 2 uploads ingest", report.questions,
             f"{report.questions - len(report.errors)} ok",
             f"errors {len(report.errors)}, out of scope {len(report.out_of_scope)}, "
             f"uncited {report.uncited}, p50 {percentile(lat, 50):.1f} s, "
             f"p95 {percentile(lat, 95):.1f} s (clients connected in "
             f"{report.connect_seconds:.1f} s); uploads {report.uploads} "
             f"in {report.upload_seconds:.0f} s"]]  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--full", action="store_true", help="add the full-size bad inputs")
    ap.add_argument("--questions", type=int, default=20)
    ap.add_argument("--only", nargs="*", default=None)
    args = ap.parse_args()
    runs: dict[str, Callable[[Path], list[Row]]] = {
        "bad": bad_inputs,
        "kill": kill_points,
        "duplicate": duplicate_work,
        "faults": endpoint_faults,
        "load": lambda tmp: load(tmp, args.questions),
    }
    if args.full:
        runs["full"] = full_size
    rows: list[Row] = []
    for name, run in runs.items():
        if args.only and name not in args.only:
            continue
        started = time.monotonic()
        with tempfile.TemporaryDirectory(prefix=f"folio-rel-{name}-") as tmp:
            try:
                got = run(Path(tmp))
            except Exception as exc:  # one broken run must not hide the others' rows
                got = [[name, "?", "ERROR", f"{type(exc).__name__}: {exc}"[:200]]]
        for row in got:
            rows.append([*row, f"{time.monotonic() - started:.0f}"])
        print(f"… {name} done", file=sys.stderr, flush=True)
    print_table("Reliability", ["check", "tried", "result", "details", "run s"], rows)


if __name__ == "__main__":
    main()
