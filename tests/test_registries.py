"""Backends register by name: the settings' names and the registries agree, a name is
never registered twice, and an OCR engine, index backend or knowledge component added in
one place (here, in the test) is accepted by the settings and is the one built or run."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from pipeline.config_check import check_backends
from pipeline.embed.base import EMBEDDERS, make_embedder
from pipeline.errors import ConfigError
from pipeline.knowledge.catalog import KNOWLEDGE, KnowledgeComponent
from pipeline.ocr.engine import EngineSpec, OcrLine
from pipeline.ocr.engines import ENGINES, choose_engine, load_engine
from pipeline.registry import DuplicateName, Registry
from pipeline.service import Folio
from pipeline.stage_context import StageContext
from pipeline.stages.registry import background_components
from pipeline.store.db import Database
from pipeline.store.index import SearchIndex
from pipeline.store.indexes import INDEXES, make_index
from pipeline.store.sqlite_index import SqliteIndex
from settings import Settings
from testkit.fakes import FakeEmbedder


def test_a_name_registered_twice_is_an_error() -> None:
    reg: Registry[int] = Registry("widget")
    reg.register("one", 1, aliases=("uno",))
    with pytest.raises(DuplicateName, match="widget"):
        reg.register("uno", 2)
    assert reg.get("one") == reg.get("uno") == 1 and reg.get("two") is None


def test_the_built_in_backends_are_registered_and_accepted() -> None:
    assert set(ENGINES.names()) == {"rapidocr", "paddleocr", "tesseract"}
    assert set(INDEXES.names()) == {"sqlite", "weaviate"}
    for engine in (*ENGINES.names(), "none"):
        check_backends(Settings(ocr_engine=engine))  # accepted: no ConfigError
    for backend in INDEXES.names():
        check_backends(Settings(index_backend=backend))
    assert choose_engine("none").name == "none"


def test_a_bad_name_is_refused_naming_the_valid_ones(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("FOLIO_OCR_ENGINE", "easyocr")
    with pytest.raises(ConfigError, match=r"FOLIO_OCR_ENGINE='easyocr'.*rapidocr.*none"):
        Folio(Settings(data_dir=tmp_path))
    monkeypatch.delenv("FOLIO_OCR_ENGINE")
    monkeypatch.setenv("FOLIO_INDEX_BACKEND", "elastic")
    with pytest.raises(ConfigError, match=r"FOLIO_INDEX_BACKEND='elastic'.*sqlite, weaviate"):
        Folio(Settings(data_dir=tmp_path))
    assert not (tmp_path / "folio.db").exists()  # refused before anything was opened


class _FakeOcr:
    name = "fake-ocr"

    def recognize(self, image: np.ndarray) -> list[OcrLine]:
        return []


@pytest.fixture
def fake_ocr() -> Iterator[None]:
    ENGINES.register(
        "fake-ocr", EngineSpec("fake-ocr", check=lambda: None, make=lambda _t: _FakeOcr())
    )
    yield
    ENGINES.unregister("fake-ocr")


@pytest.mark.usefixtures("fake_ocr")
def test_an_ocr_engine_registered_in_one_place_is_accepted_and_chosen() -> None:
    settings = Settings(ocr_engine="fake-ocr")
    check_backends(settings)  # accepted by the start-up check
    choice = choose_engine(settings.ocr_engine)
    assert choice.name == "fake-ocr" and choice.note is None
    assert isinstance(load_engine(choice.name, threads=1), _FakeOcr)


def test_an_ocr_engine_no_longer_registered_is_refused() -> None:
    with pytest.raises(ConfigError, match="fake-ocr"):
        check_backends(Settings(ocr_engine="fake-ocr"))


class _FakeIndex(SqliteIndex):
    """The SQLite index under another name: what a new backend's factory returns."""


@pytest.fixture
def fake_index() -> Iterator[None]:
    INDEXES.register("fake-index", lambda _settings, db: _FakeIndex(db))
    yield
    INDEXES.unregister("fake-index")


@pytest.mark.usefixtures("fake_index")
def test_an_index_backend_registered_in_one_place_is_accepted_and_built(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path, index_backend="fake-index")
    check_backends(settings)
    index: SearchIndex = make_index(settings, Database(tmp_path / "folio.db"))
    assert type(index) is _FakeIndex
    assert type(make_index(Settings(data_dir=tmp_path), Database(tmp_path / "b.db"))) is SqliteIndex


_seen: dict[str, str] = {}


def _first(ctx: StageContext) -> None:
    # The later component is queued (pending) while this one runs.
    _seen["first"] = ctx.store.status(ctx.doc.doc_id, "fake-first").state
    _seen["second_then"] = ctx.store.status(ctx.doc.doc_id, "fake-second").state


def _second(ctx: StageContext) -> None:
    _seen["second"] = ctx.store.status(ctx.doc.doc_id, "fake-second").state


@pytest.fixture
def fake_components() -> Iterator[None]:
    _seen.clear()
    KNOWLEDGE.register("fake-first", KnowledgeComponent("fake-first", _first))
    KNOWLEDGE.register("fake-second", KnowledgeComponent("fake-second", _second))
    yield
    KNOWLEDGE.unregister("fake-first")
    KNOWLEDGE.unregister("fake-second")


@pytest.mark.usefixtures("fake_components")
def test_a_knowledge_component_registered_in_one_place_is_queued_and_run(
    folio: Folio, tmp_path: Path
) -> None:
    order = background_components()
    assert order.index("summary") < order.index("fake-first") < order.index("fake-second")
    assert order[-1] == "embed"
    path = tmp_path / "note.md"
    path.write_text("# Heading\n\nSome text about photosynthesis in leaves.\n", encoding="utf-8")
    result = folio.ingest([path], wait=True)[0]
    assert result.doc_id, result.error
    assert "fake-first" in result.queued and "fake-second" in result.queued
    assert _seen == {"first": "running", "second_then": "pending", "second": "running"}
    status = folio.document(result.doc_id).status
    assert status["fake-first"].state == status["fake-second"].state == "ready"


@pytest.fixture
def fake_backend() -> Iterator[None]:
    EMBEDDERS.register("fake-bow", lambda _model: FakeEmbedder())
    yield
    EMBEDDERS._items.pop("fake-bow")


@pytest.mark.usefixtures("fake_backend")
def test_an_embedder_registered_by_name_is_the_one_made() -> None:
    made = make_embedder(" Fake-BOW ")
    assert isinstance(made, FakeEmbedder)
    assert make_embedder("none") is None


def test_a_tool_name_registered_twice_is_an_error() -> None:
    from dataclasses import replace

    from agent.toolset import BUILT_IN
    from agent.toolspec import REGISTRY

    with pytest.raises(DuplicateName, match=BUILT_IN[0].name):
        REGISTRY.add(replace(BUILT_IN[1], name=BUILT_IN[0].name))
    assert REGISTRY.spec(BUILT_IN[0].name) is BUILT_IN[0]


def test_every_registered_component_has_a_label_in_both_languages() -> None:
    from ui.i18n import t

    for name in (*KNOWLEDGE.in_order(), "parse", "ocr", "index", "embed"):
        assert t(f"comp.{name}", "en") and t(f"comp.{name}", "zh")
