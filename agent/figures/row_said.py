"""A table row chosen as the answer, said as a person says it: one sentence with the
figure, its unit and scale, its period, and the period before when the table gives it.

"Current portion of long-term debt was $5,247 million at June 30, 2023, up from $2,749
million a year earlier [1]." and "2023年营业收入为12.35亿元（123,456.78万元），2022年为
10.00亿元（100,000.00万元） [1]。" The scale is the table's ("(In millions)", "单位：万元"),
the periods its column headers, read with the table's title ("June 30" above "2023 |
2022"); the row's figures stay as printed, so the quote the citation marks is the row.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from agent import prompts
from agent.evidence import Passage
from agent.figures.column_choice import asked_column, group_said, same_group
from agent.figures.en_said import en_label, en_value
from agent.figures.formula import Cell
from agent.figures.grid import (
    CURRENT,
    MONTH_DAY,
    PRIOR,
    SCALES,
    Column,
    Grid,
    Row,
)
from agent.figures.items import named_item, shown_label
from agent.figures.move_verdicts import opened
from agent.figures.numerals import ZH_UNITS, zh_amount
from agent.figures.period_tables import length_fit
from agent.figures.periods import zh_period_said
from agent.figures.printed_rates import printed_rate
from agent.figures.render import copula, in_scale, number, scale_word
from agent.figures.report_said import Said, en_sentence, rate, worked_rate, zh_sentence
from agent.figures.row_context import row_fit
from agent.figures.statements import table_fit
from agent.figures.tables import read_grids
from agent.figures.zh_said import label_unit, with_label_unit, zh_value
from agent.question.units import asked_scale
from pipeline.text import lexicon
from pipeline.text.lang import script_language
from pipeline.text.normalise import no_spaces, single_spaces
from pipeline.text.script import HAN_RE

_ENDED = re.compile(r"\b(?:(three|six|nine|twelve) months|years?|quarters?) ended\b", re.I)
_BALANCE = re.compile(r"balance sheets?|financial position|\bas of\b|资产负债表", re.I)
_PART = (3, 6, 9)
# a column that is no period of its own: a change between two, a share of a total
_NOT_PERIOD = lexicon.pattern("change_words.not_period_columns", template="%|{}", flags=re.I)


def row_said(
    passage: Passage,
    span: tuple[int, int],
    question: str,
    lang: prompts.Lang,
    *,
    scale: str = "",
) -> str | None:
    """The sentence for the row at ``span`` of the passage, or None when the passage's
    table does not date its figures (the row is then read as printed)."""
    start, end = span
    for g in _grids(passage.chunk_id, passage.text, passage.columns, passage.section):
        row = next((r for r in g.rows if r.start < end and start < r.end), None)
        if row is None:
            continue
        doc_lang = "zh" if script_language(row.label) == "zh" else "en"
        if doc_lang not in {lang, "zh"}:  # a Chinese report's row: either language
            return None
        return _said(g, row, question, lang, scale)
    return None


def named_row(
    question: str,
    tables: Sequence[Grid],
    label: str,
    statement: str,
    lang: prompts.Lang,
    *,
    scales: dict[str, str] | None = None,
) -> str | None:
    """The sentence for the row labelled ``label`` the question names, from the table
    best fitting the statement its item is in (the statement titled so first; any
    statement for a row no item names), then the best-ranked; None when no such row dates
    its figures. ``scales``: each document's one stated scale (``lookup.document_scales``)."""
    rows = [(g, r) for g in tables for r in g.rows if r.label == label]
    kinds = (statement,) if statement else ("income", "balance", "cash")  # any statement
    # among tables fitting alike, the row whose qualifiers and heading the question says
    # ("Less: Accumulated amortization" under the licence asked), then the row's largest
    # figures: the amount itself, not its share of sales, its growth or the part of it
    # another table breaks out (a chunk continuing a "Percent of net sales" block no
    # longer shows that heading)
    rows.sort(
        key=lambda gr: (
            -length_fit(gr[0], question),  # a table of the period length asked first
            -max(table_fit(gr[0], k) for k in kinds),
            tuple(-x for x in row_fit(question, gr[0].passage.text, gr[1].start, label)),
            -_size(*gr),
            gr[0].passage.rank or 99,
        )
    )
    for g, r in rows:
        # a table whose caption sat in another chunk: its document's one stated scale
        said = _said(g, r, question, lang, (scales or {}).get(g.passage.doc_id, ""))
        if said is not None:
            return said
    return None


