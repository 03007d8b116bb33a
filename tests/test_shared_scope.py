"""Several documents in one scope (the chat's default is every document): each keeps its
own share of search hits, and an answer's period is read from its own report."""

from __future__ import annotations

from pathlib import Path

from agent.each_document import of_documents
from agent.evidence import Evidence, Passage
from pipeline.corpus import MAX_SHARED_HITS, Corpus
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

# a long document whose every section says the word, and a short one saying it once
_LONG = "\n\n".join(
    f"# Harbour notice {i}\n\nThe ferry timetable for pier {i} changes in spring; "
    f"the ferry leaves pier {i} at {i} o'clock and the ferry returns at noon."
    for i in range(1, 15)
)
_SHORT = (
    "# Aviary log\n\n"
    + " ".join(
        f"The zebrafinch number {i} nests above the north window with its brood." for i in range(30)
    )
    + " A ferry passed once."
)


def test_each_document_keeps_its_share_of_hits(folio: Folio, tmp_path: Path) -> None:
    long_id = ingest_text(folio, tmp_path, "harbour.md", _LONG)
    short_id = ingest_text(folio, tmp_path, "aviary.md", _SHORT)
    corpus = Corpus(folio, [long_id, short_id])
    # one ranking over both: the long document's first hit is all of the top one
    assert [h.doc_id for h in corpus.keyword_search("ferry", k=1)] == [long_id]
    assert [h.doc_id for h in corpus.search_each("ferry", k=1, keyword=True)] == [long_id, short_id]
    each = corpus.search_each("ferry", k=4, keyword=True)
    assert [h.doc_id for h in each[:2]] == [long_id, short_id]  # first hits, interleaved
    assert len([h for h in each if h.doc_id == long_id]) == 4
    assert len(each) <= MAX_SHARED_HITS
    # one document: the same hits as its own search
    alone = Corpus(folio, [long_id])
    assert alone.search_each("ferry", k=4, keyword=True) == alone.keyword_search("ferry", k=4)


def _passage(doc: str, text: str) -> Passage:
    return Passage(chunk_id=f"{doc}#1", doc_id=doc, page=1, page_end=1, text=text)


def test_an_answer_is_checked_against_its_own_report_only() -> None:
    ev = Evidence(
        tool="search_document",
        reads="search",
        query="q",
        passages=[_passage("release", "Second quarter 2033 sales"), _passage("report", "本期")],
        covers={"release": "For the quarter ended June 30, 2033", "report": "2032年第一季度报告"},
    )
    (kept,) = of_documents([ev], {"report"})
    assert [p.doc_id for p in kept.passages] == ["report"]
    assert list(kept.covers) == ["report"]
    (whole,) = of_documents([ev], set())  # no cited document: all of it
    assert len(whole.passages) == 2
