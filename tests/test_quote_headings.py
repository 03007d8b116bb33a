"""A heading line printed above a paragraph (a risk factor's bold title, however long) is
no part of the quote: the quote starts at the paragraph and the heading is shown as the
quote's section. Invented documents only."""

from __future__ import annotations

from pathlib import Path

from agent.evidence import heading_before, units
from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

TITLE = (
    "Lawsuits, Regulatory Inquiries, Customs Audits, and Other Proceedings Could Harm Our "
    "Reputation, Our Business and Our Results of Operations"
)
PARAGRAPH = (
    "As a maker of marine pumps sold in forty countries, Halvard Pumps is regularly subject "
    "to claims from distributors, customs audits of its shipments and inquiries by "
    "environmental regulators about the coatings it uses."
)

REPORT = f"""# Halvard Pumps Annual Report

## Item 1A. Risk Factors

Our business faces the risks below.

**{TITLE}**

{PARAGRAPH}

**Our Foundry Depends on One Supplier of Bronze Ingots and Could Stop if That Supplier Failed**

A single mill supplies every bronze ingot our foundry casts, and no second source is qualified.
"""


def test_a_long_title_case_line_stands_apart_from_the_paragraph_under_it() -> None:
    text = f"{TITLE}\n{PARAGRAPH}"
    parts = units(text)
    assert [u.kind for u in parts] == ["heading", "sentence"], parts
    assert parts[1].text == PARAGRAPH
    assert heading_before(text, parts[1].start) == TITLE
    # a long line of prose is no heading: its words are not all capitalised
    prose = (
        "Halvard Pumps, Halvard Marine, Nordic Castings and Bergen Valve Works Each Sold "
        "Pumps to Utilities in Norway, Sweden and Denmark under contracts signed in Oslo\n"
        "The contracts run for five years."
    )
    assert units(prose)[0].kind == "sentence" and heading_before(prose, len(prose)) == ""


def test_the_quote_starts_at_the_paragraph_with_the_heading_as_its_section(
    folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(folio, tmp_path, "halvard.md", REPORT)
    a = ChatService(folio).ask("Is Halvard Pumps subject to customs audits?", [doc]).answer
    assert not a.refused and "customs audits of its shipments" in a.answer, a.answer
    assert "Results of Operations As a maker" not in a.answer, a.answer
    cited = [c for c in a.citations if "customs audits" in c.quote]
    assert cited, (a.answer, a.citations)
    for c in cited:
        assert c.quote.startswith("As a maker of marine pumps"), c.quote
        assert TITLE not in c.quote and c.section.endswith(TITLE), c.section
