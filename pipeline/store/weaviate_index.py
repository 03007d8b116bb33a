"""SearchIndex on Weaviate, for deployments that outgrow one machine.

SQLite stays the system of record (documents, chunks, statuses, which chunks have
vectors); Weaviate holds a searchable mirror of each chunk: jieba-segmented body
and section text for BM25F, the dense vector, and ``doc_id`` for filtering. Every
query carries a ``doc_id`` filter, so scoping happens inside Weaviate.

Needs FOLIO_WEAVIATE_URL (HTTP on that port, gRPC on 50051 of the same host).
"""

from __future__ import annotations

import logging
import sqlite3
import uuid
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlparse

import numpy as np

from pipeline.errors import StoreError
from pipeline.models import Chunk, SearchHit
from pipeline.store.db import Database
from pipeline.store.index import QueryVector, SearchWeights, resolve_vector
from pipeline.store.scope import visible_doc_ids
from pipeline.store.sqlite_index import SqliteIndex
from pipeline.text.segment import query_terms, segment_for_index
from pipeline.workspace import visible
from settings import Settings

log = logging.getLogger(__name__)

COLLECTION = "FolioChunk"


def object_id(chunk_id: str) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"folio:{chunk_id}"))


def connect(url: str) -> Any:
    """A Weaviate client for http(s)://host:port (gRPC on port 50051 of the same host)."""
    try:
        import weaviate
    except ImportError as exc:
        raise StoreError(
            "FOLIO_INDEX_BACKEND=weaviate needs weaviate-client: pip install -r requirements.txt"
        ) from exc
    u = urlparse(url)
    secure = u.scheme == "https"
    try:
        return weaviate.connect_to_custom(
            http_host=u.hostname or "localhost",
            http_port=u.port or (443 if secure else 8080),
            http_secure=secure,
            grpc_host=u.hostname or "localhost",
            grpc_port=50051,
            grpc_secure=secure,
        )
    except Exception as exc:
        raise StoreError(f"Cannot reach Weaviate at {url}: {exc}") from exc


class WeaviateIndex:
    def __init__(self, settings: Settings, db: Database, client: Any | None = None) -> None:
        if client is None:
            if not settings.weaviate_url:
                raise StoreError("Set FOLIO_WEAVIATE_URL to use FOLIO_INDEX_BACKEND=weaviate.")
            client = connect(settings.weaviate_url)
        self.client = client
        self.db = db
        self.records = SqliteIndex(db)  # chunks table + vector bookkeeping stay in SQLite
        self.collection = self._collection()

    def _collection(self) -> Any:
        from weaviate.classes.config import Configure, DataType, Property, Tokenization

        if not self.client.collections.exists(COLLECTION):
            self.client.collections.create(
                COLLECTION,
                vector_config=Configure.Vectors.self_provided(),
                properties=[
                    Property(
                        name="chunk_id", data_type=DataType.TEXT, tokenization=Tokenization.FIELD
                    ),
                    Property(
                        name="doc_id", data_type=DataType.TEXT, tokenization=Tokenization.FIELD
                    ),
                    Property(
                        name="body", data_type=DataType.TEXT, tokenization=Tokenization.WHITESPACE
                    ),
                    Property(
                        name="section",
                        data_type=DataType.TEXT,
                        tokenization=Tokenization.WHITESPACE,
                    ),
                ],
            )
        return self.client.collections.get(COLLECTION)

    @staticmethod
    def _props(chunk: Chunk) -> dict[str, str]:
        return {
            "chunk_id": chunk.chunk_id,
            "doc_id": chunk.doc_id,
            "body": segment_for_index(chunk.text).lower(),
            "section": segment_for_index(chunk.section_path).lower(),
        }

    def _doc_filter(self, doc_ids: Sequence[str]) -> Any:
        from weaviate.classes.query import Filter

        return Filter.by_property("doc_id").contains_any(list(doc_ids))

    # --- writing -------------------------------------------------------------------------
    def replace_document(
        self, doc_id: str, chunks: Sequence[Chunk], *, conn: sqlite3.Connection | None = None
    ) -> None:
        from weaviate.classes.data import DataObject

        self.records.replace_document(doc_id, chunks, conn=conn)
        self.collection.data.delete_many(where=self._doc_filter([doc_id]))
        objects = [
            DataObject(properties=self._props(c), uuid=object_id(c.chunk_id)) for c in chunks
        ]
        for i in range(0, len(objects), 200):
            self.collection.data.insert_many(objects[i : i + 200])

    def delete_document(self, doc_id: str, *, conn: sqlite3.Connection | None = None) -> None:
        self.records.delete_document(doc_id, conn=conn)
        self.collection.data.delete_many(where=self._doc_filter([doc_id]))

    def chunks_without_vectors(self, doc_id: str, model: str) -> list[Chunk]:
        return self.records.chunks_without_vectors(doc_id, model)

    def documents_missing_vectors(self, model: str) -> list[str]:
        return self.records.documents_missing_vectors(model)

    def set_vectors(self, doc_id: str, model: str, vectors: Mapping[str, np.ndarray]) -> None:
        from weaviate.classes.data import DataObject

        self.records.set_vectors(doc_id, model, vectors)
        chunks = self.records._chunks(list(vectors))
        objects = [
            DataObject(
                properties=self._props(chunks[cid]),
                uuid=object_id(cid),
                vector=np.asarray(v, dtype=np.float32).tolist(),
            )
            for cid, v in vectors.items()
            if cid in chunks
        ]
        if objects:
            self.collection.data.insert_many(objects)  # same uuid: replaces the object

    # --- searching -----------------------------------------------------------------------
    def search(
        self,
        query: str,
        doc_ids: Sequence[str],
        *,
        k: int = 8,
        query_vector: QueryVector | None = None,
        model: str | None = None,
        weights: SearchWeights | None = None,
        workspace: str | None = None,
    ) -> list[SearchHit]:
        from weaviate.classes.query import HybridFusion, MetadataQuery

        w = weights or SearchWeights()
        if workspace is not None:  # the filter Weaviate gets names only readable documents
            doc_ids = visible_doc_ids(self.db.connect(), doc_ids, visible(workspace))
        if not doc_ids:
            return []
        text = " ".join(query_terms(query) or query_terms(query, keep_stopwords=True))
        qv = resolve_vector(query_vector) if w.dense > 0 else None
        use_vec = qv is not None
        alpha = w.dense / (w.dense + w.lexical) if use_vec and (w.dense + w.lexical) else 0.0
        res = self.collection.query.hybrid(
            query=text,
            vector=qv.tolist() if qv is not None else None,
            alpha=alpha,
            query_properties=["body", f"section^{w.section:g}"],
            fusion_type=HybridFusion.RANKED,
            filters=self._doc_filter(doc_ids),
            limit=k,
            return_metadata=MetadataQuery(score=True),
            return_properties=["chunk_id"],
        )
        ranked = [(o.properties["chunk_id"], float(o.metadata.score or 0.0)) for o in res.objects]
        chunks = self.records._chunks([cid for cid, _ in ranked])
        allowed = set(doc_ids)
        return [
            SearchHit(
                chunk_id=cid,
                doc_id=ch.doc_id,
                page=ch.page_start,
                page_end=ch.page_end,
                section=ch.section_path,
                score=round(score, 6),
                text=ch.text,
                kind=ch.kind,
                boxes=[(r.page, r.box) for r in ch.lines if r.box is not None],
                paged=ch.paged,
            )
            for cid, score in ranked
            if (ch := chunks.get(cid)) is not None and ch.doc_id in allowed
        ]
