"""One row as a share of a line item, where the row is no item of the vocabulary: "What
were fulfillment costs as a percentage of net sales?", "How large were sales and marketing
expenses relative to total revenue?". The row is the one the question names by its own
label (``items.named_row_label``), the whole the item named after "as a percent of" /
"relative to"; both are read from one table's column for the year asked (a statement
prints both, in one unit), and the share is worked and cited like any metric's."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent import prompts
from agent.figures.candidate import FigureAnswer
from agent.figures.cell_scales import rescaled
from agent.figures.formula import Cell, mid_sentence
from agent.figures.grid import SCALES, Grid, Row
from agent.figures.items import (
    MIN_ROW_MATCH,
    asked_items,
    named_row_label,
    norm,
    row_match,
    shown_label,
)
from agent.figures.items import years as asked_years
from agent.figures.move_verdicts import opened
from agent.figures.numerals import number
from agent.figures.render import decimals, ids
from agent.figures.statements import table_fit
from agent.figures.verify import Computed
from agent.question.asked_move import direction
from pipeline.text.finance import LineItem, vocabulary

# "A as a percent(age) / share / proportion of B", "A's share of B" (the normalised
# question, where "as a % of" reads "as a of"), "A relative to B", "A in relation to B"
_SHARE_OF = (
    r" as an? (?:(?:percent(?:age)?|share|proportion|fraction|ratio) )?of |"
    r"(?:'s|’s) (?:percent(?:age)?|share|proportion|fraction) of "
)
_OF = re.compile(rf"{_SHARE_OF}| (?:relative to|in relation to|compared to|against) ")
_SHARE = re.compile(_SHARE_OF)
# at most the words between "as a percent of" and the whole's name ("the total", "its",
# the company's: "adobe's total revenue", "adbe total revenue")
_LEAD_WORDS = 2


def row_share(question: str, tables: Sequence[Grid], lang: prompts.Lang) -> FigureAnswer | None:
    """The named row's share of the item after "as a percent of", for the last year the
    question names, or its move between the two years a yes or no on a move names ("Did
    SG&A as a percent of sales rise in FY23 vs FY22?"); None when it asks no such share,
    names no row of its own, or no table prints both in one column of the years."""
    asked = _share_asked(question, tables)
    ys = asked_years(question)
    if asked is None or not ys or lang != "en":
        return None
    label, whole = asked
    now = _found(tables, label, whole, max(ys))
    if now is None:
        return None
    if min(ys) == max(ys) or not direction(question):
        return _answer(now[0], now[1], max(ys), question)
    before = _found(tables, label, whole, min(ys))
    if before is None:
        return None
    return _moved(question, (before[1], now[1]), (min(ys), max(ys)))


def share_asked(question: str) -> bool:
    """Does the question ask a part as a share of an item ("SM&A as a percent of sales",
    "Digital Media's share of total revenue"): a share's move is no row's change."""
    m = _SHARE.search(norm(question))
    return m is not None and _whole(norm(question), m) is not None


def _share_asked(question: str, tables: Sequence[Grid]) -> tuple[str, LineItem] | None:
    """The part's row label and the whole's item, or None."""
    q = norm(question)
    m = _OF.search(q)
    if m is None:
        return None
    whole = _whole(q, m)
    labels = [r.label for g in tables for r in g.rows]
    label = named_row_label(q[: m.start()], labels) or _longer_label(q[: m.start()], labels)
    if whole is None or not label:
        return None
    return label, whole


def _whole(q: str, m: re.Match[str]) -> LineItem | None:
    """The item named right after the share's "of" (a few words, "the", "its" or the
    company's name, may come first)."""
    for a in asked_items(q):
        if a.start >= m.end() and len(q[m.end() : a.start].split()) <= _LEAD_WORDS:
            return a.item
    return None


def _found(
    tables: Sequence[Grid], label: str, whole: LineItem, year: int
) -> tuple[Grid, tuple[Cell, Cell]] | None:
    """The row's and the whole's cells of ``year``: one table holding both first."""
    ranked = sorted(tables, key=lambda g: (-table_fit(g, whole.statement), g.passage.rank or 99))
    for g in ranked:
        found = _pair(g, label, whole, year)
        if found is not None:
            return g, found
    for g in ranked:  # the row in one table, the whole in another (two chunks of one)
        found = _apart(g, ranked, label, whole, year)
        if found is not None:
            return g, found
    return None


def _apart(
    g: Grid, tables: Sequence[Grid], label: str, whole: LineItem, year: int
) -> tuple[Cell, Cell] | None:
    """The row's cell from ``g`` and the whole's from another table of the turn, in the
    whole's unit converted to the row's: a long statement is cut into chunks under one
    column header, so the row and the total it is a share of may sit in two of them
    ("Sales and marketing" below, "Total revenue" above), or the total only in a summary
    table in millions. The other chunks of ``g``'s own table are tried first."""
    col = next((i for i, y in enumerate(g.years()) if y == year), None)
    part = next((r for r in g.rows if r.label == label), None)
    if col is None or part is None:
        return None
    mine = _cell(g, part, col, year, "")
    heads = [c.text for c in g.columns]
    others = sorted(
        (h for h in tables if h is not g and h.passage.doc_id == g.passage.doc_id),
        key=lambda h: [c.text for c in h.columns] != heads or h.passage.page != g.passage.page,
    )
    for h in others:
        at = next((i for i, y in enumerate(h.years()) if y == year), None)
        best = max(((row_match(r.label, whole), r) for r in h.rows), key=lambda fr: fr[0])
        if at is None or best[0] < MIN_ROW_MATCH:
            continue
        total = _cell(h, best[1], at, year, whole.key)
        if mine is None or total is None or total.value == 0:
            continue
        if mine.scale != total.scale and not {mine.scale, total.scale} <= set(SCALES):
            continue
        return mine, rescaled(total, mine.scale)
    return None


def _longer_label(text: str, labels: list[str]) -> str:
    """The longest label named in ``text`` whose name holds an item's and says more
    ("sales and marketing" holds "sales"): a row of its own, not the item; "" for none."""
    names = {norm(n) for item in vocabulary().items.values() for n in item.names}
    found = ""
    for label in dict.fromkeys(labels):
        lab = norm(shown_label(label))
        if len(lab.split()) < 2 or lab in names or len(lab) <= len(norm(shown_label(found))):
            continue
        if re.search(rf"(?<!\w){re.escape(lab)}(?!\w)", text):
            found = label
    return found


def _pair(g: Grid, label: str, whole: LineItem, year: int) -> tuple[Cell, Cell] | None:
    """The row's and the whole's cells in the table's column of ``year``, or None."""
    col = next((i for i, y in enumerate(g.years()) if y == year), None)
    part = next((r for r in g.rows if r.label == label), None)
    rows = [(row_match(r.label, whole), r) for r in g.rows]
    best = max(rows, key=lambda fr: fr[0], default=(0.0, None))
    if col is None or part is None or best[1] is None or best[0] < MIN_ROW_MATCH:
        return None
    cells = [_cell(g, r, col, year, key) for r, key in ((part, ""), (best[1], whole.key))]
    if cells[0] is None or cells[1] is None or cells[1].value == 0:
        return None
    return cells[0], cells[1]


def _cell(g: Grid, r: Row, col: int, year: int, key: str) -> Cell | None:
    if col >= len(r.values) or r.values[col] is None:
        return None
    value = abs(float(r.values[col] or 0.0))  # an expense printed in brackets is a cost
    p = g.passage
    period = g.columns[col].text
    return Cell(key, r.label, value, r.raws[col], year, period, p.chunk_id, p.page, g.unit(r))


def _answer(g: Grid, cells: tuple[Cell, Cell], year: int, question: str) -> FigureAnswer:
    part, whole = cells
    line, check = _worked(cells, year, question)
    return FigureAnswer([line], cells=[part, whole], computed=[check])


def _worked(cells: tuple[Cell, Cell], year: int, question: str) -> tuple[str, Computed]:
    """The share's working line for ``year``, and its check."""
    part, whole = cells
    share = part.value / whole.value * 100
    digits = decimals(question, 1)
    working = f"{mid_sentence(part.label)} {_shown(part)} ÷ {mid_sentence(whole.label)} "
    working += _shown(whole)
    name = _name(cells)
    line = f"{name} FY{year} = {working} = {share:.{digits}f}% {ids([part, whole])}."
    return line, Computed(name, share, "ratio", True, True, bound="share")


def _name(cells: tuple[Cell, Cell]) -> str:
    name = f"{mid_sentence(cells[0].label)} as a share of {mid_sentence(cells[1].label)}"
    return name[:1].upper() + name[1:]


def _moved(
    question: str, both: tuple[tuple[Cell, Cell], tuple[Cell, Cell]], ys: tuple[int, int]
) -> FigureAnswer:
    """The share in each year, said as one move ("… rose from 25.9% in FY2022 to 26.1% in
    FY2023 (+0.2 percentage points)") opened by the yes or no the two shares decide, with
    each year's working after it."""
    worked = [_worked(cells, year, question) for cells, year in zip(both, ys, strict=True)]
    a, b = (w[1].value for w in worked)
    digits = decimals(question, 1)
    went = "rose" if b > a else "fell" if b < a else "was unchanged"
    points = f" ({b - a:+.{digits}f} percentage points)".replace("-", "−") if b != a else ""
    head = (
        f"{_name(both[1])} {went} from {a:.{digits}f}% in FY{ys[0]} to {b:.{digits}f}% "
        f"in FY{ys[1]}{points} {ids([*both[0], *both[1]])}."
    )
    lines = opened([head], question, a, b, "en") + [w[0] for w in reversed(worked)]
    cells = [*both[1], *both[0]]
    return FigureAnswer(lines, cells=cells, computed=[w[1] for w in worked])


def _shown(cell: Cell) -> str:
    """A cell as printed, or its value when converted to the other's unit (5,854.4
    millions beside thousands is 5,854,400)."""
    digits = re.sub(r"[^\d.]", "", cell.raw)
    printed = bool(digits) and digits.count(".") <= 1 and float(digits) == abs(cell.value)
    return cell.raw.strip("()$ ") if printed else number(cell.value)
