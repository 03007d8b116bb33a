"""Damaged copies of good PDFs, as users' interrupted downloads and broken exports make them."""

from __future__ import annotations

import re
from pathlib import Path

_XREF_ENTRY = re.compile(rb"(\d{10}) (\d{5}) n")


_OBJECT = re.compile(rb"\n\d+ 0 obj\b")


def cut_short(src: Path, dst: Path, keep: float) -> Path:
    """About the first ``keep`` share of ``src``'s bytes (an interrupted download or copy),
    up to the next object's start: a cut inside an object makes MuPDF refuse the whole file
    at random, which the tests of a file it can repair do not want."""
    data = src.read_bytes()
    m = _OBJECT.search(data, int(len(data) * keep))
    assert m, "no object starts after the cut"
    dst.write_bytes(data[: m.start() + 1])
    return dst


def shifted_xref(src: Path, dst: Path, by: int = 7) -> Path:
    """Every cross-reference offset wrong, every object intact: MuPDF must repair it, and
    the repaired file reads as the original."""
    data, n = _XREF_ENTRY.subn(
        lambda m: b"%010d %s n" % (int(m.group(1)) + by, m.group(2)), src.read_bytes()
    )
    assert n, "the source has no classic cross-reference table"
    dst.write_bytes(data)
    return dst


def without_fonts(src: Path, dst: Path) -> Path:
    """``src`` with its font objects gone (and its cross-reference table broken): what a
    cut that loses the fonts leaves; MuPDF then reads the text as raw glyph codes."""
    import pymupdf

    with pymupdf.open(src) as doc:
        todo = [f[0] for page in doc for f in page.get_fonts()]
        gone: set[int] = set()
        while todo:  # each font with its descendant fonts, descriptor, file and cmap
            xref = todo.pop()
            if xref not in gone:
                gone.add(xref)
                todo += [int(r) for r in re.findall(r"(\d+) 0 R", doc.xref_object(xref))]
    data = src.read_bytes()
    for xref in gone:
        data = re.sub(rb"\n%d 0 obj\b" % xref, b"\n%d 0 xbj" % xref, data)
    dst.write_bytes(data)
    return shifted_xref(dst, dst)
