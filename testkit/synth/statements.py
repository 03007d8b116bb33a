"""The four primary statements and the segment note of a synthetic filing, as rows of
labels and figures, written as continued tables (title and column headers repeated with
"(continued)" when a statement runs onto another page)."""

from __future__ import annotations

from collections.abc import Sequence

from testkit.synth.layout import RIGHT, Cell, PageFull, Row, Writer
from testkit.synth.ledger import Ledger
from testkit.synth.profile import Profile, long_date


def edges(n: int) -> list[float]:
    step = 80 if n <= 3 else 76
    return [RIGHT - step * (n - 1 - i) for i in range(n)]


def header(w: Writer, p: Profile, years: Sequence[int], *, balance: bool = False) -> None:
    cols = edges(len(years))
    style = "dates" if balance and p.header == "fiscal" else p.header
    span = (cols[0] - 60 + cols[-1]) / 2
    if style == "years":
        end = p.end(years[0])
        month = f"{long_date(end).split(',')[0]},"
        w.put(span, f"{'As of' if balance else 'Year Ended'} {month}", bold=True, center=True)
        w.y += w.leading
        for x, y in zip(cols, years, strict=True):
            w.put(x, str(p.end(y).year), bold=True, right=True)
    elif style == "dates":
        w.put(span, "As of" if balance else "Fiscal Years Ended", bold=True, center=True)
        w.y += w.leading
        for x, y in zip(cols, years, strict=True):
            w.put(x, long_date(p.end(y)).rsplit(" ", 1)[0], bold=True, right=True)
        w.y += w.leading
        for x, y in zip(cols, years, strict=True):
            w.put(x, str(p.end(y).year), bold=True, right=True)
    else:
        for x, y in zip(cols, years, strict=True):
            w.put(x, f"Fiscal {y}", bold=True, right=True)
    w.y += w.leading
    w.rule(cols[0] - 60, cols[-1] + 4)
    w.y += w.leading * 0.4


def _named_header(w: Writer, columns: Sequence[str]) -> None:
    cols = edges(len(columns))
    split = [c.split("|") for c in columns]
    depth = max(len(s) for s in split)
    for i in range(depth):
        for x, lines in zip(cols, split, strict=True):
            pad = depth - len(lines)  # headers sit on the bottom line
            if i >= pad:
                w.put(x, lines[i - pad], bold=True, right=True)
        w.y += w.leading
    w.rule(cols[0] - 60, cols[-1] + 4)
    w.y += w.leading * 0.4


def table(
    w: Writer,
    p: Profile,
    title: str,
    rows: Sequence[Row],
    years: Sequence[int],
    *,
    balance: bool = False,
    breaks: Sequence[int] = (),
    columns: Sequence[str] = (),
) -> None:
    """A statement from the top of a new page; rows whose index is in ``breaks`` start a
    new page, as do rows that do not fit. ``columns``: headers other than periods, each
    split into lines at "|"."""
    cols = edges(len(columns) or len(years))

    def head(continued: bool) -> None:
        w.new_page()
        w.line(p.name.upper(), bold=True, center=True)
        w.line(title + (" (continued)" if continued else ""), bold=True, center=True)
        w.line(p.scale_line, center=True, gap=1.6)
        if columns:
            _named_header(w, columns)
        else:
            header(w, p, years, balance=balance)

    head(False)
    for i, row in enumerate(rows):
        if i in breaks:
            head(True)
        try:
            w.row(row, cols)
        except PageFull:
            head(True)
            w.row(row, cols)


def _cells(led: Ledger, key: str, years: Sequence[int], sign: int = 1, dec: int = 0) -> list[Cell]:
    return [Cell(sign * led.v(key, y), f"{key}@{y}", dec) for y in years]


def income_rows(p: Profile, led: Ledger) -> list[Row]:
    ys, lab = p.shown(led.years), p.labels
    rows = [Row(lab["revenue"], _cells(led, "revenue", ys), dollar=True)]
    costs = ["cogs", *(["rnd"] if "rnd" in led.has else []), "sga"]
    if p.costs_block:
        rows.append(Row("Costs and expenses:"))
        rows += [Row(lab[k], _cells(led, k, ys), indent=1) for k in costs]
        total = [Cell(led.v("revenue", y) - led.v("operating_income", y)) for y in ys]
        rows.append(Row("Total costs and expenses", total, indent=2, total=True))
    else:
        rows.append(Row(lab["cogs"], _cells(led, "cogs", ys)))
        rows.append(Row(lab["gross_profit"], _cells(led, "gross_profit", ys), total=True))
        rows += [Row(lab[k], _cells(led, k, ys)) for k in costs[1:]]
    rows += [
        Row(lab["operating_income"], _cells(led, "operating_income", ys), total=True),
        Row(lab["interest_expense"], _cells(led, "interest_expense", ys)),
        Row(lab["other_income"], _cells(led, "other_income", ys)),
        Row(lab["pretax_income"], _cells(led, "pretax_income", ys), total=True),
        Row(lab["income_tax"], _cells(led, "income_tax", ys)),
        Row(lab["net_income"], _cells(led, "net_income", ys), dollar=True, total=True),
        Row(lab["eps_head"]),
        Row(lab["eps_basic"], _cells(led, "eps_basic", ys, dec=2), indent=1, dollar=True),
        Row(lab["eps_diluted"], _cells(led, "eps_diluted", ys, dec=2), indent=1, dollar=True),
        Row(lab["shares_head"]),
        Row("Basic", _cells(led, "shares_basic", ys), indent=1),
        Row("Diluted", _cells(led, "shares_diluted", ys), indent=1),
    ]
    return rows


