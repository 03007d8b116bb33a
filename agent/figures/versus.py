"""Two rows of one table compared: "How did Velmor's domestic revenue growth compare to
its overseas revenue growth in FY2025?".

The question names two things (a segment, a region, a product line) and what is compared
about them, said once for each ("domestic revenue growth", "overseas revenue growth"):
the words both sides end with are the measure, what comes before them tells the rows
apart. A table listing both as rows (regions, segments) answers, with no group heading
needed: each row's figure for the period asked or, when the measure is a growth or a
change, its change from the year before, worked from the row's two cells:
"Domestic growth 2025: (5,200 − 4,800) ÷ 4,800 = 8.3%; Overseas: (2,100 − 2,200) ÷
2,200 = −4.5% [id]." A part-year table ("Q4") is read only for a
question naming a part of the year. None when no single table lists both.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from agent import prompts
from agent.evidence import Evidence
from agent.figures.grid import Grid, Row, figure
from agent.figures.items import years
from agent.figures.markdown_tables import row_cells
from agent.figures.periods import into_year, months_of
from agent.figures.render import number, scale_word, subtrahend
from agent.figures.table_head import head_line
from agent.figures.turn_tables import grids
from pipeline.text.lexicon import alternation, pattern
from pipeline.text.periods import YEAR
from pipeline.text.script import HAN, HAN_RE
from pipeline.text.segment import query_terms

_VERSUS = re.compile(
    r"^\s*(?:how\s+(?:" + alternation("asking.versus_auxiliaries") + r")\s+)?(?P<a>.+?)\s+"
    r"(?:compared?|stack(?:ed)? up)\s+(?:to|with|against)\s+(?P<b>.+?)[?.\s]*$",
    re.I,
)
# "甲公司国内收入增长与海外收入增长相比如何？"
_VERSUS_ZH = re.compile(r"^\s*(?P<a>.+?)(?:与|和|跟|同)(?P<b>.+?)(?:相比|比较|对比)")
_WHEN = pattern(
    "asking.period_prepositions", template=r"\s+(?:{})\s+.*$|" + YEAR + r"\s*年度?", flags=re.I
)
_MOVES_ZH = re.compile(r"增长|增速|变化|增减")
_OWNER = re.compile(r"^(?:[\w.&-]+['’]s|its|their|the|our)$", re.I)
_MOVES = pattern("change_words.versus_moves", template=r"^(?:{})\w*$", flags=re.I)
_FOOTNOTE = re.compile(r"(?<=[A-Za-z.])\d+(?:,\d+)*$")
_PART = re.compile(r"\([^)]*\)")
MAX_EXTRA = 2  # words a row's label may have beyond the side's name ("… segment")
# A column of changes the table prints ("% Change Reported", "增减"): the report's own
# growth, worked from unrounded amounts, is read before one computed from rounded cells.
_CHANGE_HEAD = re.compile(r"%\s*change|percent(?:age)?\s+change|增减|变动", re.I)
AGREE = 1.0  # percentage points a printed change may differ from the computed one


@dataclass(frozen=True)
class Sides:
    a: str  # what tells the first row ("domestic")
    b: str
    measure: str  # what is compared about both ("revenue growth")


def sides(question: str) -> Sides | None:
    """The two things a question compares and the measure it compares them by."""
    m = _VERSUS.match(question) or _VERSUS_ZH.match(question)
    if m is None:
        return None
    a, b = (_words(_WHEN.sub("", m.group(g))) for g in ("a", "b"))
    join = "" if HAN_RE.search(question) else " "
    tail = 0
    while tail < min(len(a), len(b)) - 1 and a[-1 - tail].lower() == b[-1 - tail].lower():
        tail += 1
    if not tail:
        return None
    head_a, head_b = join.join(a[:-tail]), join.join(b[:-tail])
    if not head_a or not head_b or _norm(head_a) == _norm(head_b):
        return None
    return Sides(head_a, head_b, join.join(a[-tail:]))


def versus_search(question: str) -> str:
    """Keywords for the table listing both things a question compares ("" if it compares
    none): the planner searches with them when no table of the turn lists both."""
    s = sides(question)
    return f"{s.a} {s.b} {s.measure}" if s else ""


def _words(side: str) -> list[str]:
    """A side's words (a Chinese side's characters), its owner aside ("Velmor's")."""
    if HAN_RE.search(side):
        return re.findall(r"[" + HAN + r"]|[^\s" + HAN + r"]+", side.replace("的", ""))
    return [w for w in side.split() if not _OWNER.match(w)]


def _norm(text: str) -> list[str]:
    """Words of a label or a side, dots and footnote marks aside ("U.S." is "US")."""
    text = _FOOTNOTE.sub("", _PART.sub(" ", text.strip())).replace(".", "")
    return re.findall(r"[a-z0-9&]+|[" + HAN + r"]", text.lower())


def _row(g: Grid, side: str, question: str) -> Row | None:
    """The one row the side names; None when none does, when several do, or when it sits
    under a heading row that shares no word with the question: "U.S." under "MedTech" is
    that segment's, and a question naming no segment asks for the company's (in another
    table); "U.S." under "Net sales:" is the company's."""
    want = _norm(side)
    asked = set(query_terms(question))
    found: list[Row] = []
    for r in g.rows:
        got = _norm(r.label)
        group = set(query_terms(_PART.sub(" ", _heading_above(g, r))))
        if group and not group & asked:  # "MedTech", not "Net sales:"
            continue
        named = got[: len(want)] == want and len(got) - len(want) <= MAX_EXTRA
        # a Chinese side may keep its owner ("甲公司国内"): the row's name ends it
        owned = bool(HAN_RE.search(side)) and len(got) >= 2 and "".join(want).endswith("".join(got))
        if named or owned:
            found.append(r)
    return found[0] if len(found) == 1 else None


