"""Functions that worker processes import by name in tests."""

from __future__ import annotations

import time


def sleep_for(seconds: float) -> float:
    time.sleep(seconds)
    return seconds
