"""Search words a financial or business question implies but rarely states.

Reports state the line items ("operating income", "total revenue"), questions ask for the
metric computed from them ("operating margin"). The planner adds these words to a second
query so the statements the metric is computed from are found. Generic to the kind of
document (annual / quarterly reports, earnings releases), in English and Chinese.
"""

from __future__ import annotations

import re

EXPANSIONS: dict[str, tuple[str, ...]] = {
    "operating margin": ("operating income", "total revenue"),
    "gross margin": ("gross profit", "net sales", "cost of sales"),
    "net margin": ("net income", "total revenue"),
    "profit margin": ("net income", "total revenue"),
    "ebitda margin": ("adjusted ebitda", "net sales"),
    "free cash flow": ("net cash provided by operating activities", "capital expenditures"),
    "cash flow conversion": ("net cash provided by operating activities", "net income"),
    "cashflow conversion": ("net cash provided by operating activities", "net income"),
    "fcf": ("net cash provided by operating activities", "purchases of property and equipment"),
    "days payable outstanding": ("accounts payable", "cost of sales"),
    "dpo": ("accounts payable", "cost of sales"),
    "days sales outstanding": ("accounts receivable", "revenue"),
    "dso": ("accounts receivable", "revenue"),
    "inventory turnover": ("inventories", "cost of sales"),
    "quick ratio": ("cash and cash equivalents", "receivables", "total current liabilities"),
    "current ratio": ("total current assets", "total current liabilities"),
    "working capital": ("total current assets", "total current liabilities"),
    "interest coverage": ("operating income", "interest expense"),
    "ebitda": ("adjusted ebitda", "depreciation and amortization"),
    "ebit": ("operating income", "interest expense"),
    "capex": ("capital expenditures", "purchases of property and equipment"),
    "capital expenditure": ("capital expenditures", "purchases of property and equipment"),
    "revenue growth": ("total revenue", "net sales"),
    "change in revenue": ("total revenue", "net sales"),
    "debt to equity": ("total debt", "total equity"),
    "leverage": ("total debt", "net debt"),
    "return on assets": ("net income", "total assets"),
    "return on equity": ("net income", "shareholders equity"),
    "payout ratio": ("dividends paid", "net income"),
    "effective tax rate": ("provision for income taxes", "income before income taxes"),
    "stock repurchases": ("repurchase", "shares repurchased", "share repurchase program"),
    "buyback": ("repurchase", "shares repurchased"),
    "guidance": ("outlook", "expects", "full year"),
    "topline": ("revenues", "net revenues", "net sales"),
    "top line": ("revenues", "net revenues", "net sales"),
    "top-line": ("revenues", "net revenues", "net sales"),
    "bottom line": ("net income", "net earnings"),
    "segment": ("segment", "reportable segments"),
    "毛利率": ("毛利", "营业收入", "营业成本"),
    "净利率": ("净利润", "营业收入"),
    "资产负债率": ("负债合计", "资产总计"),
    "流动比率": ("流动资产合计", "流动负债合计"),
    "速动比率": ("流动资产合计", "存货", "流动负债合计"),
    "现金流": ("经营活动产生的现金流量净额",),
    "营收": ("营业收入", "营业总收入"),
    "收入增长": ("营业收入", "同比增长"),
    "每股收益": ("基本每股收益", "稀释每股收益"),
    "净资产收益率": ("加权平均净资产收益率",),
    "利润": ("净利润", "归属于上市公司股东的净利润"),
    "同比": ("上年同期", "比上年同期增减", "增减"),
    "环比": ("上期", "增减"),
}

_KEYS = sorted(EXPANSIONS, key=len, reverse=True)


def metrics(question: str) -> list[tuple[str, tuple[str, ...]]]:
    """The metrics a question names, each with the line items it is computed from."""
    q = question.lower()
    out: list[tuple[str, tuple[str, ...]]] = []
    for key in _KEYS:
        pattern = re.escape(key) if not key.isascii() else rf"\b{re.escape(key)}\b"
        if re.search(pattern, q):
            out.append((key, EXPANSIONS[key]))
            q = re.sub(pattern, " ", q)
    return out


def expansions(question: str) -> list[str]:
    """Related line-item words for the metrics a question names (longest names first)."""
    q = question.lower()
    out: list[str] = []
    for _, items in metrics(question):
        out += [w for w in items if w not in out and w not in q]
    return out
