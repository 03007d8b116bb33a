"""A table's period headings and unit caption printed as bold text above its figures are
column headings, not the item headings of a section (``agent/column_heads.py``): a note on
an acquisition is never answered "lists: Three Months Ended June 30, (In thousands)"."""

from __future__ import annotations

from dataclasses import dataclass

from agent.column_heads import column_heads
from agent.sections import _indexed
from pipeline.knowledge.source import DocText, Section, Sentence
from pipeline.models import Block

NOTE = "NOTE 3 — ACQUISITIONS"
PROSE = [
    "On May 2, 2031, the Company acquired all of the shares of Harlow Gaming for cash.",
    "The acquisition gives the Company a scaled online gaming business in Europe.",
    "Revenue of the acquired business for the periods since the acquisition was as follows.",
]
HEADS = ["Three Months Ended June 30,", "Six Months Ended June 30,", "(In thousands)"]


def _block(n: int, text: str, x0: float, y0: float, x1: float, *, bold: bool) -> Block:
    return Block(n=n, page=3, text=text, box=(x0, y0, x1, y0 + 10), bold=bold)


def _blocks() -> list[Block]:
    """A note's heading and prose at the left margin; over its table, two period headings
    side by side and a unit caption alone right of the middle; a table row below."""
    return [
        _block(0, NOTE, 18, 40, 250, bold=True),
        _block(1, PROSE[0], 18, 60, 590, bold=False),
        _block(2, PROSE[1], 18, 80, 590, bold=False),
        _block(3, PROSE[2], 18, 100, 590, bold=False),
        _block(4, HEADS[0], 330, 120, 420, bold=True),
        _block(5, HEADS[1], 440, 120, 560, bold=True),
        _block(6, HEADS[2], 452, 140, 500, bold=True),
        _block(7, "Net revenues  $ 12,410  $ 20,977", 18, 160, 590, bold=False),
    ]


def test_headings_over_the_figures_are_column_heads_and_a_heading_is_not() -> None:
    assert column_heads(_blocks()) == frozenset({4, 5, 6})


def test_a_right_hand_columns_heading_is_no_column_head() -> None:
    """A two-column page: the right column's bold heading starts where its prose does."""
    blocks = [
        _block(0, "Risks Related to Our Business", 18, 40, 290, bold=True),
        _block(1, PROSE[0], 18, 60, 290, bold=False),
        _block(2, "Risks Related to Our Debt", 320, 200, 590, bold=True),
        _block(3, PROSE[1], 320, 220, 590, bold=False),
    ]
    assert column_heads(blocks) == frozenset()


@dataclass
class _Corpus:
    """What the section index reads of a corpus."""

    doc: DocText
    laid: list[Block]

    def doc_text(self, doc_id: str) -> DocText:
        return self.doc

    def blocks(self, doc_id: str) -> list[Block]:
        return self.laid


def _doc() -> DocText:
    sections = [Section(0, "Velmor — Form 10-Q", 0, "", None, 1, 3)]
    note = Section(1, NOTE, 1, NOTE, 0, 3, 3, chunk_id="v#1")
    sections[0].children.append(1)
    sections.append(note)
    sentences: list[Sentence] = []
    for block, text in enumerate([*PROSE, *HEADS], start=1):
        note.sentences.append(len(sentences))
        sentences.append(Sentence(len(sentences), text, 1, 3, "v#1", block))
    return DocText("v", "Velmor — Form 10-Q", "en", sections, sentences)


def test_a_note_with_a_table_under_it_lists_no_column_heads() -> None:
    (sec,) = _indexed(_Corpus(_doc(), _blocks()), "v")  # type: ignore[arg-type]
    assert not {i.text for i in sec.items} & set(HEADS)
