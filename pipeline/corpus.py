"""The one object the agent's tools read through: a read-only view of one run's documents.

A :class:`Corpus` is bound when the run starts to one workspace (the Folio it is built
from acts in it) and to the run's document ids. It offers only reads, and every read is
limited to those documents: a document outside them, of this workspace or another,
behaves exactly as one that does not exist (``NotFoundError``, ``None`` or nothing found).
No method takes a wider scope, so neither a tool argument nor a prompt can widen it, and
nothing on it reaches the Folio's writes (ingest, delete, conversations, review rules).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from pipeline.embed import Embedder
from pipeline.errors import NotFoundError
from pipeline.knowledge.api import ComponentView, KnowledgeComponent, TermMatch
from pipeline.knowledge.source import DocText
from pipeline.knowledge.store import StoredView
from pipeline.models import Block, Chunk, Component, ComponentStatus, Document, SearchHit
from pipeline.perceive.models import Perception
from settings import Settings

if TYPE_CHECKING:
    from pipeline.service import Folio


# several documents' interleaved hits: a question's evidence stays a few screens long
MAX_SHARED_HITS = 24


class Corpus:
    """Reads of one workspace's documents ``doc_ids``; nothing else (see the module doc)."""

    __slots__ = ("__doc_ids", "__folio")

    def __init__(self, folio: Folio, doc_ids: Iterable[str]) -> None:
        self.__folio = folio
        self.__doc_ids = tuple(dict.fromkeys(doc_ids))

    @property
    def doc_ids(self) -> tuple[str, ...]:
        """The run's documents, in the order the run chose them."""
        return self.__doc_ids

    @property
    def workspace(self) -> str:
        return self.__folio.workspace

    @property
    def settings(self) -> Settings:
        return self.__folio.settings

    def embedder(self) -> Embedder | None:
        """The dense model, to compare texts by meaning (it computes; it reaches no stored
        document); None when dense search is off."""
        return self.__folio.embedder()

    def __contains__(self, doc_id: object) -> bool:
        return doc_id in self.__doc_ids

    # --- documents and their content ---------------------------------------------------------
    def document(self, doc_id: str) -> Document:
        """The document (NotFoundError when it is not one of the run's)."""
        if doc_id not in self.__doc_ids:
            raise _not_found(doc_id)
        return self.__folio.document(doc_id)

    def find_document(self, doc_id: str) -> Document | None:
        return self.__folio.find_document(doc_id) if doc_id in self.__doc_ids else None

    def status(self, doc_id: str, component: Component) -> ComponentStatus:
        if doc_id not in self.__doc_ids:
            return ComponentStatus(component=component)
        return self.__folio.status(doc_id, component)

    def blocks(self, doc_id: str, page: int | None = None) -> list[Block]:
        return self.__folio.blocks(doc_id, page) if doc_id in self.__doc_ids else []

    def chunks(self, doc_id: str) -> list[Chunk]:
        return self.__folio.chunks(doc_id) if doc_id in self.__doc_ids else []

    def chunks_on_page(self, doc_id: str, page: int) -> list[Chunk]:
        return self.__folio.chunks_on_page(doc_id, page) if doc_id in self.__doc_ids else []

    def get_chunks(self, chunk_ids: Iterable[str]) -> dict[str, Chunk]:
        """The chunks found among ``chunk_ids`` (those of other documents are not found)."""
        found = self.__folio.get_chunks(chunk_ids)
        return {cid: ch for cid, ch in found.items() if ch.doc_id in self.__doc_ids}

    def get_chunk(self, chunk_id: str) -> Chunk | None:
        return self.get_chunks([chunk_id]).get(chunk_id)

    def perception(self, doc_id: str) -> Perception:
        """Block labels and references (NotFoundError when not one of the run's)."""
        if doc_id not in self.__doc_ids:
            raise _not_found(doc_id)
        return self.__folio.perception(doc_id)

    def doc_text(self, doc_id: str) -> DocText:
        """The document as sections of sentences (NotFoundError when not one of the run's)."""
        if doc_id not in self.__doc_ids:
            raise _not_found(doc_id)
        return self.__folio.doc_text(doc_id)

    # --- search ------------------------------------------------------------------------------
    def search(self, query: str, *, k: int = 8) -> list[SearchHit]:
        """Hybrid search over the run's documents."""
        return self._kept(self.__folio.search(query, self.__doc_ids, k=k))

    def keyword_search(self, query: str, *, k: int = 8) -> list[SearchHit]:
        """The lexical index alone over the run's documents (no query embedding)."""
        return self._kept(self.__folio.keyword_search(query, self.__doc_ids, k=k))

    def search_each(self, query: str, *, k: int = 8, keyword: bool = False) -> list[SearchHit]:
        """Each document's own best ``k`` hits, interleaved by rank (each document's first
        hit, then each one's second, ...), at most :data:`MAX_SHARED_HITS` in all.

        One search over several documents ranks their chunks against each other: a long
        filing's many near-matching rows crowd another document's one matching row out of
        the top ``k``, so a question one document answers alone is refused once both are
        in scope."""
        if len(self.__doc_ids) < 2:
            return self.keyword_search(query, k=k) if keyword else self.search(query, k=k)
        find = self.__folio.keyword_search if keyword else self.__folio.search
        lists = [self._kept(find(query, (d,), k=k)) for d in self.__doc_ids]
        out: list[SearchHit] = []
        for rank in range(k):
            out += [hits[rank] for hits in lists if rank < len(hits)]
        return out[:MAX_SHARED_HITS]

    def _kept(self, hits: Sequence[SearchHit]) -> list[SearchHit]:
        # The index is asked for these documents only; this guards against an index that
        # would return others anyway.
        return [h for h in hits if h.doc_id in self.__doc_ids]

    # --- knowledge components ----------------------------------------------------------------
    def knowledge_view(self, doc_id: str, component: KnowledgeComponent) -> ComponentView | None:
        if doc_id not in self.__doc_ids:
            return None
        return self.__folio.knowledge_view(doc_id, component)

    def stored_view(self, doc_id: str, component: str) -> StoredView | None:
        if doc_id not in self.__doc_ids:
            return None
        return self.__folio.stored_view(doc_id, component)

    def terms(self, doc_id: str) -> list[TermMatch]:
        return self.__folio.terms(doc_id) if doc_id in self.__doc_ids else []

    def lookup_terms(self, term: str, *, k: int = 3) -> list[TermMatch]:
        """Exact, alias and partial matches of ``term`` in the run's documents' term bases."""
        found = self.__folio.lookup_terms(self.__doc_ids, term, k=k)
        return [m for m in found if m.doc_id in self.__doc_ids]

    def __repr__(self) -> str:
        return f"Corpus(workspace={self.workspace!r}, doc_ids={self.__doc_ids!r})"


def _not_found(doc_id: str) -> NotFoundError:
    # Word for word what the store says of an id that does not exist: a document outside
    # the run must not be told apart from one that is not there.
    return NotFoundError(
        f"No document with id '{doc_id}'. Run 'python cli.py list' to see the ids."
    )
