"""The agent's read-only tools: search_document, lookup_term, read_page, and for figures
lookup_value (a statement cell by line item and year) and calculate (arithmetic in code,
so a chat model copies results and never computes one).

None of them takes a document argument: the scope comes from ``runtime.context`` (see
``agent/context.py``). Each returns text for the model (passages headed by their citation
ids) and an :class:`~agent.evidence.Evidence` artifact for the offline answerer and the
reflection step. Each is registered, with its descriptions and status texts in Chinese
and English, as a ``ToolSpec`` in ``agent/toolbox.py``.
"""

from __future__ import annotations

import logging
import re
from typing import Any, Literal

from langgraph.prebuilt import ToolRuntime

from agent import prompts
from agent.arith import evaluate
from agent.columns import with_columns
from agent.context import ChatContext
from agent.evidence import UNIT_NOTE, Evidence, Passage, ToolName
from agent.figures.formula import MissingFigure
from agent.figures.items import asked_items
from agent.figures.lookup import Finder
from agent.figures.turn_tables import grids
from agent.note_pointer import asked_note
from agent.overview import MAX_SENTENCES, overview_sentences
from agent.own_name import own_name_words
from agent.rewrite import content_terms, key_terms, spaced
from agent.scope import ScopeStats
from agent.sections import MAX_ITEMS, find_note, find_section, topic_terms
from agent.toolspec import REGISTRY, ToolResult
from pipeline.models import Chunk, SearchHit
from pipeline.text.finance import vocabulary
from pipeline.text.script import HAN, HAN_RE
from pipeline.text.segment import dictionary_word

log = logging.getLogger(__name__)

MAX_TOP_K = 12
_PASSAGE_CHARS = 1600
_PAGE_CHARS = 8000
Runtime = ToolRuntime[ChatContext, Any]
SearchMode = Literal["hybrid", "keyword"]


def search_document(
    query: str, top_k: int = 6, mode: SearchMode = "hybrid", *, runtime: Runtime
) -> ToolResult:
    lang = _lang(runtime)
    _status(runtime, lang, "search_document", query)
    ev = _search(runtime.context, query, top_k, mode=mode)
    return render(ev, lang), ev.model_dump()


def lookup_term(term: str, *, runtime: Runtime) -> ToolResult:
    ctx, lang = runtime.context, _lang(runtime)
    _status(runtime, lang, "lookup_term", term)
    matches = ctx.corpus.lookup_terms(term)
    chunks = ctx.corpus.get_chunks(m.chunk_id for m in matches)
    passages = [
        _passage_from_chunk(chunks[m.chunk_id], rank=i + 1, score=m.score)
        for i, m in enumerate(matches)
        if m.chunk_id in chunks
    ]
    if not passages:
        ev = _search(ctx, term, 6)
        ev = _as(ev, "lookup_term", note="fallback")
        note = prompts.TERM_FALLBACK[lang].format(term=term)
        return note + "\n\n" + render(ev, lang), ev.model_dump()
    ev = _evidence(ctx, "lookup_term", term, passages)
    lines = [f"{m.term}: {m.definition or m.sentence}" for m in matches]
    return "\n".join(lines) + "\n\n" + render(ev, lang), ev.model_dump()


def read_page(page: int, document: str = "", *, runtime: Runtime) -> ToolResult:
    ctx, lang = runtime.context, _lang(runtime)
    _status(runtime, lang, "read_page", str(page))
    passages: list[Passage] = []
    used = 0
    # a document of the scope named (its id, or a citation id of it): that one only; the
    # scope is never widened, an unknown name reads the page of every document in it
    named = document.split("#", 1)[0].strip()
    for doc_id in [d for d in ctx.doc_ids if d == named] or ctx.doc_ids:
        for ch in ctx.corpus.chunks_on_page(doc_id, page):
            if used < _PAGE_CHARS:
                passages.append(_passage_from_chunk(ch, rank=len(passages) + 1))
                used += len(ch.text)
    ev = _evidence(ctx, "read_page", str(page), passages)
    return render(ev, lang), ev.model_dump()


