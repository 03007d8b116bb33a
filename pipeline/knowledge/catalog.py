"""The knowledge components, declared once: name and run function, in the order they run.

The background stages (``pipeline/stages/registry.py``) and the component names
(``pipeline.models.KNOWLEDGE_COMPONENTS``) are derived from :data:`KNOWLEDGE`. To add a
component: its ``run_x(ctx: StageContext)`` (e.g. in ``pipeline/knowledge/components.py``)
and one :class:`KnowledgeComponent` row below — the whole change. A component runs
after the ones registered before it (a later one may read what an earlier one stored).
This module imports nothing heavy: ``pipeline.models`` reads it, and each run function
is imported only when its stage runs (the knowledge modules are slow to import).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pipeline.registry import Registry

if TYPE_CHECKING:
    from pipeline.stage_context import StageContext


@dataclass(frozen=True, slots=True)
class KnowledgeComponent:
    name: str
    """Its name in job and status rows (stored: never rename a shipped one)."""
    run: str | Callable[[StageContext], None]
    """The run function, or ``"module:function"`` to import it when the stage runs."""

    def __call__(self, ctx: StageContext) -> None:
        run = self.run
        if isinstance(run, str):
            module, _, function = run.partition(":")
            run = getattr(importlib.import_module(module), function)
        run(ctx)


KNOWLEDGE: Registry[KnowledgeComponent] = Registry("knowledge component")

for _component in (
    KnowledgeComponent("terms", "pipeline.knowledge.components:run_terms"),
    KnowledgeComponent("mindmap", "pipeline.knowledge.components:run_mindmap"),
    KnowledgeComponent("graph", "pipeline.knowledge.components:run_graph"),
    KnowledgeComponent("route", "pipeline.knowledge.components:run_route"),
    KnowledgeComponent("summary", "pipeline.knowledge.components:run_summary"),
):
    KNOWLEDGE.register(_component.name, _component)
