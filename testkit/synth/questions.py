"""Questions about a synthetic filing in varied analyst wordings, each with its gold value
(worked from the books) and gold pages (where the generator printed the figures it rests
on), and the questions the filing must refuse."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from testkit.answer_checks import gold_figures, has_figure
from testkit.synth.company import Company
from testkit.synth.layout import amount
from testkit.synth.profile import VOCAB, long_date

FLOW = (
    "revenue",
    "cogs",
    "sga",
    "operating_income",
    "pretax_income",
    "income_tax",
    "net_income",
    "eps_diluted",
    "interest_expense",
    "rnd",
)
STOCK = (
    "cash",
    "receivables",
    "inventory",
    "total_current_assets",
    "total_assets",
    "total_current_liabilities",
    "long_term_debt",
    "total_equity",
    "goodwill",
    "accounts_payable",
)
CASH = ("cfo", "capex", "dividends", "dna", "buybacks")
OPTIONAL = {"rnd": "rnd", "inventory": "inventory", "goodwill": "goodwill"}


@dataclass
class Question:
    doc: str
    question: str
    answer: str  # the gold: a figure as printed or worked, or a name
    kind: str
    pages: list[int] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)  # fact keys the gold rests on
    check: str = "figure"  # figure (signed or not: "change"), text, refuse


class Asker:
    """Question-writing for one company, with its own random stream."""

    def __init__(self, c: Company, rng: random.Random) -> None:
        self.c, self.p, self.led, self.rng = c, c.profile, c.ledger, rng
        self.out: list[Question] = []

    def co(self) -> str:
        return self.rng.choice((self.p.short, self.p.short, self.p.ticker, "the company"))

    def period(self, y: int) -> str:
        forms = [
            f"fiscal {y}",
            f"FY{y}",
            f"FY{y % 100:02d}",
            f"{y}",
            f"fiscal year {y}",
            f"the year ended {long_date(self.p.end(y))}",
        ]
        if y == self.p.newest:
            forms.append("the most recent fiscal year")
        return self.rng.choice(forms)

    def at(self, y: int) -> str:
        return self.rng.choice(
            (
                f"at the end of fiscal {y}",
                f"as of {long_date(self.p.end(y))}",
                f"at year-end {y}",
                f"as of the end of FY{y}",
            )
        )

    def asked(self, key: str) -> str:
        return self.rng.choice(VOCAB["asked"][key])

    def pages(self, facts: list[str]) -> list[int]:
        return sorted({pg for f in facts for pg in self.c.writer.facts.get(f, {})})

    def add(
        self, kind: str, text: str, answer: str, facts: list[str], check: str = "figure"
    ) -> None:
        q = Question(self.p.file_name, text, answer, kind, self.pages(facts), facts, check)
        self.out.append(q)

    def usable(self, keys: tuple[str, ...]) -> list[str]:
        return [k for k in keys if k not in OPTIONAL or OPTIONAL[k] in self.led.has]

    def shown(self, key: str, y: int) -> str:
        return amount(abs(self.led.v(key, y)), 2 if key.startswith("eps") else 0)

    # --- the kinds -------------------------------------------------------------------------
    def lookups(self) -> None:
        y = self.p.newest
        for key in self.rng.sample(self.usable(FLOW), 3):
            t = self.rng.choice(
                (
                    "What was {co}'s {item} in {per}?",
                    "How much {item} did {co} report for {per}?",
                    "{Item} for {co} in {per}?",
                    "Could you tell me {co}'s {item} for {per}, in USD millions?",
                )
            )
            self.add(
                "income", self._fill(t, key, self.period(y)), self.shown(key, y), [f"{key}@{y}"]
            )
        for key in self.rng.sample(self.usable(STOCK), 2):
            t = self.rng.choice(
                (
                    "What was {co}'s {item} {per}?",
                    "How much {item} did {co} have {per}?",
                    "What {item} did {co} carry on its balance sheet {per}?",
                )
            )
            self.add("balance", self._fill(t, key, self.at(y)), self.shown(key, y), [f"{key}@{y}"])
        for key in self.rng.sample(CASH, 2):
            if self.led.v(key, y) == 0:
                continue
            t = self.rng.choice(
                (
                    "What was {co}'s {item} in {per}?",
                    "How much did {co} report as {item} for {per}?",
                    "{Item} at {co}, {per}?",
                )
            )
            self.add("cash", self._fill(t, key, self.period(y)), self.shown(key, y), [f"{key}@{y}"])
        y0 = self.rng.choice(self.led.years[:-1])
        key = self.rng.choice([*self.usable(FLOW[:7]), "cfo"])
        t = "What was {co}'s {item} in {per}?"
        self.add(
            "prior_year", self._fill(t, key, self.period(y0)), self.shown(key, y0), [f"{key}@{y0}"]
        )

    def _fill(self, template: str, key: str, per: str) -> str:
        item = self.asked(key)
        text = template.format(co=self.co(), item=item, Item=item[0].upper() + item[1:], per=per)
        return text[0].upper() + text[1:]

    def changes(self) -> None:
        y1, y0 = self.p.newest, self.p.newest - 1
        key = self.rng.choice(["revenue", "operating_income", "net_income", "cfo", "sga"])
        v1, v0 = self.led.v(key, y1), self.led.v(key, y0)
        t = self.rng.choice(
            (
                "By how much did {co}'s {item} change from {p0} to {p1}?",
                "What was the year-over-year change in {co}'s {item} in {p1}, in dollars?",
            )
        )
        text = t.format(co=self.co(), item=self.asked(key), p0=f"fiscal {y0}", p1=f"fiscal {y1}")
        self.add(
            "change",
            text[0].upper() + text[1:],
            amount(abs(v1 - v0)),
            [f"{key}@{y1}", f"{key}@{y0}"],
            "change",
        )
        key = self.rng.choice(["revenue", "net_income", "operating_income", "gross_profit"])
        if key == "gross_profit" and self.p.costs_block:
            key = "revenue"
        v1, v0 = self.led.v(key, y1), self.led.v(key, y0)
        t = self.rng.choice(
            (
                "What was {co}'s year-over-year {item} growth in {p1}?",
                "By what percentage did {co}'s {item} change between {p0} and {p1}?",
                "How fast did {co}'s {item} grow in {p1} versus {p0}, in percent?",
            )
        )
        asked = self.asked(key) if key != "gross_profit" else "gross profit"
        text = t.format(co=self.co(), item=asked, p0=f"FY{y0}", p1=f"FY{y1}")
        self.add(
            "growth",
            text[0].upper() + text[1:],
            f"{(v1 - v0) / abs(v0) * 100:.1f}%",
            [f"{key}@{y1}", f"{key}@{y0}"],
            "change",
        )

    def metrics(self) -> None:
        y = self.rng.choice(self.led.years[-2:])
        led = self.led
        num, word = self.rng.choice(
            (
                ("gross_profit", "gross"),
                ("operating_income", "operating"),
                ("net_income", "net profit"),
            )
        )
        facts = [f"revenue@{y}", f"{num}@{y}"]
        if num == "gross_profit" and self.p.costs_block:
            facts = [f"revenue@{y}", f"cogs@{y}"]
        value = led.v(num, y) / led.v("revenue", y) * 100
        t = self.rng.choice(
            (
                "What was {co}'s {w} margin in {per}?",
                "What {w} margin did {co} earn in {per}? Give it as a percentage.",
            )
        )
        self.add(
            "margin", t.format(co=self.co(), w=word, per=self.period(y)), f"{value:.1f}%", facts
        )
        yb = self.p.newest
        choice = self.rng.choice(("current", "d/e", "capex", "coverage"))
        if choice == "current":
            v = led.v("total_current_assets", yb) / led.v("total_current_liabilities", yb)
            text = f"What was {self.co()}'s current ratio {self.at(yb)}?"
            facts = [f"total_current_assets@{yb}", f"total_current_liabilities@{yb}"]
            gold = f"{v:.2f}"
        elif choice == "d/e":
            debt = led.v("short_term_debt", yb) + led.v("long_term_debt", yb)
            v = debt / led.v("total_equity", yb)
            text = (
                f"What was {self.co()}'s debt-to-equity ratio {self.at(yb)}, counting "
                "short-term and long-term debt?"
            )
            facts = [f"short_term_debt@{yb}", f"long_term_debt@{yb}", f"total_equity@{yb}"]
            gold = f"{v:.2f}"
        elif choice == "capex":
            v = led.v("capex", yb) / led.v("revenue", yb) * 100
            per = self.period(yb)
            text = (
                f"What were {self.co()}'s capital expenditures as a percentage of revenue in {per}?"
            )
            facts, gold = [f"capex@{yb}", f"revenue@{yb}"], f"{v:.1f}%"
        else:
            v = led.v("operating_income", yb) / led.v("interest_expense", yb)
            text = (
                f"What was {self.co()}'s interest coverage ratio (operating income over "
                f"interest expense) in {self.period(yb)}?"
            )
            facts, gold = [f"operating_income@{yb}", f"interest_expense@{yb}"], f"{v:.1f}"
        self.add("ratio", text[0].upper() + text[1:], gold, facts)
        y1, y0 = self.p.newest, self.p.newest - 1
        key = self.rng.choice(
            self.usable(("inventory", "total_assets", "total_equity", "receivables", "revenue"))
        )
        avg = (led.v(key, y1) + led.v(key, y0)) / 2
        text = (
            f"What was {self.co()}'s average {self.asked(key)} across fiscal {y0} and fiscal {y1}?"
        )
        gold = f"{avg:,.1f}" if avg % 1 else f"{avg:,.0f}"
        self.add("average", text[0].upper() + text[1:], gold, [f"{key}@{y1}", f"{key}@{y0}"])

    def segment(self) -> None:
        y = self.rng.choice(self.led.years[-2:])
        name = self.rng.choice(self.p.segments)
        seg = self.led.segments[name]
        if self.rng.random() < 0.6 or seg["op"][y] <= 0:
            t = self.rng.choice(
                (
                    "What were the {head} of {co}'s {seg} segment in {per}?",
                    "How much revenue did {co}'s {seg} segment bring in during {per}?",
                )
            )
            text = t.format(
                head=self.p.segment_head.lower(), co=self.co(), seg=name, per=self.period(y)
            )
            self.add("segment", text, amount(seg["sales"][y]), [f"seg:{name}:sales@{y}"])
        else:
            text = (
                f"What operating income did {self.co()}'s {name} segment earn in {self.period(y)}?"
            )
            self.add("segment", text, amount(seg["op"][y]), [f"seg:{name}:op@{y}"])

    def facts(self) -> None:
        p, co = self.p, self.co()
        y = p.newest
        pool = [
            (
                "auditor",
                self.rng.choice(
                    (
                        f"Who is {co}'s independent auditor?",
                        f"Which accounting firm audited {co}'s financial statements?",
                    )
                ),
                p.auditor,
                "text",
            ),
            (
                "fye",
                self.rng.choice(
                    (
                        f"When does {co}'s fiscal year end?",
                        f"On what date did {co}'s fiscal {y} end?",
                    )
                ),
                long_date(p.end(y)),
                "text",
            ),
            (
                "hq",
                self.rng.choice(
                    (f"Where is {co} headquartered?", f"In which city are {co}'s headquarters?")
                ),
                p.city,
                "text",
            ),
            (
                "employees",
                self.rng.choice(
                    (
                        f"How many employees did {co} have at the end of fiscal {y}?",
                        f"What is {co}'s headcount?",
                    )
                ),
                f"{p.employees:,}",
                "figure",
            ),
            (
                "ticker",
                self.rng.choice(
                    (
                        f"What is {p.short}'s ticker symbol?",
                        f"Under which symbol does {p.short}'s common stock trade?",
                    )
                ),
                p.ticker,
                "text",
            ),
        ]
        for key, text, gold, check in self.rng.sample(pool, 2):
            self.add("fact", text[0].upper() + text[1:], gold, [key], check)

    def refusals(self) -> None:
        p = self.p
        far = self.rng.choice((self.led.years[0] - self.rng.randint(4, 12), p.newest + 2))
        key = self.rng.choice(("revenue", "net_income", "total_assets", "cfo"))
        per = self.at(far) if key == "total_assets" else f"in fiscal {far}"
        self.add(
            "refuse_period",
            f"What was {self.co()}'s {self.asked(key)} {per}?",
            "",
            [],
            "refuse",
        )
        lacks = [k for k in OPTIONAL if OPTIONAL[k] not in self.led.has]
        if lacks and self.rng.random() < 0.6:
            item = self.asked(lacks[0])
        else:
            item = self.rng.choice(VOCAB["missing_items"])
        self.add(
            "refuse_missing",
            f"What was {self.co()}'s {item} in fiscal {p.newest}?",
            "",
            [],
            "refuse",
        )
        world = self.rng.choice(VOCAB["world"]).format(
            state=p.incorporated, exchange=p.exchange, city=p.city
        )
        self.add("refuse_world", world, "", [], "refuse")


def questions_for(c: Company, seed: int) -> list[Question]:
    a = Asker(c, random.Random(f"q:{seed}:{c.profile.file_name}"))
    a.lookups()
    a.changes()
    a.metrics()
    a.segment()
    a.facts()
    a.refusals()
    return a.out


def hit(q: Question, text: str) -> bool:
    """Is the gold in a text: a figure within rounding at any scale (either sign for a
    change), or a name (a firm without its "LLP", a date without its year)."""
    if q.check == "text":
        key = q.answer.replace(" LLP", "").split(",")[0]
        return key.lower() in text.lower()
    gold = gold_figures(q.answer)
    if q.check == "change":
        gold += [(-v, d) for v, d in gold]
    return has_figure(gold, text)
