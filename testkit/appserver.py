"""Start the real app (``python app.py``) on a free loopback port with its own data dir."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from testkit import ROOT

STARTUP_BUDGET_S = 240  # a hang guard on a loaded machine (2 cores, load 10+), not a speed target


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until_serving(url: str, proc: subprocess.Popen[bytes], budget: float) -> float:
    start = time.monotonic()
    while time.monotonic() - start < budget:
        if proc.poll() is not None:
            raise RuntimeError(f"app.py exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return time.monotonic() - start
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"app.py did not serve {url} within {budget} s")


@contextmanager
def serve(data_dir: Path, log_path: Path) -> Iterator[str]:
    """The app's URL while it runs (lexical search only, offline answerer)."""
    with serve_process(data_dir, log_path) as (url, _):
        yield url


@contextmanager
def serve_process(
    data_dir: Path, log_path: Path, *, workers: int = 1
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """The app's URL and its process while it runs (lexical search, offline answerer)."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("FOLIO_", "OPENAI_"))}
    env |= {
        "FOLIO_DATA_DIR": str(data_dir),
        "FOLIO_PORT": str(port),
        "FOLIO_HOST": "127.0.0.1",
        "FOLIO_EMBEDDING_MODEL": "none",
        "FOLIO_WORKERS": str(workers),
        "GRADIO_ANALYTICS_ENABLED": "False",
    }
    with log_path.open("wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "app.py"], cwd=ROOT, env=env, stdout=log, stderr=log
        )
        url = f"http://127.0.0.1:{port}/"
        try:
            wait_until_serving(url, proc, STARTUP_BUDGET_S)
            yield url, proc
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
