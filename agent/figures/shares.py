"""A part's share of the company's figure: "What percentage of net sales came from
AWS?" is the part's cell over the whole's, both read from the turn's tables and cited."""

from __future__ import annotations

import ast

from agent.figures.asking import Ask
from agent.figures.cell_scales import rescaled
from agent.figures.formula import Cell
from agent.figures.grid import SCALES
from agent.figures.items import shown_label
from agent.figures.parts import item_word
from agent.figures.render import copula, decimals, ids, number, when
from agent.figures.verify import Computed
from agent.figures.working import Turn
from agent.figures.zh_said import zh_label


def share_of_whole(ask: Ask, turn: Turn, year: int | None) -> tuple[str, list[Cell]]:
    """The line giving the part's share of the whole's figure, and its two cells."""
    key = ask.formula.id if isinstance(ask.formula, ast.Name) else ""
    part = turn.finder(key, year)
    whole = turn.finder.whole()(part.item, year if year is not None else part.year)
    if not whole.value:
        raise ZeroDivisionError
    if part.scale != whole.scale and {part.scale, whole.scale} <= set(SCALES):
        # a segment table in millions, the statement in thousands: one unit before dividing
        whole = rescaled(whole, part.scale)
    share = f"{part.value / whole.value * 100:.{decimals(turn.question, 1)}f}%"
    named = item_word(turn.finder.parts, turn.question, part)
    label = f"{shown_label(part.label)} {named}".strip()
    working = f"{number(part.value)} ÷ {number(whole.value)} = {share.replace('-', '−')}"
    total = shown_label(whole.label)
    cells = [part, whole]
    if turn.lang == "zh":
        return (
            f"{zh_label(part, label)}占{zh_label(whole, total)}的比例 = {working} {ids(cells)}。",
            cells,
        )
    period = when(part, balance=False)
    low = total[:1].lower() + total[1:] if not total[:2].isupper() else total
    return f"{label} {copula(label)} {share} of {low} {period}: {working} {ids(cells)}.", cells


def share_check(cells: list[Cell]) -> Computed:
    """What the verifier checks of a part's share of its whole: a share above 100% is no
    part of that whole (a wrong row read for one of them), and is not said."""
    part, whole = cells
    return Computed("share", part.value / whole.value * 100, "ratio", percent=True, bound="share")
