"""Finding a line item's cell for a year among the tables of this turn's passages."""

from __future__ import annotations

from agent.figures.basis import adjusted_unasked, framed_fit
from agent.figures.formula import Cell, MissingFigure
from agent.figures.grand_total import grand_total
from agent.figures.grid import (
    CURRENT,
    PRIOR,
    SCALES,
    Grid,
    Row,
)
from agent.figures.headed import read_as
from agent.figures.items import MIN_ROW_MATCH, asked_qualifier, qualified, row_match
from agent.figures.named_in_full import ASKED_PART, NAMED_IN_FULL, named_in_full, worded
from agent.figures.outflows import as_amount
from agent.figures.partitions import parts_rows
from agent.figures.parts import (
    NO_PARTS,
    PartMissing,
    Parts,
    measure_column,
    part_score,
)
from agent.figures.periods import other_length_column
from agent.figures.row_context import asked_part_row, chunk_before, row_fit
from agent.figures.statements import (
    TITLED,
    head_of,
    in_exhibit,
    is_statement,
    one_part,
    primary,
    statement_fit,
    table_fit,
    title_words,
    titled,
)
from agent.figures.whole_column import whole_column
from agent.scope import stem
from pipeline.text.finance import vocabulary
from pipeline.text.script import HAN_RE

Key = tuple[float, int, float, int]  # fit, title words the question uses, size, −rank
PartKey = tuple[
    float, float, int, int, float, int
]  # part's words, qualifiers, −exhibit, sure, fit, size
PRIMARY_BONUS = 0.05  # the group's primary statement over a part's (statements.py)
PART_YEAR_PENALTY = 0.4  # the length asked before the statement (its bonus 0.35 at most)
PART_TABLE = 0.3  # the whole's figure is not read from a table titled by one part
QUALIFIED = 0.2  # a row saying the qualifier the question puts after the item's name
AGREED, FRAMED = 0.1, 0.01  # per qualifier agreeing (or not); the heading's share of the words
# above every statement's bonus: the question's own language decides between documents
OWN_LANGUAGE_BONUS = 1.0


def prior_column(grid: Grid, col: int) -> int | None:
    """The column of the period before ``col``'s when the table names its periods only
    as 本期 / 上年同期 (undated: no report year in the turn); None otherwise."""
    now = grid.columns[col].text
    if grid.columns[col].year is not None or not CURRENT.search(now) or PRIOR.search(now):
        return None
    for i, c in enumerate(grid.columns):
        if c.year is None and PRIOR.search(c.text) and not CURRENT.search(c.text):
            return i
    return None


# A label naming both signs of its figures: "Provision/(benefit)", "(Income)/deductions".