def grid_row_said(
    g: Grid, row: Row, question: str, lang: prompts.Lang, scale: str = ""
) -> str | None:
    """The sentence for a row already chosen in its table (``described_rows``), or None
    when the table does not date its figures."""
    return _said(g, row, question, lang, scale)


def _size(g: Grid, r: Row) -> float:
    """The row's largest figure in units (its table's scale applied; a per-share or a
    percentage row counts as none)."""
    factor = SCALES.get(g.unit(r), 1.0) if g.unit(r) or not g.unscaled(r) else 0.0
    return max((abs(v) for v in r.values if v is not None), default=0.0) * factor


@lru_cache(maxsize=256)
def _grids(chunk_id: str, text: str, columns: str, section: str) -> tuple[Grid, ...]:
    """The passage's tables, read once per passage (the composer asks again each round)."""
    p = Passage(chunk_id=chunk_id, doc_id="", page=0, page_end=0, text=text)
    return tuple(read_grids(p.model_copy(update={"columns": columns, "section": section})))


def _said(g: Grid, row: Row, question: str, lang: prompts.Lang, scale: str) -> str | None:
    cols = [
        i
        for i, c in enumerate(g.columns)
        if i < len(row.values) and row.values[i] is not None and not _NOT_PERIOD.search(c.text)
    ]
    if not cols:
        return None
    # the column of the year, length and group asked ("Pension International 2022")
    lead, grouped = asked_column(g, cols, question)
    if _ambiguous(g, row, grouped=grouped):
        return None
    before = _before(g, same_group(g, cols, lead) if grouped else cols, lead)
    label = shown_label(row.label).rstrip(":： ")
    if not label:
        return None
    group = group_said(g.columns[lead].text) if grouped else ""
    label = f"{label} ({group})" if group else label
    if HAN_RE.search(label):  # a Chinese report's row (``report_said.py``)
        return _report_row(g, row, (lead, before), lang, _unit(g, row, scale))
    title = f"{g.passage.columns}\n{g.passage.section}\n{g.passage.text[: row.start]}"
    unit = _unit(g, row, scale)
    cid = g.passage.chunk_id
    percent = row.raws[lead].strip().endswith("%")
    now = _amount(row, lead, unit, g.currency, lang)
    if lang == "zh":
        said = f"{_zh_when(g.columns[lead])}{label}为{now}"
        if before is not None:
            then = _amount(row, before, unit, g.currency, lang)
            said += f"，{_zh_when(g.columns[before])}为{then}"
        return f"{said} [{cid}]。"
    if not percent:  # in the unit the question asks for too ("… ($302.58 million)")
        now += in_scale(row.values[lead] or 0.0, unit, asked_scale(question), g.currency == "$")
    said = f"{label} {copula(label)} {now} {_when(g.columns[lead], title)}"
    if before is not None:
        a, b = row.values[before], row.values[lead]
        assert a is not None and b is not None
        move = "up from" if b > a else "down from" if b < a else "unchanged from"
        then = _amount(row, before, unit, g.currency, lang)
        gap = (g.columns[lead].year or 0) - (g.columns[before].year or 0)
        now_col, then_col = g.columns[lead], g.columns[before]
        # "June 30, 2023" beside "December 31, 2022": half a year apart, said by its date
        same = now_col.months == then_col.months and _day(now_col) == _day(then_col)
        ago = "a year earlier" if gap == 1 and same else _when(g.columns[before], title)
        said += f", {move} {then} {ago}{_points(a, b) if percent else ''}"
        # "Did the tax rate rise?": the two figures said decide it, so the yes or no opens
        return opened([f"{said} [{cid}]."], question, a, b, lang)[0]
    return f"{said} [{cid}]."