def _heading_above(g: Grid, r: Row) -> str:
    """The label of the nearest row above ``r`` with no figures (a group's heading), or ""."""
    for line in reversed(g.passage.text[: r.start].rstrip("\n").split("\n")):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.lstrip().startswith("|") or set("".join(cells)) <= set("-: "):
            return ""  # the table's header, or not a table line
        if cells[0] and not any(cells[1:]):
            return cells[0]
    return ""


def versus_answer(question: str, evidence: Sequence[Evidence], lang: prompts.Lang) -> str | None:
    """The two rows' figures (or changes) side by side, cited; None when the question
    compares no two named things or no table of the turn lists both."""
    s = sides(question)
    if s is None:
        return None
    ys = years(question)
    year = max(ys) if ys else None
    months = months_of(question)
    into = into_year(question, months)
    moves = any(_MOVES.match(w) for w in s.measure.split()) or bool(_MOVES_ZH.search(s.measure))
    for g in grids(evidence):
        if not same_length(g, months):
            continue
        rows = (_row(g, s.a, question), _row(g, s.b, question))
        col = g.column_for(year, months=months, into=into)
        before = g.column_for(year, offset=1, months=months, into=into) if moves else col
        if None in rows or col is None or before is None:
            continue
        parts = [_part(g, r, col, before, lang) for r in rows if r is not None]
        if all(parts):
            return _sentence(g, rows, parts, col, lang)
    return None


def same_length(g: Grid, months: int | None) -> bool:
    """A table whose title names a part of a year ("Q4 …") answers only a question asking
    a part of a year; a full-year question reads a full-year (or unnamed) table."""
    head = head_line(g.passage.text)
    length = months_of(head.split("|")[1] if head.startswith("|") else head)
    return length in (None, 12) if months in (None, 12) else length == months


def _part(g: Grid, r: Row, col: int, before: int, lang: str = "en") -> str:
    """One row's figure, or its change worked from its two cells."""
    now = r.values[col] if col < len(r.values) else None
    then = r.values[before] if before < len(r.values) else None
    if now is None or then is None:
        return ""
    if col == before:
        money = "$" if g.currency == "$" else ""
        return f"{'−' if now < 0 else ''}{money}{number(abs(now))}{scale_word(g.scale, 'en')}"
    if not then:
        return ""
    pct = (now - then) / abs(then) * 100
    printed = _printed_change(g, r)
    if printed is not None and abs(printed - pct) <= AGREE:
        pct_text = f"{'−' if printed < 0 else ''}{abs(printed):.1f}%"
        if lang == "zh":
            return f"{pct_text}（{number(now)} 对 {number(then)}，表中所列）"
        return f"{pct_text} ({number(now)} against {number(then)}, as printed)"
    working = f"({number(now)} − {subtrahend(then)}) ÷ {number(then)} = {pct:.1f}%"
    return working.replace("= -", "= −")


def _printed_change(g: Grid, r: Row) -> float | None:
    """The row's change as its table prints it: the first change column of the table's
    header line (a reported change before adjusted ones) whose period is the table's;
    None when the table prints none."""
    head = head_line(g.passage.text)
    if not head.startswith("|"):
        return None
    heads = row_cells(head)
    cells = row_cells(g.passage.text[r.start : r.end])
    if len(cells) != len(heads):
        return None
    length = months_of(heads[0])
    for i, h in enumerate(heads):
        if _CHANGE_HEAD.search(h) and months_of(h) in (None, length):
            return figure(cells[i])
    return None


def _sentence(
    g: Grid, rows: tuple[Row | None, Row | None], parts: list[str], col: int, lang: str
) -> str:
    """Both rows' figures in one line, in the table's own words (the rows' labels and
    the year printed): the measure is the question's, which the table does not print."""
    a, b = (_FOOTNOTE.sub("", r.label) if r else "" for r in rows)
    year = g.columns[col].year
    cid = g.passage.chunk_id
    moved = "÷" in parts[0] or "printed" in parts[0] or "表中所列" in parts[0]
    if lang == "zh":
        what = "增长" if moved else ""
        when = f"{year}年" if year else ""
        return f"{a}{when}{what}：{parts[0]}；{b}：{parts[1]} [{cid}]。"
    what = " growth" if moved else ""
    return f"{a}{what} {year or ''}: {parts[0]}; {b}: {parts[1]} [{cid}]."
