"""Per-thread OpenMP thread counts for the C embedding engine."""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util


def one_omp_thread() -> None:
    """Make the engine use one core when called from the current thread.

    OpenMP keeps the thread count per calling thread, so this limits only the
    thread that calls it (a pool's initializer): other threads keep theirs.
    """
    name = ctypes.util.find_library("gomp")
    if name:
        with contextlib.suppress(OSError, AttributeError):  # no OpenMP runtime: no limit
            ctypes.CDLL(name).omp_set_num_threads(1)
