"""The web app's background work (parsing, OCR, knowledge, embeddings) in a process of its
own, at a lower OS priority, so that questions are answered first.

In one process, ingestion's pure-Python work (chunking a long text, perceiving blocks,
knowledge extraction) holds the interpreter lock most of the time and questions wait
for it: 20 questions while two uploads ingested took p95 6.9 s against 3.8 s without
the uploads. The job queue is already shared by every process on a data dir (claims,
leases, take-over of a dead process's jobs), so the app only queues jobs and waits on
their statuses, and this child claims and runs them at ``nice`` +10; the OCR processes
it starts inherit that. The child ends with the app (Linux: the kernel signals it; else
it notices that its parent changed), and the app starts it again if it dies.

    python -m pipeline.background --parent PID      # what the app starts
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from settings import Settings

log = logging.getLogger(__name__)

NICE = 10
RESTART_PAUSE_S = 2.0
ROOT = Path(__file__).resolve().parents[1]


class WorkerProcess:
    """Starts the child, starts it again when it dies, stops it with the app."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._proc: subprocess.Popen[bytes] | None = None
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._watch: threading.Thread | None = None

    def start(self) -> None:
        """Start the watcher, which starts the child (idempotent). The watcher thread lives
        as long as the app, and the child dies with the thread that started it (Linux)."""
        with self._lock:
            if self._watch is not None:
                return
            self._watch = threading.Thread(target=self._watcher, name="folio-bg", daemon=True)
            self._watch.start()

    def _spawn(self) -> None:
        env = {**os.environ, "FOLIO_DATA_DIR": str(self.settings.data_dir.resolve())}
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "pipeline.background", "--parent", str(os.getpid())],
            cwd=ROOT,
            env=env,
        )
        log.info("background work runs in process %d (nice +%d)", self._proc.pid, NICE)

    def _watcher(self) -> None:
        with self._lock:
            if not self._stop.is_set():
                self._spawn()
        while not self._stop.is_set():
            proc = self._proc
            if proc is not None and proc.poll() is not None and not self._stop.is_set():
                log.warning("the background process ended (%s); starting it again", proc.returncode)
                if self._stop.wait(RESTART_PAUSE_S):
                    return
                with self._lock:
                    if not self._stop.is_set():
                        self._spawn()
            self._stop.wait(0.5)

    def stop(self, timeout: float = 10.0) -> None:
        """End the child; its unfinished jobs go back to the queue for the next start."""
        self._stop.set()
        with self._lock:
            proc = self._proc
        if proc is None or proc.poll() is not None:
            return
        proc.terminate()
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            # It did not finish handing its jobs back in time (a busy machine): kill it, and
            # reap it, so the app never leaves a process behind (their leases expire).
            log.warning("the background process did not end in %.0f s; killing it", timeout)
            proc.kill()
            proc.wait()


def _lower_priority() -> None:
    """The child, first thing: a lower priority, and a SIGTERM when its parent dies (Linux)."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICE)
    with contextlib.suppress(OSError, AttributeError):
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def main() -> int:
    ap = argparse.ArgumentParser(description="Folio's background worker (started by the app).")
    ap.add_argument("--parent", type=int, required=True, help="end when this process ends")
    args = ap.parse_args()
    _lower_priority()
    logging.basicConfig(
        level=os.environ.get("FOLIO_LOG_LEVEL", "INFO"),
        format="%(asctime)s %(levelname)s %(name)s[bg]: %(message)s",
    )
    from pipeline.service import Folio

    # The handler only appends to a list: it runs on the main thread between two bytecodes,
    # and an Event.set() there deadlocked on the lock that the same thread's Event.wait()
    # held (children outlived their app by hours, deaf to every further SIGTERM).
    signalled: list[int] = []
    signal.signal(signal.SIGTERM, lambda signum, _frame: signalled.append(signum))
    folio = Folio(Settings())
    folio.serve()  # every lane, in this process
    while not signalled:
        time.sleep(0.5)
        if os.getppid() != args.parent:  # the app is gone (no PR_SET_PDEATHSIG here)
            break
    folio.close()  # running jobs are given back to the queue
    return 0


if __name__ == "__main__":
    sys.exit(main())
