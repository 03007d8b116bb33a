"""The app's side of its background process (``pipeline/background.py``): start it, start
it again when it dies, stop it with the app."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
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
