"""Execution: each step calls one atomic tool (through the runner) and turns what it
returns into findings — one exact sentence of a source block, cited to its page and unit."""

from __future__ import annotations

import re
from collections.abc import Iterable

from agent.review import runner
from agent.review.catalog import Kind
from agent.review.curate import signed_at
from agent.review.detect import goal_terms, in_named_section, sentence_hits, substantive
from agent.review.models import Box, Citation, Finding, ToolCall
from agent.review.relevance import model
from agent.review.scope import DocView, ReviewScope
from agent.review.toolmodels import Hits, Resolved, TableOut
from pipeline.models import Block
from pipeline.text.boilerplate import contents_table
from pipeline.text.lang import split_sentences

MAX_SENTENCE = 1200  # characters: a 10-K's risk sentence runs to 900
MAX_FINDINGS = 160
PER_UNIT = 8
PER_BLOCK = 6
MAX_TABLES = 40
_FIGURE = re.compile(r"\d")


def quote_for(text: str, cue: str) -> str:
    """The sentence of ``text`` holding ``cue`` (the first one when the cue is not words),
    whole: a finding cut mid-sentence reads as a fragment. Only a run-on longer than
    MAX_SENTENCE (list items the splitter could not part) keeps its clauses around the cue,
    cut where a clause ends, still verbatim."""
    spans = split_sentences(text) or [(0, len(text))]
    low = cue.lower()
    pick = next((s for s in spans if low and low in text[s[0] : s[1]].lower()), spans[0])
    # a list item's bullet is the page's mark, not the finding's words ("• the risks …")
    sentence = _BULLET_LEAD.sub("", text[pick[0] : pick[1]].strip())
    return _clauses(sentence, low) if len(sentence) > MAX_SENTENCE else sentence


_BULLET_LEAD = re.compile(r"^[•●○◦▪■□◆◇·‣⁃➢✓✔-]\s+")


_CLAUSE_END = re.compile(r"(?<=[;；])\s*")


def _clauses(sentence: str, low: str) -> str:
    """The clauses (ended by ';') around the cue's, as many as MAX_SENTENCE holds."""
    cuts = [0, *(m.end() for m in _CLAUSE_END.finditer(sentence) if m.end() < len(sentence))]
    ends = [*cuts[1:], len(sentence)]
    parts = [sentence[a:b].strip() for a, b in zip(cuts, ends, strict=True)]
    at = next((i for i, p in enumerate(parts) if low and low in p.lower()), 0)
    lo = hi = at
    size = len(parts[at])
    while True:
        grew = False
        if hi + 1 < len(parts) and size + len(parts[hi + 1]) + 1 <= MAX_SENTENCE:
            hi, size, grew = hi + 1, size + len(parts[hi + 1]) + 1, True
        if lo > 0 and size + len(parts[lo - 1]) + 1 <= MAX_SENTENCE:
            lo, size, grew = lo - 1, size + len(parts[lo - 1]) + 1, True
        if not grew:
            break
    return sentence[cuts[lo] : ends[hi]].strip()


def finding(
    view: DocView, n: int, subgoal: str, cue: str, *, text: str | None = None, unit: str = ""
) -> Finding:
    block = view.by_n[n]
    quote = text if text is not None else quote_for(block.text, cue)
    unit = unit or view.unit_of(n, quote)  # the clause the quote is in, not the block's first
    lab = view.labels.get(n)
    chunk = view.chunk_for(block, quote)
    return Finding(
        subgoal=subgoal,
        text=quote,
        citation=Citation(
            doc_id=view.doc_id,
            page=block.page,
            section=unit,
            block=n,
            chunk_id=chunk.chunk_id if chunk else None,
            box=block.box,
            quote=quote,
        ),
        label=lab.label if lab else "other",
        credibility=lab.credibility if lab else "verbatim",
        unit=unit,
    )


def block_findings(
    view: DocView, n: int, kind: Kind, terms: tuple[str, ...], *, fallback_cue: str = ""
) -> list[Finding]:
    """A finding per selected sentence of the block (at most PER_BLOCK)."""
    found = _selected(view, n, kind, terms)
    if not found and fallback_cue:  # a fallback's hit (lexical search): the sentence with it
        return [finding(view, n, kind.id, fallback_cue)]
    return found


def _clip(sentence: str, cue: str) -> str:
    return quote_for(sentence, cue) if len(sentence) > MAX_SENTENCE else sentence


def _table_findings(view: DocView, table: TableOut, subgoal: str) -> list[Finding]:
    """A table's rows that hold figures, each as 'row label — header: value; …', citing
    the row's cells and highlighting the row, not the table. A table of contents has no
    findings ('Item 1. Business — Page: 1')."""
    block = view.by_n.get(table.table) if table.table is not None else None
    if block is None or (block.table is not None and contents_table(block.table.rows)):
        return []
    out = []
    for i, row in enumerate(table.rows[:8]):
        cells = [
            (h or f"#{i + 1}", c) for i, (h, c) in enumerate(zip(table.headers, row, strict=False))
        ]
        figures = [(h, c) for h, c in cells[1:] if c and _FIGURE.search(c)]
        if not row or not figures:
            continue
        text = " ".join((f"{row[0]} — " + "; ".join(f"{h}: {c}" for h, c in figures[:4])).split())
        f = finding(view, block.n, subgoal, "", text=text)
        box = row_box(block, i) or f.citation.box
        out.append(
            f.model_copy(
                update={
                    "cells": [c for c in row if c],
                    "citation": f.citation.model_copy(update={"box": box}),
                }
            )
        )
    return out


