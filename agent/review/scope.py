"""The review's documents, read once: blocks, labels, references and each block's unit.

A *unit* is the smallest stretch of the section or clause tree a block belongs to: a
numbered clause ("第十二条", "Section 3.2") when the block opens one, else the nearest
heading. Coverage is counted in units, citations name them.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from functools import cached_property

from pipeline.models import Block, Chunk
from pipeline.perceive.models import Labelled, Perception
from pipeline.perceive.references import normalise_key
from pipeline.perceive.store import perception_for
from pipeline.service import Folio

_UNIT_HEAD = re.compile(
    r"^\s*(?:(第\s*[\d一二三四五六七八九十百零〇]+\s*[条章节])|(?:Section|Article|Clause|Item)\s+"
    r"(\d+(?:\.\d+)*[A-Z]?)|§\s*(\d+(?:\.\d+)*)|(\d+(?:\.\d+)+)\s)",
    re.I,
)
_SECTION_CHARS = 24


def unit_label(text: str) -> str | None:
    """'§3.2' / '第十二条' when ``text`` opens a numbered unit, else None."""
    m = _UNIT_HEAD.match(text)
    if not m:
        return None
    if m.group(1):
        return re.sub(r"\s+", "", m.group(1))
    key = m.group(2) or m.group(3) or m.group(4)
    return f"§{normalise_key(key).upper() if key[-1:].isalpha() else key}"


def short_heading(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _SECTION_CHARS else text[: _SECTION_CHARS - 1] + "…"


@dataclass
class DocView:
    doc_id: str
    name: str
    language: str
    blocks: list[Block]
    perception: Perception
    chunks: list[Chunk]
    units: dict[int, str] = field(default_factory=dict)

    @cached_property
    def by_n(self) -> dict[int, Block]:
        return {b.n: b for b in self.blocks}

    @cached_property
    def labels(self) -> dict[int, Labelled]:
        return {x.n: x for x in self.perception.labels}

    @cached_property
    def text(self) -> str:
        return "\n".join(b.text for b in self.blocks if b.kind not in ("header", "footer"))

    def body(self) -> list[Block]:
        return [b for b in self.blocks if b.kind not in ("header", "footer")]

    def chunk_for(self, block: Block, quote: str) -> Chunk | None:
        """The chunk holding ``quote`` from ``block`` (for the click-to-highlight)."""
        probe = quote[:60]
        for ch in self.chunks:
            if ch.page_start <= block.page <= ch.page_end and probe in ch.text:
                return ch
        return None


def assign_units(blocks: list[Block]) -> dict[int, str]:
    """Each block's unit: the numbered clause it opens or sits in, else its heading."""
    units: dict[int, str] = {}
    heading = ""
    clause = ""
    for b in blocks:
        if b.kind in ("header", "footer"):
            continue
        label = unit_label(b.text)
        if b.kind == "heading":
            heading = label or short_heading(b.text)
            clause = ""
        elif label:
            clause = label
        units[b.n] = clause or heading
    return units


class ReviewScope:
    """The documents of one review. Tools read from here and take no wider scope."""

    def __init__(self, folio: Folio, doc_ids: tuple[str, ...]) -> None:
        self.folio = folio
        self.doc_ids = doc_ids
        self._views: dict[str, DocView] = {}
        self._lock = threading.Lock()

    def view(self, doc_id: str) -> DocView:
        if doc_id not in self.doc_ids:
            raise KeyError(doc_id)
        with self._lock:
            found = self._views.get(doc_id)
            if found is None:
                doc = self.folio.document(doc_id)
                blocks = self.folio.store.blocks(doc_id)
                found = DocView(
                    doc_id=doc_id,
                    name=doc.name,
                    language=doc.language,
                    blocks=blocks,
                    perception=perception_for(self.folio.db, doc_id),
                    chunks=self.folio.store.chunks(doc_id),
                    units=assign_units(blocks),
                )
                self._views[doc_id] = found
            return found

    def views(self) -> list[DocView]:
        return [self.view(d) for d in self.doc_ids]
