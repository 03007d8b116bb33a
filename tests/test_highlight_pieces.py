"""A quote's highlight covers the whole quote on a line whose glyphs change height (a Latin
name or a '·' inside Chinese text), where MuPDF returns one match as several rectangles;
found trying the app: only the first four characters of a cited Chinese sentence were marked."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from agent.highlight import _narrow


def _mixed_line(path: Path) -> Path:
    doc = pymupdf.open()
    page = doc.new_page()
    x = 72.0
    for text, font, size in (
        ("林小雨", "china-s", 11),
        ("(Lin Xiaoyu)", "helv", 12),  # taller glyphs: MuPDF starts a new rectangle
        ("，一位职业网球运动员。", "china-s", 11),
        ("2031 and 2031", "helv", 11),
    ):
        page.insert_text((x, 100), text, fontsize=size, fontname=font)
        x += pymupdf.get_text_length(text, fontname=font, fontsize=size)
    doc.save(path)
    return path


def test_a_quote_split_by_glyph_heights_is_marked_whole(tmp_path: Path) -> None:
    page = pymupdf.open(_mixed_line(tmp_path / "mixed.pdf"))[0]
    whole = page.search_for("林小雨(Lin Xiaoyu)，一位职业网球运动员")
    assert len(whole) > 1, "the fixture no longer splits the match"
    box = _narrow(page, "林小雨(Lin Xiaoyu)，一位职业网球运动员", (60, 80, 560, 110))
    assert box is not None
    assert box[0] <= whole[0].x0 + 0.1 and box[2] >= whole[-1].x1 - 0.1


def test_a_second_match_on_the_line_is_not_joined(tmp_path: Path) -> None:
    page = pymupdf.open(_mixed_line(tmp_path / "mixed.pdf"))[0]
    hits = page.search_for("2031")
    assert len(hits) == 2
    box = _narrow(page, "2031", (60, 80, 560, 110))
    assert box is not None and box[2] <= hits[0].x1 + 0.1
