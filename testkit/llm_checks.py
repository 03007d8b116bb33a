"""The protocol checks of one answer from a real chat model, done in code.

Each check reads what the graph kept for the turn (its messages: tool calls, tool results;
the reflection's verdict) and what crossed the wire (the proxy's exchanges), never the
model's say-so: citations must quote a chunk a tool returned in this turn, numbers must
appear in a tool result, and nothing from a document outside the scope may be sent.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, ToolMessage

from agent import prompts
from agent.schemas import Answer
from pipeline.models import Chunk
from testkit.llm_proxy import Exchange

_MARKER = re.compile(r"\[\d+(?:[,，]\s*\d+)*\]")
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
_PASSAGE_ID = re.compile(r"\[([^\[\]\s]+)#\d+\]")


def tool_traffic(messages: Sequence[BaseMessage]) -> dict[str, Any]:
    """The tool calls the model made and the results the tool node returned."""
    calls = [c for m in messages if isinstance(m, AIMessage) for c in m.tool_calls]
    results = [m for m in messages if isinstance(m, ToolMessage)]
    return {
        "made": [{"name": c["name"], "args": c["args"]} for c in calls],
        "executed": len(results),
        "errors": sum(1 for m in results if m.status == "error"),
    }


def returned_chunks(messages: Sequence[BaseMessage]) -> set[str]:
    out: set[str] = set()
    for m in messages:
        if isinstance(m, ToolMessage) and isinstance(m.artifact, dict):
            out |= {str(p["chunk_id"]) for p in m.artifact.get("passages", [])}
    return out


def citations(
    answer: Answer, messages: Sequence[BaseMessage], chunks: dict[str, Chunk], scope: set[str]
) -> dict[str, Any]:
    """Every citation: its chunk was returned by a tool in this turn, belongs to a document
    in scope, and its quote is that chunk's text at the cited place."""
    returned = returned_chunks(messages)
    rows = []
    for c in answer.citations:
        chunk = chunks.get(c.chunk_id)
        rows.append(
            {
                "marker": c.marker,
                "chunk_id": c.chunk_id,
                "quote": c.quote,
                "returned_by_tool": c.chunk_id in returned,
                "in_scope": c.doc_id in scope,
                "quote_in_chunk": chunk is not None and c.quote in chunk.text,
            }
        )
    ok = all(r["returned_by_tool"] and r["in_scope"] and r["quote_in_chunk"] for r in rows)
    return {"count": len(rows), "all_valid": ok, "items": rows}


def reflection(verdict: dict[str, Any] | None, answer: Answer) -> dict[str, Any]:
    """The draft's claims the reflection found unsupported, and whether they were removed."""
    claims = (verdict or {}).get("claims", [])
    dropped = [c for c in claims if c.get("factual") and not c.get("supported")]
    return {
        "claims": len(claims),
        "unsupported": [{"text": c["text"], "reason": c.get("reason", "")} for c in dropped],
        "removed_from_answer": all(c["text"] not in answer.answer for c in dropped),
    }


def numbers(answer: Answer, messages: Sequence[BaseMessage], question: str) -> dict[str, Any]:
    """Numbers in the answer (markers aside) and those no tool result or the question holds."""
    results = "\n".join(str(m.content) for m in messages if isinstance(m, ToolMessage))
    sources = {_norm(n) for n in _NUMBER.findall(question + "\n" + results)}
    found = [n for n in _NUMBER.findall(_MARKER.sub("", answer.answer)) if n.strip(",")]
    missing = [n for n in found if _norm(n) not in sources]
    return {"in_answer": found, "not_in_tool_results": missing, "ok": not missing}


def _norm(number: str) -> str:
    return number.replace(",", "").rstrip(".,")


def sent_data(
    exchanges: Sequence[Exchange], scope_ids: set[str], canaries: Sequence[str]
) -> dict[str, Any]:
    """What left the machine: passage ids of documents outside the scope (the system prompt's
    example id aside), or any text of the document never in scope (canaries), in any request."""
    example = {d for text in prompts.SYSTEM.values() for d in _PASSAGE_ID.findall(text)}
    foreign: set[str] = set()
    leaked: list[str] = []
    for ex in exchanges:
        text = str(ex.request)
        foreign |= {d for d in _PASSAGE_ID.findall(text) if d not in scope_ids | example}
        leaked += [c for c in canaries if c in text]
    return {
        "requests": len(exchanges),
        "foreign_passage_ids": sorted(foreign),
        "canaries_sent": sorted(set(leaked)),
    }


def streaming(exchanges: Sequence[Exchange]) -> dict[str, Any]:
    """Streamed responses: pieces, and the first piece's time against the last's."""
    streamed = [ex for ex in exchanges if ex.streamed and ex.status == 200]
    return {
        "streamed_responses": len(streamed),
        "chunks": [ex.chunks for ex in streamed],
        "first_chunk_s": [round(ex.first_s, 3) for ex in streamed],
        "last_chunk_s": [round(ex.total_s, 3) for ex in streamed],
        "before_the_end": bool(streamed)
        and all(ex.chunks > 1 and ex.first_s < ex.total_s for ex in streamed),
    }
