"""Invented Chinese quarterly reports as PDFs (PyMuPDF, its bundled CJK font), with known
ruled tables laid out as listed companies print them: 主要会计数据 with 本报告期 /
年初至报告期末 columns and a second header for 本报告期末 / 上年度末, then the group's
(合并) and the parent company's (母公司) statements with different figures, so a test
tells which table an answer read. Every figure below is the one the tests expect."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from testkit.pdfgen import A4, _right

COMPANY = "江南精工股份有限公司"
Rows = list[tuple[str, ...]]

KEY_FIGURES: Rows = [
    ("项目", "本报告期", "本报告期比上年同期增减", "年初至报告期末",
     "年初至报告期末比上年同期增减"),
    ("营业收入（元）", "1,234,567,890.12", "12.50%", "3,456,789,012.34", "8.20%"),
    ("归属于上市公司股东的净利润（元）", "98,765,432.10", "-5.30%", "287,654,321.09", "3.10%"),
    ("归属于上市公司股东的扣除非经常性损益的净利润（元）", "90,123,456.78", "-7.10%",
     "260,987,654.32", "2.40%"),
    ("经营活动产生的现金流量净额（元）", "不适用", "不适用", "412,345,678.90", "15.60%"),
    ("基本每股收益（元/股）", "0.1234", "-5.36%", "0.3597", "3.15%"),
    ("加权平均净资产收益率", "2.15%", "下降0.20个百分点", "6.30%", "上升0.10个百分点"),
]  # fmt: skip
YEAR_END: Rows = [
    ("项目", "本报告期末", "上年度末", "本报告期末比上年度末增减"),
    ("总资产（元）", "9,876,543,210.98", "9,123,456,789.01", "8.25%"),
    ("归属于上市公司股东的所有者权益（元）", "5,432,109,876.54", "5,210,987,654.32", "4.24%"),
]
GROUP_BALANCE: Rows = [
    ("项目", "期末余额", "期初余额"),
    ("货币资金", "1,520,000,000.00", "1,380,000,000.00"),
    ("应收账款", "860,500,000.00", "790,250,000.00"),
    ("存货", "640,000,000.00", "655,000,000.00"),
    ("资产总计", "9,876,543,210.98", "9,123,456,789.01"),
]
PARENT_BALANCE: Rows = [
    ("项目", "期末余额", "期初余额"),
    ("货币资金", "35,000,000.00", "42,000,000.00"),
    ("应收账款", "12,300,000.00", "11,800,000.00"),
    ("资产总计", "2,100,000,000.00", "2,050,000,000.00"),
]
GROUP_INCOME: Rows = [
    ("项目", "本期发生额", "上期发生额"),
    ("一、营业总收入", "3,456,789,012.34", "3,194,814,244.31"),
    ("其中：营业收入", "3,456,789,012.34", "3,194,814,244.31"),
    ("管理费用", "210,400,000.00", "198,600,000.00"),
    ("研发费用", "156,780,000.00", "142,300,000.00"),
    ("二、营业利润（亏损以“－”号填列）", "330,120,000.00", "318,450,000.00"),
    ("三、净利润（净亏损以“－”号填列）", "290,110,000.00", "281,220,000.00"),
    ("归属于母公司所有者的净利润", "287,654,321.09", "279,005,156.21"),
]
PARENT_INCOME: Rows = [
    ("项目", "本期发生额", "上期发生额"),
    ("一、营业收入", "0.00", "0.00"),
    ("管理费用", "12,500,000.00", "13,900,000.00"),
    ("二、营业利润", "-8,400,000.00", "-9,100,000.00"),
    ("三、净利润", "45,600,000.00", "38,700,000.00"),
]


def ruled_table(page: pymupdf.Page, top: float, rows: Rows, xs: list[float]) -> float:
    """A ruled grid: the first column's labels left, the figures right-aligned; returns
    the y under it."""
    h = 20.0
    for i, row in enumerate(rows):
        y = top + i * h
        for j, cell in enumerate(row):
            if j == 0:
                page.insert_text((xs[0] + 3, y + 14), cell, fontsize=7, fontname="china-s")
            else:
                _right(page, xs[j + 1] - 3, y + 14, cell, size=7)
    for i in range(len(rows) + 1):
        page.draw_line((xs[0], top + i * h), (xs[len(rows[0])], top + i * h), width=0.5)
    for x in xs[: len(rows[0]) + 1]:
        page.draw_line((x, top), (x, top + len(rows) * h), width=0.5)
    return top + len(rows) * h


def _titled(page: pymupdf.Page, y: float, table: tuple[str, str, Rows, list[float]]) -> float:
    """A table under its title and unit line; a title-less one goes on in the grid above
    (a second header row, as 主要会计数据 prints 本报告期末 under 本报告期)."""
    title, unit, rows, xs = table
    if not title:
        return ruled_table(page, y - 30, rows, xs) + 30
    page.insert_text((60, y), title, fontsize=10, fontname="china-s")
    page.insert_text((60, y + 16), unit, fontsize=8, fontname="china-s")
    return ruled_table(page, y + 24, rows, xs) + 30


def quarterly_report_pdf(path: Path) -> Path:
    """江南精工's 2025 third-quarter report: cover, key figures, the group's and the parent
    company's balance sheets and income statements (values in ``KEY_FIGURES`` and the
    other tables above)."""
    doc = pymupdf.open()
    header = f"{COMPANY}2025 年第三季度报告"
    cover = doc.new_page(width=A4[0], height=A4[1])
    cover.insert_text((120, 300), COMPANY, fontsize=20, fontname="china-s")
    cover.insert_text((150, 340), "2025 年第三季度报告", fontsize=18, fontname="china-s")
    wide = [60.0, 230.0, 300.0, 390.0, 460.0, 540.0]
    narrow = [60.0, 300.0, 420.0, 540.0]
    four = [60.0, 230.0, 330.0, 430.0, 540.0]
    pages = [
        [("一、主要会计数据和财务指标", "单位：元", KEY_FIGURES, wide),
         ("", "", YEAR_END, four)],
        [("1、合并资产负债表", "单位：元", GROUP_BALANCE, narrow),
         ("2、母公司资产负债表", "单位：元", PARENT_BALANCE, narrow)],
        [("3、合并利润表（年初至报告期末）", "单位：元", GROUP_INCOME, narrow),
         ("4、母公司利润表（年初至报告期末）", "单位：元", PARENT_INCOME, narrow)],
    ]  # fmt: skip
    for tables in pages:
        page = doc.new_page(width=A4[0], height=A4[1])
        page.insert_text((60, 40), header, fontsize=8, fontname="china-s")
        y = 80.0
        for table in tables:
            y = _titled(page, y, table)
    doc.save(path)
    doc.close()
    return path
