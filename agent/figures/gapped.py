"""Tables in plain text: columns are runs of spaces ("Net sales   1,210   1,388"), named
by a line of years ("2015  2016  2017") with the dates and period lengths printed above
it ("December 31," / "Three Months Ended   Six Months Ended"). ``tables.read_grids`` reads
a passage so when it holds no Markdown table."""

from __future__ import annotations

from agent.evidence import Passage
from agent.figures.grid import (
    DATE,
    FIGURE,
    GAP,
    LABEL,
    LETTERS,
    MONTH_DAY,
    Column,
    Grid,
    Row,
    clean_label,
    figure,
)
from agent.figures.periods import months_of
from pipeline.text.periods import TABLE_YEAR_RE


def gapped_grid(p: Passage) -> Grid | None:
    """The passage as a table whose columns are runs of spaces under a line of years."""
    header = _plain_header(p.columns)
    lines = (header + "\n" if header else "") + p.text
    offset = -(len(header) + 1) if header else 0
    columns: list[Column] = []
    rows: list[Row] = []
    pos = offset
    before = ""
    for line in lines.split("\n"):
        start, pos = pos, pos + len(line) + 1
        years = TABLE_YEAR_RE.findall(line)
        if _period_line(line, years):
            dates = _dates(before, len(years))
            spans = _spans(before, len(years))
            columns = [
                Column(d + y, int(y), m) for d, y, m in zip(dates, years, spans, strict=True)
            ]
            continue
        before = line
        row = _gapped_row(line, start)
        if row is not None and start >= 0 and columns:
            rows.append(_fit(row, len(columns)))
    rows = [r for r in rows if r.values]
    return Grid(p, columns, rows) if columns and rows else None


def _plain_header(columns: str) -> str:
    """A header borrowed from the chunk before as plain text prints it: a Markdown header
    row ("| Balance Sheets | As of December 31, 2021 | As of December 31, 2020 |", the
    statement's first chunk a table, its continuation plain text) as its dates' line over
    its years' line."""
    out = []
    for line in columns.split("\n"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        dated = (
            [c for c in cells if TABLE_YEAR_RE.search(c)] if line.lstrip().startswith("|") else []
        )
        if not dated:
            out.append(line)
            continue
        out.append("  ".join(TABLE_YEAR_RE.sub("", c).strip(" ,") for c in dated))
        out.append("  ".join(TABLE_YEAR_RE.findall(c)[-1] for c in dated))
    return "\n".join(out)


def _period_line(line: str, years: list[str]) -> bool:
    """A line naming the columns: years and little else ("2015  2016  2017")."""
    if not years or len(line) >= 120 or len(years) < 0.6 * len(FIGURE.findall(line)):
        return False
    return len(years) >= 2 or not LETTERS.search(TABLE_YEAR_RE.sub("", line))


def _dates(line: str, n: int) -> list[str]:
    """The month and day each year column is dated by, from the line above the years
    ("December 31," over "2016  2017"; "December 2,  December 3," over two years)."""
    dates = [f"{m.group(1)} {m.group(2)}, " for m in MONTH_DAY.finditer(line)]
    if len(dates) == n:
        return dates
    if len(dates) == 1 and DATE.search(line):
        return dates * n
    return [""] * n


def _spans(line: str, n: int) -> list[int | None]:
    """The period of each of ``n`` year columns from the header above them ("Three Months
    Ended   Six Months Ended" over four years: two columns each)."""
    heads = [c for c in GAP.split(line.strip()) if c]
    found = [months_of(c) for c in heads]
    named = [m for m in found if m is not None]
    if not named or n % len(named):
        return [None] * n
    per = n // len(named)
    return [named[i // per] for i in range(n)]


def _gapped_row(line: str, start: int) -> Row | None:
    cells = GAP.split(line.strip())
    if len(cells) < 2 or not LABEL.search(cells[0]):
        return None
    label = clean_label(cells[0])
    rest = " ".join(cells[1:])
    raws = [m.group(0).strip() for m in FIGURE.finditer(rest)]
    raws = [r for r in raws if r not in ("$", "")]
    if not raws:
        return None
    return Row(label, tuple(figure(r) for r in raws), tuple(raws), start, start + len(line))


def _fit(row: Row, width: int) -> Row:
    """Figures beyond the columns (a "% change" between them) are dropped from the
    right reading: keep the row only when its figures match the columns."""
    if len(row.values) == width:
        return row
    plain = [(v, r) for v, r in zip(row.values, row.raws, strict=True) if not r.endswith("%")]
    if len(plain) == width:
        return Row(
            row.label, tuple(v for v, _ in plain), tuple(r for _, r in plain), row.start, row.end
        )
    return Row(row.label, (), (), row.start, row.end)
