"""The types of conftest's factory fixtures, for the tests that take them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from agent.evidence import Evidence
from pipeline.models import ParsedDocument
from testkit.pdfgen import Item

# ``search_evidence(*texts)``: one search's evidence, a passage a text
SearchEvidence = Callable[..., list[Evidence]]
# ``figure_text(question, *texts)``: the figure answer's lines read from those passages
FigureText = Callable[..., str]
# ``flow_pdf(path, pages)``: a PDF of the pages' items written as a flow, parsed
FlowPdf = Callable[[Path, list[list[Item]]], ParsedDocument]
# ``section_of(parsed, words)``: the section path of the first chunk holding the words
SectionOf = Callable[[ParsedDocument, str], list[str]]
