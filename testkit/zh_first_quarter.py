"""An invented Chinese first-quarter report as a PDF: its period named once, on the cover
("2024 年第一季度报告"), its tables saying only 本报告期 / 上年同期 / 期末余额 / 期初余额;
a key-figures table whose second header row (本报告期末 / 上年度末) starts the year-end
rows; a shareholder table with a two-row header (质押或冻结情况 over 股份状态 / 数量); a
balance sheet, and an income statement printing 营业外收入 beside 营业收入. Every figure
below is the one the tests expect."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from testkit.pdfgen import A4
from testkit.zh_reports import Rows, ruled_table

COMPANY = "华东新材料股份有限公司"
KEY_FIGURES: Rows = [
    ("项目", "本报告期", "上年同期", "本报告期比上年同期增减"),
    ("营业收入（元）", "86,420,000.00", "92,150,000.00", "-6.22%"),
    ("归属于上市公司股东的净利润（元）", "-3,210,000.00", "-8,640,000.00", "62.85%"),
    ("经营活动产生的现金流量净额（元）", "-1,250,000.00", "6,480,000.00", "-119.29%"),
    ("", "本报告期末", "上年度末", "本报告期末比上年度末增减"),
    ("总资产（元）", "512,300,000.00", "538,900,000.00", "-4.94%"),
]
SHAREHOLDERS: Rows = [
    ("股东名称", "股东性质", "持股比例", "持股数量", "质押或冻结情况", ""),
    ("", "", "", "", "股份状态", "数量"),
    ("申江投资控股有限公司", "境内非国有法人", "18.52%", "120,450,000", "质押", "36,000,000"),
    ("林晓东", "境内自然人", "4.17%", "27,100,000", "", ""),
]
BALANCE: Rows = [
    ("项目", "期末余额", "期初余额"),
    ("货币资金", "63,500,000.00", "71,250,000.00"),
    ("存货", "44,800,000.00", "41,600,000.00"),
    ("资产总计", "512,300,000.00", "538,900,000.00"),
]
INCOME: Rows = [
    ("项目", "本期发生额", "上期发生额"),
    ("一、营业总收入", "86,420,000.00", "92,150,000.00"),
    ("其中：营业收入", "86,420,000.00", "92,150,000.00"),
    ("二、营业成本", "70,180,000.00", "77,930,000.00"),
    ("加：营业外收入", "1,960,000.00", "240,000.00"),
    ("归属于母公司所有者的净利润", "-3,210,000.00", "-8,640,000.00"),
]


# a notice page between the cover and the tables: the cover is a chunk of its own that no
# search for a row reaches
NOTICE = [
    "公司董事会、监事会及董事、监事、高级管理人员保证季度报告内容的真实、准确、完整，",
    "不存在虚假记载、误导性陈述或者重大遗漏，并承担个别和连带的法律责任。",
    "所有董事均已出席了审议本次季报的董事会会议。",
    "公司负责人、主管会计工作负责人及会计机构负责人声明：保证季度报告中财务报表的真实、",
    "准确、完整。本季度报告未经审计。",
    "公司已于2022年3月披露2021年年度报告，全年经营情况详见该报告。",  # years in passing
    "报告期内公司参与的运河重建项目进展顺利。",  # "河重": a pair across 星河|重工 by chance
]


def first_quarter_report_pdf(path: Path) -> Path:
    """华东新材料's 2024 first-quarter report: a cover, a notice, then key figures and the
    shareholders, the balance sheet, the income statement (values above). No page but the
    cover names the year or the quarter."""
    doc = pymupdf.open()
    cover = doc.new_page(width=A4[0], height=A4[1])
    cover.insert_text((120, 300), COMPANY, fontsize=20, fontname="china-s")
    cover.insert_text((150, 340), "2024 年第一季度报告", fontsize=18, fontname="china-s")
    notice = doc.new_page(width=A4[0], height=A4[1])
    notice.insert_text((60, 80), "第一节 重要提示", fontsize=12, fontname="china-s")
    for i, line in enumerate(NOTICE):
        notice.insert_text((60, 110 + 18 * i), line, fontsize=9, fontname="china-s")
    four = [60.0, 230.0, 330.0, 430.0, 540.0]
    six = [40.0, 170.0, 250.0, 310.0, 390.0, 460.0, 540.0]
    three = [60.0, 300.0, 420.0, 540.0]
    pages = [
        [("一、主要会计数据和财务指标", KEY_FIGURES, four),
         ("二、前10名股东持股情况表", SHAREHOLDERS, six)],
        [("1、合并资产负债表", BALANCE, three)],
        [("2、合并利润表", INCOME, three)],
    ]  # fmt: skip
    for tables in pages:
        page = doc.new_page(width=A4[0], height=A4[1])
        y = 80.0
        for title, rows, xs in tables:
            page.insert_text((60, y), title, fontsize=10, fontname="china-s")
            page.insert_text((60, y + 16), "单位：元", fontsize=8, fontname="china-s")
            y = ruled_table(page, y + 24, rows, xs) + 40
    doc.save(path)
    doc.close()
    return path
