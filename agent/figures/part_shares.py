"""A part's share of the whole its table adds it up into: "What share of AMZN's FY19 net
sales came from third-party seller services?", "What % of the liability was employee
costs?", "What share of total pharma sales did Stelara bring in?".

The part is the row the question names after the whole ("came from …", "was …"); its
whole is the total that table closes the part's list with (``part_totals``: the first row
below that adds the list up, whatever its label, or the sum of the rows a heading lists
when none is printed, said so in the working). Both are read from one column of the period
asked, so in one unit. A share outside 0–100% is no part of its total: the next table is
tried. The working is shown and cited:
"Third-party seller services as a share of consolidated (the total of the 6 rows listed) in
the year ended December 31, 2019 = 53,762 ÷ 280,522 = 19.2% [id]".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.figures.candidate import FigureAnswer
from agent.figures.formula import Cell, mid_sentence
from agent.figures.grid import Grid, Row
from agent.figures.items import norm, shown_label, years
from agent.figures.numerals import number
from agent.figures.part_totals import (
    PartTotal,
    grand_totals,
    listed_total,
    ordered_rows,
    printed_total,
)
from agent.figures.periods import into_year, months_of
from agent.figures.render import decimals
from agent.figures.verify import Computed
from agent.figures.versus import same_length
from agent.scope import stem
from pipeline.text.lexicon import pattern, words
from pipeline.text.periods import DATED_RE
from pipeline.text.script import has_han
from pipeline.text.totals import CONSOLIDATED_ROW

_ASKED = pattern("part_shares.asked", template=r"\bwhat\s+(?:{})\s+of\s+", flags=re.I)
_HOW_MUCH = re.compile(r"\bhow\s+much\s+of\s+", re.I)
# ("… as a %?": no word boundary after "%")
_AS_SHARE = re.compile(r"\bas\s+an?\s+(?:share|percent(?:age)?|%|proportion|fraction)(?!\w)", re.I)
_LINK = pattern("part_shares.links", template=r"\s+(?:{})\s+", flags=re.I, space=r"\s+")
_BROUGHT = pattern(
    "part_shares.brought", template=r"\s+(?:did|does|do)\s+(.+?)\s+(?:{})\b", flags=re.I
)
# words of a label that name no part ("and", "of"), and a prefix that names a longer word
# ("pharma" for "pharmaceutical")
_MINOR = frozenset({"and", "of", "the", "in", "for", "to", "a", "an", "other"})
_PREFIX = 5
_MIN_INITIALS = 2  # words of a label an initialism stands for


NOT_WHOLE = frozenset(stem(w) for w in words("part_shares.not_whole"))
# the owner's name before the whole ("Best Buy's", "AMZN's")
OWNER = re.compile(r"^(?:[A-Z][\w.&-]*\s+){0,3}?[\w.&-]+['’]s?\s+")
# the lines over a part's list that may head it ("MedTech (2)" over "U.S. / International")
_ABOVE = 300
MIN_QUERY = 2  # words of a search for the part's table: the part's and the whole's
# where a part's phrase goes on with the period ("U.S. Treasuries as of FY17 close")
PERIOD_TAIL = re.compile(r"\s+(?:as of|at|in|during|for|by|to|,)\s+(?=.*\d)", re.I)
# a column of rates, not amounts ("% Change 2022")
_RATE = re.compile(r"%|\bchange\b", re.I)
# a part that is all of the whole but what it names ("outside the US", "excluding AWS")
_COMPLEMENT = pattern("part_shares.complement", template=r"^\s*(?:{})\s+(?:the\s+)?", flags=re.I)


def asked_part(question: str) -> tuple[str, str] | None:
    """(whole, part) as the question words them, or None when it asks no part's share of a
    whole ("What was X as a % of Y" is a ratio of two rows, ``row_shares``)."""
    m = _ASKED.search(question)
    if m is None:
        m = _HOW_MUCH.search(question)
        if m is None or not _AS_SHARE.search(question, m.end()):
            return None
    rest = question[m.end() :].split("?", maxsplit=1)[0]
    brought = _BROUGHT.search(rest)
    if brought is not None:
        return rest[: brought.start()], brought.group(1)
    link = _LINK.search(rest)
    if link is None:
        return None
    return rest[: link.start()], rest[link.end() :]


def part_in_whole(question: str, shown: Sequence[str]) -> bool:
    """Does the question name the part of the business inside the whole it asks a share
    of ("What % of JnJ's MedTech sales were in the US?": MedTech is the whole's, the US is
    the part), so that the part of the business is no share of the whole item?"""
    asked = asked_part(question)
    said = {w for s in shown for w in label_words(s)}
    if asked is None or not said:
        return False
    return bool(said & set(label_words(asked[0])) - set(label_words(asked[1])))


def complement_of(part: str) -> str | None:
    """What a part worded as a complement leaves out ("the US" of "outside the US"), or
    None when the part names itself."""
    m = _COMPLEMENT.match(part)
    return part[m.end() :] if m else None


def _joined(text: str) -> str:
    """The normalised text, an initialism's letters one word ("U.S." reads "u s" after
    ``norm``: "us", as the question's "US")."""
    return re.sub(r"\b(\w) (?=\w\b)", r"\1", norm(text))


