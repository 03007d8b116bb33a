"""Financial vocabulary from ``data/finance_terms.json``: line items and their names,
metrics and their formulas, and the search words questions imply.

One data file serves retrieval (``expand.py`` adds a metric's search words to the lexical
query) and answering (``agent/figures`` finds a line item's row by its names and computes
a metric from its formula), so a synonym added once helps both.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from pipeline.text.script import HAN_RE

DATA = Path(__file__).with_name("data") / "finance_terms.json"


@dataclass(frozen=True)
class LineItem:
    key: str
    names: tuple[str, ...]
    statement: str  # "income" | "balance" | "cash": where the item is printed
    outflow: bool = False  # printed negative ("(442)"), used in formulas as an amount
    # a formula over other items worked when no row names the item: statements often
    # leave out "Total liabilities" or "Total debt" and print their parts
    derived: str = ""
    # False for an item only formulas read (a part of total debt): a question naming its
    # row is answered from the row as printed, not as this item
    asked: bool = True
    counted: bool = False  # a number of things (shares), never an amount of money
    # its statement's largest figure, which the statement may print as a bare "Total"
    grand_total: bool = False


@dataclass(frozen=True)
class Metric:
    key: str
    patterns: tuple[re.Pattern[str], ...]
    formula: str
    percent: bool
    search: str  # retrieval words, statement words included
    lines: tuple[str, ...]  # line items that stand in for the metric in a sentence
    # what values make sense (``agent/figures/verify.py``): "share" (a part of a whole,
    # within ±100%), "positive" (a turnover, a cover), "days" (positive, under 1,000),
    # "rate" (a tax rate, a payout: within ten times its base)
    bound: str = ""
    # the figure by another common convention, said beside it (name, formula): debt to
    # equity is total debt ÷ equity to most analysts, total liabilities ÷ equity to others
    also: tuple[str, str] = ("", "")

    def find(self, text: str) -> re.Match[str] | None:
        hits = [m for p in self.patterns if (m := p.search(text))]
        return max(hits, key=lambda m: m.end() - m.start()) if hits else None


@dataclass(frozen=True)
class Judgement:
    """A judgement a question asks ("Is X capital-intensive?") and the figure deciding it:
    ``formula``'s level (or its year's growth), against the rule of thumb ``above``."""

    key: str
    patterns: tuple[re.Pattern[str], ...]
    formula: str
    growth: bool  # the year's change of the formula decides, not its level
    trend: bool  # its years' course decides (no year's fall): a line item's
    percent: bool
    above: float  # the threshold, in percent when ``percent``
    measure: dict[str, str]  # what is compared, by language ("revenue growth")
    rule: dict[str, str]  # what reaching the threshold is commonly taken as
    search: str

    def find(self, text: str) -> re.Match[str] | None:
        return next((m for p in self.patterns if (m := p.search(text))), None)


@dataclass(frozen=True)
class Abbreviation:
    pattern: re.Pattern[str]  # the abbreviation as a question writes it, word-bounded
    long: tuple[str, ...]  # its spelled-out forms


@dataclass(frozen=True)
class Vocabulary:
    statements: dict[str, str]
    items: dict[str, LineItem]
    metrics: tuple[Metric, ...]
    search_rules: tuple[tuple[re.Pattern[str], str], ...]
    synonyms: tuple[tuple[re.Pattern[str], str], ...]
    answer_lines: dict[str, tuple[str, ...]]
    # Words a statement row may open with that are not its name ("其中：营业收入",
    # "Less: cost of sales").
    lead_ins: tuple[str, ...] = ()
    # Words telling which of two sentences states the value that ended ("terminated",
    # "previous") and which the value that replaced it ("new", "entered into").
    succession: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    # Words a question asks a change with, by direction: "up", "down", "any".
    moves: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Words that say how much of a thing without naming it ("number", "total").
    quantity_words: frozenset[str] = frozenset()
    # Words a primary statement's title has ("Consolidated", 合并): the group's statement,
    # not a part's or the parent company's.
    primary_statement: tuple[str, ...] = ()
    # Words ranking a group's members: "top_line" (revenue growth), "share" (of the
    # total), and per kind of member the words a table titles it by.
    top_line: tuple[str, ...] = ()
    share_words: tuple[str, ...] = ()
    member_kinds: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Words of a report's own section headings and of pronouns ("Results of Operations",
    # "We"): a sentence under such a heading states no member's change.
    not_members: frozenset[str] = frozenset()
    # What questions abbreviate and filings spell out ("PPNE", "AGM", "Item 3").
    abbreviations: tuple[Abbreviation, ...] = ()
    judgements: tuple[Judgement, ...] = ()
    # Each statement's own title words ("consolidated balance sheets"), searched alone.
    statement_titles: dict[str, str] = field(default_factory=dict)


def _words(template: str, statements: dict[str, str]) -> str:
    return template.format(**statements) if "{" in template else template


@cache
def vocabulary() -> Vocabulary:
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    st: dict[str, str] = raw["statements"]
    items = {
        k: LineItem(
            k,
            tuple(v["names"]),
            v.get("statement", ""),
            bool(v.get("outflow")),
            v.get("derived", ""),
            v.get("asked", True),
            bool(v.get("counted")),
            bool(v.get("grand_total")),
        )
        for k, v in raw["line_items"].items()
    }
    metrics = []
    for k, v in raw["metrics"].items():
        search = _words(v.get("search", ""), st)
        if search and v.get("statement"):
            search += " " + st[v["statement"]]
        metrics.append(
            Metric(
                key=k,
                patterns=tuple(re.compile(p, re.I) for p in v["patterns"]),
                formula=v.get("formula", ""),
                percent=bool(v.get("percent")),
                search=search,
                lines=tuple(v.get("lines", ())),
                bound=v.get("bound", ""),
                also=(v["also"]["name"], v["also"]["formula"]) if "also" in v else ("", ""),
            )
        )
    return Vocabulary(
        statements=st,
        items=items,
        metrics=tuple(metrics),
        search_rules=tuple(
            (re.compile(r["pattern"], re.I), _words(r["words"], st)) for r in raw["search_rules"]
        ),
        synonyms=tuple((re.compile(r["pattern"], re.I), r["words"]) for r in raw["synonyms"]),
        answer_lines={k: tuple(v) for k, v in raw["answer_lines"].items()},
        lead_ins=tuple(raw.get("label_lead_ins", ())),
        statement_titles=dict(raw.get("statement_titles", {})),
        succession=(tuple(raw["succession"]["then"]), tuple(raw["succession"]["now"])),
        moves={k: tuple(v) for k, v in raw.get("moves", {}).items()},
        quantity_words=frozenset(raw.get("quantity_words", ())),
        primary_statement=tuple(raw.get("primary_statement", ())),
        top_line=tuple(raw.get("rankings", {}).get("top_line", ())),
        share_words=tuple(raw.get("rankings", {}).get("share", ())),
        member_kinds={k: tuple(v) for k, v in raw.get("rankings", {}).get("members", {}).items()},
        not_members=frozenset(raw.get("rankings", {}).get("not_members", ())),
        abbreviations=tuple(_abbreviation(a) for a in raw.get("abbreviations", ())),
        judgements=tuple(
            _judgement(k, v, st) for k, v in raw.get("judgements", {}).items() if k != "_about"
        ),
    )


def stated_rule(sentence: str) -> tuple[str, frozenset[float]]:
    """A sentence without the rules of thumb it states ("below the 10% commonly taken as
    capital-intensive"), and their thresholds: the product's own yardstick, not a claim
    about the documents, so no passage need state it."""
    found: set[float] = set()
    for j in vocabulary().judgements:
        for rule in j.rule.values():
            if rule and rule in sentence:
                found.add(j.above)
                sentence = sentence.replace(rule, " ")
    return sentence, frozenset(found)


def _judgement(key: str, raw: dict[str, Any], statements: dict[str, str]) -> Judgement:
    return Judgement(
        key=key,
        patterns=tuple(re.compile(p, re.I) for p in raw["patterns"]),
        formula=raw["formula"],
        growth=bool(raw.get("growth")),
        trend=bool(raw.get("trend")),
        percent=bool(raw.get("percent")),
        above=float(raw["above"]),
        measure=dict(raw["measure"]),
        rule=dict(raw["rule"]),
        search=_words(raw.get("search", ""), statements),
    )


def _abbreviation(raw: dict[str, Any]) -> Abbreviation:
    # Bounded by anything but a letter, digit, "&" or "/": "PP&E" is not "E", "A/R" not "R".
    # Chinese runs on without spaces: a Chinese abbreviation ("营收") is found inside the
    # question's run, its entry's own pattern saying what may not stand beside it.
    bound = ("", "") if HAN_RE.search(raw["short"]) else (r"(?<![\w&/])", r"(?![\w&/])")
    pattern = re.compile(rf"{bound[0]}(?:{raw['short']}){bound[1]}", re.I)
    return Abbreviation(pattern, tuple(raw["long"]))
