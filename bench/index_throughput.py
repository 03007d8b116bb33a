"""Time from `cli.py ingest` to fully indexed (lexical + vectors + every component).

Two runs, each in its own temporary data dir, over the FinanceBench dev and train PDFs:

* ``app``  — ``python app.py`` serves the data dir; ``cli.py ingest FILES`` is run against
  it and returns when the documents are lexically searchable; the app and the detached
  ``cli.py resume`` share the job queue until every component is done;
* ``wait`` — ``cli.py ingest --wait FILES`` alone.

Prints pages, seconds to searchable and to fully indexed, pages/s, the CPU seconds of
every process involved (this script adopts the detached resume as a subreaper) and the
load average, since the machine may be shared.

    python bench/index_throughput.py [--mode app|wait|both] [--limit N] [--files PDF ...]
                                     [--root CHECKOUT] [--timeout S]

``--root`` runs another checkout's app.py and cli.py (e.g. main, for a before/after).
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import os
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import ROOT, SAMPLES, print_table
from bench.cpumeter import CpuMeter

PR_SET_CHILD_SUBREAPER = 36
SPLITS = ("financebench", "financebench-train")


def adopt_orphans() -> None:
    """Become the parent of descendants whose parent exits (the detached resume)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def reap() -> None:
    with contextlib.suppress(ChildProcessError):
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass


def env_for(data_dir: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("FOLIO_", "OPENAI_"))}
    return env | {"FOLIO_DATA_DIR": str(data_dir), "GRADIO_ANALYTICS_ENABLED": "False"} | extra


def state(data_dir: Path) -> tuple[int, int, int]:
    """(documents, pages, components not finished) read straight from the database."""
    db = data_dir / "folio.db"
    if not db.exists():
        return 0, 0, 1
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)
    try:
        docs, pages = conn.execute(
            "SELECT COUNT(*), COALESCE(SUM(pages), 0) FROM documents"
        ).fetchone()
        live = conn.execute(
            "SELECT COUNT(*) FROM jobs WHERE state IN ('queued', 'running')"
        ).fetchone()[0]
        unfinished = conn.execute(
            "SELECT COUNT(*) FROM components WHERE state IN ('pending', 'running')"
        ).fetchone()[0]
    except sqlite3.OperationalError:  # tables not made yet
        return 0, 0, 1
    finally:
        conn.close()
    return int(docs), int(pages), int(live) + int(unfinished)


def wait_full(data_dir: Path, expected: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        docs, _, unfinished = state(data_dir)
        if docs >= expected and unfinished == 0:
            return True
        reap()
        time.sleep(1.0)
    return False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_app(data_dir: Path, log: Path, root: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = env_for(data_dir, FOLIO_PORT=str(port), FOLIO_HOST="127.0.0.1")
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "app.py"], cwd=root, env=env, stdout=out, stderr=out
        )
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"app.py exited with {proc.returncode}; see {log}")
        with contextlib.suppress(OSError), urllib.request.urlopen(url, timeout=2) as r:
            if r.status == 200:
                return proc, url
        time.sleep(0.5)
    proc.kill()
    raise SystemExit(f"app.py did not serve within 300 s; see {log}")


def run(mode: str, files: list[Path], timeout: float, root: Path) -> list[object]:
    with tempfile.TemporaryDirectory(prefix=f"folio-throughput-{mode}-") as tmp:
        data = Path(tmp) / "data"
        app = None
        if mode == "app":
            app, _ = start_app(data, Path(tmp) / "app.log", root)
        load0 = os.getloadavg()[0]
        cli = [sys.executable, str(root / "cli.py"), "ingest", *map(str, files)]
        if mode == "wait":
            cli.insert(3, "--wait")
        t0 = time.perf_counter()
        with CpuMeter() as meter:
            subprocess.run(cli, cwd=root, env=env_for(data), check=False, capture_output=True)
            t_lex = time.perf_counter() - t0
            done = wait_full(data, len(files), timeout)
            t_full = time.perf_counter() - t0
        load1 = os.getloadavg()[0]
        if app is not None:
            app.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                app.wait(timeout=20)
        reap()
        docs, pages, unfinished = state(data)
        return [
            "app + cli.py ingest" if mode == "app" else "cli.py ingest --wait",
            docs,
            pages,
            t_lex,
            t_full if done else f">{t_full:.0f} ({unfinished} unfinished)",
            pages / t_full,
            meter.seconds,
            f"{load0:.1f} → {load1:.1f}",
            ", ".join(f"{k} {v:.0f}" for k, v in sorted(meter.peak_rss_mb.items())),
            ", ".join(f"{k} {v:.0f}" for k, v in sorted(meter.cpu_by_label.items()) if v >= 1),
        ]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", choices=["app", "wait", "both"], default="both")
    ap.add_argument("--limit", type=int, help="only the first N files (while developing)")
    ap.add_argument("--files", nargs="*", type=Path, help="these PDFs instead of both splits")
    ap.add_argument("--timeout", type=float, default=3600.0)
    ap.add_argument("--root", type=Path, default=ROOT, help="the checkout whose app/cli run")
    args = ap.parse_args()
    adopt_orphans()
    files = args.files or sorted(
        p for split in SPLITS for p in (SAMPLES / split / "pdfs").glob("*.pdf")
    )
    files = files[: args.limit] if args.limit else files
    modes = ["app", "wait"] if args.mode == "both" else [args.mode]
    rows = [run(m, files, args.timeout, args.root) for m in modes]
    print_table(
        f"ingest to fully indexed, {len(files)} PDFs",
        [
            "run",
            "docs",
            "pages",
            "s searchable",
            "s fully indexed",
            "pages/s",
            "CPU s",
            "load",
            "peak RSS MB",
            "CPU s by process",
        ],
        rows,
    )


if __name__ == "__main__":
    main()
