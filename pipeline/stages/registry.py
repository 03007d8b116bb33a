"""Which background stages exist, in the order they run.

The knowledge components need no vectors and take seconds, so they run before
embedding (minutes on two cores): the UI shows them early.
"""

from __future__ import annotations

from pipeline.models import Component
from pipeline.stage_context import StageFn
from pipeline.stages import knowledge as kn
from pipeline.stages.embed import run as embed

BACKGROUND: dict[Component, StageFn] = {
    "terms": kn.terms,
    "mindmap": kn.mindmap,
    "graph": kn.graph,
    "route": kn.route,
    "summary": kn.summary,
    "embed": embed,
}


def background_components() -> tuple[Component, ...]:
    """Components that run after a document became searchable, in order."""
    return tuple(BACKGROUND)


def stage_for(component: Component) -> StageFn:
    try:
        return BACKGROUND[component]
    except KeyError as exc:
        raise ValueError(f"'{component}' is not a background component") from exc
