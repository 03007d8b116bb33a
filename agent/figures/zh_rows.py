"""Rows of a Chinese report a Chinese question asks by their words, not by a line item of
the vocabulary nor by the row's whole label: "一季度共支付了多少税费" asks the row 支付的各项
税费, "应付职工薪酬比年初减少了多少" the change of its row from 期初余额 to 期末余额.

A row is asked when the question says every content word of its label (jieba's words,
the label's joining words aside: ``agent/data/zh_row_words.json``), in any order and any
form around them (支付了多少税费 for 支付的各项税费); the label saying most of the question
wins. Its figure is read from the group's statement (the parent company's when the
question asks for 母公司), in the column the question asks for (期初, 上年同期 unless a
word such as 比 makes it the one compared with), and said as a person writes it: the
figure asked first (the change by amount or rate when a change is asked), then what it
is compared with. One row as a share of another (A占B的比例) is worked from one column.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from agent.figures.asking import Ask
from agent.figures.candidate import FigureAnswer
from agent.figures.formula import Cell
from agent.figures.grid import CURRENT, PRIOR, Grid, Row
from agent.figures.items import MIN_ROW_MATCH, norm, row_match, shown_label
from agent.figures.numerals import number, printed, zh_amount
from agent.figures.printed_rates import asks_rate, printed_rate
from agent.figures.render import ids
from agent.figures.report_said import Said, rate, worked_rate, zh_period, zh_sentence
from agent.figures.statements import TITLED, head_of
from agent.figures.verify import Computed
from agent.figures.zh_said import label_unit, with_label_unit, zh_value
from agent.question.parsed import parse
from pipeline.text import lexicon
from pipeline.text.finance import LineItem, vocabulary
from pipeline.text.script import HAN_RE
from pipeline.text.segment import ZH_STOPWORDS, words

_DATA = Path(__file__).resolve().parents[1] / "data" / "zh_row_words.json"
_PARENT = lexicon.pattern("table_headings.parent_company", template="(?:{})")
_NOT_PERIOD = lexicon.pattern("change_words.not_period_columns", template="%|{}", flags=re.I)
_TO_DATE = lexicon.pattern("zh_periods.year_to_date", template="{}")
MIN_WORDED = 4  # characters a label matched by scattered words must say (not "其他")


@dataclass(frozen=True)
class _Words:
    function: frozenset[str]
    prior: re.Pattern[str]
    share: re.Pattern[str]


@cache
def _words() -> _Words:
    raw = json.loads(_DATA.read_text(encoding="utf-8"))
    base = "|".join(map(re.escape, raw["baseline"]))
    prior = "|".join(map(re.escape, sorted(raw["prior"], key=len, reverse=True)))
    return _Words(
        frozenset(raw["function_words"]),
        re.compile(rf"(?P<base>{base})?(?:{prior})"),
        re.compile("|".join(map(re.escape, raw["share"]))),
    )


def _content(label: str) -> tuple[str, ...]:
    """A label's content words: jieba's words of its Chinese, joining words aside."""
    skip = _words().function | ZH_STOPWORDS
    text = norm(shown_label(label)).replace(" ", "")
    return tuple(dict.fromkeys(w for w in words(text) if HAN_RE.search(w) and w not in skip))


@dataclass(frozen=True)
class _Named:
    label: str  # as printed
    start: int  # where the question says its first word
    end: int
    said: int  # characters of the question its words say


def named_rows(question: str, labels: Sequence[str]) -> list[_Named]:
    """The Chinese rows the question names by their words, in the question's order, each
    stretch of the question once (the label saying most of it first)."""
    q = norm(question).replace(" ", "")
    found: list[_Named] = []
    for label in dict.fromkeys(labels):
        ws = _content(label) if HAN_RE.search(label) else ()
        if not ws or not all(w in q for w in ws):
            continue
        whole = norm(shown_label(label)).replace(" ", "")
        said = sum(len(w) for w in ws)
        if whole not in q and (len(ws) < 2 or said < MIN_WORDED):
            continue  # scattered words of a short label say too little ("其他")
        at = [q.find(w) for w in ws]
        end = max(a + len(w) for a, w in zip(at, ws, strict=True))
        found.append(_Named(label, min(at), end, said))
    out: list[_Named] = []
    for n in sorted(found, key=lambda n: (-n.said, len(n.label))):
        if not any(n.start < o.end and o.start < n.end for o in out):
            out.append(n)
    return sorted(out, key=lambda n: n.start)


def prior_asked(question: str) -> bool:
    """Does the question ask the earlier column's figure (年初未分配利润, 上年同期…), not
    compare with it (比年初减少了多少)?"""
    q = _TO_DATE.sub(" ", norm(question).replace(" ", ""))
    return any(m.group("base") is None for m in _words().prior.finditer(q))


def led(question: str) -> bool:
    """Does the question ask an item's row for what the item's own lookup does not lead
    with: its earlier period's figure, or the parent company's figure? (An item's change
    is the cells method's, worked with its printed rate and its periods' lengths.)"""
    if parse(question).operation != "lookup":
        return False
    return prior_asked(question) or bool(_PARENT.search(question))


def _title(g: Grid) -> str:
    """The table's title: its header's and section's (``head_of``) and the lines printed
    right above its header (a passage may hold the group's table and then the parent's)."""
    lines = g.passage.text[: g.rows[0].start if g.rows else 0].splitlines()
    while lines and (not lines[-1].strip() or lines[-1].lstrip().startswith("|")):
        lines.pop()  # the header's rows
    above: list[str] = []
    while lines and not lines[-1].lstrip().startswith("|"):
        above.insert(0, lines.pop())
    return "\n".join([head_of(g), *above])


def _parent(g: Grid) -> bool:
    return bool(_PARENT.search(_title(g)))


def _statement(g: Grid) -> bool:
    return any(p.search(_title(g)) for p in TITLED.values())


def _periods(g: Grid, row: Row) -> tuple[int | None, int | None]:
    """The row's current and earlier period columns: by their years, or for a report not
    dated by its cover by their words (本期 before 上期, 期末 before 期初); either None
    when the table has no such column."""
    cols = [i for i, c in enumerate(g.columns) if i < len(row.values)]
    cols = [i for i in cols if not _NOT_PERIOD.search(g.columns[i].text)]
    dated = [i for i in cols if g.columns[i].year is not None]
    if dated:
        now = max(dated, key=lambda i: g.columns[i].year or 0)
        year, months = g.columns[now].year or 0, g.columns[now].months
        if sum(1 for i in dated if g.columns[i].year == year) > 1:
            return None, None  # the quarter beside the year to date: which is asked is not told
        earlier = [i for i in dated if (g.columns[i].year or 0) < year]
        return now, next((i for i in earlier if g.columns[i].months == months), None)
    texts = [(i, g.columns[i].text) for i in cols]
    now_at = next((i for i, t in texts if CURRENT.search(t) and not PRIOR.search(t)), None)
    before = next((i for i, t in texts if PRIOR.search(t) and not CURRENT.search(t)), None)
    return (now_at, before) if now_at is not None else (None, None)


def _cell(g: Grid, row: Row, col: int | None) -> Cell | None:
    if col is None or row.values[col] is None:
        return None
    c, p, raw = g.columns[col], g.passage, row.raws[col]
    value = row.values[col] or 0.0
    return Cell("", row.label, value, raw, c.year, c.text, p.chunk_id, p.page, g.unit(row))


def _rows(
    named: Callable[[str], bool], tables: Sequence[Grid], parent: bool
) -> list[tuple[Grid, Row]]:
    """The rows ``named`` (by their label) each table prints under its periods, the
    company asked's statement first (the group's unless the question asks the parent
    company's), a statement before a note's table."""
    rows = [(g, r) for g in tables for r in g.rows if HAN_RE.search(r.label) and named(r.label)]
    rows = [(g, r) for g, r in rows if _periods(g, r)[0] is not None]
    return sorted(rows, key=lambda gr: _order(gr[0], parent))


def _order(g: Grid, parent: bool) -> tuple[bool, bool, int]:
    return _parent(g) != parent, not _statement(g), g.passage.rank or 99


def _said(c: Cell) -> Said:
    return Said(with_label_unit(zh_value(c.value, c.scale, "", c.raw), c), c.value, c.period)


def _subtrahend(c: Cell) -> str:
    """A figure taken away as printed, a negative one in brackets (never "a − −b")."""
    shown = printed(c.value, c.raw)
    return f"({shown})" if c.value < 0 else shown


def _worked(now: Cell, before: Cell) -> str:
    """The amount of a change at a reader's scale with its working, larger less smaller
    ("62.02万元（减少额 = 3,022,542.03 − 2,402,389.91 = 620,152.12元）"): the reflection
    recomputes the working, and the scaled sum is its result restated."""
    big, small = (now, before) if now.value > before.value else (before, now)
    diff = round(big.value - small.value, 2)
    working = f"{printed(big.value, big.raw)} − {_subtrahend(small)} = {diff:,.2f}{now.scale}"
    named = "增加额" if big is now else "减少额"
    return f"{zh_amount(diff, now.scale, f'{diff:,.2f}').split('（')[0]}（{named} = {working}）"


def worded_answer(
    question: str, tables: Sequence[Grid], item: LineItem | None = None
) -> FigureAnswer | None:
    """The answer from the Chinese row the question names: the ``item``'s rows, else the
    row it names by its words; one row's figure or change, or one row as a share of
    another. None when it names none (or more than a share names), or no table prints the
    row under its periods."""
    parent = bool(_PARENT.search(question))
    op = parse(question).operation
    if op == "share":
        named = named_rows(question, [r.label for g in tables for r in g.rows])
        return _share(question, named, tables, parent) if len(named) == 2 else None
    if op not in ("lookup", "change", "growth"):
        return None
    if item is not None:
        rows = _rows(lambda label: row_match(label, item) >= MIN_ROW_MATCH, tables, parent)
    else:
        named = named_rows(question, [r.label for g in tables for r in g.rows])
        key = _key(named[0].label) if len(named) == 1 else ""
        rows = _rows(_keyed(named[0].label), tables, parent) if key else []
    if not rows:
        return None
    g, row = rows[0]
    now_col, before_col = _periods(g, row)
    now, before = _cell(g, row, now_col), _cell(g, row, before_col)
    label = label_unit(shown_label(row.label))[0]
    label = f"母公司{label}" if parent and _parent(g) else label
    if op == "lookup":
        return _lookup(label, now, before, prior_asked(question), tables)
    if now is None or before is None:
        return None
    return _change(label, now, before, asks_rate(question), tables)


def _keyed(label: str) -> Callable[[str], bool]:
    """Is a label the same row's as ``label``?"""
    key = _key(label)
    return lambda other: _key(other) == key