def lookup_value(line_item: str, year: int = 0, *, runtime: Runtime) -> ToolResult:
    ctx, lang = runtime.context, _lang(runtime)
    when = str(year) if year else ""
    _status(runtime, lang, "lookup_value", f"{line_item} {when}".strip())
    asked = asked_items(line_item)
    key = asked[0].item.key if asked else None
    words = line_item
    if key is not None:
        item = vocabulary().items[key]
        words = " ".join(item.names[:3]) + " " + vocabulary().statements.get(item.statement, "")
    ev = _search(ctx, f"{words} {when}".strip(), 8, mode="keyword")
    ev = _as(ev, "lookup_value", query=f"{line_item} {when}".strip())
    try:
        cell = Finder(grids([ev]))(key, year or None) if key else None
    except MissingFigure:
        cell = None
    if cell is None:
        note = prompts.VALUE_MISSING[lang].format(item=line_item, year=when or "—")
        return note + "\n\n" + render(ev, lang), ev.model_dump()
    found = f"{cell.label} · {cell.period}: {cell.raw} [{cell.chunk_id}]"
    ev = ev.model_copy(update={"passages": [p for p in ev.passages if p.chunk_id == cell.chunk_id]})
    return found + "\n\n" + render(ev, lang), ev.model_dump()


def document_overview(top_k: int = MAX_SENTENCES, *, runtime: Runtime) -> ToolResult:
    """The documents' own overview sentences (their extractive summaries), for a question
    about a whole document; each is a verbatim span of the passage it is cited by."""
    ctx, lang = runtime.context, _lang(runtime)
    _status(runtime, lang, "document_overview", "")
    limit = max(1, min(int(top_k or MAX_SENTENCES), MAX_TOP_K))
    found = overview_sentences(ctx.corpus, ctx.doc_ids, limit)
    passages: list[Passage] = []
    for s in found:
        if all(p.chunk_id != s.chunk.chunk_id for p in passages):
            passages.append(_passage_from_chunk(s.chunk, rank=len(passages) + 1))
    ev = _evidence(ctx, "document_overview", "overview", passages)
    ev = ev.model_copy(update={"quotes": [s.text for s in found]})
    return render(ev, lang), ev.model_dump()


def read_section(topic: str, *, runtime: Runtime) -> ToolResult:
    """The section whose heading the topic names ("risk factors", "主要客户"): its item
    headings as quotes when it is a list of them, and its passages, those sharing the
    topic's words first, up to a page's worth (``agent/sections.py``)."""
    ctx, lang = runtime.context, _lang(runtime)
    _status(runtime, lang, "read_section", topic)
    stats = ctx.scope_stats()
    note = asked_note(topic)  # "Note 13": where a pointer sent the reader, by its number
    found = (
        find_note(ctx.corpus, ctx.doc_ids, note)
        if note
        else find_section(ctx.corpus, ctx.doc_ids, topic, _scope_words(topic, stats))
    )
    if found is None:
        ev = _evidence(ctx, "read_section", topic, [])
        return render(ev, lang), ev.model_dump()
    items = found.items[:MAX_ITEMS]
    wanted = list(dict.fromkeys([i.chunk_id for i in items] + list(found.chunk_ids)))
    chunks = ctx.corpus.get_chunks(wanted)
    asked = topic_terms(topic)
    ranked = sorted(
        (c for c in wanted if c in chunks),
        key=lambda c: -len(asked & topic_terms(chunks[c].text)) if not items else 0,
    )
    kept: list[str] = []
    used = 0
    for cid in ranked:
        if used >= _PAGE_CHARS:
            break
        kept.append(cid)
        used += len(chunks[cid].text)
    order = {c: i for i, c in enumerate(found.chunk_ids)}
    kept.sort(key=lambda c: order.get(c, -1))
    passages = [_passage_from_chunk(chunks[c], rank=i + 1) for i, c in enumerate(kept)]
    ev = _evidence(ctx, "read_section", topic, passages)
    said = items or found.sentences  # its items, else its own sentences
    quotes = [i.text for i in said if i.chunk_id in kept]
    update = {"quotes": quotes, "note": found.title, "listed": bool(items)}
    ev = ev.model_copy(update=update | {"items_total": len(found.items)})
    return render(ev, lang), ev.model_dump()


