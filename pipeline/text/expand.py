"""Query expansion for the lexical index: what a question's words are called in documents.

Questions name derived quantities ("quick ratio", "operating margin", "DPO",
"毛利率") that reports never print; the pages that answer them print the parts
("current assets", "operating income", "accounts payable", "营业成本") under
statement titles ("balance sheets", "利润表"). A question also says "FY2023"
where the document says "fiscal 2023" (normalised into the query itself). The
rules add the document's words as a second lexical query; they describe kinds of
documents (financial reports), not particular files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_STATEMENTS = {
    "income": "statements of income operations earnings total revenue net sales 利润表 损益表",
    "balance": "balance sheets total assets liabilities equity 资产负债表",
    "cash": "statements of cash flows operating activities investing 现金流量表",
}

# trigger pattern → expansion words (English and Chinese)
_RULES: list[tuple[str, str]] = [
    (
        r"operating margin|operating profit margin|营业利润率|经营利润率",
        "operating income revenue total revenue net sales " + _STATEMENTS["income"],
    ),
    (
        r"gross margin|gross profit margin|毛利率",
        "gross profit cost of sales cost of revenue net sales 毛利 营业成本 "
        + _STATEMENTS["income"],
    ),
    (
        r"net (?:profit )?margin|净利率|净利润率",
        "net income net earnings revenue 净利润 " + _STATEMENTS["income"],
    ),
    (
        r"ebitda|ebitdar",
        "ebitda operating income depreciation amortization adjusted reconciliation non-gaap",
    ),
    (
        r"\bebit\b|interest coverage|利息保障倍数",
        "operating income interest expense earnings before interest taxes " + _STATEMENTS["income"],
    ),
    (
        r"quick ratio|acid.test|速动比率",
        "current assets current liabilities cash equivalents receivables inventories "
        "速动资产 流动资产 流动负债 " + _STATEMENTS["balance"],
    ),
    (
        r"current ratio|流动比率",
        "current assets current liabilities 流动资产 流动负债 " + _STATEMENTS["balance"],
    ),
    (r"working capital|营运资金", "current assets current liabilities " + _STATEMENTS["balance"]),
    (
        r"debt.to.equity|leverage|gearing|资产负债率|负债率",
        "total debt long-term debt total equity shareholders total liabilities total assets "
        + _STATEMENTS["balance"],
    ),
    (
        r"\bdpo\b|days payable",
        "accounts payable cost of sales cost of revenue inventories "
        + _STATEMENTS["balance"]
        + " "
        + _STATEMENTS["income"],
    ),
    (
        r"\bdso\b|days sales outstanding|receivable days",
        "accounts receivable net sales revenue " + _STATEMENTS["balance"],
    ),
    (
        r"\bdio\b|days inventory|inventory turnover|存货周转",
        "inventories cost of sales " + _STATEMENTS["balance"],
    ),
    (
        r"free cash ?flow|\bfcf\b|cash ?flow conversion|自由现金流",
        "net cash provided by operating activities purchases of property equipment capital "
        "expenditures " + _STATEMENTS["cash"],
    ),
    (
        r"capex|capital expenditure|资本支出",
        "purchases of property plant equipment capital expenditures " + _STATEMENTS["cash"],
    ),
    (
        r"\broe\b|return on equity|净资产收益率",
        "net income shareholders equity " + _STATEMENTS["balance"],
    ),
    (r"\broa\b|return on assets|总资产收益率", "net income total assets " + _STATEMENTS["balance"]),
    (
        r"\beps\b|earnings per share|每股收益",
        "earnings per share diluted basic net income " + _STATEMENTS["income"],
    ),
    (
        r"revenue|top.?line|sales growth|营收|营业收入|销售额",
        "revenue net sales total revenue 营业收入 " + _STATEMENTS["income"],
    ),
    (r"sg&a|selling,? general|销售费用|管理费用", "selling general administrative expenses sg&a"),
    (r"cogs|cost of goods|营业成本", "cost of sales cost of revenue cost of goods sold"),
]

# Plain synonyms: the same words a question and a report use differently. Weaker
# evidence than a metric's definition, so they count for less in fusion.
_SYNONYMS: list[tuple[str, str]] = [
    (r"dividend|分红|股息", "dividends declared paid per share"),
    (r"buyback|repurchas|回购", "repurchase repurchased share repurchases treasury stock"),
    (r"acquisition|acquire|并购|收购", "acquisition acquired business combination purchase price"),
    (
        r"spin.?off|separation|divest|分拆|剥离",
        "separation spin-off distribution discontinued operations divestiture",
    ),
    (r"guidance|outlook|指引|预期", "guidance outlook expects full year"),
    (r"\bfx\b|foreign exchange|currency|汇率", "foreign exchange currency constant currency"),
    (r"pass.?through|转嫁", "pass through raw material costs"),
    (
        r"one.?off|one.?time|non.?recurring|special items|非经常",
        "items affecting comparability special items non-recurring restructuring",
    ),
    (r"region|geograph|地区|区域", "segment geographic region international domestic"),
    (r"product categor|business line|品类|产品类别", "category revenue by category segment"),
    (r"headcount|employees|员工人数", "employees full-time headcount"),
]
SYNONYM_STRENGTH = 0.4
_COMPILED = [(re.compile(p, re.IGNORECASE), words, 1.0) for p, words in _RULES] + [
    (re.compile(p, re.IGNORECASE), words, SYNONYM_STRENGTH) for p, words in _SYNONYMS
]

_FY = re.compile(r"\bfy\s*'?(\d{2,4})\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Expansion:
    text: str
    strength: float  # 1.0 when a metric rule fired, less for plain synonyms

    def __bool__(self) -> bool:
        return bool(self.text)


def expand_query(query: str) -> Expansion:
    """Extra words for a second lexical query; empty when no rule applies."""
    extra: list[str] = []
    strength = 0.0
    for pattern, words, weight in _COMPILED:
        if pattern.search(query):
            extra.append(words)
            strength = max(strength, weight)
    return Expansion(" ".join(extra), strength)


def normalize_query(query: str) -> str:
    """Spell out forms the index cannot match: 'FY2023' → 'FY2023 2023', 'Q2'2023' → 'Q2 2023'."""
    q = _FY.sub(
        lambda m: f"{m.group(0)} {'20' + m.group(1) if len(m.group(1)) == 2 else m.group(1)}", query
    )
    return re.sub(r"\b([qQ][1-4])'(\d{2,4})\b", r"\1 20\2", q)
