"""A figure method's answer: the candidate one composer shows, with what it still needs.

Each method (cell lookup, computed metric, comparison, ranking) returns one; a note naming
a figure it could not find (``missing``) is its own, shown only when it is the answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from agent.figures.formula import Cell
from agent.figures.verify import Computed, problem


@dataclass
class FigureAnswer:
    lines: list[str] = field(default_factory=list)  # draft sentences with [chunk_id] markers
    missing: list[str] = field(default_factory=list)  # notes naming figures not given
    cells: list[Cell] = field(default_factory=list)  # every figure used, in order
    wanted: list[tuple[str, int | None]] = field(default_factory=list)  # (item, year) not found
    pages: list[int] = field(default_factory=list)  # statement pages where they should be
    follow: list[str] = field(default_factory=list)  # questions about the rows next to them
    searches: list[str] = field(default_factory=list)  # keyword queries for rows not found
    read: list[int] = field(default_factory=list)  # pages to read for a value not found
    read_doc: str = ""  # the document whose pages those are, when one is known
    search_k: int = 6  # passages each of those searches returns
    # the searches are alternatives (a table by regions, by segments, the sentences
    # stating each one's change): all in one round, not one per round
    alternatives: bool = False
    computed: list[Computed] = field(default_factory=list)  # what the verifier checks
    asked: list[int] = field(default_factory=list)  # the years asked: each cell's must be one
    # said instead when the verifier rejects this answer: why no figure is given, and the
    # figures found (``verify.found_lines``); a refusal naming what is nearest
    nearest: list[str] = field(default_factory=list)
    refusal: bool = False  # the lines say what was found, not the answer

    def problem(self) -> tuple[str, str]:
        """(what, why) of the first check the answer fails (``verify.problem``)."""
        return problem(self.computed, self.lines, self.cells, self.asked)
