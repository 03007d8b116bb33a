"""What a whole document says, for "Summarize this report" and "what is this filing about?".

A search answers a question by the passages sharing its words, and a question about the
whole document shares only the document's own name, date and kind with it: the cover page
and the signature block ("Dated: July 1, 2022"). The document's extractive summary is what
answers it: one representative sentence per top-level section, front and back matter left
out (``pipeline/knowledge/summary.py``). It is read from the summary component when that is
ready, else made now from the stored structure (nothing is stored: the component's own run
stays the one that saves it). Each sentence is a verbatim span of its chunk, so it is quoted
and cited like any other passage.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from agent.report_items import in_order, report_items, wanted_chunks
from pipeline.corpus import Corpus
from pipeline.knowledge.models import Summary
from pipeline.knowledge.summary import build_summary
from pipeline.models import Chunk

log = logging.getLogger(__name__)

MAX_SENTENCES = 6  # per document: an overview a person reads at a glance


@dataclass(frozen=True)
class OverviewSentence:
    chunk: Chunk
    text: str  # verbatim, within the chunk's text


def _summary(corpus: Corpus, doc_id: str) -> Summary | None:
    if corpus.status(doc_id, "summary").state == "ready":
        stored = corpus.stored_view(doc_id, "summary")
        if stored is not None and stored.data:
            return Summary.model_validate(stored.data)
    try:
        return build_summary(corpus.doc_text(doc_id))
    except Exception:  # a document without a readable structure has no overview
        log.warning("no overview could be made for %s", doc_id, exc_info=True)
        return None


def overview_sentences(
    corpus: Corpus, doc_ids: Sequence[str], limit: int = MAX_SENTENCES
) -> list[OverviewSentence]:
    """Each document's overview sentences, in reading order, with the chunks they quote."""
    out: list[OverviewSentence] = []
    for doc_id in doc_ids:
        items = _report_items(corpus, doc_id, limit)
        if items:  # a current report says what it is about by the items it is filed under
            out += items
            continue
        summary = _summary(corpus, doc_id)
        if summary is None:
            continue
        # The overview first, then each section's own sentences, in reading order.
        pool = [*summary.overview, *(s for sec in summary.sections for s in sec.sentences)]
        chunks = corpus.get_chunks({s.chunk_id for s in pool})
        mine: list[OverviewSentence] = []
        for s in pool:
            ch = chunks.get(s.chunk_id)
            text = s.text.strip()
            if ch is None or ch.doc_id != doc_id or not _said(text, ch.text):
                continue
            if all(m.text != text for m in mine):
                mine.append(OverviewSentence(ch, text))
            if len(mine) == limit:
                break
        out += mine
    return out


def _report_items(corpus: Corpus, doc_id: str, limit: int) -> list[OverviewSentence]:
    """A current report's item headings and their first sentences (``report_items.py``)."""
    try:
        text = corpus.doc_text(doc_id)
    except Exception:  # a document without a readable structure has no items to read
        log.warning("no items could be read for %s", doc_id, exc_info=True)
        return []
    ids = wanted_chunks(text)
    if not ids:
        return []
    chunks = corpus.get_chunks(ids)
    found = report_items(text, {k: c.text for k, c in chunks.items()})
    return [OverviewSentence(chunks[q.chunk_id], q.text) for q in in_order(found, limit)]


def _said(text: str, chunk_text: str) -> bool:
    """The text is a whole sentence of the chunk: it ends with a sentence's end mark there.
    A heading ("1、资产负债表项目变动的情况及原因") or a signature line ("法定代表人：…")
    says nothing about what the document is about."""
    at = chunk_text.find(text)
    if at < 0 or not text:
        return False
    end = text[-1:] + chunk_text[at + len(text) : at + len(text) + 1]
    return any(c in _ENDS for c in end)


_ENDS = ".。!！?？"