def _key(label: str) -> str:
    """A row's label as its item's name: "一、营业收入", "营业收入（元）" are one row's."""
    return norm(shown_label(label)).replace(" ", "")


def _lookup(
    label: str, now: Cell | None, before: Cell | None, prior: bool, tables: Sequence[Grid]
) -> FigureAnswer | None:
    """ "本期支付的各项税费为84.82万元（…），较上期的…增长3.63%。"; the earlier period's
    first when it is the one asked ("期初未分配利润为…，期末为…")."""
    if prior:
        if before is None:
            return None
        line = f"{zh_period(before.period)}{label}为{_said(before).shown}"
        if now is not None:
            line += f"，{zh_period(now.period)}为{_said(now).shown}"
        cells = [c for c in (before, now) if c is not None]
        return FigureAnswer([f"{line} {ids(cells)}。"], cells=cells)
    if now is None:
        return None
    change, cited = None, [now]
    if before is not None:
        change, printed = _rate(now, before, tables)
        cited += [before, *printed]
    return FigureAnswer(
        [zh_sentence(label, _said(now), _said(before) if before else None, change, ids(cited))],
        cells=[c for c in (now, before) if c is not None],
    )


def _rate(now: Cell, before: Cell, tables: Sequence[Grid]) -> tuple[float | None, list[Cell]]:
    """The change in percent, as printed beside the figures when a table prints it (its
    cell to cite), else worked over the earlier figure's size."""
    worked = worked_rate(now.value, before.value)
    if worked is None:
        return None, []
    found = printed_rate(tables, before, now, worked)
    if found is None:
        return worked, []
    cell = Cell("", found.label, worked, found.raw, now.year, found.head, found.chunk_id, 0)
    return rate(now.value, before.value, found.raw), [cell]


