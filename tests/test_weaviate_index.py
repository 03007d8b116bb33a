"""WeaviateIndex against an in-memory stand-in for the Weaviate collection API.

No Weaviate server can run here; the fake implements the few calls the index
makes (insert_many, delete_many with a doc_id filter, hybrid with a filter), so
these tests check what the index sends: scoping, replacement, vectors.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np

from pipeline.service import Folio
from pipeline.store.weaviate_index import WeaviateIndex
from settings import Settings
from tests.conftest import FakeEmbedder


class FakeCollection:
    def __init__(self) -> None:
        self.objects: dict[str, dict[str, Any]] = {}
        self.queries: list[dict[str, Any]] = []
        self.data = SimpleNamespace(insert_many=self._insert_many, delete_many=self._delete_many)
        self.query = SimpleNamespace(hybrid=self._hybrid)

    def _match(self, flt: Any, props: dict[str, Any]) -> bool:
        assert flt.target == "doc_id"
        return props["doc_id"] in flt.value

    def _insert_many(self, objects: list[Any]) -> None:
        for o in objects:
            self.objects[str(o.uuid)] = {"props": o.properties, "vector": o.vector}

    def _delete_many(self, where: Any) -> None:
        for k in [k for k, o in self.objects.items() if self._match(where, o["props"])]:
            del self.objects[k]

    def _hybrid(
        self, query: str, *, vector: Any, alpha: float, filters: Any, limit: int, **kw: Any
    ) -> Any:
        self.queries.append({"query": query, "alpha": alpha, "filters": filters, **kw})
        terms = set(query.split())
        scored = []
        for o in self.objects.values():
            if not self._match(filters, o["props"]):
                continue
            lex = len(terms & set(o["props"]["body"].split()))
            den = float(np.dot(vector, o["vector"])) if vector and o["vector"] else 0.0
            scored.append(((1 - alpha) * lex + alpha * den, o["props"]))
        scored.sort(key=lambda x: -x[0])
        return SimpleNamespace(
            objects=[
                SimpleNamespace(
                    properties={"chunk_id": p["chunk_id"]}, metadata=SimpleNamespace(score=s)
                )
                for s, p in scored[:limit]
                if s > 0
            ]
        )


class FakeClient:
    def __init__(self) -> None:
        self.coll = FakeCollection()
        self.collections = SimpleNamespace(
            exists=lambda name: True, create=lambda *a, **k: None, get=lambda name: self.coll
        )


def test_weaviate_index_scopes_replaces_and_stores_vectors(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "d")
    folio = Folio(settings, embedder=FakeEmbedder())
    client = FakeClient()
    folio.index = WeaviateIndex(settings, folio.db, client=client)
    folio.ingestor.index = folio.index
    a, b = tmp_path / "a.md", tmp_path / "b.md"
    a.write_text("# Leave\n\nAnnual leave can be carried over to March.\n")
    b.write_text("# Leave\n\nAnnual leave in document B is never carried over.\n")
    ra, rb = folio.ingest([a, b], wait=True)
    hits = folio.search("annual leave carried over", [ra.doc_id or ""], k=5)
    assert hits and {h.doc_id for h in hits} == {ra.doc_id}
    q = client.coll.queries[-1]
    assert q["filters"].value == [ra.doc_id] and 0 < q["alpha"] < 1
    assert all(o["vector"] is not None for o in client.coll.objects.values())
    a.write_text("# Leave\n\nShorter.\n")
    folio.ingest([a], wait=True)
    mine = [o for o in client.coll.objects.values() if o["props"]["doc_id"] == ra.doc_id]
    assert len(mine) == len(folio.store.chunks(ra.doc_id or ""))
    folio.delete(rb.doc_id or "")
    assert all(o["props"]["doc_id"] != rb.doc_id for o in client.coll.objects.values())
    folio.close()
