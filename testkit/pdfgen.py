"""Build small PDFs with known structure for parser tests (PyMuPDF, CJK font bundled)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pymupdf

from pipeline.text.script import has_han

A4 = (595, 842)


@dataclass
class Item:
    text: str
    size: float = 11
    bold: bool = False
    gap: float = 6  # space after


def _font(text: str, bold: bool) -> str:
    if has_han(text):
        return "china-s"
    return "hebo" if bold else "helv"


def write_flow(
    page: pymupdf.Page, items: list[Item], *, x0: float = 72, x1: float = 523, y: float = 90
) -> float:
    """Write items top to bottom in a column; returns the y after the last one."""
    for it in items:
        rect = pymupdf.Rect(x0, y, x1, y + 400)
        font = _font(it.text, it.bold)
        used = page.insert_textbox(rect, it.text, fontsize=it.size, fontname=font)
        height = 400 - used if used >= 0 else 400
        y += height + it.gap
    return y


def headed_pdf(
    path: Path,
    *,
    pages: int = 3,
    header: str = "ACME Corp - Annual Report",
    footer_numbers: bool = True,
) -> Path:
    """Chapters with numbered sections, running header and page numbers on every page."""
    doc = pymupdf.open()
    for n in range(1, pages + 1):
        page = doc.new_page(width=A4[0], height=A4[1])
        page.insert_text((72, 40), header, fontsize=8, fontname="helv")
        if footer_numbers:
            page.insert_text((290, 815), str(n), fontsize=8, fontname="helv")
        body = (
            f"Chapter {n} discusses the subject number {n} in depth. The revenue grew by "
            f"{10 + n} percent while costs were stable. Management believes the trend continues."
        )
        write_flow(
            page,
            [
                Item(f"{n} Chapter Title {n}", size=18, bold=True, gap=10),
                Item(body),
                Item(f"{n}.1 Details of part {n}", size=13, bold=True),
                Item(body.replace("discusses", "details") + " Additional remarks follow here."),
            ],
        )
    doc.save(path)
    return path


def two_column_pdf(path: Path) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    write_flow(page, [Item("Two Column Study", size=18, bold=True)], x0=72, x1=523, y=60)
    left = " ".join(f"Left{i} alpha words continue here." for i in range(18))
    right = " ".join(f"Right{i} beta words continue here." for i in range(18))
    write_flow(page, [Item(left, size=10)], x0=72, x1=285, y=110)
    write_flow(page, [Item(right, size=10)], x0=310, x1=523, y=110)
    doc.save(path)
    return path


def table_pdf(path: Path) -> Path:
    """A ruled 4x3 table under a heading."""
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    write_flow(page, [Item("Quarterly Results", size=16, bold=True)], y=60)
    rows = [
        ["Region", "Q1", "Q2"],
        ["North", "120", "130"],
        ["South", "95", "101"],
        ["West", "88", "93"],
    ]
    x = [72, 222, 372, 522]
    y0 = 120
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            page.insert_text((x[c] + 4, y0 + r * 20 + 14), cell, fontsize=10, fontname="helv")
    for r in range(len(rows) + 1):
        page.draw_line((x[0], y0 + r * 20), (x[-1], y0 + r * 20))
    for c in range(len(x)):
        page.draw_line((x[c], y0), (x[c], y0 + 20 * len(rows)))
    doc.save(path)
    return path


def fake_bold_pdf(path: Path) -> Path:
    """A heading drawn three times with tiny offsets, as some generators fake bold."""
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    for dx in (0, 0.3, 0.6):
        page.insert_text((72 + dx, 100), "Statement of Accounts", fontsize=14, fontname="helv")
    # Character-by-character doubling.
    x = 72.0
    for ch in "Totals":
        for dx in (0, 0.25):
            page.insert_text((x + dx, 140), ch, fontsize=12, fontname="helv")
        x += pymupdf.get_text_length(ch, fontname="helv", fontsize=12)
    page.insert_text((72, 170), "Body text follows the heading on this page.", fontsize=11)
    doc.save(path)
    return path


def chinese_pdf(path: Path, sections: list[tuple[str, list[str]]]) -> Path:
    """Chinese chapters (第N章 headings) with paragraphs, CJK font."""
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    y = 60.0
    for title, paras in sections:
        items = [Item(title, size=16, bold=True, gap=8)] + [Item(p, size=11) for p in paras]
        for it in items:
            if y > 700:
                page = doc.new_page(width=A4[0], height=A4[1])
                y = 60.0
            y = write_flow(page, [it], y=y)
    doc.save(path)
    return path


def inline_bold_pdf(path: Path) -> Path:
    """Body lines with a bold term inside them, as textbooks set key terms."""
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    page.insert_text((72, 80), "1 Plant Biology", fontsize=18, fontname="hebo")
    y = 120.0
    for before, term, after in [
        ("Green plants capture light by ", "photosynthesis", " in their leaves every day."),
        ("The green pigment named ", "chlorophyll", " absorbs red and blue light."),
        ("Leaves lose water through ", "stomata", " on the underside of the leaf."),
    ]:
        x = 72.0
        for text, font in ((before, "helv"), (term, "hebo"), (after, "helv")):
            page.insert_text((x, y), text, fontsize=11, fontname=font)
            x += pymupdf.get_text_length(text, fontname=font, fontsize=11)
        y += 16
    doc.save(path)
    return path


def contents_pdf(path: Path, chapters: int = 4) -> Path:
    """A Chinese book: a 目录 page listing every chapter with its page, then the chapters."""
    doc = pymupdf.open()
    toc = doc.new_page(width=A4[0], height=A4[1])
    entries = [Item("目录", size=18, bold=True, gap=12)]
    for n in range(1, chapters + 1):
        entries.append(Item(f"第{n}章 主题{n}的基本概念 ........ {n + 1}", size=14, bold=True))
        entries.append(Item(f"{n}.1 主题{n}的定义 ........ {n + 1}", size=12))
    write_flow(toc, entries)
    for n in range(1, chapters + 1):
        page = doc.new_page(width=A4[0], height=A4[1])
        body = f"本章介绍主题{n}的来源、发展和主要用途，并给出若干实例加以说明。" * 3
        write_flow(
            page,
            [
                Item(f"第{n}章 主题{n}的基本概念", size=18, bold=True, gap=10),
                Item(body),
                Item(f"{n}.1 主题{n}的定义", size=14, bold=True),
                Item(body),
            ],
        )
    doc.save(path)
    return path


def statement_pdf(path: Path) -> Path:
    """A report page, then a financial statement in small print: a caps title, bold
    column headers side by side, bold row labels, and a small title-case table title."""
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    body = "Revenue grew in every region and management expects the trend to continue. " * 4
    head = [Item("1 Results", size=16, bold=True), Item(body)]
    write_flow(page, [*head, Item("2 Outlook", size=16, bold=True), Item(body)])
    page = doc.new_page(width=A4[0], height=A4[1])
    page.insert_text((72, 80), "CONSOLIDATED STATEMENTS OF OPERATIONS", fontsize=8, fontname="hebo")
    page.insert_text((300, 110), "Three Months Ended", fontsize=8, fontname="hebo")
    page.insert_text((420, 110), "Twelve Months Ended", fontsize=8, fontname="hebo")
    page.insert_text((72, 130), "Revenues", fontsize=8, fontname="hebo")
    for i, row in enumerate(["Casino", "Rooms", "Food and beverage"]):
        y = 145 + 14 * i
        page.insert_text((72, y), row, fontsize=8, fontname="helv")
        page.insert_text((300, y), f"{1000 + i}", fontsize=8, fontname="helv")
        page.insert_text((420, y), f"{4000 + i}", fontsize=8, fontname="helv")
    page.insert_text((72, 230), "Sales by Product Category", fontsize=8, fontname="hebo")
    page.insert_textbox((72, 245, 520, 320), body, fontsize=11, fontname="helv")
    doc.save(path)
    return path


def cover_pdf(path: Path) -> Path:
    """A cover page of titles only (company, report, date), then the report."""
    doc = pymupdf.open()
    cover = doc.new_page(width=A4[0], height=A4[1])
    write_flow(
        cover,
        [
            Item("Northwind Traders Inc.", size=26, bold=True, gap=20),
            Item("Annual Report 2023", size=20, bold=True, gap=20),
            Item("March 2024", size=16, bold=True),
        ],
        y=300,
    )
    page = doc.new_page(width=A4[0], height=A4[1])
    body = "Revenue grew in every region and management expects the trend to continue. " * 4
    write_flow(page, [Item("1 Results", size=16, bold=True), Item(body)])
    doc.save(path)
    return path


def _right(page: pymupdf.Page, x1: float, y: float, text: str, size: float = 9) -> None:
    """Text ending at x1 (figures are right-aligned in statements)."""
    font = _font(text, False)
    width = pymupdf.get_text_length(text, fontname=font, fontsize=size)
    page.insert_text((x1 - width, y), text, fontsize=size, fontname=font)


def whitespace_statement_pdf(path: Path) -> Path:
    """A balance sheet aligned by whitespace alone (no rules), as 10-Ks print them:
    title, unit, a two-row date header, indented line items and totals."""
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    page.insert_text((200, 60), "CONSOLIDATED BALANCE SHEETS", fontsize=11, fontname="hebo")
    page.insert_text((215, 76), "(In millions, except per share data)", fontsize=9)
    _right(page, 440, 100, "December 31,")
    _right(page, 510, 100, "December 31,")
    _right(page, 440, 112, "2023")
    _right(page, 510, 112, "2022")
    rows = [
        (72, "Current assets:", None, None),
        (84, "Cash and cash equivalents", "$ 1,250", "$ 980"),
        (84, "Inventories", "3,400", "3,100"),
        (96, "Total current assets", "4,650", "4,080"),
        (72, "Goodwill", "700", "700"),
        (72, "Total assets", "$ 5,350", "$ 4,780"),
        (72, "Current liabilities:", None, None),
        (84, "Accounts payable", "(1,234)", "—"),
        (96, "Total current liabilities", "2,010", "1,870"),
    ]
    y = 130.0
    for x, label, a, b in rows:
        page.insert_text((x, y), label, fontsize=9, fontname="helv")
        if a is not None and b is not None:
            _right(page, 440, y, a)
            _right(page, 510, y, b)
        y += 14
    page.insert_text((72, y + 30), "See accompanying notes.", fontsize=9)
    doc.save(path)
    doc.close()
    return path


def ruled_zh_pdf(path: Path) -> Path:
    """A Chinese income statement in a ruled grid (财务报表): title, unit, 本期/上期 columns."""
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    page.insert_text((72, 60), "合并利润表", fontsize=12, fontname="china-s")
    page.insert_text((72, 80), "单位：万元", fontsize=9, fontname="china-s")
    rows = [
        ("项目", "本期发生额", "上期发生额"),
        ("一、营业总收入", "1,000.00", "900.00"),
        ("其中：营业收入", "1,000.00", "900.00"),
        ("二、营业总成本", "800.00", "750.00"),
        ("营业利润", "200.00", "150.00"),
    ]
    xs = [72.0, 300.0, 420.0, 540.0]
    top, h = 90.0, 20.0
    for i, row in enumerate(rows):
        y = top + i * h
        for j, cell in enumerate(row):
            if j == 0:
                page.insert_text((xs[0] + 4, y + 14), cell, fontsize=9, fontname="china-s")
            else:
                _right(page, xs[j + 1] - 4, y + 14, cell)
    for i in range(len(rows) + 1):
        page.draw_line((xs[0], top + i * h), (xs[-1], top + i * h), width=0.5)
    for x in xs:
        page.draw_line((x, top), (x, top + len(rows) * h), width=0.5)
    doc.save(path)
    doc.close()
    return path


def three_column_pdf(path: Path) -> Path:
    """A gazette-style page: three 9 pt columns with 7 pt gutters, 7 pt footnotes at the
    foot of the first column, a filing stamp up the left margin, a running footer across
    the columns, and a sentence that ends in one column and goes on at the top of the next."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    cols = [(45, 215), (222, 392), (399, 569)]
    first = " ".join(f"Alpha{i} text of the first column runs on here." for i in range(22))
    first += " Operators must inspect the valve and replace any cracked"
    second = "seal before further flight. " + " ".join(
        f"Beta{i} text of the second column runs on here." for i in range(26)
    )
    third = " ".join(f"Gamma{i} text of the third column runs on here." for i in range(26))
    write_flow(page, [Item(first, size=9)], x0=cols[0][0], x1=cols[0][1], y=58)
    write_flow(page, [Item(second, size=9)], x0=cols[1][0], x1=cols[1][1], y=58)
    write_flow(page, [Item(third, size=9)], x0=cols[2][0], x1=cols[2][1], y=58)
    note = "1 Footnote text in small type explains the first column further."
    write_flow(page, [Item(note, size=7)], x0=cols[0][0], x1=cols[0][1], y=560)
    page.insert_text((25, 770), "Stamp 0001 Fmt 4702 " * 6, fontsize=6.5)
    page.insert_text((22, 760), "filed by clerk on DESK-7 with PROPOSALS", fontsize=5, rotate=90)
    doc.save(path)
    return path


