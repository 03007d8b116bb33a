"""A memo's header fields ("TO: …", "FROM: …", "DATE: …", "SUBJECT: …") stay a line each,
from the scanned page through the block's text to the sentences an answer quotes
(pipeline/text/fields.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.evidence import units
from pipeline.ocr.page import OcrJob, ocr_page
from pipeline.parse.layout import RawLine, page_blocks
from pipeline.text.fields import is_field_line
from pipeline.text.lang import join_lines
from tests.scangen import ScanPage, scanned_pdf

MEMO = [
    "MEMORANDUM",
    "TO: All lantern keepers",
    "FROM: The Harbour Master",
    "DATE: 14 March 2031",
    "SUBJECT: Winter wick stock",
    "The wick store in the east shed is nearly empty and the",
    "winter nights are long. Please count what is left and",
    "report the count by Friday.",
]
FIELDS = MEMO[1:5]


def test_field_lines_are_short_labelled_values() -> None:
    assert all(is_field_line(f) for f in [*FIELDS, "Re: wicks", "抄送：港务处", "主题：冬季灯芯"])
    assert not is_field_line("The meeting starts at 10:30 sharp.")
    assert not is_field_line("MEMORANDUM") and not is_field_line("12:45 lanterns lit")
    long = "Note: " + "the keepers of the harbour lanterns count the wicks " * 2
    assert not is_field_line(long)


def test_consecutive_fields_join_as_lines_and_prose_still_wraps() -> None:
    assert join_lines(FIELDS)[0] == "\n".join(FIELDS)
    assert join_lines(["收件人：全体灯塔看守", "日期：2031年3月14日"])[0] == (
        "收件人：全体灯塔看守\n日期：2031年3月14日"
    )
    wrapped = join_lines(["The store opens at", "10:30 sharp. Note: bring", "your own lantern."])
    assert wrapped[0] == "The store opens at 10:30 sharp. Note: bring your own lantern."


def _lines(texts: list[str], leading: float = 14.0) -> list[RawLine]:
    widths = [6.0 * len(t) for t in texts]
    return [
        RawLine(text=t, box=(40.0, 80 + i * leading, 40 + w, 91 + i * leading), size=11.0)
        for i, (t, w) in enumerate(zip(texts, widths, strict=True))
    ]


def test_the_title_above_and_the_body_below_are_blocks_apart_from_the_fields() -> None:
    blocks = [[ln.text for ln in b.lines] for b in page_blocks(_lines(MEMO))]
    assert blocks == [MEMO[:1], FIELDS, MEMO[5:]]
    # a field's value wrapped onto the next line stays with its field
    wrapped = ["TO: All keepers of the harbour lanterns and their", "deputies on the north quay"]
    assert len(page_blocks(_lines(wrapped))) == 1


def test_an_answer_quotes_one_field_at_a_time() -> None:
    said = [u.text for u in units("\n".join(MEMO[:5]) + "\n" + " ".join(MEMO[5:]))]
    assert all(f in said for f in FIELDS), said


@pytest.mark.slow
def test_a_scanned_memo_keeps_one_field_a_line(tmp_path: Path) -> None:
    path = tmp_path / "memo.pdf"
    scanned_pdf(path, [ScanPage(lines=MEMO, leading=16, size=11)], dpi=200)
    texts = [b.text for b in ocr_page(str(path), 0, OcrJob(engine="rapidocr", dpi=200)).blocks]
    lines = [ln for t in texts for ln in t.split("\n")]
    assert all(f in lines for f in FIELDS), texts
    assert not any("FROM" in t and "wick store" in t for t in texts), texts
