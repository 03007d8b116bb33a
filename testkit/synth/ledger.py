"""A synthetic company's books: every statement line per fiscal year, in whole units of
the filing's scale, built so that the statements foot (gross profit, totals, the balance
sheet balancing, cash flows reconciling to the change in cash, the equity roll-forward,
segments summing to the consolidated figures)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field


@dataclass
class Ledger:
    """Values by concept key, then fiscal year (an int: the year the filing calls it)."""

    years: list[int]  # the fiscal years the income and cash-flow statements show, oldest first
    values: dict[str, dict[int, float]] = field(default_factory=dict)
    segments: dict[str, dict[str, dict[int, float]]] = field(default_factory=dict)
    has: set[str] = field(default_factory=set)  # optional lines this company reports

    def v(self, key: str, year: int) -> float:
        return self.values[key][year]

    def put(self, key: str, year: int, value: float) -> None:
        self.values.setdefault(key, {})[year] = value


def _grow(rng: random.Random, start: float, n: int, lo: float, hi: float) -> list[float]:
    out = [start]
    for _ in range(n - 1):
        out.append(out[-1] * (1 + rng.uniform(lo, hi)))
    return out


def build_ledger(
    rng: random.Random, years: list[int], base: int, segment_names: list[str]
) -> Ledger:
    """Books over ``years`` (oldest first) whose first-year revenue is about ``base``.
    Balance-sheet and equity values exist for the year before the first too (opening
    balances)."""
    led = Ledger(years=years)
    led.has = {k for k in ("rnd", "inventory", "goodwill", "acquisitions") if rng.random() < 0.7}
    n = len(years)
    revenue = [round(x) for x in _grow(rng, base, n, -0.06, 0.14)]
    gm = rng.uniform(0.28, 0.62)
    sga_r = rng.uniform(0.10, gm - 0.12)
    rnd_r = rng.uniform(0.02, 0.06) if "rnd" in led.has else 0.0
    tax_r = rng.uniform(0.17, 0.26)
    shares = base * rng.uniform(0.02, 0.08)
    for i, y in enumerate(years):
        r = revenue[i]
        cogs = round(r * (1 - gm + rng.uniform(-0.02, 0.02)))
        rnd = round(r * rnd_r * rng.uniform(0.9, 1.1)) if rnd_r else 0
        sga = round(r * sga_r * rng.uniform(0.95, 1.05))
        op = r - cogs - rnd - sga
        interest = round(r * rng.uniform(0.004, 0.015))
        other = round(r * rng.uniform(-0.006, 0.006)) if rng.random() < 0.8 else 0
        pretax = op - interest + other
        tax = round(pretax * tax_r * rng.uniform(0.9, 1.1))
        ni = pretax - tax
        sh = shares * (1 - 0.015 * i)
        for key, val in (
            ("revenue", r),
            ("cogs", cogs),
            ("gross_profit", r - cogs),
            ("rnd", rnd),
            ("sga", sga),
            ("operating_income", op),
            ("interest_expense", interest),
            ("other_income", other),
            ("pretax_income", pretax),
            ("income_tax", tax),
            ("net_income", ni),
            ("shares_basic", round(sh)),
            ("shares_diluted", round(sh * 1.012)),
        ):
            led.put(key, y, val)
        led.put("eps_basic", y, round(ni / round(sh), 2))
        led.put("eps_diluted", y, round(ni / round(sh * 1.012), 2))
    _equity(rng, led)
    _balance(rng, led)
    _cash_flow(rng, led)
    _segments(rng, led, segment_names)
    return led


def _equity(rng: random.Random, led: Ledger) -> None:
    """Common stock grows by share-based pay; retained earnings by net income less
    dividends and buybacks; AOCI by other comprehensive income."""
    first = led.years[0]
    r0 = led.v("revenue", first)
    cs, re_, aoci = r0 * rng.uniform(0.08, 0.2), r0 * rng.uniform(0.3, 0.6), -r0 * 0.03
    opening = first - 1
    for key, val in (("common_stock", cs), ("retained_earnings", re_), ("aoci", aoci)):
        led.put(key, opening, round(val))
    led.put("total_equity", opening, sum(round(x) for x in (cs, re_, aoci)))
    payout = rng.uniform(0.2, 0.5)
    for y in led.years:
        ni = led.v("net_income", y)
        sbc = round(led.v("revenue", y) * rng.uniform(0.005, 0.02))
        div = round(max(ni, 0) * payout)
        buy = round(max(ni, 0) * rng.uniform(0.1, 0.4)) if rng.random() < 0.8 else 0
        oci = round(led.v("revenue", y) * rng.uniform(-0.01, 0.006))
        led.put("sbc", y, sbc)
        led.put("dividends", y, div)
        led.put("buybacks", y, buy)
        led.put("oci", y, oci)
        led.put("common_stock", y, led.v("common_stock", y - 1) + sbc)
        led.put("retained_earnings", y, led.v("retained_earnings", y - 1) + ni - div - buy)
        led.put("aoci", y, led.v("aoci", y - 1) + oci)
        total = sum(led.v(k, y) for k in ("common_stock", "retained_earnings", "aoci"))
        led.put("total_equity", y, total)


def _balance(rng: random.Random, led: Ledger) -> None:
    """Assets from revenue (each line a company ratio, moving a little year to year); other
    long-term liabilities balance the sheet (and assets grow where they would not)."""
    spans = {
        "cash": (0.05, 0.15),
        "rec": (0.08, 0.16),
        "inv": (0.08, 0.18),
        "oca": (0.02, 0.05),
        "ppe": (0.2, 0.5),
        "gw": (0.1, 0.4),
        "oa": (0.04, 0.1),
        "ap": (0.06, 0.12),
        "accr": (0.04, 0.08),
        "std": (0.01, 0.04),
        "ltd": (0.15, 0.35),
    }
    ratio = {k: rng.uniform(*span) for k, span in spans.items()}
    for y in [led.years[0] - 1, *led.years]:
        r = led.values["revenue"].get(y, led.v("revenue", led.years[0]) * 0.95)

        def part(key: str, r: float = r) -> int:
            return round(r * ratio[key] * rng.uniform(0.92, 1.08))

        cash, rec, oca = part("cash"), part("rec"), part("oca")
        inv = part("inv") if "inventory" in led.has else 0
        tca = cash + rec + inv + oca
        ppe, oa = part("ppe"), part("oa")
        gw = part("gw") if "goodwill" in led.has else 0
        ap, accr, std = part("ap"), part("accr"), part("std")
        tcl = ap + accr + std
        ltd = part("ltd")
        eq = led.v("total_equity", y)
        olt = tca + ppe + gw + oa - tcl - ltd - eq
        if olt < r * 0.03:  # a thin sheet: more other assets, so nothing goes negative
            oa += round(r * 0.03 - olt) + round(r * 0.02)
            olt = tca + ppe + gw + oa - tcl - ltd - eq
        ta = tca + ppe + gw + oa
        tl = tcl + ltd + olt
        for key, val in (
            ("cash", cash),
            ("receivables", rec),
            ("inventory", inv),
            ("other_current_assets", oca),
            ("total_current_assets", tca),
            ("ppe", ppe),
            ("goodwill", gw),
            ("other_assets", oa),
            ("total_assets", ta),
            ("accounts_payable", ap),
            ("accrued", accr),
            ("short_term_debt", std),
            ("total_current_liabilities", tcl),
            ("long_term_debt", ltd),
            ("other_liabilities", olt),
            ("total_liabilities", tl),
            ("total_liabilities_equity", tl + eq),
        ):
            led.put(key, y, val)


def _cash_flow(rng: random.Random, led: Ledger) -> None:
    """Operating, investing and financing flows that reconcile to the balance sheet's
    change in cash (other financing takes up the difference)."""
    for y in led.years:
        r = led.v("revenue", y)
        dna = round(r * rng.uniform(0.02, 0.06))
        wc = round(r * rng.uniform(-0.03, 0.02))
        cfo = led.v("net_income", y) + dna + led.v("sbc", y) + wc
        capex = round(r * rng.uniform(0.02, 0.08))
        acq = round(r * rng.uniform(0.01, 0.1)) if "acquisitions" in led.has else 0
        oinv = round(r * rng.uniform(-0.01, 0.01))
        cfi = -capex - acq + oinv
        issued = round(r * rng.uniform(0.0, 0.08))
        repaid = round(r * rng.uniform(0.0, 0.06))
        change = led.v("cash", y) - led.v("cash", y - 1)
        known = issued - repaid - led.v("dividends", y) - led.v("buybacks", y)
        ofin = change - cfo - cfi - known
        for key, val in (
            ("dna", dna),
            ("working_capital", wc),
            ("cfo", cfo),
            ("capex", capex),
            ("acquisitions", acq),
            ("other_investing", oinv),
            ("cfi", cfi),
            ("debt_issued", issued),
            ("debt_repaid", repaid),
            ("other_financing", ofin),
            ("cff", known + ofin),
            ("cash_change", change),
            ("cash_begin", led.v("cash", y - 1)),
            ("cash_end", led.v("cash", y)),
        ):
            led.put(key, y, val)


def _segments(rng: random.Random, led: Ledger, names: list[str]) -> None:
    """Segment net sales summing to revenue; segment operating income summing, with a
    corporate line, to operating income."""
    weights = [rng.uniform(0.5, 1.5) for _ in names]
    total_w = sum(weights)
    for y in led.years:
        r, op = led.v("revenue", y), led.v("operating_income", y)
        sales: list[float] = [round(r * w / total_w * rng.uniform(0.95, 1.05)) for w in weights]
        sales[-1] = r - sum(sales[:-1])
        corp = -round(r * rng.uniform(0.01, 0.03))
        ops: list[float] = [round((op - corp) * s / r * rng.uniform(0.8, 1.2)) for s in sales]
        ops[-1] = op - corp - sum(ops[:-1])
        for name, s, o in zip(names, sales, ops, strict=True):
            led.segments.setdefault(name, {}).setdefault("sales", {})[y] = s
            led.segments[name].setdefault("op", {})[y] = o
        led.segments.setdefault("_corporate", {}).setdefault("op", {})[y] = corp
