"""Backends register by name: the settings' names and the registries agree, a name is
never registered twice, and a backend added in one place is the one the factory builds."""

from __future__ import annotations

from collections.abc import Iterator
from typing import get_args

import pytest

from pipeline.embed.base import EMBEDDERS, make_embedder
from pipeline.ocr.engines import ENGINES, choose_engine
from pipeline.registry import DuplicateName, Registry
from pipeline.store.indexes import INDEXES
from settings import OcrEngineName, Settings
from testkit.fakes import FakeEmbedder


def test_a_name_registered_twice_is_an_error() -> None:
    reg: Registry[int] = Registry("widget")
    reg.register("one", 1, aliases=("uno",))
    with pytest.raises(DuplicateName, match="widget"):
        reg.register("uno", 2)
    assert reg.get("one") == reg.get("uno") == 1 and reg.get("two") is None


def test_every_ocr_engine_the_settings_name_is_registered() -> None:
    assert set(ENGINES.names()) == set(get_args(OcrEngineName)) - {"none"}
    assert choose_engine("none").name == "none"


def test_every_index_backend_the_settings_name_is_registered() -> None:
    choices = get_args(Settings.model_fields["index_backend"].annotation)
    assert set(INDEXES.names()) == set(choices)


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
