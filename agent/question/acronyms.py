"""Metric and period acronyms ("EBITDA", "FY", "Q2"): capitalised in a question, yet
names of nothing the documents are about (no company, no part of one)."""

from __future__ import annotations

_ACRONYMS = (
    "ebit ebitda ebitdar gaap eps dpo dso dio fcf cogs sg&a roe roa roic roce cagr yoy qoq "
    "ttm ltm capex opex r&d m&a ipo esg kpi nps arpu usd rmb cny eur gbp ceo cfo fy fx ytd "
    "q1 q2 q3 q4 h1 h2"
)
METRIC_ACRONYMS = frozenset(_ACRONYMS.split(" "))
