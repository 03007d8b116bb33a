"""Processes killed with ``kill -9`` at a chosen point of their work, and the documents
they work on: the crash tests and the reliability bench recover from them."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from testkit import ROOT

HERE = Path(__file__).resolve().parent


def long_text(path: Path, words: int = 400) -> Path:
    """A Markdown lease notice long enough that each stage takes a moment."""
    body = " ".join(f"Lease renewal clause {i} covers tenants and landlords." for i in range(words))
    path.write_text(f"# Leases\n\n{body}\n", encoding="utf-8")
    return path


def kill_during(point: str, file: Path, data: Path) -> None:
    """Ingest ``file`` in a child process and kill it at ``point`` (parse, ocr, terms, embed)."""
    proc = subprocess.Popen(
        [sys.executable, str(HERE / "crash_child.py"), str(data), str(file), point],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    marker = data / f"at-{point}"
    deadline = time.monotonic() + 120
    while not marker.exists():
        assert proc.poll() is None, f"the child ended before reaching {point}"
        assert time.monotonic() < deadline, f"the child never reached {point}"
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)
    marker.unlink()


def kill_mid_turn(data: Path, doc: Path) -> str:
    """Kill a child in its second chat turn; the conversation's id."""
    child = subprocess.Popen(
        [sys.executable, str(HERE / "crash_chat_child.py"), str(data), str(doc)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 180
    while not (data / "at-chat").exists():
        if child.poll() is not None:
            raise AssertionError(child.stderr.read().decode() if child.stderr else "exited")
        assert time.monotonic() < deadline, "the child never reached its second turn"
        time.sleep(0.2)
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=30)
    return (data / "conversation").read_text()
