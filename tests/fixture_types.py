"""The types of conftest's factory fixtures, for the tests that take them."""

from __future__ import annotations

from collections.abc import Callable

from agent.evidence import Evidence

# ``search_evidence(*texts)``: one search's evidence, a passage a text
SearchEvidence = Callable[..., list[Evidence]]
# ``figure_text(question, *texts)``: the figure answer's lines read from those passages
FigureText = Callable[..., str]