def row_box(block: Block, body_row: int) -> Box | None:
    """The box of a table's body row: its cells' boxes joined, else the table's box cut
    into equal rows (a row read from lines has no cell boxes)."""
    t = block.table
    if t is None or block.box is None:
        return None
    r = t.header_rows + body_row
    if t.cell_boxes and r < len(t.cell_boxes):
        boxes = [b for b in t.cell_boxes[r] if b is not None]
        if boxes:
            return (
                min(b[0] for b in boxes),
                min(b[1] for b in boxes),
                max(b[2] for b in boxes),
                max(b[3] for b in boxes),
            )
    n = max(1, len(t.rows))
    x0, y0, x1, y1 = block.box
    h = (y1 - y0) / n
    return (x0, y0 + r * h, x1, y0 + (r + 1) * h)


def _limit(findings: Iterable[Finding]) -> list[Finding]:
    """At most PER_UNIT findings a unit and page (a long Item 1A spans many pages), units
    first (coverage before depth), then a cap."""
    per: dict[tuple[str, str, int], int] = {}
    seen_units: set[tuple[str, str]] = set()
    firsts: list[Finding] = []
    rest: list[Finding] = []
    for f in findings:
        key = (f.citation.doc_id, f.unit, f.citation.page)
        count = per.get(key, 0)
        if count >= PER_UNIT:
            continue
        per[key] = count + 1
        unit = (f.citation.doc_id, f.unit)
        (rest if unit in seen_units else firsts).append(f)
        seen_units.add(unit)
    return (firsts + rest)[:MAX_FINDINGS]


def collect(
    scope: ReviewScope, kind: Kind, goal: str
) -> tuple[list[Finding], list[ToolCall], list[tuple[str, int]]]:
    """Run the sub-goal's tool; findings, the calls made, and the blocks hit."""
    calls: list[ToolCall] = []
    findings: list[Finding] = []
    hit_blocks: list[tuple[str, int]] = []
    if kind.tool == "table_by_region":
        for view in scope.views():
            tables = [b.n for b in view.body() if b.table is not None][:MAX_TABLES]
            for n in tables:
                result, call = runner.call(
                    scope, "table_by_region", {"doc_id": view.doc_id, "table": n}
                )
                calls.append(call)
                assert isinstance(result, TableOut)
                findings += _table_findings(view, result, kind.id)
                hit_blocks.append((view.doc_id, n))
        kind_text = Kind(kind.id, "", "", "clauses_by_keyword", (), kind.keywords, labels=())
        more, more_calls, more_hits = collect(scope, kind_text, goal)
        return _limit(findings + more), calls + more_calls, hit_blocks + more_hits
    if kind.tool == "search_by_regex":
        result, call = runner.call(scope, "search_by_regex", {"pattern": kind.regex})
    else:
        words = list(kind.keywords)
        if not words:
            return [], calls, []
        result, call = runner.call(
            scope, "clauses_by_keyword", {"keywords": words, "labels": list(kind.labels)}
        )
    calls.append(call)
    assert isinstance(result, Hits)
    terms = goal_terms(goal)
    # the sections that state the kind come first: keyword hits elsewhere do not crowd them
    # out of the cap
    findings, calls_in, hit_blocks = section_findings(scope, kind)
    calls += calls_in
    for h in result.hits:
        view = scope.view(h.doc_id)
        if view.by_n[h.block].kind == "heading" or (h.doc_id, h.block) in hit_blocks:
            continue
        if _filed_after(view, h.page):
            continue  # an exhibit filed after the report's signatures: not the report
        cue = h.match if result.source != "primary" else ""
        findings += block_findings(view, h.block, kind, terms, fallback_cue=cue)
        hit_blocks.append((h.doc_id, h.block))
    return _limit(findings), calls, hit_blocks


def _filed_after(view: DocView, page: int) -> bool:
    end = signed_at(view)
    return bool(end) and page > end


