"""The agent's public output types: what the CLI and the UI consume.

Contract between the agent (issue 4) and the UI (issue 6); extend, don't break.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from pipeline.models import Box

Language = Literal["zh", "en", "mixed"]


class Citation(BaseModel):
    marker: int = Field(description="The number used inline in the answer text, e.g. 1 for [1].")
    chunk_id: str
    doc_id: str
    page: int
    section: str = ""
    quote: str = Field(description="The exact supporting text from the chunk.")
    boxes: list[tuple[int, Box]] = Field(
        default_factory=list, description="(page, box) of the quote's lines, PDF coordinates."
    )
    line_nos: list[int] = Field(
        default_factory=list, description="Source lines/paragraphs for non-PDF documents."
    )
    score: float = 0.0


class Usage(BaseModel):
    input_tokens: int = 0
    output_tokens: int = 0


class Timing(BaseModel):
    """Where the answer's time went: wall milliseconds per phase."""

    search_ms: int = Field(0, description="Searching the documents (inside the tools).")
    model_ms: int = Field(
        0, description="Chat-model calls: the endpoint (retries included) or the offline answerer."
    )
    tools_ms: int = Field(0, description="All tool calls, their searches included.")
    reflection_ms: int = Field(0, description="Checking the draft's claims and citations.")
    total_ms: int = Field(0, description="The whole answer (the same as latency_ms).")


class Answer(BaseModel):
    answer: str = Field(description="Answer text with inline markers like [1].")
    citations: list[Citation] = Field(default_factory=list)
    follow_up_questions: list[str] = Field(default_factory=list)
    language: Language = "en"
    retrieval_rounds: int = 0
    refused: bool = Field(False, description="True when the documents do not support an answer.")
    model: str = "offline"
    usage: Usage = Field(default_factory=Usage)
    latency_ms: int = 0
    timing: Timing = Field(default_factory=Timing)
    notice: str | None = Field(None, description="e.g. 'endpoint failed, answered offline'.")


class StatusEvent(BaseModel):
    type: Literal["status"] = "status"
    message: str = Field(description="Human-readable, e.g. 'searching: annual leave carry-over'.")


class TokenEvent(BaseModel):
    type: Literal["token"] = "token"
    text: str


class AnswerEvent(BaseModel):
    type: Literal["answer"] = "answer"
    answer: Answer
    conversation_id: str


ChatEvent = StatusEvent | TokenEvent | AnswerEvent