def _scope_words(topic: str, stats: ScopeStats) -> set[str]:
    """The words naming the scope's documents and companies, with the topic's capitalised
    words that spell a name stored run together ("MGM", "Resorts" of "mgmresort")."""
    owners = stats.owner_words | stats.name_words
    return owners | own_name_words(topic, owners)


def calculate(expression: str, *, runtime: Runtime) -> ToolResult:
    """Arithmetic in code: the model copies the result, it never computes one."""
    lang = _lang(runtime)
    _status(runtime, lang, "calculate", expression)
    value = evaluate(expression)
    if value is None:
        return prompts.NOT_ARITHMETIC[lang].format(expression=expression), {}
    return f"{expression} = {value:,.6g}", {"calculation": expression, "value": value}


# --- helpers ------------------------------------------------------------------------------


def _search(ctx: ChatContext, query: str, top_k: int, *, mode: SearchMode = "hybrid") -> Evidence:
    k = max(1, min(int(top_k or 6), MAX_TOP_K))
    with ctx.clock.phase("search"):  # the answer's timing shows search apart
        # exact words only ("keyword"): no query embedding, a fraction of the time; each
        # document of the scope gets its own share of hits (``Corpus.search_each``)
        hits = ctx.corpus.search_each(spaced(query), k=k, keyword=mode == "keyword")
    scoped = [h for h in hits if h.doc_id in ctx.doc_ids]
    if len(scoped) != len(hits):  # the index must never do this; refuse to pass it on
        log.error("search returned chunks outside the conversation's scope; dropped them")
    passages = [_passage_from_hit(h, rank=i + 1) for i, h in enumerate(scoped)]
    return _evidence(ctx, "search_document", query, _with_continuations(ctx, passages))


_LEAD_IN = re.compile(r"[:：]\s*$")
_CAPTION_CHARS = 160  # a caption is a line or two: a title and its unit


def _announces(p: Passage) -> bool:
    """Does the passage announce what follows: a lead-in ("… by geographic area:") or a
    table's caption alone, its title with the unit ("…持股情况表 单位：股")?"""
    caption = len(p.text) <= _CAPTION_CHARS and UNIT_NOTE.search(p.text) is not None
    return caption or _LEAD_IN.search(p.text) is not None


# a passage's last character when a chunk's end (a page's) cut its sentence: a Chinese
# character or a comma, never a sentence's end mark
_CUT_END = re.compile(r"[" + HAN + r"，、；]\s*$")


def _with_continuations(ctx: ChatContext, passages: list[Passage]) -> list[Passage]:
    """A passage that announces what follows ("The following summarizes revenues by
    geographic area:", a table's caption) is followed by the next chunk of its section,
    which holds it (the table, the list), at the same rank; so is a Chinese passage whose
    last sentence the chunk's end cut ("……是一所全寄宿制完全中学，"), whose rest opens
    the next chunk ("设高中部和初中部。")."""
    found = {p.chunk_id for p in passages}
    wanted: dict[str, Passage] = {}
    for p in passages:
        doc_id, _, n = p.chunk_id.rpartition("#")
        nxt = f"{doc_id}#{int(n) + 1}" if n.isdigit() else ""
        cut = p.kind == "text" and _CUT_END.search(p.text) is not None
        if (_announces(p) or cut) and nxt and nxt not in found:
            wanted[nxt] = p
    if not wanted:
        return passages
    chunks = ctx.corpus.get_chunks(wanted)
    out: list[Passage] = []
    for p in passages:
        out.append(p)
        for cid, lead in wanted.items():
            ch = chunks.get(cid)
            if (
                lead is p
                and ch is not None
                and ch.doc_id in ctx.doc_ids
                and ch.section_path == p.section
            ):
                out.append(_passage_from_chunk(ch, rank=p.rank, score=p.score))
    return out


