"""Which background stages exist, in the order they run.

The knowledge components (``pipeline/knowledge/catalog.py`` ``KNOWLEDGE``, in their
registered order) need no vectors and take seconds, so they run before embedding
(minutes on two cores): the UI shows them early. The table is read from the catalog on
each call, so a component registered there is queued and run with no change here.
"""

from __future__ import annotations

from pipeline.knowledge.catalog import KNOWLEDGE
from pipeline.models import Component
from pipeline.stage_context import StageFn
from pipeline.stages.embed import run as embed


def background() -> dict[Component, StageFn]:
    """Every background stage by component name, in the order they run."""
    stages: dict[Component, StageFn] = {}
    for name in KNOWLEDGE.in_order():
        component = KNOWLEDGE.get(name)
        if component is not None:
            stages[name] = component
    stages["embed"] = embed
    return stages


def background_components() -> tuple[Component, ...]:
    """Components that run after a document became searchable, in order."""
    return tuple(background())


def stage_for(component: Component) -> StageFn:
    try:
        return background()[component]
    except KeyError as exc:
        raise ValueError(f"'{component}' is not a background component") from exc
