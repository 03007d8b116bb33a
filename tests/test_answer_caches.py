"""What an answer keeps between reads (a query's vector, the line items a text names) is
given back as it was computed, and computed again when what it was computed from changes."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np
import pytest

from agent.figures import items
from pipeline.embed import omp
from pipeline.embed.numpy_backend import NumpyE5Embedder
from pipeline.text.finance import LineItem, vocabulary


def _asked_keys(question: str) -> set[str]:
    return {a.item.key for a in items.asked_items(question)}


def test_line_items_are_read_again_with_a_new_vocabulary(monkeypatch: pytest.MonkeyPatch) -> None:
    question = "What were quibble fees in 2021?"
    assert "quibble" not in _asked_keys(question)  # read and kept with the shipped vocabulary
    shipped = vocabulary()
    more = dataclasses.replace(
        shipped, items={**shipped.items, "quibble": LineItem("quibble", ("quibble fees",), "")}
    )
    monkeypatch.setattr(items, "vocabulary", lambda: more)
    assert "quibble" in _asked_keys(question)
    monkeypatch.setattr(items, "vocabulary", lambda: shipped)
    assert "quibble" not in _asked_keys(question)


def test_a_kept_answer_of_line_items_is_the_callers_own() -> None:
    question = "What was total revenue in 2022?"
    first = items.asked_items(question)
    assert first
    first.clear()
    assert items.asked_items(question)


class _CountingEngine:
    def __init__(self) -> None:
        self.texts: list[str] = []

    def embed(self, texts: Sequence[str], prefix: str) -> np.ndarray:
        self.texts += list(texts)
        return np.array([[float(len(t)), 1.0, 2.0] for t in texts], dtype=np.float32)


def test_a_query_is_embedded_once_and_each_caller_gets_its_own_vector() -> None:
    embedder = NumpyE5Embedder(lanes=1)
    engine = _CountingEngine()
    embedder._engine = engine  # type: ignore[assignment]
    first = embedder.embed_query("what was revenue")
    first[0] = -1.0  # a caller may write into its vector
    again = embedder.embed_query("what was revenue")
    assert engine.texts == ["what was revenue"]
    assert again.tolist() == [16.0, 1.0, 2.0]
    embedder.embed_query("another question")
    assert engine.texts == ["what was revenue", "another question"]


def test_one_blas_thread_inside_the_block_and_the_threads_count_restored_after() -> None:
    lib = omp._openblas()
    setter = getattr(lib, "openblas_set_num_threads_local", None) if lib is not None else None
    if setter is None:
        pytest.skip("numpy's OpenBLAS sets no per-thread count here")
    setter(2)
    with omp.single_blas_thread():
        assert setter(1) == 1  # the call returns the count it replaces
    assert setter(2) == 2