def _points(then: float, now: float) -> str:
    """A percentage's move said as a reader says it, in points, not as a growth of the
    percentage: " (−22.6 percentage points)"."""
    diff = round(now - then, 1)
    return f" ({diff:+.1f} percentage points)".replace("-", "−") if diff else ""


def _report_row(
    g: Grid, row: Row, cols: tuple[int, int | None], lang: prompts.Lang, unit: str
) -> str:
    """A Chinese report's row as a person says it, in the question's language: the lead
    column's figure at a reader's scale, the one before and the change between them (the
    rate the row prints, else worked)."""
    lead, before = cols
    cells = [_cell(g, row, i, unit) for i in (lead, before) if i is not None]
    said = [Said(_shown(c, lang), c.value, c.period) for c in cells]
    now, then = said[0], said[1] if len(said) > 1 else None
    change = None
    if then is not None and not cells[0].raw.strip().endswith("%"):
        worked = worked_rate(now.value, then.value)
        printed = printed_rate([g], cells[1], cells[0], worked) if worked is not None else None
        change = rate(now.value, then.value, printed.raw if printed else "")
    ids = f"[{g.passage.chunk_id}]"
    if lang == "zh":
        return zh_sentence(label_unit(shown_label(row.label))[0], now, then, change, ids)
    named = en_label(cells[0], row.label, lead=True)
    return en_sentence(named, now, then, change, ids=ids, verb=copula(named))


def _cell(g: Grid, row: Row, col: int, unit: str) -> Cell:
    """The row's figure under ``col`` as a cell of the line item its label names ("" for a
    row no item names)."""
    c = g.columns[col]
    item = named_item(shown_label(row.label))
    value = row.values[col] or 0.0
    p = g.passage
    return Cell(item, row.label, value, row.raws[col], c.year, c.text, p.chunk_id, p.page, unit)


def _shown(c: Cell, lang: prompts.Lang) -> str:
    if lang == "zh":
        return with_label_unit(zh_value(c.value, c.scale, "", c.raw), c)
    return en_value(c, c.scale)


def _ambiguous(g: Grid, row: Row, *, grouped: bool = False) -> bool:
    """Columns that do not tell one period from another (two headed by the same year and
    length: segments or plans side by side, unless the question named the lead's group,
    ``grouped``; or a header read one cell off; more figures in
    the row than periods in the header), or a latest
    period whose figure is a printed dash (a nil the sentence would pass over)."""
    # a header repeated over a column this row leaves empty (a percentage's spacer) is
    # no second period of its figures
    # an undated column naming its period (本期发生额 beside 上期发生额) is a period of its own
    periods = [
        (c.year, c.months, c.text if c.year is None and _NAMED_PERIOD.search(c.text) else "")
        for i, c in enumerate(g.columns)
        if not _NOT_PERIOD.search(c.text) and i < len(row.values) and row.values[i] is not None
    ]
    if len(set(periods)) < len(periods) and not grouped:  # no group asked tells them apart
        return True
    line = g.passage.text[row.start : row.end]
    # the label's own digits ("Effective tax rate(1)", "Notes due 2028") are no figure; nor
    # is a change column's rate beside a row of amounts (its 增减%, no period of its own)
    rates = not any(r.strip().endswith("%") for r in row.raws)
    figures = [
        x
        for x in line.split("|")[2:]
        if re.search(r"\d", x) and not (rates and x.strip().endswith("%"))
    ]
    if len(figures) > len(g.columns):  # more figures than periods named: quarters, a total
        return True
    dated = [i for i, c in enumerate(g.columns) if c.year is not None and i < len(row.values)]
    if not dated:
        return False
    latest = max(dated, key=lambda i: g.columns[i].year or 0)
    return row.values[latest] is None and row.raws[latest].strip() in _DASHES


_DASHES = frozenset({"—", "–", "-", "−"})
_NAMED_PERIOD = re.compile(f"{CURRENT.pattern}|{PRIOR.pattern}")


def _before(g: Grid, cols: list[int], lead: int) -> int | None:
    """The column of the period a year before the lead's, of the same length; for an
    undated current period, the prior one (上年同期)."""
    now = g.columns[lead]
    if now.year is None:
        rest = [i for i in cols if i != lead and g.columns[i].year is None]
        return rest[0] if rest else None
    for i in cols:
        c = g.columns[i]
        if c.year == now.year - 1 and c.months == now.months:
            return i
    return None


