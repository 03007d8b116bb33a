"""No two source cards of an answer quote the same place: a clause the answer leads with is
cited as its own words (highlighted alone), the sentence it comes from as a second card,
and the same words cited twice (with and without their full stop) are one card."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from agent.card_twins import same_card, twin_of, wider
from agent.citations import locate_quote
from agent.schemas import Citation
from agent.service import ChatService
from pipeline.models import Box
from pipeline.service import Folio
from testkit.agentdocs import ingest_text
from testkit.pdfgen import A4, Item, write_flow
from testkit.twin_cards import twins

SENTENCE = (
    "At the end of fiscal 2023, we employed more than 4,200 people in Norway and Sweden, "
    "comprised of approximately 61% full-time staff, 29% part-time staff and 10% seasonal "
    "staff working in our ferry terminals."
)


def _fjordline_pdf(path: Path) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    write_flow(
        page,
        [
            Item("Fjordline Shipping Annual Report", size=18, bold=True, gap=12),
            Item("Human Capital Management", size=13, bold=True),
            Item(SENTENCE),
            Item("Our staff are trained in safety at sea every year before the season."),
        ],
    )
    doc.save(path)
    return path


def test_a_clause_opening_with_a_raised_capital_is_quoted_as_its_own_words() -> None:
    text = f"Human Capital Management\n{SENTENCE} Our staff are trained."
    clause = "We employed more than 4,200 people in Norway and Sweden."
    start, end = locate_quote(clause, text)
    quoted = text[start:end]
    assert quoted.lower() == clause.rstrip(".").lower()  # the clause, not its sentence
    assert len(quoted) < len(SENTENCE) / 2


def _cite(marker: int, quote: str, boxes: list[tuple[int, Box]]) -> Citation:
    return Citation(
        marker=marker,
        chunk_id="d#1",
        doc_id="d",
        page=3,
        quote=quote,
        boxes=boxes,
    )


def test_the_same_words_or_a_span_marking_the_same_lines_are_one_card() -> None:
    lines = [(3, (72.0, 100.0, 520.0, 112.0)), (3, (72.0, 113.0, 400.0, 125.0))]
    whole = _cite(1, SENTENCE, lines)
    bare = _cite(2, SENTENCE.rstrip("."), lines)
    clause = SENTENCE[27:83]
    unnarrowed = _cite(3, clause, lines)
    narrowed = _cite(4, clause, [(3, (150.0, 100.0, 470.0, 112.0))])
    assert same_card(whole, bare) and same_card(bare, unnarrowed)
    assert not same_card(whole, narrowed)  # the clause marked alone is a card of its own
    assert twin_of(narrowed, [whole]) is None and twin_of(bare, [narrowed, whole]) == 1
    kept = wider(unnarrowed, bare)
    assert kept.marker == 2 and kept.quote == bare.quote
    assert wider(whole, bare).quote == SENTENCE and wider(whole, bare).marker == 2
    other_page = whole.model_copy(update={"page": 4})
    assert not same_card(whole, other_page)


def test_an_answer_about_a_clause_shows_no_card_twice(
    chat: ChatService, folio: Folio, tmp_path: Path
) -> None:
    result = folio.ingest([_fjordline_pdf(tmp_path / "fjordline.pdf")], wait=True)[0]
    assert result.doc_id, result.error
    note = ingest_text(folio, tmp_path, "fjordline.md", f"# Fjordline\n\n## People\n\n{SENTENCE}\n")
    question = "How many people did Fjordline employ at the end of fiscal 2023?"
    for doc in (result.doc_id, note):
        a = chat.ask(question, [doc]).answer
        assert not a.refused and "4,200" in a.answer
        assert a.citations and not twins(a.citations), [c.quote for c in a.citations]
        quotes = [c.quote for c in a.citations]
        assert len(set(quotes)) == len(quotes)
