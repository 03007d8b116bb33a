"""On a scanned page a line of a paragraph is not a heading, even when OCR measures its box
larger than the body's (a line full of capitals and descenders does); a short title line
between paragraphs still is. The scan is invented (tests/scangen.py) and read by RapidOCR's
bundled models, as in production."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.models import Block, Line
from pipeline.ocr import ocr_document
from pipeline.parse.continuation import ocr_continuation
from pipeline.parse.pdf import parse_pdf
from settings import Settings
from tests.scangen import ScanPage, scanned_pdf

pytestmark = pytest.mark.slow

# Small type, as on a brochure; the lines a scan measures taller (capitals and descenders)
# are set larger here (13 pt in 9 pt) so that every run measures them so.
LINES = [
    "our crews now service cranes more or less weekly",
    "as rumour was in error over some worn sensors;",
    "yet typically hydraulic piping supply gauges jam",
    "so crews can service cranes more or less weekly.",
    "",
    "Spare Parts",
    "",
    "an order came in a week or so as a new reserve,",
    "Typically Jagged Quays Supply Piping Gauges for",
    "once more as we receive an order for a crane.",
]
CONTINUATIONS = (
    "yet typically hydraulic piping supply gauges jam",
    "Typically Jagged Quays Supply Piping Gauges for",
)


def test_paragraph_lines_of_a_scan_are_not_headings(tmp_path: Path) -> None:
    pdf = tmp_path / "crane-brochure.pdf"
    taller = {LINES.index(line): 13.0 for line in (*CONTINUATIONS, "Spare Parts")}
    scanned_pdf(pdf, [ScanPage(lines=LINES, leading=14.0, size=9.0, larger=taller)])
    parsed = parse_pdf(pdf, workers=1, timeout_s=120)
    ocr_document(pdf, parsed, Settings(data_dir=tmp_path / "data"))
    blocks = parsed.pages[0].blocks
    assert blocks and all(ln.conf is not None for b in blocks for ln in b.lines)
    headings = [b.text for b in blocks if b.kind == "heading"]
    text = " ".join(b.text for b in blocks)
    for line in CONTINUATIONS:
        assert line.split()[2] in text  # read by the OCR at all
        assert not any(line.split()[2] in h for h in headings), headings
    assert headings == ["Spare Parts"], headings


def _ocr_block(*lines: str, conf: float | None = 0.95) -> Block:
    return Block(
        page=1,
        kind="paragraph",
        text=" ".join(lines),
        lines=[Line(text=t, box=(40.0, 80.0 + 14 * i, 380.0, 92.0 + 14 * i), conf=conf)
               for i, t in enumerate(lines)],
    )  # fmt: skip


def test_what_gives_a_paragraph_line_away() -> None:
    assert ocr_continuation(_ocr_block("and edit while devoting your attention"), "and edit …")
    ends = "The technology you use should never be so complex that"
    assert ocr_continuation(_ocr_block(ends), ends)
    run_in = ("Editing To erase a wrong note, simply hold the key", "and press the note again")
    assert ocr_continuation(_ocr_block(*run_in), " ".join(run_in))
    for title in ("Recording a Sequence", "iPhone Repairs", "3.2 Spare Parts", "Creating a Song"):
        assert not ocr_continuation(_ocr_block(title), title), title
    # a text layer's sizes are the printer's: only OCR lines are read this way
    assert not ocr_continuation(_ocr_block(ends, conf=None), ends)
    assert not ocr_continuation(_ocr_block("第三条 工作要求"), "第三条 工作要求")