def _change(
    label: str, now: Cell, before: Cell, by_rate: bool, tables: Sequence[Grid]
) -> FigureAnswer:
    """The change asked first, by amount ("应付职工薪酬期末较期初减少62.02万元（…），由…降至
    …，下降20.52%") or by rate, then the two figures it is worked from."""
    then, at = zh_period(before.period), zh_period(now.period)
    diff = round(now.value - before.value, 2)
    if diff == 0:
        line = f"{label}{at}与{then}持平，均为{_said(now).shown}"
        return FigureAnswer([f"{line} {ids([now, before])}。"], cells=[now, before])
    up = diff > 0
    pct, printed = _rate(now, before, tables)
    amount = f"{'增加' if up else '减少'}{_worked(now, before)}"
    moved = f"{'增长' if up else '下降'}{abs(pct):,.2f}%" if pct is not None else ""
    lead, side = (moved, amount) if by_rate and moved else (amount, moved)
    line = f"{label}{at}较{then}{lead}"
    line += f"，由{_said(before).shown}{'增至' if up else '降至'}{_said(now).shown}"
    line += f"，{side}" if side else ""
    cells = [now, before]
    computed = []
    if pct is not None and not printed:
        name = f"{label}变动率"
        computed = [Computed(name, pct, "growth", True, operands=(before.value, now.value))]
    return FigureAnswer([f"{line} {ids([*cells, *printed])}。"], cells=cells, computed=computed)