class Finder:
    """Looks cells up by line item and year, remembering what it could not find."""

    def __init__(
        self,
        tables: list[Grid],
        *,
        months: int | None = None,
        into: int | None = None,
        statements: frozenset[str] = frozenset(),
        asked: frozenset[str] = frozenset(),
        parts: Parts = NO_PARTS,
    ) -> None:
        self.tables = tables
        self.months = months  # the period length the question asks about (3 = a quarter)
        self.into = into  # how far into a fiscal year it ends (Q2: 6), read fiscal years by
        self.statements = statements  # statements the question tells to read
        self.asked = asked  # the question's words a table's title may share (a part named)
        self.parts = parts  # the part of the business asked of ("Comirnaty revenues")
        self.part_unsure = False  # a part's cell came from a row not naming the item
        self.weak: list[tuple[str, int | None]] = []  # cells read from another statement
        self.scores: list[Key] = []  # how surely each cell looked up is its item
        # the one scale each document's passages state, said for a table stating none
        self.doc_scales: dict[str, str] = {}
        self.question = ""  # the question, for the qualifier it puts after an item's name
        self.lang = ""  # the question's language ("zh", "en"): its own rows first

    def __call__(self, key: str, year: int | None) -> Cell:
        item = vocabulary().items[key]
        kind = item.statement
        if self.parts:
            return self._part_cell(key, year)
        best: tuple[Key, Cell, bool] | None = None
        tail, name = asked_qualifier(self.question, item)
        for g in self.tables:
            col = g.column_for(year, months=self.months, into=self.into)
            if col is None:
                continue
            col = measure_column(g, whole_column(g, col), item)
            bonus = self._fit(g, col, item.statement) - self._part_table(g)
            parts = parts_rows(g, item)
            for printed in g.rows:
                if printed.start in parts:
                    continue  # a segment's "Operating income" is not the company's
                s, r = read_as(g, printed, item, self.question)
                s = worded(self.question, s, r.label, item)
                if tail and s >= MIN_ROW_MATCH:  # "… attributable to Velmor" asked: that row
                    s += QUALIFIED * qualified(r.label, tail, name)
                if s >= MIN_ROW_MATCH and named_in_full(self.question, r.label, item):
                    s += NAMED_IN_FULL  # "depreciation expense" asked: that row
                found = self._asked_cell(g, col, printed, r, year) if s >= MIN_ROW_MATCH else None
                if found is None:
                    continue
                at, r, c, value = found
                # failing a title, the whole's figures are the largest (a titled
                # statement's second table, an adjusted one, is told by rank instead)
                by_title = item.statement in TITLED and titled(g, item.statement)
                size = 0.0 if by_title else abs(value) * SCALES.get(at.unit(r), 1.0)
                rank = -(g.passage.rank or 0)
                fit = s + bonus + self._own_language(r.label, s) + self._framed(g, printed)
                fit += ASKED_PART * (at is not g or r.start != printed.start)
                score = (round(fit, 6), len(self.asked & title_words(g)), size, rank)
                if best is None or score > best[0]:
                    # read from another statement, or not from the one the question names,
                    # or from a part's statement while the group's is in the turn (its
                    # row may be in a chunk of it not yet read: "Balance Sheets for
                    # Obligor Group" beside the "Consolidated Balance Sheets")
                    weak = (
                        bonus < 0
                        or (item.statement in self.statements and not is_statement(g, kind))
                        or (self._primary_here(kind) and not self.is_primary(g, kind))
                        or self._unstated(g, kind)
                        or adjusted_unasked(self.question, g.passage.text, r.start, r.label)
                    )
                    best = (score, self._cell(key, at, r, c, item.outflow), weak)
        if best is None or (best[2] and item.grand_total):
            # no row names it, or only one of another statement's ("Total assets" of a
            # guarantor's balance sheet): the statement's own bare "Total" first
            self.scores += [best[0]] if best else []
            return self._grand_total(key, year, best[1] if best else None)
        if best[2]:
            self.weak.append((key, year))
        self.scores.append(best[0])
        return best[1]

    def _grand_total(self, key: str, year: int | None, other: Cell | None) -> Cell:
        """The item when it is its statement's grand total printed as a bare "Total" or
        with no label (``grand_total.py``); else the other statement's cell, weak, or it
        is missing."""
        item = vocabulary().items[key]
        found = None
        if item.grand_total:
            column = lambda g: g.column_for(year, months=self.months, into=self.into)  # noqa: E731
            found = grand_total(self.tables, item.statement, column)
        self.weak.append((key, year))  # the statement's named row may be in a chunk not read
        if found is not None:
            g, r, col = found
            return self._cell(key, g, r, col, item.outflow)
        if other is None:
            raise MissingFigure(key, year)
        return other

    def _part_cell(self, key: str, year: int | None) -> Cell:
        """The item's figure for the part asked ("STELARA" in a table of sales), from the
        row naming most of the part's words, in the best-fitting, best-ranked table."""
        item = vocabulary().items[key]
        best: tuple[PartKey, Cell] | None = None
        for g in self.tables:
            col = g.column_for(year, months=self.months, into=self.into)
            if col is None:
                continue
            col = measure_column(g, col, item)
            head = head_of(g)
            for r in g.rows:
                value = r.values[col] if col < len(r.values) else None
                fits = part_score(g, r, col, item, parts=self.parts, head=head)
                if value is None or fits is None:
                    continue
                fit = self._fit(g, col, item.statement)
                # a table totalling the item itself ("Total revenue"), not a kind of it
                # ("Total subscription revenue"), breaks a tie
                whole = any(row_match(x.label, item) >= MIN_ROW_MATCH for x in g.rows)
                sure = 2 * int(fits[1]) + int(whole)
                # the report's own table before an exhibit's (another entity's statement
                # naming the part and the item in one label: "Casino revenues" of an
                # affiliate against the group's "Casino" under "Revenues")
                own = -int(in_exhibit(g))
                # then, as for the whole (``__call__``), the largest figure: "U.S." of
                # the company, not of one segment
                size = abs(value) * SCALES.get(g.unit(r), 1.0)
                agree = row_fit(self.question, g.passage.text, r.start, r.label)[0]
                score = (fits[0], agree, own, sure, round(fit, 6), int(size))
                if best is None or score > best[0]:
                    best = (score, self._cell(key, g, r, col, item.outflow))
        if best is None:
            raise PartMissing(key, year, self.parts)
        if best[0][2] < 0 and self._primary_here(item.statement):
            # an exhibit's row while a chunk of the report's own statement is in the turn:
            # the part's row may be in a chunk of it not yet read
            self.weak.append((key, year))
        words, _, _, sure, fit, size = best[0]
        self.scores.append((words, sure, fit, size))
        # a row that names the part but not the item, in a table only titled by it
        self.part_unsure = self.part_unsure or sure < 2
        return best[1]

    def _asked_cell(
        self, g: Grid, col: int, printed: Row, r: Row, year: int | None
    ) -> tuple[Grid, Row, int, float] | None:
        """The grid, row, column and figure a matched row gives: its own, or its
        breakdown row's the question's qualifier asks (``_asked_part``); None when empty."""
        at: Grid = g
        c: int | None = col
        if self.question:
            at, r = self._asked_part(g, printed, r)
            c = col if at is g else at.column_for(year, months=self.months, into=self.into)
        value = r.values[c] if c is not None and c < len(r.values) else None
        return None if value is None or c is None else (at, r, c, value)

    def _asked_part(self, g: Grid, printed: Row, r: Row) -> tuple[Grid, Row]:
        """The total's row, or the row of its breakdown the question's qualifier asks
        ("domestic" income before taxes: the "Domestic" row above the total)."""
        found = asked_part_row(self.question, g, printed, chunk_before(self.tables, g))
        return found if found is not None else (g, r)

    def _framed(self, g: Grid, r: Row) -> float:
        """What a row's qualifiers, heading and basis add to its fit (``basis.framed_fit``)."""
        return framed_fit(
            self.question, g.passage.text, r.start, r.label, agreed=AGREED, framed=FRAMED
        )

    def _part_table(self, g: Grid) -> float:
        """A penalty for a table titled by one part of the business the question does not
        name ("International Segment Performance Summary"): its figures are the part's."""
        part = one_part(g)
        return PART_TABLE if part and stem(part) not in self.asked else 0.0

    def _own_language(self, label: str, match: float) -> float:
        """A row naming the item exactly in the question's language, among documents of
        several: a Chinese question is answered from the Chinese report's own row, not a
        translated match in an English filing beside it."""
        if not self.lang or match < 1.0 or len({g.passage.doc_id for g in self.tables}) < 2:
            return 0.0
        return OWN_LANGUAGE_BONUS if (self.lang == "zh") == bool(HAN_RE.search(label)) else 0.0

    @staticmethod
    def is_primary(g: Grid, kind: str) -> bool:
        """Is the table the group's own statement of this kind (its primary one)? An
        exhibit's "Consolidated Statements of Operations" is another entity's."""
        return kind in TITLED and titled(g, kind) and primary(head_of(g)) and not in_exhibit(g)

    def _unstated(self, g: Grid, kind: str) -> bool:
        """Is the cell's table none of the item's statement while no table of the turn is
        one? A note's or a division's table ("Cost of sales | 29" of one charge) may hold
        the row: the statement is searched for before its figure is trusted."""
        if kind not in TITLED or is_statement(g, kind):
            return False
        return not any(is_statement(t, kind) for t in self.tables)

    def _primary_here(self, kind: str) -> bool:
        """Is the group's own statement of this kind among the turn's tables?"""
        return any(self.is_primary(g, kind) for g in self.tables)

    def _fit(self, g: Grid, col: int, kind: str) -> float:
        """The table's fit for an item of ``kind``: its statement's bonus (more for the
        primary, consolidated one), less for a column of another length than the period asked."""
        fit = table_fit(g, kind)
        if self.is_primary(g, kind):
            fit += PRIMARY_BONUS
        if other_length_column(self.months, g.columns[col], kind):
            fit -= PART_YEAR_PENALTY
        return fit

    def _cell(self, key: str, g: Grid, r: Row, col: int, outflow: bool) -> Cell:
        value = as_amount(r.values[col] or 0.0, r.label, outflow)
        return g.cell(r, col, item=key, value=value, years=g.years(self.into, self.months))

    def prior(self, cell: Cell) -> Cell | None:
        """The same row's figure for the period before, in a table that names its periods
        only as 本期 / 上年同期 (so no year tells them apart); None when there is none."""
        for g in self.tables:
            if g.passage.chunk_id != cell.chunk_id:
                continue
            col = next((i for i, c in enumerate(g.columns) if c.text == cell.period), None)
            before = prior_column(g, col) if col is not None else None
            if before is None:
                continue
            for r in g.rows:
                if (
                    r.label == cell.label
                    and before < len(r.values)
                    and r.values[before] is not None
                ):
                    return self._cell(
                        cell.item, g, r, before, vocabulary().items[cell.item].outflow
                    )
        return None

    def within(self, tables: list[Grid]) -> Finder:
        """The same lookups, in these tables only."""
        out = Finder(
            tables,
            months=self.months,
            into=self.into,
            statements=self.statements,
            asked=self.asked,
            parts=self.parts,
        )
        out.doc_scales, out.question, out.lang = self.doc_scales, self.question, self.lang
        return out

    def whole(self) -> Finder:
        """The same lookups for the company as a whole, no part asked."""
        out = Finder(self.tables, months=self.months, into=self.into, statements=self.statements)
        out.doc_scales, out.question, out.lang = self.doc_scales, self.question, self.lang
        return out

    def tables_by_statement(self) -> list[list[Grid]]:
        """The tables grouped by the statement they print: a statement's chunks on one
        page under one column header are one table."""
        out: dict[tuple[str, int, tuple[str, ...]], list[Grid]] = {}
        for g in self.tables:
            key = (g.passage.doc_id, g.passage.page, tuple(c.text for c in g.columns))
            out.setdefault(key, []).append(g)
        return list(out.values())

    def currency(self, chunk_id: str) -> str:
        return self.scale(chunk_id)[1]

    def statement_pages(self, key: str) -> list[int]:
        """Pages of the tables that are the item's statement, where its row should be: the
        statement's own pages first."""
        kind = vocabulary().items[key].statement
        # a statement with columns of the period asked (a quarter's) before another one
        other = [self.months is not None and not self._has_period(g) for g in self.tables]
        # the report's own statement before an exhibit's (``table_fit``)
        fits = [
            (other[i], -table_fit(g, kind), -statement_fit(g, kind), i, g.passage.page)
            for i, g in enumerate(self.tables)
        ]
        return list(dict.fromkeys(page for _, _, fit, _, page in sorted(fits) if fit < 0))

    def _has_period(self, g: Grid) -> bool:
        return any(c.months == self.months for c in g.columns)

    def scale(self, chunk_id: str) -> tuple[str, str]:
        for g in self.tables:
            if g.passage.chunk_id == chunk_id:
                return g.scale, g.currency
        return "", ""

    def neighbours(self, cell: Cell, n: int = 3) -> list[str]:
        """Labels of the rows next to a cell's row that have a figure for its year: what a
        reader of that statement would plausibly ask about next."""
        for g in self.tables:
            if g.passage.chunk_id != cell.chunk_id:
                continue
            at = next((i for i, r in enumerate(g.rows) if r.label == cell.label), None)
            col = g.column_for(cell.year, months=self.months, into=self.into)
            if at is None or col is None:
                return []
            near = sorted(range(len(g.rows)), key=lambda i: (abs(i - at), i))[1:]
            labels = [
                g.rows[i].label
                for i in near
                if col < len(g.rows[i].values) and g.rows[i].values[col] is not None
            ]
            return [x for x in labels if 3 <= len(x) <= 60 and x != cell.label][:n]
        return []
