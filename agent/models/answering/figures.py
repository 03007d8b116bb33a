"""Figures from tables (``figures/answer.py``): a cell in a sentence, a computed metric
with its working, a comparison, a ranking. Each answer the tables give is a candidate the
verifier checks (``FigureAnswer.problem``); the figures found when it fails, and a note
naming a figure the tables lack, are refusals, said only when nothing else answers."""

from __future__ import annotations

from collections.abc import Sequence

from agent import prompts
from agent.each_document import documents, of_documents
from agent.evidence import Evidence, Passage, Unit, clean, units
from agent.figures.answer import figure_candidates
from agent.figures.candidate import FigureAnswer
from agent.figures.formula import Cell
from agent.figures.zh_said import english_source
from agent.models.answering.candidate import AnswerCandidate, Strategy
from agent.models.answering.scoring import cover, passages_text, traced
from agent.models.judge import Candidate
from agent.models.nearby import nearby_note
from agent.models.writing import row_text, with_column_headers
from agent.question import Question


def _applies(q: Question) -> bool:
    return q.page is None  # a page asked about is read, not searched for figures


def _candidates(
    q: Question, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[AnswerCandidate]:
    """Each document's figures read from its own evidence (``each_document.py``); the
    composer weighs the documents' answers against each other as any candidates, by how
    much of the question each says and whether its period is its report's. Figures of
    several documents together answer only a figure set beside another (``_ACROSS``)."""
    docs = documents(evidence)
    if len(docs) < 2:
        return _of(q, evidence, lang)
    out = [c for d in docs for c in _of(q, of_documents(evidence, {d}), lang)]
    if q.operation in _ACROSS:
        out += _of(q, evidence, lang, across=True)
    return out


# operations whose answer sets one figure beside another, which another document may
# print (a company's against another's, a 10-K's year-end against a later 10-Q's); a
# level, a ratio, a share or an average is one document's figure
_ACROSS = frozenset({"comparison", "extreme", "between", "change", "growth"})


def _of(
    q: Question, evidence: Sequence[Evidence], lang: prompts.Lang, *, across: bool = False
) -> list[AnswerCandidate]:
    """The figure answers of ``evidence``; ``across``: only those whose cells are of
    several documents (the rest is each document's own)."""
    out: list[AnswerCandidate] = []
    for fa in figure_candidates(q.text, evidence, lang):
        if across and len(_cells_documents(fa, evidence)) < 2:
            continue
        if fa.lines:
            out.append(_candidate(q, fa, evidence, lang))
        if fa.missing:  # its note belongs to its own refusal, never before another answer
            note = "\n".join(fa.missing)
            said = prompts.REFUSAL[lang] + nearby_note(evidence, lang)  # where to look
            out.append(AnswerCandidate("figures", "refusal", said, note=note, follow=[], fit=1.0))
    return out


def _candidate(
    q: Question, fa: FigureAnswer, evidence: Sequence[Evidence], lang: prompts.Lang
) -> AnswerCandidate:
    body = "\n".join([*fa.lines, *_printed_rows(fa, evidence, lang)])
    cited = _cited(fa.lines[0], evidence)
    ids = [c.chunk_id for c in fa.cells]
    return AnswerCandidate(
        "figures",
        "refusal" if fa.refusal else "figure",
        body,
        cited=cited,
        quoted=list(fa.lines),
        follow=list(fa.follow) or None,
        fit=0.5 if fa.refusal else 0.0,  # the figures found: what is nearest
        cover=cover(q, [body, *passages_text(cited)]),
        traced=traced(ids, body),
        verify=None if fa.refusal else lambda: fa.problem()[1],
        ruled=True,
        corroborate=True,
    )


def _printed_rows(fa: FigureAnswer, evidence: Sequence[Evidence], lang: prompts.Lang) -> list[str]:
    """A Chinese answer read from an English table says the rows in Chinese; the rows as
    printed follow it, quoted, as its evidence."""
    english = [c for c in fa.cells if english_source(c)]
    rows = source_rows(english, evidence) if lang == "zh" and not fa.refusal else []
    return [prompts.SUPPORT_HEADER[lang], *(f"- {r}" for r in rows)] if rows else []


def _cells_documents(fa: FigureAnswer, evidence: Sequence[Evidence]) -> set[str]:
    docs = {p.chunk_id: p.doc_id for ev in evidence for p in ev.passages}
    return {docs[c.chunk_id] for c in fa.cells if c.chunk_id in docs}


def _cited(line: str, evidence: Sequence[Evidence]) -> list[Passage]:
    """The passages the answer's first line cites (their neighbourhood gives follow-ups)."""
    return [p for ev in evidence for p in ev.passages if f"[{p.chunk_id}]" in line]


STRATEGY = Strategy("figures", _applies, _candidates, frozenset({"figure"}))


def source_rows(cells: Sequence[Cell], evidence: Sequence[Evidence]) -> list[str]:
    """Each cited cell's row as its document prints it, with its columns ("Total revenue
    | $7,301.5 | … ⟨列: … Fiscal 2017 …⟩ [doc#12]"), once per row."""
    passages = {p.chunk_id: p for ev in evidence for p in ev.passages}
    found: list[Candidate] = []
    for c in cells:
        p = passages.get(c.chunk_id)
        unit = _row_of(p, c) if p is not None else None
        if p is not None and unit is not None:
            found.append(Candidate(p, unit, 0.0, frozenset(), len(found)))
    out: list[str] = []
    for row, head in with_column_headers(found):
        columns = f" ⟨列: {row_text(head.unit.text)}⟩" if head is not None else ""
        out.append(f"{row_text(row.unit.text).rstrip(':： ')}{columns} [{row.passage.chunk_id}]")
    return list(dict.fromkeys(out))


def _row_of(p: Passage, c: Cell) -> Unit | None:
    """The row of the passage holding the cell: its label and its figure as printed."""
    label = clean(c.label).strip().lower()
    figure = clean(c.raw).strip("$()−- ")
    for u in units(p.text):
        text = clean(u.text)
        if label and label in text.lower() and figure and figure in text:
            return u
    return None
