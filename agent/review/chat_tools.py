"""The atomic review tools as chat-agent tools (LangChain StructuredTools).

Same functions, same runner (time limit, fallback), same scope rule: the documents come
from ``runtime.context`` — a ``document`` argument may only pick one of them. Results are
text for the model plus an Evidence artifact whose passages are the chunks holding the
blocks found, so the chat's citations and reflection work on them as on a search.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from langchain_core.tools import BaseTool, StructuredTool

from agent import prompts
from agent.evidence import Passage
from agent.review import runner
from agent.review.errors import ReviewError
from agent.review.prompts import TOOL_DESCRIPTIONS
from agent.review.scope import ReviewScope
from agent.review.toolmodels import Hits, OcrOut, PageText, Resolved, TableOut
from agent.tools import Runtime, ToolResult, _evidence, _passage_from_chunk, render

MAX_PASSAGES = 8


def _scope(runtime: Runtime, document: str) -> tuple[ReviewScope, str]:
    ctx = runtime.context
    scope = ReviewScope(ctx.corpus)
    return scope, document or ctx.doc_ids[0]


def _lang(runtime: Runtime) -> prompts.Lang:
    return "zh" if getattr(runtime.state, "reply_language", None) == "zh" else "en"


def _result(
    runtime: Runtime,
    scope: ReviewScope,
    tool: str,
    query: str,
    blocks: list[tuple[str, int]],
    *,
    text: str = "",
) -> ToolResult:
    passages: list[Passage] = []
    seen: set[str] = set()
    for doc_id, n in blocks:
        view = scope.view(doc_id)
        block = view.by_n.get(n)
        chunk = view.chunk_for(block, block.text[:60]) if block else None
        if chunk is not None and chunk.chunk_id not in seen and len(passages) < MAX_PASSAGES:
            seen.add(chunk.chunk_id)
            passages.append(_passage_from_chunk(chunk, rank=len(passages) + 1))
    ev = _evidence(runtime.context, tool, query, passages)  # type: ignore[arg-type]
    body = render(ev, _lang(runtime))
    return (text + "\n\n" + body if text else body), ev.model_dump()


def _call(
    runtime: Runtime, tool: str, args: dict[str, Any], document: str = ""
) -> tuple[ReviewScope, Any]:
    scope, doc_id = _scope(runtime, document)
    if "doc_id" in runner.TOOLS[tool].input.model_fields:
        args = {"doc_id": doc_id, **args}
    result, _ = runner.call(scope, tool, args)
    return scope, result


def _guard(fn: Callable[..., ToolResult]) -> Callable[..., ToolResult]:
    """A bad input is told to the model (it can fix a pattern), not raised."""

    def wrapped(*args: Any, **kwargs: Any) -> ToolResult:
        try:
            return fn(*args, **kwargs)
        except ReviewError as exc:
            return f"error: {exc}", {}

    wrapped.__name__, wrapped.__doc__ = fn.__name__, fn.__doc__
    wrapped.__annotations__ = fn.__annotations__
    wrapped.__wrapped__ = fn  # type: ignore[attr-defined]
    return wrapped


def search_by_regex(pattern: str, *, runtime: Runtime) -> ToolResult:
    scope, hits = _call(runtime, "search_by_regex", {"pattern": pattern})
    assert isinstance(hits, Hits)
    return _result(
        runtime, scope, "search_by_regex", pattern, [(h.doc_id, h.block) for h in hits.hits]
    )


def clauses_by_keyword(keywords: list[str], *, runtime: Runtime) -> ToolResult:
    scope, hits = _call(runtime, "clauses_by_keyword", {"keywords": keywords})
    assert isinstance(hits, Hits)
    blocks = [(h.doc_id, h.block) for h in hits.hits]
    return _result(runtime, scope, "clauses_by_keyword", " ".join(keywords), blocks)


def text_by_page(page: int, document: str = "", *, runtime: Runtime) -> ToolResult:
    scope, out = _call(runtime, "text_by_page", {"page": page}, document)
    assert isinstance(out, PageText)
    return _result(runtime, scope, "text_by_page", str(page), [(out.doc_id, n) for n in out.blocks])


def table_by_region(table: int, document: str = "", *, runtime: Runtime) -> ToolResult:
    scope, out = _call(runtime, "table_by_region", {"table": table}, document)
    assert isinstance(out, TableOut)
    rows = "\n".join(" | ".join(r) for r in [out.headers, *out.rows])
    blocks = [(out.doc_id, out.table)] if out.table is not None else []
    return _result(runtime, scope, "table_by_region", str(table), blocks, text=rows)


def resolve_reference(reference: str, document: str = "", *, runtime: Runtime) -> ToolResult:
    scope, out = _call(runtime, "resolve_reference", {"text": reference}, document)
    assert isinstance(out, Resolved)
    lines = [f"{r.text} → p{r.target_page}: {r.target_text}" for r in out.refs if r.resolved]
    blocks = [
        (_scope(runtime, document)[1], r.target_n) for r in out.refs if r.target_n is not None
    ]
    return _result(runtime, scope, "resolve_reference", reference, blocks, text="\n".join(lines))


def ocr_region(page: int, box: list[float], document: str = "", *, runtime: Runtime) -> ToolResult:
    if len(box) != 4:
        return "error: give the box as [x0, y0, x1, y1] in PDF points.", {}
    _, out = _call(runtime, "ocr_region", {"page": page, "box": tuple(box)}, document)
    assert isinstance(out, OcrOut)
    return f"{out.text}\n(confidence: {out.confidence}, source: {out.source})", {}


_FUNCTIONS: dict[str, Callable[..., ToolResult]] = {
    f.__name__: f
    for f in (text_by_page, table_by_region, search_by_regex, clauses_by_keyword,
              resolve_reference, ocr_region)
}  # fmt: skip
REVIEW_TOOL_NAMES = tuple(_FUNCTIONS)


def review_tools(lang: prompts.Lang) -> list[BaseTool]:
    return [
        StructuredTool.from_function(
            _guard(fn), name=name, description=TOOL_DESCRIPTIONS[lang][name],
            response_format="content_and_artifact",
        )
        for name, fn in _FUNCTIONS.items()
    ]  # fmt: skip
