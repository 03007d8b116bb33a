"""Bullets a recogniser reads as "0" / "o" at the start of a list's lines become bullets
again (found on a bulleted scan: every item of its list opened with a "0"); a lone "0"
opening one line, a chart axis's or a table's, stays a figure."""

from __future__ import annotations

from pipeline.ocr.engine import OcrLine
from pipeline.ocr.page import lines_to_blocks


def _line(text: str, x: float, y: float, conf: float = 0.98) -> OcrLine:
    w = 18.0 * len(text)
    return OcrLine(text=text, quad=((x, y), (x + w, y), (x + w, y + 40), (x, y + 40)), conf=conf)


def _blocks(lines: list[OcrLine]) -> list[tuple[str, str]]:
    blocks, _ = lines_to_blocks(lines, sx=2.0, sy=2.0, width=600, height=800, page_no=1)
    return [(b.kind, b.text) for b in blocks]


def test_a_list_of_zero_bullets_reads_as_a_list() -> None:
    got = _blocks(
        [
            _line("Rules for the sample store", 100, 100),
            _line("0 Keep every sample at 4 degrees.", 100, 180),
            _line("0 Label each tube before storage.", 100, 240),
            _line("o Wear gloves when opening the store.", 100, 300),
            _line("o Close the door after use.", 100, 360),
        ]
    )
    items = [text for kind, text in got if kind == "list_item"]
    assert len(items) == 4, got
    assert all(t.startswith("• ") for t in items)
    assert "0 Keep" not in " ".join(t for _, t in got)
    assert any(t.startswith("• Keep every sample") for t in items)


def test_a_zero_beside_a_real_bullet_is_one_too() -> None:
    got = _blocks(
        [
            _line("• Keep every sample at 4 degrees.", 100, 180),
            _line("0 Label each tube before storage.", 100, 240),
        ]
    )
    assert next(t for _, t in got if "Label" in t).startswith("• Label")


def test_a_lone_zero_or_an_unaligned_one_stays_a_figure() -> None:
    got = _blocks(
        [
            _line("0 Support", 100, 100),
            _line("Votes cast in the last round were counted twice.", 100, 180),
            _line("0 Oppose", 400, 260),
        ]
    )
    text = " ".join(t for _, t in got)
    assert "0 Support" in text and "0 Oppose" in text and "•" not in text


def test_a_bullet_glued_to_its_word_is_set_apart() -> None:
    got = _blocks(
        [_line("■Report any spill at once.", 100, 180), _line("■Sign the log.", 100, 240)]
    )
    assert [k for k, _ in got] == ["list_item", "list_item"], got
