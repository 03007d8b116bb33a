"""The atomic review tools, one ``ToolSpec`` each (``agent/toolspec.py``): the function
the review runs, its fallback, typed input and time limit, and its chat-agent form.

Same functions, same runner (time limit, fallback), same scope rule: the documents come
from ``runtime.context`` — a ``document`` argument may only pick one of them. Results are
text for the model plus an Evidence artifact whose passages are the chunks holding the
blocks found, so the chat's citations and reflection work on them as on a search.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from agent import prompts
from agent.evidence import Passage
from agent.review import fallbacks, tools
from agent.review.calling import run
from agent.review.errors import ReviewError
from agent.review.scope import ReviewScope
from agent.review.toolmodels import (
    ClausesIn,
    Hits,
    OcrIn,
    OcrOut,
    PageIn,
    PageText,
    RefIn,
    RegexIn,
    Resolved,
    TableIn,
    TableOut,
)
from agent.tools import Runtime, _evidence, _passage_from_chunk, render
from agent.toolspec import REGISTRY, ToolResult, ToolSpec

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
    ev = _evidence(runtime.context, tool, query, passages)
    body = render(ev, _lang(runtime))
    return (text + "\n\n" + body if text else body), ev.model_dump()


def _call(
    runtime: Runtime, tool: str, args: dict[str, Any], document: str = ""
) -> tuple[ReviewScope, Any]:
    scope, doc_id = _scope(runtime, document)
    spec = REGISTRY.spec(tool)
    if spec.input is not None and "doc_id" in spec.input.model_fields:
        args = {"doc_id": doc_id, **args}
    result, _ = run(scope, spec, args)
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


REVIEW_TOOLS = (
    ToolSpec(
        name="text_by_page",
        function=_guard(text_by_page),
        run=tools.text_by_page,
        fallback=fallbacks.text_by_page,
        input=PageIn,
        timeout_s=5.0,
        reads="blocks",
        atomic=True,
        description={
            "en": "The text of one page of a document in scope, block by block. Returns text only.",
            "zh": "返回范围内文档某一页的原文（按文本块）。仅返回原文。",
        },
    ),
    ToolSpec(
        name="table_by_region",
        function=_guard(table_by_region),
        run=tools.table_by_region,
        fallback=fallbacks.table_by_region,
        input=TableIn,
        timeout_s=5.0,
        reads="blocks",
        atomic=True,
        description={
            "en": "A table by block id, or the table overlapping a box [x0,y0,x1,y1] on a "
            "page → {headers, rows}. Returns the cells only, no interpretation.",
            "zh": "按表格块编号或页面坐标框 [x0,y0,x1,y1] 提取表格 → {headers, rows}。"
            "只返回单元格，不做解释。",
        },
    ),
    ToolSpec(
        name="search_by_regex",
        function=_guard(search_by_regex),
        run=tools.search_by_regex,
        fallback=fallbacks.search_by_regex,
        input=RegexIn,
        timeout_s=10.0,
        reads="blocks",
        atomic=True,
        input_errors_raise=True,
        description={
            "en": "Every block matching a regular expression (time-limited; a bad "
            "pattern returns an error). Returns block ids, pages and the match.",
            "zh": "返回匹配正则表达式的所有文本块（有时间限制；非法表达式返回错误）。",
        },
    ),
    ToolSpec(
        name="clauses_by_keyword",
        function=_guard(clauses_by_keyword),
        run=tools.clauses_by_keyword,
        fallback=fallbacks.clauses_by_keyword,
        input=ClausesIn,
        timeout_s=10.0,
        reads="blocks",
        atomic=True,
        description={
            "en": "Clauses (blocks labelled clause/definition/…) containing any of "
            "the keywords. Returns the original passages only.",
            "zh": "返回含任一关键词的条款段落（按块标签筛选）。仅返回原文片段。",
        },
    ),
    ToolSpec(
        name="resolve_reference",
        function=_guard(resolve_reference),
        run=tools.resolve_reference,
        fallback=fallbacks.resolve_reference,
        input=RefIn,
        timeout_s=5.0,
        reads="blocks",
        atomic=True,
        description={
            "en": "The cross-references of a block ('see Table 4-2', 'Section 3.2') "
            "and the block each points to.",
            "zh": "返回某文本块中的交叉引用（如“见表4-2”“第3.2条”）及其指向的块。",
        },
    ),
    ToolSpec(
        name="ocr_region",
        function=_guard(ocr_region),
        run=tools.ocr_region,
        fallback=fallbacks.ocr_region,
        input=OcrIn,
        timeout_s=30.0,
        reads="blocks",
        atomic=True,
        description={
            "en": "OCR of a box on a PDF page → {text, confidence}.",
            "zh": "对 PDF 页面某区域做 OCR → {text, confidence}。",
        },
    ),
)
REGISTRY.add(*REVIEW_TOOLS)
REVIEW_TOOL_NAMES = tuple(s.name for s in REVIEW_TOOLS)
