"""English text is set in a Latin font even in the Chinese interface (no full-width quotes).

A CJK font listed first draws every quote and apostrophe of an English passage full-width
("Company ’ s"); the browser only falls through to a later font for a glyph the earlier
one lacks, so the Latin fonts must come first and the CJK fonts right after them.
"""

from __future__ import annotations

from ui.theme import CJK_FONTS, FONTS, LATIN_FONTS


def test_latin_fonts_come_before_every_cjk_font() -> None:
    first_cjk = min(FONTS.index(f) for f in CJK_FONTS)
    assert all(FONTS.index(f) < first_cjk for f in LATIN_FONTS)
    # the fonts of the machines the app is tested and shipped on are among the Latin ones
    assert {"Liberation Sans", "DejaVu Sans"} <= set(LATIN_FONTS)
    assert "WenQuanYi Micro Hei" in CJK_FONTS and FONTS[-1] == "sans-serif"
