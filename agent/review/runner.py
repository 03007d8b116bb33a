"""Calling an atomic review tool by name: its ``ToolSpec`` from the one tool registry
(``agent/toolspec.py``; the review's tools register in ``agent/review/chat_tools.py``),
run with its typed input, time limit and fallback (``agent/review/calling.py``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from pydantic import BaseModel

from agent.review import chat_tools
from agent.review.calling import run
from agent.review.models import ToolCall
from agent.review.scope import ReviewScope
from agent.toolspec import REGISTRY, ToolSpec

__all__ = ["TOOLS", "ToolSpec", "call", "chat_tools"]


class _AtomicTools(Mapping[str, ToolSpec]):
    """The registry's atomic tools by name, as registered now."""

    def __getitem__(self, name: str) -> ToolSpec:
        spec = REGISTRY.spec(name)
        if not spec.atomic:
            raise KeyError(name)
        return spec

    def __iter__(self) -> Iterator[str]:
        return iter([s.name for s in REGISTRY.specs(atomic=True)])

    def __len__(self) -> int:
        return len(REGISTRY.specs(atomic=True))


TOOLS: Mapping[str, ToolSpec] = _AtomicTools()


def call(
    scope: ReviewScope,
    name: str,
    args: dict[str, Any] | BaseModel,
    *,
    timeout_s: float | None = None,
    spec: ToolSpec | None = None,
) -> tuple[BaseModel, ToolCall]:
    """Run a tool; on an error or a timeout run its fallback. Raises only for bad input
    that the fallback cannot use either (the error message says what to change)."""
    return run(scope, spec or REGISTRY.spec(name), args, timeout_s=timeout_s)
