"""Running one atomic review tool: typed input, a time limit, a fallback, and a record of
what happened. The tool comes as its ``ToolSpec`` (``agent/toolspec.py``); callers that
have only a name go through ``agent/review/runner.py``.

Tools run on a small shared thread pool so a slow one can be abandoned at its time limit
(the thread finishes on its own; every tool is read-only, so nothing is left half-done).
"""

from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from pydantic import BaseModel, ValidationError

from agent.review.errors import ToolInputError, ToolTimeout
from agent.review.models import ToolCall
from agent.review.scope import ReviewScope
from agent.toolspec import ToolSpec

log = logging.getLogger(__name__)

_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def _executor() -> ThreadPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="folio-review-tool")
        return _pool


def run(
    scope: ReviewScope,
    spec: ToolSpec,
    args: dict[str, Any] | BaseModel,
    *,
    timeout_s: float | None = None,
) -> tuple[BaseModel, ToolCall]:
    """Run a tool; on an error or a timeout run its fallback. Raises only for bad input
    that the fallback cannot use either (the error message says what to change)."""
    name = spec.name
    if spec.input is None or spec.run is None or spec.fallback is None:
        raise ValueError(f"Tool {name!r} is no review tool: its spec has no input, run, fallback.")
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
        result = _executor().submit(spec.run, scope, typed).result(timeout=limit)
        return result, ToolCall(tool=name, args=shown, ok=True, seconds=_since(started))
    except FutureTimeout:
        error = f"timed out after {limit:g} s"
    except ToolInputError as exc:
        if spec.input_errors_raise:  # e.g. a bad pattern: the caller's to fix
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
