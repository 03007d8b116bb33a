"""What the API returns: JSON shapes (typed dicts) and the conversions into them. Pure.

Gradio reads these types at run time to describe each endpoint in ``view_api()`` and in
the MCP tool list, so the annotations here are real objects, not strings.
"""

from collections.abc import Mapping, Sequence
from typing import TypedDict

from agent.schemas import Answer, Citation
from pipeline.knowledge.title import shown_title
from pipeline.models import Box, Document, SearchHit


class ComponentInfo(TypedDict):
    state: str
    progress: float
    reason: str | None


class DocumentInfo(TypedDict):
    doc_id: str
    name: str
    kind: str
    title: str
    pages: int
    chunks: int
    language: str
    searchable: bool
    status: dict[str, ComponentInfo]


class Documents(TypedDict):
    workspace: str
    documents: list[DocumentInfo]


class IngestedFile(TypedDict):
    name: str
    doc_id: str | None
    outcome: str
    error: str | None
    document: DocumentInfo | None


class Ingested(TypedDict):
    workspace: str
    files: list[IngestedFile]


class PageBox(TypedDict):
    page: int
    box: list[float]


class Hit(TypedDict):
    chunk_id: str
    doc_id: str
    doc_name: str
    page: int
    page_end: int
    section: str
    score: float
    text: str
    boxes: list[PageBox]


class SearchResults(TypedDict):
    workspace: str
    query: str
    doc_ids: list[str]
    hits: list[Hit]


class CitationInfo(TypedDict):
    marker: int
    doc_id: str
    doc_name: str
    chunk_id: str
    page: int
    section: str
    quote: str
    boxes: list[PageBox]
    score: float


class TimingInfo(TypedDict):
    """Where the answer's time went, wall milliseconds (all 0 while it is being written)."""

    search_ms: int
    model_ms: int
    tools_ms: int
    reflection_ms: int
    total_ms: int


class AskResult(TypedDict):
    workspace: str
    conversation_id: str | None
    done: bool
    status: str
    text: str
    citations: list[CitationInfo]
    follow_ups: list[str]
    refused: bool
    language: str
    model: str
    notice: str | None
    timing: TimingInfo


class MessageInfo(TypedDict):
    role: str
    content: str
    created_at: str
    answer: AskResult | None


class ConversationInfo(TypedDict):
    conversation_id: str
    title: str
    doc_ids: list[str]
    updated_at: str


class Conversations(TypedDict):
    workspace: str
    conversations: list[ConversationInfo]
    conversation_id: str | None
    messages: list[MessageInfo]


class Deleted(TypedDict):
    workspace: str
    doc_id: str
    name: str


# --- conversions -------------------------------------------------------------------------


def document_info(doc: Document) -> DocumentInfo:
    return DocumentInfo(
        doc_id=doc.doc_id,
        name=doc.name,
        kind=doc.kind,
        title=shown_title(doc.title, doc.name),
        pages=doc.pages,
        chunks=doc.chunks,
        language=doc.language,
        searchable=doc.searchable,
        status={
            comp: ComponentInfo(state=s.state, progress=s.progress, reason=s.reason)
            for comp, s in doc.status.items()
        },
    )


def page_boxes(boxes: Sequence[tuple[int, Box]]) -> list[PageBox]:
    return [PageBox(page=page, box=[round(v, 2) for v in box]) for page, box in boxes]


def hit_info(hit: SearchHit, names: Mapping[str, str]) -> Hit:
    return Hit(
        chunk_id=hit.chunk_id,
        doc_id=hit.doc_id,
        doc_name=names.get(hit.doc_id, hit.doc_id),
        page=hit.page,
        page_end=hit.page_end,
        section=hit.section,
        score=round(hit.score, 6),
        text=hit.text,
        boxes=page_boxes(hit.boxes),
    )


def citation_info(c: Citation, names: Mapping[str, str]) -> CitationInfo:
    return CitationInfo(
        marker=c.marker,
        doc_id=c.doc_id,
        doc_name=names.get(c.doc_id, c.doc_id),
        chunk_id=c.chunk_id,
        page=c.page,
        section=c.section,
        quote=c.quote,
        boxes=page_boxes(c.boxes),
        score=round(c.score, 6),
    )


def pending_answer(workspace: str, status: str, text: str) -> AskResult:
    """What a streamed ``ask`` shows while the agent works: its status and the text so far."""
    return AskResult(
        workspace=workspace,
        conversation_id=None,
        done=False,
        status=status,
        text=text,
        citations=[],
        follow_ups=[],
        refused=False,
        language="",
        model="",
        notice=None,
        timing=TimingInfo(search_ms=0, model_ms=0, tools_ms=0, reflection_ms=0, total_ms=0),
    )


def timing_info(answer: Answer) -> TimingInfo:
    t = answer.timing
    return TimingInfo(
        search_ms=t.search_ms,
        model_ms=t.model_ms,
        tools_ms=t.tools_ms,
        reflection_ms=t.reflection_ms,
        total_ms=t.total_ms,
    )


def answer_info(
    answer: Answer, conversation_id: str | None, workspace: str, names: Mapping[str, str]
) -> AskResult:
    return AskResult(
        workspace=workspace,
        conversation_id=conversation_id,
        done=True,
        status="",
        text=answer.answer,
        citations=[citation_info(c, names) for c in answer.citations],
        follow_ups=list(answer.follow_up_questions),
        refused=answer.refused,
        language=answer.language,
        model=answer.model,
        notice=answer.notice,
        timing=timing_info(answer),
    )
