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
from agent.figures.numerals import number
from agent.figures.render import decimals, ids
from agent.figures.statements import table_fit
from agent.figures.verify import Computed
from pipeline.text.finance import LineItem, vocabulary

# "A as a percent(age) / share / proportion of B", "A relative to B", "A in relation to B"
# (the normalised question, where "as a % of" reads "as a of")
_OF = re.compile(
    r" as an? (?:(?:percent(?:age)?|share|proportion|fraction|ratio) )?of |"
    r" (?:relative to|in relation to|compared to|against) "
)
# what may stand between "as a percent of" and the whole's name ("the total", "its")
_LEAD = re.compile(r"(?:the |its |their )?")


def row_share(question: str, tables: Sequence[Grid], lang: prompts.Lang) -> FigureAnswer | None:
    """The named row's share of the item after "as a percent of", for the last year the
    question names; None when it asks no such share, names no row of its own, or no
    table prints both in one column of that year."""
    q = norm(question)
    m = _OF.search(q)
    ys = asked_years(question)
    if m is None or not ys or lang != "en":
        return None
    lead = _LEAD.match(q, m.end())
    start = lead.end() if lead else m.end()
    whole = next((a.item for a in asked_items(q) if a.start == start), None)
    labels = [r.label for g in tables for r in g.rows]
    label = named_row_label(q[: m.start()], labels) or _longer_label(q[: m.start()], labels)
    if whole is None or not label:
        return None
    year = max(ys)
    ranked = sorted(tables, key=lambda g: (-table_fit(g, whole.statement), g.passage.rank or 99))
    for g in ranked:
        found = _pair(g, label, whole, year)
        if found is not None:
            return _answer(g, found, year, question)
    for g in ranked:  # the row in one table, the whole in another (two chunks of one)
        found = _apart(g, ranked, label, whole, year)
        if found is not None:
            return _answer(g, found, year, question)
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
    share = part.value / whole.value * 100
    digits = decimals(question, 1)
    name = f"{mid_sentence(part.label)} as a share of {mid_sentence(whole.label)}"
    name = name[:1].upper() + name[1:]
    working = f"{mid_sentence(part.label)} {_shown(part)} ÷ {mid_sentence(whole.label)} "
    working += _shown(whole)
    line = f"{name} FY{year} = {working} = {share:.{digits}f}% {ids([part, whole])}."
    check = Computed(name, share, "ratio", True, True, bound="share")
    return FigureAnswer([line], cells=[part, whole], computed=[check])


def _shown(cell: Cell) -> str:
    """A cell as printed, or its value when converted to the other's unit (5,854.4
    millions beside thousands is 5,854,400)."""
    digits = re.sub(r"[^\d.]", "", cell.raw)
    printed = bool(digits) and digits.count(".") <= 1 and float(digits) == abs(cell.value)
    return cell.raw.strip("()$ ") if printed else number(cell.value)