def label_words(text: str) -> list[str]:
    return [stem(w) for w in _joined(text).split() if w not in _MINOR]


def names_word(label_word: str, asked: set[str]) -> bool:
    return label_word in asked or any(len(a) >= _PREFIX and label_word.startswith(a) for a in asked)


def _initials(label: list[str]) -> str:
    """A label of several words as its initialism ("us" for "United States", "uk"), which
    a question writes for it; "" for a one-word label."""
    return "".join(w[0] for w in label) if len(label) >= _MIN_INITIALS else ""


def _part_rows(rows: Sequence[Row], whole: str, part: str) -> list[int]:
    """The indices of the rows the part names (every word of the label said), the longest
    labels first; never the whole's own row nor a total."""
    asked, of_whole = set(label_words(part)), set(label_words(whole))
    found: list[tuple[int, int]] = []
    for i, r in enumerate(rows):
        label = label_words(shown_label(r.label))
        if not label or CONSOLIDATED_ROW.match(r.label) or set(label) <= of_whole:
            continue
        if all(names_word(w, asked) for w in label) or _initials(label) in asked:
            found.append((-len(label), i))
    return [i for _, i in sorted(found)]


def whole_words(whole: str) -> set[str]:
    """The words of the whole's phrase the table must say: not its owner ("AMZN's"), a
    period ("FY19", "at the end of") or "total"."""
    bare = OWNER.sub("", whole.strip())
    return {w for w in label_words(bare) if not any(c.isdigit() for c in w) and w not in NOT_WHOLE}


def said_count(wanted: set[str], text: str) -> int:
    """How many of the words the text says (a word of five letters or more names a longer
    one: "pharma", "pharmaceutical")."""
    there = set(label_words(text))
    return sum(
        w in there or (len(w) >= _PREFIX and any(t.startswith(w) for t in there)) for w in wanted
    )


def period_columns(g: Grid, question: str, wanted: set[str]) -> list[int]:
    """The columns of the period asked, those whose header says a word of the whole first
    ("Operating Profit 2021" before "Net Revenue 2021"), rates last ("% Change 2022"); a
    table of no dated column (a note "as of December 2, 2016" over "Cost | Gains | Fair
    value") gives its last, when its passage names the year asked."""
    ys = years(question)
    months = months_of(question)
    into = into_year(question, months)
    col = g.column_for(max(ys) if ys else None, months=months, into=into)
    if col is not None and not _of_length(g, col, months):
        return []  # a full year's column answers no quarter ("Q4 FY22") asked
    if col is not None:
        dated = g.years(into, months)
        length = g.columns[col].months  # never a quarter's column beside a half-year's
        same = [
            i
            for i, y in enumerate(dated)
            if y == dated[col] and g.columns[i].months in (None, length)
        ]
        return sorted(
            same,
            key=lambda i: (
                not wanted & set(label_words(g.columns[i].text)),
                bool(_RATE.search(g.columns[i].text)),
                i != col,
            ),
        )
    if any(c.year is not None for c in g.columns) or not g.columns:
        return []
    head = g.passage.text[: min((r.start for r in g.rows), default=0)]
    return [len(g.columns) - 1] if not ys or str(max(ys)) in head else []


def _of_length(g: Grid, col: int, months: int | None) -> bool:
    """Is the column of the period's length asked? A part of a year is read only off a
    column or a table naming that part; a full year (or no length named) off any."""
    if months in (None, 12):
        return True
    return g.columns[col].months == months or same_length(g, months)


def _fit(g: Grid, col: int, total: PartTotal, wanted: set[str]) -> tuple[int, int, int]:
    """How well the table says the whole asked: (the whole's words its section title, head,
    the lines over the part's list, the column read or the total's label say; those its
    column says; the total's label words the question does not say). "What share of
    goodwill …" is never read off a table of net sales, "of total revenue" off "Total
    subscription revenue" last."""
    text = g.passage.text
    first = min((r.start for r in g.rows), default=0)
    start = total.parts[0].start
    label = total.row.label if total.row is not None else total.heading
    above = text[max(first, start - _ABOVE) : start]
    title = g.passage.section.rsplit(" > ", 1)[-1]
    said = said_count(wanted, " ".join((title, text[:first], above, g.columns[col].text, label)))
    extra = set(label_words(shown_label(label))) - wanted - NOT_WHOLE
    return said, said_count(wanted, g.columns[col].text), len(extra)


def _headed_total(g: Grid, part: Row, col: int, wanted: set[str]) -> PartTotal | None:
    """The sum of the rows listed under a heading naming the whole ("Inventories, net:"
    for "net inventories"), when no row adds them up: the heading says a word of the whole,
    the table's head the rest ("Consumer Health" under "Sales to customers by segment")."""
    listed = listed_total(g, part, col)
    if listed is None or not wanted or not said_count(wanted, listed.heading):
        return None
    head = g.passage.text[: min((r.start for r in g.rows), default=0)]
    if said_count(wanted, f"{listed.heading} {head}") < len(wanted):
        return None
    return listed


