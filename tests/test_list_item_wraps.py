"""A list item's text wrapped onto the next line stays in the item, whatever size OCR reads
for the short last line or whatever weight a bold lead-in gives the first; the next
bullet, a line after a sentence's end, and an unindented line still start new blocks
(pipeline/parse/layout.py)."""

from __future__ import annotations

from pipeline.parse.layout import RawLine, page_blocks


def _line(text: str, x0: float, y0: float, size: float = 10.0, bold: bool = False) -> RawLine:
    return RawLine(text=text, box=(x0, y0, x0 + 6.0 * len(text), y0 + size), size=size, bold=bold)


def _texts(lines: list[RawLine]) -> list[str]:
    return [" / ".join(ln.text for ln in b.lines) for b in page_blocks(lines)]


def test_a_wrapped_line_read_smaller_by_ocr_stays_in_its_item() -> None:
    lines = [
        _line("• Each ferry carries forty cars and up to three hundred", 90, 100, size=12),
        _line("passengers!", 97, 114, size=10),  # a short line: OCR reads it smaller
        _line("• Tickets are sold at the quay.", 90, 128, size=12),
    ]
    assert _texts(lines) == [
        "• Each ferry carries forty cars and up to three hundred / passengers!",
        "• Tickets are sold at the quay.",
    ]


def test_a_bold_lead_in_does_not_cut_its_item() -> None:
    lines = [
        _line("• Fares: revenue from fares rose by a tenth, driven by the", 90, 100, bold=True),
        _line("summer crowds on the island routes.", 97, 112),
    ]
    assert _texts(lines) == [
        "• Fares: revenue from fares rose by a tenth, driven by the / summer crowds on the "
        "island routes."
    ]


def test_lines_that_do_not_continue_an_item_start_new_blocks() -> None:
    lines = [
        _line("• Tickets are sold at the quay.", 90, 100, size=12),
        _line("Timetables", 97, 114, size=10),  # after a sentence's end: not the item's
        _line("• Cabins can be booked ahead of time by", 90, 140, size=12),
        _line("Crossings", 60, 154, size=10),  # not indented past the bullet
    ]
    assert _texts(lines) == [
        "• Tickets are sold at the quay.",
        "Timetables",
        "• Cabins can be booked ahead of time by",
        "Crossings",
    ]