def section_findings(
    scope: ReviewScope, kind: Kind
) -> tuple[list[Finding], list[ToolCall], list[tuple[str, int]]]:
    """What the sections a kind names state, whatever their wording: a 10-K's obligations
    are a "Contractual Obligations" table and a note on commitments or covenants, not
    sentences with "shall". Each statement of a block under such a heading (its nearest
    one) is a finding, each figure row of a table there too."""
    calls: list[ToolCall] = []
    out: list[Finding] = []
    hit: list[tuple[str, int]] = []
    if not kind.sections:
        return out, calls, hit
    for view in scope.views():
        for b in view.body():
            if b.kind == "heading" or not in_named_section(kind, view, b.n):
                continue
            if _filed_after(view, b.page):
                continue
            hit.append((view.doc_id, b.n))
            if b.table is not None:
                result, call = runner.call(
                    scope, "table_by_region", {"doc_id": view.doc_id, "table": b.n}
                )
                calls.append(call)
                if isinstance(result, TableOut):
                    out += _table_findings(view, result, kind.id)
                continue
            out += [f for f in _statements(view, b.n, kind.id) if _states_kind(kind, f.text)]
    return out, calls, hit


def _states_kind(kind: Kind, sentence: str) -> bool:
    """A sentence of a section that names the kind speaks of it: it names what the section
    names ("… purchase obligations of …") or states it as the kind's patterns do ("covenants
    that require …"). A past repayment or an accounting policy under "Debt Obligations"
    does not."""
    low = sentence.lower()
    rules = model().kinds.get(kind.id)
    return any(w in low for w in kind.sections) or bool(
        rules and any(p.search(sentence) for p in rules.states)
    )


def _statements(view: DocView, n: int, subgoal: str) -> list[Finding]:
    """A finding per whole statement of a block (at most PER_BLOCK)."""
    block = view.by_n[n]
    spans = split_sentences(block.text) or [(0, len(block.text))]
    if view.continues_previous(n):
        spans = spans[1:]  # its opening words finish the previous block's sentence
    tail = view.continuation(n)
    out = []
    for i, (start, end) in enumerate(spans):
        sentence = block.text[start:end].strip()
        if tail and i == len(spans) - 1:
            sentence = f"{sentence} {tail}"
        if substantive(sentence):
            out.append(finding(view, n, subgoal, "", text=_clip(sentence, "")))
    return out[:PER_BLOCK]


def follow(
    scope: ReviewScope, kind: Kind, hit_blocks: list[tuple[str, int]], goal: str
) -> tuple[list[Finding], list[ToolCall]]:
    """Resolve the cross-references of the blocks found; cite what they point to when it
    serves the sub-goal (its sentences the kind selects; a table's rows for a kind that
    reads tables). A target that says nothing of it (a note's opening line, an index
    table) is followed and recorded as a call, not reported."""
    calls: list[ToolCall] = []
    out: list[Finding] = []
    seen: set[tuple[str, int]] = set(hit_blocks)
    terms = goal_terms(goal)
    for doc_id, n in hit_blocks:
        view = scope.view(doc_id)
        if not any(r.n == n for r in view.perception.references):
            continue  # nothing to follow: no tool call
        result, call = runner.call(scope, "resolve_reference", {"doc_id": doc_id, "block": n})
        calls.append(call)
        assert isinstance(result, Resolved)
        for ref in result.refs:
            if ref.target_n is None or (doc_id, ref.target_n) in seen:
                continue
            seen.add((doc_id, ref.target_n))
            target = view.by_n.get(ref.target_n)
            if target is None:
                continue
            if target.table is not None:
                if kind.tool != "table_by_region":
                    continue  # rows are not sentences a text sub-goal selects
                table, made = runner.call(
                    scope, "table_by_region", {"doc_id": doc_id, "table": target.n}
                )
                calls.append(made)
                assert isinstance(table, TableOut)
                out += _table_findings(view, table, kind.id)
            else:
                body = _body_of(view, target.n)
                if body != target.n and (doc_id, body) in seen:
                    continue  # the text under the heading is already a hit
                seen.add((doc_id, body))
                out += _selected(view, body, kind, terms)
    return out, calls


def _selected(view: DocView, n: int, kind: Kind, terms: tuple[str, ...]) -> list[Finding]:
    """A finding per sentence of block ``n`` the kind selects (at most PER_BLOCK); none for
    a table or a stub."""
    found = sentence_hits(kind, view, n, terms)[:PER_BLOCK]
    return [
        finding(view, n, kind.id, cue, text=_clip(sentence, cue), unit=unit)
        for sentence, cue, unit in found
    ]


def _body_of(view: DocView, n: int) -> int:
    """A heading stands for the text under it: cite the first block after it."""
    if view.by_n[n].kind != "heading":
        return n
    body = [b.n for b in view.body() if b.n > n]
    return body[0] if body and view.by_n[body[0]].kind != "heading" else n


def gap_findings(
    scope: ReviewScope, kind: Kind, units: set[tuple[str, str]], goal: str
) -> list[Finding]:
    """One finding for each unit in ``units`` that ``kind`` has a sentence for."""
    out: list[Finding] = []
    terms = goal_terms(goal)
    left = set(units)
    for view in scope.views():
        for b in view.body():
            if b.kind == "heading":
                continue
            for sentence, cue, unit in sentence_hits(kind, view, b.n, terms):
                if (view.doc_id, unit) in left:
                    out.append(
                        finding(view, b.n, kind.id, cue, text=_clip(sentence, cue), unit=unit)
                    )
                    left.discard((view.doc_id, unit))
    return out
