"""The web app's background work (parsing, OCR, knowledge, embeddings) in a process of its
own, at a lower OS priority, so that questions are answered first.

In one process, ingestion's pure-Python work (chunking a long text, perceiving blocks,
knowledge extraction) holds the interpreter lock most of the time and questions wait
for it: 20 questions while two uploads ingested took p95 6.9 s against 3.8 s without
the uploads. The job queue is already shared by every process on a data dir (claims,
leases, take-over of a dead process's jobs), so the app only queues jobs and waits on
their statuses, and this child claims and runs them at ``nice`` +10; the OCR processes
it starts inherit that. The child ends with the app (Linux: the kernel signals it; else
it notices that its parent changed), and the app starts it again if it dies
(``pipeline/worker_process.py``, the app's side).

    python -m pipeline.background --parent PID      # what the app starts
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import signal
import sys
import time

from pipeline.worker_process import NICE
from settings import Settings


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
    from pipeline.service import Folio  # after the priority and the death signal are set

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
