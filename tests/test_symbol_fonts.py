"""A symbol font's codes read as the signs they draw (found in Inspect: a 10-K's cover
showed "Accelerated filer ¨", Wingdings' empty tick box kept as its letter code)."""

from __future__ import annotations

import pytest

from agent.models.checkboxes import lead
from pipeline.parse.symbol_fonts import shown
from testkit import ROOT


def test_wingdings_boxes_and_bullets_are_the_signs_they_draw() -> None:
    # the spans set in Wingdings hold the boxes alone: "Accelerated filer " is in Times
    assert [shown(box, "Wingdings") for box in ("x", "¨ ", "þ")] == ["☒", "☐ ", "☑"]
    assert shown("§", "ABCDEF+Wingdings-Regular") == "▪"
    assert shown("\uf0a8", "TimesNewRomanPSMT") == "☐"  # the code kept in the private-use area
    assert shown("\uf0b7", "ArialMT") == "•"  # Symbol's bullet, the one no Wingdings draws


def test_other_fonts_keep_their_letters() -> None:
    for font in ("TimesNewRomanPSMT", "Symbola", "Arial-BoldMT"):
        assert shown("x ¨ § Ø", font) == "x ¨ § Ø", font


def test_a_cover_read_through_the_map_answers_its_tick_box() -> None:
    line = f"Yes {shown('¨', 'Wingdings')}  No {shown('x', 'Wingdings')}"
    said, _ = lead(
        "Is the registrant a shell company?",
        [(f"Indicate by check mark whether the registrant is a shell company. {line}", "c#1")],
        "en",
    )
    assert said.startswith("No"), said


SAMPLE = ROOT.parent / "shared" / "samples" / "financebench-train" / "pdfs" / "BESTBUY_2023_10K.pdf"


@pytest.mark.skipif(not SAMPLE.exists(), reason="needs ../shared/samples")
def test_a_real_cover_page_shows_its_boxes() -> None:
    import pymupdf

    from pipeline.parse.pdf_page import extract_page

    with pymupdf.open(SAMPLE) as doc:
        text = "\n".join(b.text for b in extract_page(doc[0]).blocks)
    assert "Accelerated Filer ☐" in text
    assert "\uf0a8" not in text and "¨" not in text
