"""Per-thread thread counts for the embedding engines' native libraries."""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import functools
from collections.abc import Iterator


def one_omp_thread() -> None:
    """Make the C engine use one core when called from the current thread.

    OpenMP keeps the thread count per calling thread, so this limits only the
    thread that calls it (a pool's initializer): other threads keep theirs.
    """
    name = ctypes.util.find_library("gomp")
    if name:
        with contextlib.suppress(OSError, AttributeError):  # no OpenMP runtime: no limit
            ctypes.CDLL(name).omp_set_num_threads(1)


@functools.cache
def _openblas() -> ctypes.CDLL | None:
    """numpy's OpenBLAS, already loaded in this process (found through its memory map)."""
    import numpy  # noqa: F401  (loads the library)

    with contextlib.suppress(OSError), open("/proc/self/maps") as maps:
        for line in maps:
            path = line.rstrip().split(" ")[-1]
            if "openblas" in path and ".so" in path:
                return ctypes.CDLL(path)
    return None


def one_blas_thread() -> bool:
    """Make numpy's matrix products single-threaded in the current thread only.

    OpenBLAS (0.3.27+) keeps a per-thread count beside the process-wide one; lanes
    running side by side then each use one core instead of fighting over all of
    them. False when the library or the call is not available (products then use
    the process-wide count).
    """
    lib = _openblas()
    if lib is None:
        return False
    try:
        lib.openblas_set_num_threads_local(ctypes.c_int(1))
    except AttributeError:
        return False
    return True


@contextlib.contextmanager
def single_blas_thread() -> Iterator[None]:
    """Numpy's matrix products on one thread inside the block, the thread's count restored
    after. A query's products are too small to share: a second BLAS thread spin-waits on
    the first, and one query cost 90-270 ms of CPU on two threads against 25 ms on one, the
    same vector bit for bit (each output element is one thread's sum either way)."""
    lib = _openblas()
    setter = getattr(lib, "openblas_set_num_threads_local", None) if lib is not None else None
    if setter is None:
        yield
        return
    setter.restype = ctypes.c_int
    before = setter(ctypes.c_int(1))  # the call returns the thread's count before it
    try:
        yield
    finally:
        setter(ctypes.c_int(before))
