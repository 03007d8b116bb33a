"""A synthetic annual report, page by page: cover, contents, Item 1 (business, people,
headquarters), Item 1A, Item 7 (MD&A prose stating figures and changes), Item 8 (the
auditor's report, the four statements, the segment note)."""

from __future__ import annotations

import datetime as dt
import random

from testkit.synth.layout import LEFT, Row, Writer
from testkit.synth.ledger import Ledger
from testkit.synth.profile import Profile, long_date
from testkit.synth.statements import (
    balance_rows,
    cash_rows,
    edges,
    equity_rows,
    header,
    income_rows,
    segment_rows,
    table,
)

_RISKS = (
    "Our results depend on general economic conditions, and a downturn in the markets we "
    "serve could reduce demand for our products and pressure our margins.",
    "We face intense competition, and competitors may introduce offerings at lower prices "
    "or with features that make ours less attractive to customers.",
    "Disruptions in our supply chain, including shortages of raw materials and components, "
    "higher freight costs or the loss of a key supplier, could harm our operations.",
    "Our indebtedness could limit our flexibility to respond to changing conditions, and a "
    "downgrade of our credit ratings could raise our cost of borrowing.",
    "Cyber attacks and failures of our information systems could disrupt our business and "
    "expose us to liability and damage to our reputation.",
)


def money(p: Profile, value: float) -> str:
    """A figure as MD&A prose states it: millions, one decimal when the tables are in
    thousands."""
    if p.scale == "thousands":
        return f"{value / 1000:,.1f}"
    return f"{value:,.0f}"


def pct(new: float, old: float) -> float:
    return (new - old) / abs(old) * 100


def write_filing(p: Profile, led: Ledger, rng: random.Random) -> Writer:
    w = Writer(size=p.size, leading=p.leading, rules=p.rules)
    _cover(w, p)
    _business(w, p, rng)
    _mdna(w, p, led)
    _item8(w, p, led)
    return w


def _cover(w: Writer, p: Profile) -> None:
    w.new_page()
    for text in ("UNITED STATES", "SECURITIES AND EXCHANGE COMMISSION", "Washington, D.C. 20549"):
        w.line(text, bold=True, center=True)
    w.line("FORM 10-K", bold=True, size=14, center=True, gap=2)
    w.line("ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934")
    fye = long_date(p.end(p.newest))
    w.para(f"For the fiscal year ended {fye}", {"fye": fye})
    w.line(f"Commission File Number 001-{10000 + len(p.name) * 371 % 89999}", gap=2)
    w.line(p.name, bold=True, size=13, center=True)
    w.line("(Exact name of registrant as specified in its charter)", center=True, gap=1.6)
    w.line(f"{p.incorporated} (State or other jurisdiction of incorporation or organization)")
    w.para(f"{100 + len(p.city) * 37} Commerce Parkway, {p.city}, {p.state}", {"hq": p.city})
    w.line("(Address of principal executive offices)", gap=1.6)
    w.line("Securities registered pursuant to Section 12(b) of the Act:", bold=True)
    w.line("Title of each class")
    w.put(300, "Trading Symbol(s)", bold=True)
    w.put(400, "Name of each exchange on which registered", bold=True)
    w.y += w.leading
    w.line("Common Stock, $0.01 par value per share")
    w.y -= w.leading
    w.put(300, p.ticker)
    w.put(400, p.exchange)
    w.facts["ticker"][w.page_no] = p.ticker
    w.y += w.leading * 2
    w.para(
        "Indicate by check mark whether the registrant is a well-known seasoned issuer, as "
        "defined in Rule 405 of the Securities Act. Yes [X] No [ ]"
    )
    w.new_page()
    w.line("TABLE OF CONTENTS", bold=True, center=True, gap=2)
    for item in (
        "Item 1. Business",
        "Item 1A. Risk Factors",
        "Item 2. Properties",
        "Item 7. Management's Discussion and Analysis of Financial Condition and "
        "Results of Operations",
        "Item 8. Financial Statements and Supplementary Data",
        "Item 9A. Controls and Procedures",
    ):
        w.line(item, x=LEFT + 20)


def _business(w: Writer, p: Profile, rng: random.Random) -> None:
    w.new_page()
    w.line("PART I", bold=True, center=True)
    w.line("Item 1. Business", bold=True, gap=1.5)
    w.para(
        f'{p.name} ("{p.short}," the "Company," "we," "us" or "our") {p.business}. The '
        f"Company was incorporated in {p.incorporated} and reports its results in "
        f"{len(p.segments)} segments: {', '.join(p.segments)}."
    )
    w.para(
        f"Our corporate headquarters are located in {p.city}, {p.state}, where we own an "
        "office campus that also houses our principal research and customer support centers.",
        {"hq": p.city},
    )
    w.line("Human Capital", bold=True)
    us = rng.randint(45, 80)
    w.para(
        f"As of {long_date(p.end(p.newest))}, we had approximately {p.employees:,} employees, "
        f"of whom about {us}% were located in the United States. None of our U.S. employees "
        "is covered by a collective bargaining agreement.",
        {"employees": f"{p.employees:,}"},
    )
    w.line("Item 1A. Risk Factors", bold=True, gap=1.5)
    for risk in _RISKS:
        w.para(risk)
    w.line("Item 2. Properties", bold=True, gap=1.5)
    w.para(
        f"We own or lease manufacturing, distribution and office facilities in "
        f"{rng.randint(8, 40)} countries. We believe our facilities are suitable and adequate."
    )


