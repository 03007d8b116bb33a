"""A turn of invented filing passages for the figure methods' tests: one document
("vm", of the company Velmor), each text a passage from page 4 on, and the first line
the figure methods give for a question over them."""

from __future__ import annotations

from collections.abc import Mapping

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer


def velmor_turn(texts: tuple[str, ...], df: Mapping[str, int]) -> list[Evidence]:
    """One search's evidence: the texts as ranked passages, ``df`` the scope's document
    frequencies of the names the tests use (the company's own name is common)."""
    passages = [
        Passage(chunk_id=f"vm#{i}", doc_id="vm", page=i + 4, page_end=i + 4, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    return [
        Evidence(
            tool="search_document",
            query="q",
            passages=passages,
            term_df=dict(df),
            scope_chunks=400,
            names=["velmor"],
        )
    ]


def first_line(question: str, evidence: list[Evidence]) -> str:
    """The figure methods' first line (the test fails when they give none)."""
    a = figure_answer(question, evidence, "en")
    assert a is not None and a.lines, a
    return a.lines[0]
