"""The run scope of one chat turn, passed to every node and tool as LangGraph runtime context.

The document ids live here and nowhere else: tools read them from ``runtime.context`` and
take no document argument, so neither a prompt nor text inside a document can widen the
scope (seed 000: the scope is fixed when the run starts). What the tools read, they read
through ``corpus`` (``pipeline/corpus.py``): reads only, of these documents only; the
context holds nothing that reaches the Folio's writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from agent.highlight import PdfCache
from agent.models import ChatModels
from agent.scope import ScopeStats, StatsCache
from agent.timing import Clock
from pipeline.corpus import Corpus
from pipeline.deadline import Deadline
from settings import Settings


@dataclass(frozen=True)
class ChatContext:
    corpus: Corpus
    models: ChatModels
    stats: StatsCache
    pdfs: PdfCache = field(default_factory=PdfCache)
    deadline: Deadline | None = None
    """The chat model's overall deadline for this answer (None: per-read timeouts only)."""
    clock: Clock = field(default_factory=Clock)

    @property
    def doc_ids(self) -> tuple[str, ...]:
        return self.corpus.doc_ids

    @property
    def settings(self) -> Settings:
        return self.corpus.settings

    def scope_stats(self) -> ScopeStats:
        return self.stats.scope(self.corpus)
