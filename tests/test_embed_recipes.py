"""What the dense model reads per chunk, and vectors of an older recipe being rebuilt."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.models import Chunk
from pipeline.service import Folio
from pipeline.stages import embed as embed_stage
from tests.conftest import FakeEmbedder


def _table(text: str, section: list[str]) -> Chunk:
    return Chunk(
        chunk_id="d#0",
        doc_id="d",
        n=0,
        kind="table",
        text=text,
        section=section,
        page_start=1,
        page_end=1,
    )


def test_a_table_is_read_as_its_heading_and_each_distinct_cell_once() -> None:
    chunk = _table(
        "| (in millions) | Quarter Ended June 30, 2024 | Quarter Ended June 30, 2023 |\n"
        "|---|---|---|\n"
        "| Freight revenue | $1,204 | $1,117 |\n"
        "| Freight revenue | 5.1% | (2.0)% |\n"
        "| Fuel surcharge income | 88 | 91 |",
        ["Results of operations"],
    )
    text = embed_stage.RECIPES["cells"](chunk, 128)
    assert text.split("\n")[0] == "Results of operations"
    assert text.count("Quarter Ended June") == 1
    assert text.count("Freight revenue") == 1
    assert "Fuel surcharge income" in text
    assert not any(ch.isdigit() for ch in text) and "$" not in text and "|" not in text


def test_capped_recipes_keep_the_heading_and_the_opening_words() -> None:
    chunk = Chunk(
        chunk_id="d#1",
        doc_id="d",
        n=1,
        section=["Liquidity"],
        page_start=1,
        page_end=1,
        text="Cash provided by operations funded the new depots. " + "filler words " * 200,
    )
    for name, cap in (("cells64", 64), ("cells48", 48), ("cells32", 32)):
        text = embed_stage.RECIPES[name](chunk, 128)
        assert text.startswith("Liquidity\nCash provided by operations")
        assert len(text.split()) <= cap
    # the setting is a ceiling too
    assert len(embed_stage.RECIPES["cells64"](chunk, 16).split()) <= 16


def test_every_recipe_names_its_own_vector_space() -> None:
    spaces = {embed_stage.vector_space("m", 128, r) for r in embed_stage.RECIPES}
    assert len(spaces) == len(embed_stage.RECIPES)
    assert embed_stage.vector_space("m", 128) == embed_stage.vector_space(
        "m", 128, embed_stage.RECIPE
    )


def test_vectors_of_an_older_recipe_are_found_and_rebuilt(
    folio: Folio, fake_embedder: FakeEmbedder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = tmp_path / "depots.md"
    doc.write_text(
        "# Depots\n\nThe northern depot handles refrigerated freight.\n\n"
        "## Fleet\n\nThe fleet has electric vans for city routes.\n",
        encoding="utf-8",
    )
    (res,) = folio.ingest([doc], wait=True)
    assert res.doc_id
    assert folio.requeue_stale_vectors() == []  # made with today's recipe: nothing to do
    old = embed_stage.RECIPE
    new = next(r for r in embed_stage.RECIPES if r != old)
    monkeypatch.setattr(embed_stage, "RECIPE", new)
    space = folio.vector_space(fake_embedder) or ""
    assert space.endswith(f"|{new}")
    assert folio.index.chunks_without_vectors(res.doc_id, space)  # old vectors don't count
    before = fake_embedder.passages
    assert folio.requeue_stale_vectors() == [res.doc_id]
    assert folio.document(res.doc_id).status["embed"].state == "pending"
    assert folio.wait([res.doc_id], timeout=60)
    assert folio.index.chunks_without_vectors(res.doc_id, space) == []
    assert fake_embedder.passages > before
    assert folio.document(res.doc_id).status["embed"].state == "ready"
    assert folio.requeue_stale_vectors() == []
    hits = folio.search("electric vans", [res.doc_id], k=3)
    assert hits and "electric vans" in hits[0].text
