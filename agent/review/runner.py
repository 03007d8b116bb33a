"""Calling a tool: typed input, a time limit, a fallback, and a record of what happened.

Tools run on a small shared thread pool so a slow one can be abandoned at its time limit
(the thread finishes on its own; every tool is read-only, so nothing is left half-done).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from agent.review import fallbacks, tools
from agent.review.errors import ToolInputError, ToolTimeout
from agent.review.models import ToolCall
from agent.review.scope import ReviewScope
from agent.review.toolmodels import ClausesIn, OcrIn, PageIn, RefIn, RegexIn, TableIn

log = logging.getLogger(__name__)

Fn = Callable[[ReviewScope, Any], BaseModel]


@dataclass(frozen=True)
class ToolSpec:
    name: str
    fn: Fn
    fallback: Fn
    input: type[BaseModel]
    timeout_s: float


TOOLS: dict[str, ToolSpec] = {
    s.name: s
    for s in (
        ToolSpec("text_by_page", tools.text_by_page, fallbacks.text_by_page, PageIn, 5.0),
        ToolSpec("table_by_region", tools.table_by_region, fallbacks.table_by_region, TableIn, 5.0),
        ToolSpec(
            "search_by_regex", tools.search_by_regex, fallbacks.search_by_regex, RegexIn, 10.0
        ),
        ToolSpec(
            "clauses_by_keyword",
            tools.clauses_by_keyword,
            fallbacks.clauses_by_keyword,
            ClausesIn,
            10.0,
        ),
        ToolSpec(
            "resolve_reference", tools.resolve_reference, fallbacks.resolve_reference, RefIn, 5.0
        ),
        ToolSpec("ocr_region", tools.ocr_region, fallbacks.ocr_region, OcrIn, 30.0),
    )
}

_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def _executor() -> ThreadPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="folio-review-tool")
        return _pool


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
    spec = spec or TOOLS[name]
    try:
        typed = args if isinstance(args, BaseModel) else spec.input.model_validate(args)
    except ValidationError as exc:
        raise ToolInputError(f"Bad input for {name}: {exc.errors()[0]['msg']}") from exc
    doc_id = getattr(typed, "doc_id", None)
    if doc_id is not None and doc_id not in scope.doc_ids:  # scope is fixed, never widened
        raise ToolInputError(f"Document '{doc_id}' is not part of this review.")
    limit = timeout_s if timeout_s is not None else spec.timeout_s
    started = time.perf_counter()
    shown = typed.model_dump_json(exclude_defaults=True)[:200]
    try:
        result = _executor().submit(spec.fn, scope, typed).result(timeout=limit)
        return result, ToolCall(tool=name, args=shown, ok=True, seconds=_since(started))
    except FutureTimeout:
        error = f"timed out after {limit:g} s"
    except ToolInputError as exc:
        if name == "search_by_regex":  # a bad pattern is the caller's to fix, not a fallback's
            raise
        error = str(exc)
    except (ToolTimeout, Exception) as exc:  # any failure of one step: record, fall back
        log.warning("review tool %s failed: %s", name, exc)
        error = str(exc) or type(exc).__name__
    result = spec.fallback(scope, typed)
    return result, ToolCall(
        tool=name, args=shown, ok=False, fallback=True, error=error, seconds=_since(started)
    )


def _since(t: float) -> float:
    return round(time.perf_counter() - t, 3)
