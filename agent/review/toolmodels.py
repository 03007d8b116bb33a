"""Typed inputs and outputs of the atomic review tools (their field docs are schema text)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from pipeline.perceive.models import BlockLabel, Credibility, Reference

Box = tuple[float, float, float, float]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PageIn(_Model):
    doc_id: str
    page: int = Field(ge=1, description="1-based page number.")


class PageText(_Model):
    doc_id: str
    page: int
    text: str
    blocks: list[int] = Field(default_factory=list)
    source: Literal["blocks", "chunks"] = "blocks"


class TableIn(_Model):
    doc_id: str
    table: int | None = Field(None, description="Block number of the table.")
    page: int | None = None
    box: Box | None = Field(None, description="[x0, y0, x1, y1] in PDF points.")


class TableOut(_Model):
    doc_id: str
    page: int
    table: int | None
    headers: list[str]
    rows: list[list[str]]
    source: Literal["table", "lines"] = "table"


class RegexIn(_Model):
    pattern: str = Field(min_length=1, max_length=500)
    max_hits: int = Field(200, ge=1, le=2000)
    time_limit_s: float = Field(0.5, gt=0, le=10, description="Per block.")


class ClausesIn(_Model):
    keywords: list[str]
    labels: list[BlockLabel] = Field(
        default_factory=list, description="Only blocks with these labels; empty = any label."
    )
    max_hits: int = Field(200, ge=1, le=2000)


class RefIn(_Model):
    doc_id: str
    block: int | None = Field(None, description="References made in this block.")
    text: str = Field("", description="References whose text contains this ('表4-2').")


class OcrIn(_Model):
    doc_id: str
    page: int = Field(ge=1)
    box: Box


class BlockHit(_Model):
    doc_id: str
    block: int
    page: int
    label: BlockLabel
    credibility: Credibility
    match: str = Field(description="The words or match that selected the block.")


class Hits(_Model):
    hits: list[BlockHit] = Field(default_factory=list)
    truncated: bool = False
    source: str = "primary"


class Resolved(_Model):
    refs: list[Reference] = Field(default_factory=list)
    source: str = "stored"


class OcrOut(_Model):
    text: str
    confidence: float | None = None
    source: Literal["ocr", "text_layer"] = "ocr"