def dense_pdf(path: Path, *, pages: int = 60, paragraphs: int = 6) -> Path:
    """Pages full of distinct prose (seeded word salad), so embedding them takes real work."""
    import random

    # fmt: off
    words = ["river", "market", "signal", "quarter", "engine", "garden", "ledger", "harbor",
             "council", "forest", "metal", "window", "bridge", "summer", "valley", "copper",
             "transit", "season", "orbit", "paper", "canvas", "meadow", "beacon", "timber",
             "circuit", "mineral", "lantern", "harvest", "voyage", "fabric", "granite"]
    # fmt: on
    rng = random.Random(7)
    doc = pymupdf.open()
    for n in range(1, pages + 1):
        page = doc.new_page(width=A4[0], height=A4[1])
        items = [Item(f"{n} Section {n}", size=16, bold=True, gap=8)]
        for _ in range(paragraphs):
            sentence = " ".join(rng.choice(words) for _ in range(60)).capitalize() + "."
            items.append(Item(sentence, size=9, gap=4))
        write_flow(page, items, y=60)
    doc.save(path)
    return path


def write_zh_box(page: pymupdf.Page, y: float, text: str, size: float) -> float:
    """Write a Chinese paragraph in the text column at ``y``; returns the y below it."""
    rect = pymupdf.Rect(72, y, 523, y + 300)
    left = page.insert_textbox(rect, text, fontsize=size, fontname="china-s")
    return y + 300 - left + 8


def ruled_zh_table(
    page: pymupdf.Page, top: float, title: str, rows: list[tuple[str, ...]], xs: list[float]
) -> float:
    """A titled table ruled on every row and column edge (``xs``: the column edges), as
    Chinese policies print their allowance tables; returns the y below it."""
    page.insert_text((72, top), title, fontsize=11, fontname="china-s")
    h = 20.0
    top += 8
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            page.insert_text((xs[j] + 4, top + i * h + 14), cell, fontsize=9, fontname="china-s")
    for i in range(len(rows) + 1):
        page.draw_line((xs[0], top + i * h), (xs[-1], top + i * h), width=0.5)
    for x in xs:
        page.draw_line((x, top), (x, top + len(rows) * h), width=0.5)
    return top + len(rows) * h + 16
