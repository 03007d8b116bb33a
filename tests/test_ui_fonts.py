"""English text is set in a Latin font even in the Chinese interface (no full-width quotes).

A CJK font listed first draws every quote and apostrophe of an English passage full-width
("Company ’ s"); the browser only falls through to a later font for a glyph the earlier
one lacks, so the Latin fonts must come first and the CJK fonts right after them.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest

from testkit import ROOT
from ui.library_view import status_table_html
from ui.theme import CJK_FONTS, FONTS, LATIN_FONTS


def test_latin_fonts_come_before_every_cjk_font() -> None:
    first_cjk = min(FONTS.index(f) for f in CJK_FONTS)
    assert all(FONTS.index(f) < first_cjk for f in LATIN_FONTS)
    # the fonts of the machines the app is tested and shipped on are among the Latin ones
    assert {"Liberation Sans", "DejaVu Sans"} <= set(LATIN_FONTS)
    assert "WenQuanYi Micro Hei" in CJK_FONTS and FONTS[-1] == "sans-serif"


def _symbols() -> dict[str, str]:
    """Every non-ASCII character outside the CJK blocks that the interface's sources write,
    with a file it is in."""
    found: dict[str, str] = {}
    root = ROOT / "ui"
    for path in [*root.rglob("*.py"), *root.rglob("*.json"), *root.rglob("*.css")]:
        for ch in path.read_text(encoding="utf-8"):
            if ord(ch) > 127 and not _cjk(ch):
                found.setdefault(ch, path.name)
    return found


def _cjk(ch: str) -> bool:
    o = ord(ch)
    return 0x4E00 <= o <= 0x9FFF or 0x3000 <= o <= 0x303F or 0xFF00 <= o <= 0xFFEF


def test_the_interface_writes_no_character_outside_the_basic_plane() -> None:
    # Emoji live past U+FFFF; no font a server or a headless browser ships draws them.
    assert {ch: f for ch, f in _symbols().items() if ord(ch) > 0xFFFF} == {}


def test_the_empty_library_draws_its_icon() -> None:
    html = status_table_html([], "en")
    assert "<svg" in html and all(ord(ch) <= 0xFFFF for ch in html)


@pytest.mark.skipif(shutil.which("fc-list") is None, reason="needs fontconfig's fc-list")
def test_every_symbol_is_in_a_font_the_theme_names() -> None:
    installed = {f.strip() for f in FONTS if _has_font(f)}
    if not installed & {"DejaVu Sans", "WenQuanYi Micro Hei"}:
        pytest.skip("the theme's fonts are not installed here")
    missing = {
        ch: name for ch, name in _symbols().items() if not any(_covers(f, ch) for f in installed)
    }
    assert missing == {}


def _has_font(family: str) -> bool:
    out = subprocess.run(["fc-list", family, "family"], check=False, capture_output=True, text=True)
    return bool(out.stdout.strip())


def _covers(family: str, ch: str) -> bool:
    out = subprocess.run(
        ["fc-list", f"{family}:charset={ord(ch):x}", "family"],
        check=False,
        capture_output=True,
        text=True,
    )
    return bool(out.stdout.strip())