def part_search(question: str, tables: Sequence[Grid]) -> str:
    """Keywords to search for the table listing the part asked when no table of the turn
    names it ("Services domestic revenue"); "" when one does or no share is asked."""
    asked = asked_part(question)
    if asked is None:
        return ""
    whole, part = asked
    if any(_part_rows(ordered_rows(g), whole, part) for g in tables):
        return ""
    if any(has_han(r.label) for g in tables for r in g.rows):
        return ""  # a Chinese report's rows: English keywords find none of them
    said = f"{PERIOD_TAIL.split(part.split(',')[0])[0]} {OWNER.sub('', whole.strip())}"
    kept = [w for w in _joined(said).split() if not any(c.isdigit() for c in w)]
    query = [w for w in kept if w not in _MINOR and stem(w) not in NOT_WHOLE]
    return " ".join(query) if len(query) >= MIN_QUERY else ""


def _totals(g: Grid, rows: Sequence[Row], at: int, col: int, wanted: set[str]) -> list[PartTotal]:
    """The totals holding the part: the first row adding its list up (or its heading's
    sum), then the rows adding that subtotal up with the rows after it ("Total division"
    and "Corporate" into "Total"): the whole asked is told among them by its words."""
    total = printed_total(rows, at, col) or _headed_total(g, rows[at], col, wanted)
    return [total, *grand_totals(rows, total, col)] if total is not None else []


def part_share(question: str, tables: Sequence[Grid]) -> FigureAnswer | None:
    """The part's share of its table's total for the period asked, from the table saying
    the whole asked best (all its words); None when the question asks no such
    share or no table of the turn prints the part with a total that holds it."""
    asked = asked_part(question)
    if asked is None:
        return None
    whole, part = asked
    wanted = whole_words(whole)
    rest = complement_of(part)  # "outside the US": the total less the US row
    found: list[tuple[tuple[int, int, int, int], Grid, int, Row, PartTotal]] = []
    for n, g in enumerate(sorted(tables, key=lambda g: g.passage.rank or 99)):
        rows = ordered_rows(g)
        cols = period_columns(g, question, wanted)
        for at in _part_rows(rows, whole, rest if rest is not None else part) if cols else []:
            filled = [i for i in cols if i < len(rows[at].values) and rows[at].values[i]]
            if not filled:
                continue
            col = filled[0]  # a column of "$" signs beside the figures' own is empty
            for total in _totals(g, rows, at, col, wanted):
                value = rows[at].values[col] or 0.0
                value = total.value - value if rest is not None else value
                if not 0 < value / total.value * 100 <= 100:
                    continue  # a share beyond its total is no part of it
                said, headed, extra = _fit(g, col, total, wanted)
                if said == len(wanted):
                    found.append(((-said, -headed, extra, n), g, col, rows[at], total))
    if not found:
        return None
    _, g, col, row, total = min(found, key=lambda f: f[0])
    return _answer(g, col, row, total, question, rest=rest is not None)


def column_when(g: Grid, col: int) -> str:
    column = re.sub(r"\s*\([^)]*\)", "", g.columns[col].text).strip()
    dated = DATED_RE.search(column)
    said = f"{column[: dated.start()].lower()}{dated.group(0)}" if dated else column
    return f" in the {said}" if dated else (f" ({column})" if column else "")


def _answer(
    g: Grid, col: int, row: Row, total: PartTotal, question: str, *, rest: bool = False
) -> FigureAnswer:
    """The working; with ``rest``, of the whole less the part's row ("all but U.S.")."""
    value = row.values[col] or 0.0
    value = total.value - value if rest else value
    share = value / total.value * 100
    digits = decimals(question, 1)
    name = f"All but {shown_label(row.label)}" if rest else shown_label(row.label)
    said = row.raws[col].strip("()$ ")
    if total.row is not None:
        whole = mid_sentence(shown_label(total.row.label) or "the total")
        whole += f" (the total of the {len(total.parts)} rows listed)"
        shown = total.row.raws[col].strip("()$ ") if col < len(total.row.raws) else ""
    else:
        whole = f"the sum of the {len(total.parts)} rows listed under {total.heading}"
        whole += " (no total is printed)"
        shown = " + ".join(number(r.values[col] or 0.0) for r in total.parts)
        shown = f"({shown} = {number(total.value)})"
    p = g.passage
    said = f"({number(total.value)} − {said} = {number(value)})" if rest else said
    line = (
        f"{name} as a share of {whole}{column_when(g, col)} = {said} ÷ "
        f"{shown} = {share:.{digits}f}% [{p.chunk_id}]."
    )
    cell = Cell(
        "",
        row.label,
        row.values[col] or 0.0,
        row.raws[col],
        None,
        g.columns[col].text,
        p.chunk_id,
        p.page,
        g.unit(row),
    )
    check = Computed("share", share, "ratio", percent=True, bound="share")
    return FigureAnswer([line], cells=[cell], computed=[check])
