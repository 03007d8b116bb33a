"""Which background stages exist, in the order they run.

The knowledge components need no vectors and take seconds, so they run before
embedding (minutes on two cores): the UI shows them early.
"""

from __future__ import annotations

from pipeline.models import Component
from pipeline.stages import StageFn
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