def balance_rows(p: Profile, led: Ledger) -> tuple[list[Row], int]:
    """The balance sheet's rows and the index of its liabilities heading."""
    ys, lab = p.shown(led.years[-2:]), p.labels
    word = p.equity_word
    eq = word.rstrip("'’").capitalize() + word[-1]

    def r(key: str, **kw: object) -> Row:
        return Row(lab.get(key, key), _cells(led, key, ys), **kw)  # type: ignore[arg-type]

    assets = [
        "receivables",
        *(["inventory"] if "inventory" in led.has else []),
        "other_current_assets",
    ]
    rows = [Row("ASSETS"), Row("Current assets:"), r("cash", indent=1, dollar=True)]
    rows += [r(k, indent=1) for k in assets]
    rows += [r("total_current_assets", indent=2, total=True), r("ppe")]
    rows += [r("goodwill")] if "goodwill" in led.has else []
    rows += [r("other_assets"), r("total_assets", dollar=True, total=True)]
    split = len(rows)
    rows += [Row(f"LIABILITIES AND {word.upper()} EQUITY"), Row("Current liabilities:")]
    rows += [r("accounts_payable", indent=1, dollar=True), r("accrued", indent=1)]
    rows += [r("short_term_debt", indent=1), r("total_current_liabilities", indent=2, total=True)]
    rows += [r("long_term_debt"), r("other_liabilities")]
    if p.total_liabilities:
        rows.append(r("total_liabilities", total=True))
    rows.append(Row("Commitments and contingencies (Note 12)"))
    rows.append(Row(f"{eq} equity:"))
    rows += [r(k, indent=1) for k in ("common_stock", "retained_earnings", "aoci")]
    rows.append(Row(f"Total {word} equity", _cells(led, "total_equity", ys), indent=2, total=True))
    total_le = _cells(led, "total_liabilities_equity", ys)
    rows.append(Row(f"Total liabilities and {word} equity", total_le, dollar=True, total=True))
    return rows, split


def cash_rows(p: Profile, led: Ledger) -> list[Row]:
    ys, lab = p.shown(led.years), p.labels

    def r(key: str, sign: int = 1, **kw: object) -> Row:
        return Row(lab[key], _cells(led, key, ys, sign), **kw)  # type: ignore[arg-type]

    rows = [Row("Cash flows from operating activities:"), r("net_income", indent=1, dollar=True)]
    rows.append(Row("Adjustments to reconcile to net cash from operating activities:", indent=1))
    rows += [r("dna", indent=2), Row(lab["sbc"], _cells(led, "sbc", ys), indent=2)]
    rows += [r("working_capital", indent=2), r("cfo", indent=1, total=True)]
    rows += [Row("Cash flows from investing activities:"), r("capex", -1, indent=1)]
    rows += [r("acquisitions", -1, indent=1)] if "acquisitions" in led.has else []
    rows += [r("other_investing", indent=1), r("cfi", indent=1, total=True)]
    rows += [Row("Cash flows from financing activities:"), r("debt_issued", indent=1)]
    rows += [r(k, -1, indent=1) for k in ("debt_repaid", "dividends", "buybacks")]
    rows += [r("other_financing", indent=1), r("cff", indent=1, total=True)]
    rows += [r("cash_change"), r("cash_begin"), r("cash_end", dollar=True, total=True)]
    return rows


def equity_rows(p: Profile, led: Ledger) -> list[Row]:
    """Columns: common stock and paid-in capital, retained earnings, AOCI, total."""
    keys = ("common_stock", "retained_earnings", "aoci", "total_equity")

    def balance(y: int) -> Row:
        cells = [Cell(led.v(k, y), f"equity:{k}@{y}") for k in keys]
        return Row(
            f"Balance at {long_date(p.end(y))}", cells, dollar=True, total=y != led.years[0] - 1
        )

    rows = [balance(led.years[0] - 1)]
    for y in led.years:
        ni, oci, sbc = led.v("net_income", y), led.v("oci", y), led.v("sbc", y)
        div, buy = led.v("dividends", y), led.v("buybacks", y)
        rows += [
            Row("Net income", [None, Cell(ni), None, Cell(ni)], indent=1),
            Row("Other comprehensive income (loss)", [None, None, Cell(oci), Cell(oci)], indent=1),
            Row("Stock-based compensation", [Cell(sbc), None, None, Cell(sbc)], indent=1),
            Row("Cash dividends declared", [None, Cell(-div), None, Cell(-div)], indent=1),
            Row("Repurchases of common stock", [None, Cell(-buy), None, Cell(-buy)], indent=1),
            balance(y),
        ]
    return rows


def segment_rows(p: Profile, led: Ledger) -> list[Row]:
    ys = p.shown(led.years)
    rows = [Row(f"{p.segment_head}:")]
    for name in p.segments:
        cells = [Cell(led.segments[name]["sales"][y], f"seg:{name}:sales@{y}") for y in ys]
        rows.append(Row(name, cells, indent=1, dollar=name == p.segments[0]))
    rows.append(
        Row(f"Total {p.segment_head.lower()}", _cells(led, "revenue", ys), dollar=True, total=True)
    )
    rows.append(Row(f"{p.segment_op_head}:"))
    for name in p.segments:
        cells = [Cell(led.segments[name]["op"][y], f"seg:{name}:op@{y}") for y in ys]
        rows.append(Row(name, cells, indent=1, dollar=name == p.segments[0]))
    corp = [Cell(led.segments["_corporate"]["op"][y]) for y in ys]
    rows.append(Row("Corporate and unallocated expenses", corp, indent=1))
    total = _cells(led, "operating_income", ys)
    rows.append(Row("Total operating income", total, dollar=True, total=True))
    return rows