def _evidence(ctx: ChatContext, tool: ToolName, query: str, passages: list[Passage]) -> Evidence:
    stats = ctx.scope_stats()
    passages = with_columns(passages, ctx.corpus.get_chunks)
    reads = REGISTRY.spec(tool).reads  # an unknown tool name fails here
    # a page read's query is the page's number, no words of the question
    terms = list(dict.fromkeys(content_terms(query) + key_terms(query))) if reads != "page" else []
    return Evidence(
        tool=tool,
        reads=reads,
        query=query,
        passages=passages,
        term_df={t: stats.df(t) for t in terms},
        scope_chunks=stats.chunks,
        missing=[t for t in terms if not stats.present(t) and not _straddles(t, query, stats)],
        names=sorted(stats.name_words),
        owner=sorted(stats.owner_words),
        covers=stats.covers,
    )


def _as(ev: Evidence, tool: ToolName, **update: str) -> Evidence:
    """Another tool's evidence (a search) as this tool's, read as its spec says."""
    return ev.model_copy(update={"tool": tool, "reads": REGISTRY.spec(tool).reads, **update})


def _straddles(term: str, query: str, stats: ScopeStats) -> bool:
    """A Chinese word jieba cut across a real one ("年假能" → "年/假能"): the pair it broke
    ("年假") is in the scope, so the word is a cutting artefact, not something missing. A
    word of the dictionary is none."""
    at = query.find(term)
    # a dictionary word is no cutting artefact: "格力电器" (a company the scope never names)
    # is missing however many chance pairs across it ("力电") the scope holds
    if at < 0 or not HAN_RE.match(term) or dictionary_word(term):
        return False
    pairs = [
        query[at - 1 : at + 1] if at > 0 else "",
        query[at + len(term) - 1 : at + len(term) + 1],
    ]
    if len(term) >= 3:  # characters glued into a would-be name: "年假有" holds "年假"
        pairs += [term[i : i + 2] for i in range(len(term) - 1)]
    return any(
        len(p) == 2 and re.fullmatch(r"[" + HAN + r"]{2}", p) and stats.df(p) > 0 for p in pairs
    )


def _passage_from_hit(h: SearchHit, *, rank: int) -> Passage:
    return Passage(
        chunk_id=h.chunk_id,
        doc_id=h.doc_id,
        page=h.page,
        page_end=h.page_end,
        section=h.section,
        text=h.text,
        kind=h.kind,
        paged=h.paged,
        score=h.score,
        rank=rank,
    )


def _passage_from_chunk(ch: Chunk, *, rank: int, score: float = 0.0) -> Passage:
    return Passage(
        chunk_id=ch.chunk_id,
        doc_id=ch.doc_id,
        page=ch.page_start,
        page_end=ch.page_end,
        section=ch.section_path,
        text=ch.text,
        kind=ch.kind,
        paged=ch.paged,
        score=score,
        rank=rank,
    )


def render(ev: Evidence, lang: prompts.Lang) -> str:
    """The tool result as the model reads it: each passage headed by its citation id."""
    if not ev.passages:
        return prompts.NO_PASSAGES[lang]
    blocks = []
    for p in ev.passages:
        head = f"[{p.chunk_id}] {passage_place(p)}".rstrip()
        body = p.text if len(p.text) <= _PASSAGE_CHARS else p.text[:_PASSAGE_CHARS] + " …"
        blocks.append(f"{head}\n{body}")
    return "\n\n".join(blocks)


def passage_place(p: Passage) -> str:
    """Where a passage is, as the model reads it: its page(s) and section; a document
    without pages by its section alone ('p. 1' of a Markdown note would be copied into
    the answer as if it were a page)."""
    if not p.paged:
        return f"§ {p.section}" if p.section else ""
    where = f"p. {p.page}" if p.page == p.page_end else f"pp. {p.page}-{p.page_end}"
    return where + (f" · {p.section}" if p.section else "")


def _lang(runtime: Runtime) -> prompts.Lang:
    lang = getattr(runtime.state, "reply_language", None)
    return "zh" if lang == "zh" else "en"


def _status(runtime: Runtime, lang: prompts.Lang, tool: ToolName, arg: str) -> None:
    runtime.stream_writer({"status": REGISTRY.status(tool, lang, arg)})
