"""Tasks for TaskPool tests (module level, so worker processes can import them)."""

from __future__ import annotations

import os
import time


def task(kind: str, value: int) -> int:
    if kind == "sleep":
        time.sleep(value)
    elif kind == "spin":  # burns CPU for ``value`` seconds of the worker's CPU time
        end = time.process_time() + value
        while time.process_time() < end:
            pass
    elif kind == "raise":
        raise ValueError(f"bad input {value}")
    elif kind == "crash":
        os._exit(3)
    return value * 2
