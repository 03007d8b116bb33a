"""The app's API as clients see it: named endpoints only, no interface events."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pipeline.service import Folio
from ui.services import Services


@pytest.fixture
def services(folio: Folio) -> Iterator[Services]:
    s = Services(folio)
    yield s
    s.jobs.shutdown()


def test_interface_events_are_hidden_from_the_api(services: Services) -> None:
    from app import create_app

    demo = create_app(services)
    every = demo.get_api_info(all_endpoints=True)["named_endpoints"]
    ui_events = [fn for fn in demo.fns.values() if fn.fn is not None]
    assert len(ui_events) > 10  # the interface really has events, and none is exposed
    assert every == {}
