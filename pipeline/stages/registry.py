"""Which background stages exist, in the order they run."""

from __future__ import annotations

from pipeline.models import Component
from pipeline.stages import StageFn
from pipeline.stages.embed import run as embed

BACKGROUND: dict[Component, StageFn] = {"embed": embed}
