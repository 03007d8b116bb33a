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


def _justified_line(path: Path) -> Path:
    """A line set with word spacing (``Tw``), as justified text is: MuPDF finds one match
    as a rectangle per word, with gaps between them."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 60), "x", fontname="helv", fontsize=10)
    xref = page.get_contents()[0]
    line = b"(Ferry revenue rose 4.1% to 12.6 billion and adjusted EPS rose 6.0%) Tj"
    doc.update_stream(
        xref, doc.xref_stream(xref) + b"\nBT /helv 10 Tf 6 Tw 72 700 Td " + line + b" ET"
    )
    doc.save(path)
    return path


def test_a_quote_on_a_justified_line_is_marked_whole(tmp_path: Path) -> None:
    """Found walking the app: J&J's bullet "2022 Full-Year earnings per share … $10.15"
    was marked on its first word only."""
    page = pymupdf.open(_justified_line(tmp_path / "justified.pdf"))[0]
    part = "revenue rose 4.1% to 12.6 billion"
    pieces = page.search_for(part)
    assert len(pieces) > 1, "the fixture no longer splits the match"
    box = _narrow(page, part, (60, 120, 560, 160))
    assert box is not None
    assert box[0] <= pieces[0].x0 + 0.1 and box[2] >= pieces[-1].x1 - 0.1
    # a word found twice on the line is still marked once
    rose = page.search_for("rose")
    assert len(rose) == 2
    one = _narrow(page, "rose", (60, 120, 560, 160))
    assert one is not None and one[2] <= rose[0].x1 + 0.1
