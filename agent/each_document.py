"""A turn's evidence over several documents (the chat's default scope is every document of
the workspace), read one document at a time.

A row of one report and a row of another are no two candidates of one table: a release's
full-year guidance row and a Chinese report's EPS row, read together with the release's
quarter row, change which row the figure methods rank first, and a metric worked from
cells of two companies' statements is no figure of either. Each document's evidence is
its own passages and its own cover, in the turn's order (``documents``, ``of_documents``).
"""

from __future__ import annotations

from collections.abc import Sequence

from agent.evidence import Evidence


def documents(evidence: Sequence[Evidence]) -> list[str]:
    """The documents the turn's passages come from, in the order they were first found."""
    return list(dict.fromkeys(p.doc_id for ev in evidence for p in ev.passages))


def of_documents(evidence: Sequence[Evidence], docs: set[str]) -> list[Evidence]:
    """The evidence of the documents ``docs`` alone (all of it when ``docs`` is empty):
    their passages and their covers, never another report's (a release naming quarters
    beside a Chinese report whose columns say 本期)."""
    if not docs:
        return list(evidence)
    return [
        ev.model_copy(
            update={
                "passages": [p for p in ev.passages if p.doc_id in docs],
                "covers": {d: c for d, c in ev.covers.items() if d in docs},
            }
        )
        for ev in evidence
    ]
