"""What the agent, the UI and the CLI read of a workspace's stored content and memory:
part of :class:`pipeline.service.Folio`, so nothing outside ``pipeline/`` reaches storage.

Every read is limited to the workspace the Folio acts in (plus the shared library): a
document, conversation or rule of another workspace behaves as one that does not exist.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from pipeline.knowledge.api import (
    ComponentView,
    KnowledgeComponent,
    TermMatch,
    list_terms,
    load_view,
    lookup_terms,
)
from pipeline.knowledge.source import DocText, load_doc_text
from pipeline.knowledge.store import StoredView, load_stored_view
from pipeline.models import Block, Chunk, Component, ComponentStatus, Document, Page, SearchHit
from pipeline.perceive.models import Perception
from pipeline.perceive.store import perception_for
from pipeline.store.conversations import ConversationStore
from pipeline.store.db import Database
from pipeline.store.documents import DocumentStore
from pipeline.store.index import SearchIndex, SearchWeights
from pipeline.store.rules import RuleStore
from pipeline.store.scope import visible_doc_ids
from pipeline.workspace import visible
from settings import Settings

if TYPE_CHECKING:
    from langgraph.checkpoint.sqlite import SqliteSaver


class ReadMethods:
    """Mixed into Folio, which provides these attributes."""

    settings: Settings
    workspace: str
    db: Database
    store: DocumentStore
    index: SearchIndex

    @property
    def weights(self) -> SearchWeights:
        s = self.settings
        return SearchWeights(
            lexical=s.lexical_weight,
            dense=s.dense_weight,
            section=s.section_weight,
            rrf_k=s.rrf_k,
            expansion=s.expansion_weight,
            page_decay=s.page_decay,
        )

    # --- documents and their content ---------------------------------------------------------
    def find_document(self, doc_id: str) -> Document | None:
        """The document, or None when this workspace cannot read it."""
        return self.store.get(doc_id)

    def status(self, doc_id: str, component: Component) -> ComponentStatus:
        return self.store.status(doc_id, component)

    def pages(self, doc_id: str) -> list[Page]:
        return self.store.pages(doc_id)

    def blocks(self, doc_id: str, page: int | None = None) -> list[Block]:
        return self.store.blocks(doc_id, page)

    def chunks(self, doc_id: str) -> list[Chunk]:
        return self.store.chunks(doc_id)

    def chunks_on_page(self, doc_id: str, page: int) -> list[Chunk]:
        return self.store.chunks_on_page(doc_id, page)

    def get_chunk(self, chunk_id: str) -> Chunk | None:
        return self.store.get_chunk(chunk_id)

    def get_chunks(self, chunk_ids: Iterable[str]) -> dict[str, Chunk]:
        return self.store.get_chunks(chunk_ids)

    def counts(self, doc_id: str) -> dict[str, int]:
        """Pages, blocks, chunks, embeddings… of a document (zeros when not readable here)."""
        return self.store.counts(doc_id)

    def ocr_failures(self) -> dict[str, tuple[int, int]]:
        """Documents with pages OCR could not read: doc id → (failed, needing OCR)."""
        return self.store.ocr_failures()

    def perception(self, doc_id: str) -> Perception:
        """Block labels and references (NotFoundError when this workspace cannot read it)."""
        return perception_for(self.store, doc_id)

    def doc_text(self, doc_id: str) -> DocText:
        """The document as sections of sentences (NotFoundError when not readable here)."""
        return load_doc_text(self.store, doc_id)

    def keyword_search(self, query: str, doc_ids: Sequence[str], *, k: int = 8) -> list[SearchHit]:
        """The lexical index alone (no query embedding): exact words, a fraction of the time."""
        return self.index.search(
            query, list(doc_ids), k=k, weights=self.weights, workspace=self.workspace
        )

    # --- knowledge components ----------------------------------------------------------------
    def knowledge_view(self, doc_id: str, component: KnowledgeComponent) -> ComponentView | None:
        """A component's stored result, ready to show (None: not produced, or not readable)."""
        if self.store.get(doc_id) is None:
            return None
        return load_view(self.db, doc_id, component)

    def stored_view(self, doc_id: str, component: str) -> StoredView | None:
        """A component's stored result as written (None: not produced, or not readable)."""
        if self.store.get(doc_id) is None:
            return None
        return load_stored_view(self.db, doc_id, component)

    def terms(self, doc_id: str) -> list[TermMatch]:
        """Every extracted term of a document, ranked ([] when not readable here)."""
        if self.store.get(doc_id) is None:
            return []
        return list_terms(self.db, doc_id)

    def lookup_terms(self, doc_ids: Sequence[str], term: str, *, k: int = 3) -> list[TermMatch]:
        """Exact, alias and partial matches of ``term`` in these documents' term bases."""
        readable = visible_doc_ids(self.db.connect(), doc_ids, visible(self.workspace))
        return lookup_terms(self.db, readable, term, k=k)

    # --- conversations, review rules, the graph's memory -------------------------------------
    @property
    def conversations(self) -> ConversationStore:
        """This workspace's conversations and their messages."""
        return ConversationStore(self.db, self.workspace)

    @property
    def rules(self) -> RuleStore:
        """This workspace's review memory: learnt rules and failure rates."""
        return RuleStore(self.db, self.workspace)

    def chat_memory(self) -> SqliteSaver:
        """The chat graph's checkpointer (every workspace's; keyed ``<workspace>/<id>``)."""
        from pipeline.store.checkpoints import open_checkpointer

        return open_checkpointer(self.settings.data_dir / "chat_memory.db")