def _mdna(w: Writer, p: Profile, led: Ledger) -> None:
    w.new_page()
    w.line("PART II", bold=True, center=True)
    w.line(
        "Item 7. Management's Discussion and Analysis of Financial Condition and Results "
        "of Operations",
        bold=True,
        gap=1.5,
    )
    y, prior = p.newest, p.newest - 1
    unit = "million"
    rev, rev0 = led.v("revenue", y), led.v("revenue", prior)
    label = p.labels["revenue"].lower()
    way = "increased" if rev >= rev0 else "decreased"
    period = f"fiscal {y}"
    if p.calendar == "jan_sat_next":
        period += f" (the 52 weeks ended {long_date(p.end(y))})"
    w.line("Results of Operations", bold=True)
    w.para(
        f"{label.capitalize()} {way} {abs(pct(rev, rev0)):.0f}% to ${money(p, rev)} {unit} in "
        f"{period}, compared with ${money(p, rev0)} {unit} in fiscal {prior}, reflecting "
        "pricing actions and volume changes across our segments.",
        {f"revenue@{y}": money(p, rev), f"revenue@{prior}": money(p, rev0)},
    )
    gm = led.v("gross_profit", y) / rev * 100
    gm0 = led.v("gross_profit", prior) / rev0 * 100
    w.para(
        f"Gross margin was {gm:.1f}% of {label} in fiscal {y}, compared with {gm0:.1f}% in "
        f"fiscal {prior}, as productivity savings {'offset' if gm >= gm0 else 'did not offset'} "
        "cost inflation."
    )
    op, op0 = led.v("operating_income", y), led.v("operating_income", prior)
    w.para(
        f"Operating income was ${money(p, op)} {unit}, "
        f"{'up' if op >= op0 else 'down'} {abs(pct(op, op0)):.1f}% from the prior year. "
        f"Net earnings were ${money(p, led.v('net_income', y))} {unit}, or "
        f"${led.v('eps_diluted', y):.2f} per diluted share.",
        {
            f"operating_income@{y}": money(p, op),
            f"net_income@{y}": money(p, led.v("net_income", y)),
            f"eps_diluted@{y}": f"{led.v('eps_diluted', y):.2f}",
        },
    )
    w.line("Liquidity and Capital Resources", bold=True)
    cfo, capex = led.v("cfo", y), led.v("capex", y)
    w.para(
        f"Cash generated by operations was ${money(p, cfo)} {unit} in fiscal {y}. We invested "
        f"${money(p, capex)} {unit} in capital projects and returned "
        f"${money(p, led.v('dividends', y))} {unit} to shareholders through dividends. We "
        "believe our cash and credit facilities will fund our needs for the next twelve months.",
        {
            f"cfo@{y}": money(p, cfo),
            f"capex@{y}": money(p, capex),
            f"dividends@{y}": money(p, led.v("dividends", y)),
        },
    )


def _item8(w: Writer, p: Profile, led: Ledger) -> None:
    w.new_page()
    w.line("Item 8. Financial Statements and Supplementary Data", bold=True, gap=1.5)
    w.line("Report of Independent Registered Public Accounting Firm", bold=True, gap=1.5)
    w.para(f"To the Shareholders and the Board of Directors of {p.name}")
    last = p.end(p.newest)
    w.para(
        f"Opinion on the Financial Statements. We have audited the accompanying consolidated "
        f"balance sheets of {p.name} (the Company) as of {long_date(last)} and "
        f"{long_date(p.end(p.newest - 1))}, the related consolidated statements of income, "
        f"cash flows and {p.equity_word} equity for each of the {len(led.years)} years in the "
        f"period ended {long_date(last)}, and the related notes. In our opinion, the financial "
        "statements present fairly, in all material respects, the financial position of the "
        "Company, in conformity with U.S. generally accepted accounting principles."
    )
    w.para(f"/s/ {p.auditor}", {"auditor": p.auditor})
    w.para(f"We have served as the Company's auditor since {p.auditor_since}.")
    signed = last + dt.timedelta(days=58)
    w.para(f"{p.city}, {p.state}, {long_date(signed)}")
    table(w, p, p.income_title, income_rows(p, led), p.shown(led.years))
    rows, split = balance_rows(p, led)
    breaks = [split] if p.split_balance else []
    table(
        w,
        p,
        "CONSOLIDATED BALANCE SHEETS",
        rows,
        p.shown(led.years[-2:]),
        balance=True,
        breaks=breaks,
    )
    table(w, p, "CONSOLIDATED STATEMENTS OF CASH FLOWS", cash_rows(p, led), p.shown(led.years))
    eq = p.equity_word.rstrip("'’").capitalize() + p.equity_word[-1]
    cols = (
        "Common Stock|and Paid-in|Capital",
        "Retained|Earnings",
        "Accumulated Other|Comprehensive|Income (Loss)",
        f"Total|{eq}|Equity",
    )
    table(
        w,
        p,
        f"CONSOLIDATED STATEMENTS OF {p.equity_word.upper()} EQUITY",
        equity_rows(p, led),
        led.years,
        columns=cols,
    )
    w.new_page()
    w.line("NOTES TO CONSOLIDATED FINANCIAL STATEMENTS", bold=True, center=True, gap=1.5)
    w.line("Note 14 — Segment Information", bold=True)
    w.para(
        f"We manage our business in {len(p.segments)} reportable segments. The chief operating "
        "decision maker evaluates performance on segment operating income, which excludes "
        "corporate expenses not allocated to the segments."
    )
    seg = segment_rows(p, led)
    table_on_page(w, p, seg, p.shown(led.years))


def table_on_page(w: Writer, p: Profile, rows: list[Row], years: list[int]) -> None:
    """A note's table under its prose, on the same page (headers only, no title)."""
    w.line(p.scale_line, gap=1.4)
    header(w, p, years)
    for row in rows:
        w.row(row, edges(len(years)))
    w.y += w.leading