def _amount(row: Row, col: int, unit: str, currency: str, lang: str) -> str:
    """A cell's figure as printed (its digits, "$2.80" never "$2.8"), signed, with its
    unit: "$5,247 million", "12.5%", "12.35亿元（123,456.78万元）"."""
    v = row.values[col] or 0.0
    raw = row.raws[col]
    m = _DIGITS.search(raw)
    digits = m.group(0) if m else number(abs(v))
    sign = "−" if v < 0 else ""
    if raw.strip().endswith("%"):
        return f"{sign}{digits}%"
    if lang == "zh":
        return zh_amount(v, unit, raw) if unit in ZH_UNITS else f"{sign}{digits}"
    money = currency == "$" and not _COUNTED.search(row.label)
    return f"{sign}{'$' if money else ''}{digits}{scale_word(unit, 'en')}"


# a row counting things, not money, in a table of dollars ("Effect of dilutive shares")
_COUNTED = lexicon.pattern("row_labels.counted", flags=re.I)
_DIGITS = re.compile(r"\d[\d,]*(?:\.\d+)?")
_CENTS = re.compile(r"\d\.\d\d(?!\d)")


def _unit(g: Grid, row: Row, stated: str) -> str:
    """The table's scale for the row's figures (failing its own, the one its document
    states elsewhere, ``stated``, for an amount in a currency); none for a per-share row
    its label does not name so ("Continuing operations | $3.79 | $2.33" under "Diluted
    earnings per share"): figures in cents beside whole ones in the table's other rows."""
    unit = g.unit(row) or ("" if g.unscaled(row) or not g.currency else stated)
    if not unit or not all(_CENTS.search(r) for r in row.raws if r.strip()):
        return unit
    others = [r for x in g.rows if x is not row for r in x.raws if re.search(r"\d", r)]
    whole = [r for r in others if not _CENTS.search(r)]
    return "" if whole and len(whole) >= len(others) / 2 else unit


def _when(c: Column, title: str) -> str:
    """When a column's figure is: "at June 30, 2023" for a balance sheet's date, "in the
    year ended June 30, 2023" for a flow over a period ending on one, "in 2023" when the
    table names only years."""
    text = single_spaces(c.text)
    dated = MONTH_DAY.search(text)
    named = list(MONTH_DAY.finditer(title))
    if dated is None and named and c.year is not None and c.months not in _PART:
        dated = named[-1]  # "June 30" over year columns
    if c.year is None:
        return f"({text})"
    if dated is None:  # a quarter as printed ("Q2 2023"), else the year
        return f"in {text}" if c.months in _PART else f"in {c.year}"
    day = dated.group(0).rstrip(",")
    ended = _ENDED.search(text) or _over(title)
    if ended:
        return f"in the {_ended(ended)} {day}, {c.year}"
    return f"in the year ended {day}, {c.year}" if c.months == 12 else f"at {day}, {c.year}"


def _over(title: str) -> re.Match[str] | None:
    """The last "Year(s) Ended" of a table's title, unless a balance sheet's title follows."""
    over = list(_ENDED.finditer(title))
    if not over or _BALANCE.search(title[over[-1].start() :]):
        return None
    return over[-1]


def _day(c: Column) -> str:
    """The month and day a column's header prints ("June 30"), or ""."""
    m = MONTH_DAY.search(c.text)
    return f"{m.group(1)} {m.group(2)}" if m else ""


def _ended(m: re.Match[str]) -> str:
    """ "Years Ended" → "year ended", "Three Months Ended" → "three months ended"."""
    said = m.group(0).lower()
    return re.sub(r"\byears\b", "year", re.sub(r"\bquarters\b", "quarter", said))


def _zh_when(c: Column) -> str:
    """A Chinese column's period as printed ("2023年12月31日", "本期"), or its year."""
    text = no_spaces(c.text)
    if c.year is not None and "年" not in text:
        return f"{c.year}年"
    return zh_period_said(text)
