"""A long Chinese PDF built from real Chinese text (CMRC2018 Wikipedia paragraphs).

Paragraphs are grouped into chapters ("第N章 …") and sections ("N.M <article title>"),
so the true heading tree is known. With ``outline=False`` the headings must be found
from typography alone.
"""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf

_CN = "一二三四五六七八九十"
A4 = (595, 842)


def _chapter_title(n: int) -> str:
    num = _CN[n - 1] if n <= 10 else f"十{_CN[n - 11]}"
    return f"第{num}章 百科选读（{num}）"


def _printable(text: str) -> str:
    """Only characters the bundled CJK font can draw (others vanish from the PDF's text)."""
    font = pymupdf.Font("cjk")
    return "".join(c for c in text if c.isspace() or font.has_glyph(ord(c)))


def load_articles(cmrc_json: Path, limit: int | None = None) -> list[tuple[str, str]]:
    data = json.loads(cmrc_json.read_text(encoding="utf-8"))["data"]
    out = [
        (_printable(a["title"]).strip(), _printable(a["paragraphs"][0]["context"]).strip())
        for a in data
    ]
    return out[:limit] if limit else out


def build_pdf(
    articles: list[tuple[str, str]], path: Path, *, per_chapter: int = 32, outline: bool = True
) -> list[tuple[int, str]]:
    """Write the PDF; returns the true heading tree as (level, title) in reading order."""
    doc = pymupdf.open()
    tree: list[tuple[int, str]] = []
    toc: list[list[object]] = []
    page = doc.new_page(width=A4[0], height=A4[1])
    y = 60.0

    def write(text: str, size: float, gap: float) -> None:
        nonlocal page, y
        rect = pymupdf.Rect(72, y, 523, 790)
        spare = page.insert_textbox(rect, text, fontsize=size, fontname="china-s")
        if spare < 0:  # does not fit: next page
            page = doc.new_page(width=A4[0], height=A4[1])
            y = 60.0
            rect = pymupdf.Rect(72, y, 523, 790)
            spare = page.insert_textbox(rect, text, fontsize=size, fontname="china-s")
        y = 790 - spare + gap if spare >= 0 else 790.0

    for i, (title, body) in enumerate(articles):
        chapter, k = divmod(i, per_chapter)
        if k == 0:
            heading = _chapter_title(chapter + 1)
            if chapter:
                page = doc.new_page(width=A4[0], height=A4[1])
                y = 60.0
            write(heading, 20, 14)
            tree.append((1, heading))
            toc.append([1, heading, page.number + 1])
        heading = f"{chapter + 1}.{k + 1} {title}"
        if y > 700:
            page = doc.new_page(width=A4[0], height=A4[1])
            y = 60.0
        write(heading, 14, 8)
        tree.append((2, heading))
        toc.append([2, heading, page.number + 1])
        write(body, 10.5, 10)
    if outline:
        doc.set_toc(toc)
    doc.save(path)
    return tree
