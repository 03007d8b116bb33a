"""What the figure-answer tests build on: passages of an invented company's statements, the
search that found them, and the figure an answer's first line works out."""

from __future__ import annotations

import re

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer


def passage(cid: str, text: str, *, page: int, rank: int, columns: str = "") -> Passage:
    """One chunk of document ``cid`` (before its "#") on one page."""
    return Passage(
        chunk_id=cid,
        doc_id=cid.partition("#")[0],
        page=page,
        page_end=page,
        text=text,
        rank=rank,
        columns=columns,
    )


def searched(*passages: Passage) -> list[Evidence]:
    """The passages as one document search of the turn returned them."""
    return [Evidence(tool="search_document", query="q", passages=list(passages))]


def said(question: str, evidence: list[Evidence]) -> float:
    """The figure the answer's first line works out (the last number before its citations)."""
    a = figure_answer(question, evidence, "en")
    assert a is not None and a.lines, question
    figures = re.findall(r"= (−?[\d,]+\.?\d*)%? \[", a.lines[0])
    assert figures, a.lines[0]
    return float(figures[-1].replace(",", "").replace("−", "-"))
