"""What perception adds to a parsed document: a label per block and resolved references."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

BlockLabel = Literal["clause", "definition", "example", "data", "procedure", "other"]
Credibility = Literal["verbatim", "derived", "low_confidence_ocr"]
RefKind = Literal["table", "figure", "section", "clause", "appendix", "note", "item"]

BLOCK_LABELS: tuple[BlockLabel, ...] = (
    "clause",
    "definition",
    "example",
    "data",
    "procedure",
    "other",
)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Labelled(_Model):
    """One block's semantic label and how far its text can be trusted."""

    n: int = Field(description="Block number in reading order (``Block.n``).")
    page: int
    label: BlockLabel
    credibility: Credibility = "verbatim"
    cue: str = Field("", description="The word or feature that decided the label.")


class Reference(_Model):
    """A cross-reference in a block ("见表4-2", "see Section 3.2") and where it points."""

    n: int = Field(description="Block holding the reference.")
    page: int
    start: int = Field(description="Start of the reference in the block's text.")
    end: int
    text: str = Field(description="The reference as written.")
    kind: RefKind
    key: str = Field(description="The normalised target id: '4-2', '3.2', 'B', '7'.")
    target_n: int | None = Field(None, description="Block the reference resolves to, if found.")
    target_page: int | None = None
    target_text: str = Field("", description="The first words of the target block.")

    @property
    def resolved(self) -> bool:
        return self.target_n is not None


class Perception(_Model):
    labels: list[Labelled] = Field(default_factory=list)
    references: list[Reference] = Field(default_factory=list)

    def label_of(self, n: int) -> Labelled | None:
        for item in self.labels:
            if item.n == n:
                return item
        return None
