"""Finalize: the checked draft becomes the validated Answer with quotes, boxes and markers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from langgraph.runtime import Runtime

from agent import prompts
from agent.card_twins import twin_of, wider
from agent.citations import Claim, Verdict, locate_quotes, render_answer, row_focus
from agent.context import ChatContext
from agent.evidence import Passage, heading_before, passages_by_id, turn_evidence
from agent.highlight import quote_boxes
from agent.models.follow import follow_ups
from agent.nodes.agent import lang_of
from agent.nodes.understand import user_text
from agent.schemas import Answer, Citation, Usage
from agent.state import State
from pipeline.models import Chunk
from pipeline.text.section_path import reading_path


def finalize(state: State, runtime: Runtime[ChatContext]) -> dict[str, Any]:
    ctx, lang = runtime.context, lang_of(state)
    verdict = Verdict.model_validate(state.verdict or {"claims": []})
    evidence = turn_evidence(state.messages)
    passages = passages_by_id(evidence)
    kept = [c for c in verdict.claims if not c.factual or c.supported]
    factual = [c for c in kept if c.factual and c.ids]
    dropped = len(kept) < len(verdict.claims)
    common = {
        "language": state.language if state.language in ("zh", "en", "mixed") else "en",
        "retrieval_rounds": state.rounds,
        "model": state.model or ctx.models.name,
        "usage": Usage(input_tokens=state.input_tokens, output_tokens=state.output_tokens),
        "notice": state.notice,
    }
    if not factual:
        text = _refusal_text(kept, lang)
        answer = Answer(answer=text, refused=True, **common)
    elif _points_nearby(kept):  # a refusal quoting what the documents say nearest
        chunks = ctx.corpus.get_chunks(i for c in factual for i in c.ids)
        cites, marked = _citations(factual, kept, chunks, passages, ctx)
        answer = Answer(answer=render_answer(marked, lang), citations=cites, refused=True, **common)
    else:
        chunks = ctx.corpus.get_chunks(i for c in factual for i in c.ids)
        cites, marked = _citations(factual, kept, chunks, passages, ctx)
        text = render_answer(marked, lang) + ("\n" + prompts.PARTIAL_NOTE[lang] if dropped else "")
        cited = [passages[c.chunk_id] for c in cites if c.chunk_id in passages]
        follow = verdict.follow_ups or follow_ups(state.question, evidence, cited, lang)
        answer = Answer(answer=text, citations=cites, follow_up_questions=follow, **common)
    turn = {
        "question": user_text(state),
        "standalone": state.question,
        "answer": answer.answer,
        "language": lang,
        "cited": [c.chunk_id for c in answer.citations],
    }
    return {"answer": answer.model_dump(mode="json"), "turns": [turn]}


def _points_nearby(kept: list[Claim]) -> bool:
    """Does the draft open with the answerability gate's refusal (``prompts.REFUSAL_NEAR``)?"""
    first = kept[0].text.strip() if kept else ""
    return any(first.startswith(r) for r in prompts.REFUSAL_NEAR.values())


def _refusal_text(kept: list[Claim], lang: prompts.Lang) -> str:
    gap = "" if lang == "zh" else " "  # Chinese sentences follow each other with no space
    own = gap.join(c.text for c in kept if not c.factual and c.text)
    said_so = any(k in own.lower() for k in ("do not say", "does not say", "依据不足", "没有"))
    return own if said_so else prompts.REFUSAL[lang]


def _citations(
    factual: list[Claim],
    kept: list[Claim],
    chunks: dict[str, Chunk],
    passages: dict[str, Passage],
    ctx: ChatContext,
) -> tuple[list[Citation], list[tuple[Claim, list[int]]]]:
    cites: list[Citation] = []
    keys: dict[tuple[str, int, int], int] = {}
    marks_of: dict[int, list[int]] = {}
    for claim in factual:
        marks: list[int] = []
        for cid in claim.ids:
            chunk = chunks.get(cid)
            if chunk is None:
                continue
            for start, end in locate_quotes(claim.text, chunk.text):
                key = (cid, start, end)
                if key not in keys:
                    span = (start, end)
                    new = _citation(len(cites) + 1, chunk, span, passages.get(cid), ctx, claim)
                    twin = twin_of(new, cites)
                    if twin is None:
                        cites.append(new)
                    else:  # the same card again: one card, the wider quote (card_twins.py)
                        cites[twin] = wider(new, cites[twin])
                    keys[key] = cites[-1 if twin is None else twin].marker
                if keys[key] not in marks:
                    marks.append(keys[key])
        marks_of[id(claim)] = marks
    marked = [(c, marks_of.get(id(c), [])) for c in kept if c.factual is False or id(c) in marks_of]
    return cites, marked


def _citation(  # noqa: PLR0917 - one call site, each argument a different thing
    marker: int,
    chunk: Chunk,
    span: tuple[int, int],
    passage: Passage | None,
    ctx: ChatContext,
    claim: Claim,
) -> Citation:
    start, end = span
    pdf = _pdf_path(ctx, chunk.doc_id) if ctx.settings.highlight_words else None
    focus = row_focus(chunk.text[start:end], claim.text)
    boxes = quote_boxes(chunk, start, end, pdf=pdf, cache=ctx.pdfs, focus=focus)
    refs = [r for r in chunk.lines if r.start < end and r.end > start]
    return Citation(
        marker=marker,
        chunk_id=chunk.chunk_id,
        doc_id=chunk.doc_id,
        page=refs[0].page if refs else chunk.page_start,
        section=_section(chunk, start),
        quote=chunk.text[start:end],
        boxes=boxes,
        line_nos=[r.line_no for r in refs if r.line_no is not None],
        score=passage.score if passage else 0.0,
    )


def _section(chunk: Chunk, start: int) -> str:
    """The quote's section: the chunk's, and the heading line printed above the quote in
    the chunk when the tree does not hold it (a risk factor's bold title), so the heading
    is shown where the quote is from, not read as part of it."""
    path, head = reading_path(chunk.section), heading_before(chunk.text, start)
    last = chunk.section[-1].lower() if chunk.section else ""
    if not head or head.lower() in last or (last and last in head.lower()):
        return path
    return f"{path} > {head}" if path else head


def _pdf_path(ctx: ChatContext, doc_id: str) -> Path | None:
    doc = ctx.corpus.document(doc_id)
    if doc.kind != "pdf" or not doc.stored_path:
        return None
    return ctx.settings.data_dir / doc.stored_path
