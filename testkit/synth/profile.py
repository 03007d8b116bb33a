"""Who a synthetic filer is and how its filing is laid out: name, ticker, places, auditor,
fiscal calendar, scale, the label chosen for each statement line, and the layout knobs
(year columns, their order, header style, type size, where statements break)."""

from __future__ import annotations

import datetime as dt
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

VOCAB = json.loads(Path(__file__).with_name("vocab.json").read_text(encoding="utf-8"))
# fiscal calendars: a fixed month end, or a 52-53 week year ending on a weekday
CALENDARS = ("dec31", "jun30", "mar31", "sep_sat", "may_sun", "jan_sat_next")
MONTHS = "January February March April May June July August September October November December"


def fy_end(calendar: str, fy: int) -> dt.date:
    """The last day of fiscal year ``fy`` ("jan_sat_next": fiscal 2024 is the 52 or 53
    weeks ending on the Saturday nearest January 31, 2025, as many retailers count)."""
    if calendar == "dec31":
        return dt.date(fy, 12, 31)
    if calendar == "jun30":
        return dt.date(fy, 6, 30)
    if calendar == "mar31":
        return dt.date(fy, 3, 31)
    if calendar == "sep_sat":
        return _last_weekday(dt.date(fy, 9, 30), 5)
    if calendar == "may_sun":
        return _last_weekday(dt.date(fy, 5, 31), 6)
    jan31 = dt.date(fy + 1, 1, 31)
    return min((jan31 + dt.timedelta(days=d) for d in range(-3, 4)), key=lambda d: d.weekday() != 5)


def _last_weekday(last: dt.date, weekday: int) -> dt.date:
    return last - dt.timedelta(days=(last.weekday() - weekday) % 7)


def long_date(d: dt.date) -> str:
    return f"{MONTHS.split()[d.month - 1]} {d.day}, {d.year}"


@dataclass
class Profile:
    name: str  # "Norvane Brands, Inc."
    short: str  # "Norvane"
    ticker: str
    exchange: str
    city: str
    state: str
    incorporated: str
    auditor: str
    auditor_since: int
    employees: int
    calendar: str
    years: list[int]  # income and cash-flow years, oldest first
    newest_first: bool
    scale: str  # "millions" or "thousands"
    scale_line: str
    labels: dict[str, str]
    equity_word: str  # "shareowners'"
    header: str  # "years" | "dates" | "fiscal"
    size: float
    leading: float
    split_balance: bool  # liabilities and equity on a page of their own
    costs_block: bool  # "Costs and expenses:" and no gross-profit line
    total_liabilities: bool  # a "Total liabilities" line
    segments: list[str]
    segment_head: str
    segment_op_head: str
    business: str
    income_title: str
    rules: bool
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def newest(self) -> int:
        return self.years[-1]

    @property
    def file_name(self) -> str:
        return f"{self.short.upper().replace(' ', '')}_{self.newest}_10K.pdf"

    def end(self, fy: int) -> dt.date:
        return fy_end(self.calendar, fy)

    def shown(self, years: list[int]) -> list[int]:
        """Years in the order the columns print them."""
        return sorted(years, reverse=self.newest_first)


def make_profile(rng: random.Random, first: str, index: int) -> Profile:
    second = rng.choice(VOCAB["name_second"])
    suffix = rng.choice(VOCAB["suffix"])
    name = (
        f"{first} {second}, {suffix}" if suffix.startswith("Inc") else f"{first} {second} {suffix}"
    )
    city, state = rng.choice(VOCAB["hq"])
    newest = rng.randint(2020, 2025)
    years = list(range(newest - rng.choice((1, 2)), newest + 1))
    calendar = CALENDARS[index % len(CALENDARS)]
    scale = "thousands" if rng.random() < 0.3 else "millions"
    word = rng.choice(VOCAB["labels"]["equity_word"])
    short = first.split(maxsplit=1)[0] if " " in first and rng.random() < 0.5 else first
    labels = {k: rng.choice(v).replace("{co}", short) for k, v in VOCAB["labels"].items()}
    size = rng.choice((8.0, 8.5, 9.0, 10.0))
    segs = rng.choice(VOCAB["segments"])
    return Profile(
        name=name,
        short=short,
        ticker=_ticker(first, second, index),
        exchange=rng.choice(VOCAB["exchanges"]),
        city=city,
        state=state,
        incorporated=rng.choice(VOCAB["incorporation"]),
        auditor=rng.choice(VOCAB["auditors"]),
        auditor_since=rng.randint(1985, 2015),
        employees=rng.randint(18, 950) * 100,
        calendar=calendar,
        years=years,
        newest_first=rng.random() < 0.65,
        scale=scale,
        scale_line=rng.choice(VOCAB["scale_lines"][scale]),
        labels=labels,
        equity_word=word,
        header=rng.choice(("years", "dates", "fiscal"))
        if calendar in ("dec31", "jun30", "mar31")
        else rng.choice(("dates", "fiscal")),
        size=size,
        leading=size * rng.uniform(1.3, 1.75),
        split_balance=rng.random() < 0.4,
        costs_block=rng.random() < 0.3,
        total_liabilities=rng.random() < 0.6,
        segments=list(segs),
        segment_head=rng.choice(VOCAB["segment_heads"]),
        segment_op_head=rng.choice(VOCAB["segment_op_heads"]),
        business=rng.choice(VOCAB["business"]).replace("{what}", rng.choice(VOCAB["what"])),
        income_title=rng.choice(
            (
                "CONSOLIDATED STATEMENTS OF INCOME",
                "Consolidated Statements of Operations",
                "CONSOLIDATED STATEMENTS OF EARNINGS",
                "Consolidated Income Statements",
            )
        ),
        rules=rng.random() < 0.6,
    )


def _ticker(first: str, second: str, index: int) -> str:
    letters = "".join(c for c in first.upper() if c.isalpha())
    return (letters[:3] + second[0].upper()) if index % 2 else letters[:4]