def _share(
    question: str, named: list[_Named], tables: Sequence[Grid], parent: bool
) -> FigureAnswer | None:
    """The first row named as a share of the second (A占B的比例), both read from one
    table's column, or from one statement's two chunks under the same column heading."""
    q = norm(question).replace(" ", "")
    at = _words().share.search(q)
    if at is None or not named[0].end <= at.start() < named[1].start:
        return None
    part_rows, whole_rows = (_rows(_keyed(n.label), tables, parent) for n in named)
    if not part_rows or not whole_rows:
        return None
    (pg, pr), (wg, wr) = part_rows[0], whole_rows[0]
    col = 1 if prior_asked(question) else 0
    part = _cell(pg, pr, _periods(pg, pr)[col])
    whole = _cell(wg, wr, _periods(wg, wr)[col])
    if part is None or whole is None or whole.value == 0 or part.period != whole.period:
        return None
    share = part.value / whole.value * 100
    plabel, wlabel = (label_unit(shown_label(c.label))[0] for c in (part, whole))
    name = f"{plabel}占{wlabel}的比例"
    working = f"{plabel} {number(part.value)} ÷ {wlabel} {number(whole.value)}"
    line = f"{zh_period(part.period)}{name}为{share:.2f}%（{working}） {ids([part, whole])}。"
    check = Computed(name, share, "ratio", True, True, bound="share")
    return FigureAnswer([line], cells=[part, whole], computed=[check])


def asked_row(ask: Ask | None, question: str, tables: Sequence[Grid]) -> FigureAnswer | None:
    """The answer ``worded_answer`` gives a Chinese question: a row no item names, one row
    as a share of another, and an item's row asked for its change, its earlier figure or
    the parent company's (the item's own lookup leads with its latest figure)."""
    if ask is None or parse(question).operation == "share":
        return worded_answer(question, tables)
    named = ask.formula.id if ask.single and isinstance(ask.formula, ast.Name) else ""
    item = vocabulary().items.get(named)
    if item is None or not led(question):
        return None
    return worded_answer(question, tables, item)
