"""Which member did most or least when the members are a table's columns: "Which segment
sold more in Latin America in the six months?" over a table of regions down the rows and
"Flexibles / Rigid Packaging / Total" across the head, or "Which segment grew fastest in
the U.S.?" over a growth table whose columns are the segments and whose rows are places
and kinds of growth ("WW As Reported / U.S. / International / WW Operational / U.S. …").

The row is the one the question names (a place, a line item, a kind of growth with the
heading above a repeated label: "U.S." under "WW Operational"); the members are the
columns of the period asked whose headers differ by a name (a total's column is no
member); the answer is the extreme cell of that row, and every other member's cell:
"Flexibles had the highest Latin America (six months ended December 31, 2022): 554 [id].
Others: Rigid Packaging = 414 [id]." The ranking of ``ranking.py`` reads members down the
rows; this one reads them across.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from agent import prompts
from agent.evidence import Evidence, Passage
from agent.figures.candidate import FigureAnswer
from agent.figures.grid import figure
from agent.figures.items import MIN_ROW_MATCH, asked_items, norm, row_match, years
from agent.figures.markdown_tables import row_cells
from agent.figures.member_kinds import asked_kind, kind_words
from agent.figures.member_levels import mentions_place
from agent.figures.periods import months_of
from agent.question.compare import asks_extreme, place_word, placed, wants_minimum
from agent.rewrite import content_terms
from agent.scope import stem
from pipeline.text.finance import Metric, vocabulary

MIN_MEMBERS = 2
_SAID_IN_FULL = 2.0
_WHOLE_ROW = 0.5
# a shared opening of one word is a member's ("Digital Media", "Digital Marketing")
_TITLE_WORDS = 2
_POSSESSOR = re.compile(r"(?:\b[A-Z][\w&.-]*\s+)*\b[A-Z][\w&.-]*['’]s?(?=\s)")
_PERCENT = re.compile(r"\bpercent|\brate\b|\bmargin\b|%")
WHOLE = {"total", "subtotal", "consolidated", "worldwide", "ww", "all", "combined"}
# the words of a column header that say its period, not its member
PERIOD_WORDS = re.compile(
    r"\b(?:(?:19|20)\d\d|fiscal|fy|year|years|ended|ending|months?|weeks?|quarters?|three|six|"
    r"nine|twelve|first|second|third|fourth|q[1-4]|actual|vs|january|february|march|april|"
    r"may|june|july|august|september|october|november|december|as|of|at|in|millions?|"
    r"thousands?|billions?|dollars?|except|per|share|data)\b|\d+|[^\w\s&.'’-]",
    re.I,
)


@dataclass(frozen=True)
class ColumnTable:
    passage: Passage
    head: list[str]
    rows: list[list[str]]


@dataclass(frozen=True)
class _Pick:
    score: float
    table: ColumnTable
    row: int
    members: list[tuple[str, int]]  # (name, column)


def column_ranking(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> FigureAnswer | None:
    """The member column with the extreme figure in the row the question names, and
    every other member's; None when the question ranks no kind of member or no table of
    the turn prints its members across the head."""
    if lang != "en" or not asks_extreme(question) or not kind_words(question):
        return None
    # the company owning the figures ("Best Buy's") names no row: a store banner may
    said = question_stems(_POSSESSOR.sub(" ", question)) - set(kind_words(question))
    year = max(years(question), default=None)
    months = months_of(question)
    best: _Pick | None = None
    for table in tables(evidence):
        pick = _pick(table, question, said, year, months)
        if pick is not None and (best is None or pick.score > best.score):
            best = pick
    return _answer(best, question) if best is not None else None


def tables(evidence: Sequence[Evidence]) -> list[ColumnTable]:
    """The turn's Markdown tables, a table continued over chunks of one page under one
    header read as one (a list of nominees cut after its first rows)."""
    seen: set[str] = set()
    out: dict[tuple[str, int, tuple[str, ...]], ColumnTable] = {}
    for ev in evidence:
        for p in ev.passages:
            if p.chunk_id in seen:
                continue
            seen.add(p.chunk_id)
            lines = [ln for ln in p.text.split("\n") if ln.strip().startswith("|")]
            body = [row_cells(ln) for ln in lines[1:] if not re.fullmatch(r"[\s|:-]+", ln)]
            if len(lines) <= 2 or not body:
                continue
            head = row_cells(lines[0])
            key = (p.doc_id, p.page, tuple(head))
            if key in out:
                out[key].rows.extend(b for b in body if b not in out[key].rows)
            else:
                out[key] = ColumnTable(p, head, body)
    return list(out.values())


def question_stems(text: str) -> set[str]:
    return {stem(t) for t in content_terms(text)}


def said_in_full(name: str, said: set[str]) -> bool:
    """Does the question say every word of the member's name ("U.S.")?"""
    own = question_stems(name)
    return bool(own) and own <= said


def names_member(name: str, said: set[str]) -> bool:
    """Does the question name the member: half its words or more (a header may carry a
    stray word of its neighbour's, "Inventory Write-Employee Compensation Expense")?"""
    own = {w for w in question_stems(name) if len(w) > 1}
    return bool(own) and len(own & said) * 2 >= len(own)


def column_members(
    table: ColumnTable, year: int | None, months: int | None
) -> list[tuple[str, int]]:
    """The columns of the period asked named by a member: the header's words less its
    period's and less a title of several words over some of them ("Adjusted Operational
    Sales Growth … Consumer Health"); a member printed over two columns (its amount and
    its percentage) is the first of them with a figure in the row read."""
    if months is not None and months_of(" ".join(table.head)) not in (None, months):
        return []
    cols: list[tuple[int, list[str]]] = []
    for i, cell in enumerate(table.head[1:], start=1):
        said = [int(y) for y in re.findall(r"\b(?:19|20)\d\d\b", cell)]
        if year is not None and said and said[0] != year:
            continue  # another period's column
        words = PERIOD_WORDS.sub(" ", cell).split()  # a note's letter ("(d)") is no name
        cols.append((i, [w for w in words if re.search(r"\w", w) and len(w) > 1]))
    title = _title([words for _, words in cols])
    out: list[tuple[str, int]] = []
    for i, words in cols:
        name = " ".join(words[len(title) :] if words[: len(title)] == title else words)
        if name and name.lower().split()[0] not in WHOLE and not asked_items(name):
            out.append((name, i))
    return out if len({n.lower() for n, _ in out}) >= MIN_MEMBERS else []


def _title(heads: list[list[str]]) -> list[str]:
    """The longest run of words (two or more) opening several headers that differ."""
    best: list[str] = []
    distinct = [h for k, h in enumerate(heads) if h and h not in heads[:k]]
    for a in distinct:
        for b in distinct:
            if a is b:
                continue
            n = 0
            while n < min(len(a), len(b)) - 1 and a[n] == b[n]:
                n += 1
            if n >= _TITLE_WORDS and n > len(best):
                best = a[:n]
    return best


def row_score(
    table: ColumnTable,
    at: int,
    question: str,
    said: set[str],
    year: int | None,
    *,
    whole: bool = False,
) -> float:
    """How surely the row is the one the question names: every word of its label said
    (or its label names an item asked), read with the heading row above it ("Fiscal
    2016") and, for a repeated label, the row it repeats under ("U.S." under "WW
    Operational"); 0 under a heading of another year."""
    label = table.rows[at][0]
    own = {w for w in question_stems(label) if len(w) > 1}
    if whole and label.strip().lower() in WHOLE:
        return _WHOLE_ROW  # the whole's row, when the question names no other
    rate = _rate_asked(question)
    if rate is not None:  # "gross margin": the row printing it as a percent of sales
        item = 1.0 if _names_rate(label, rate) else 0.0
    else:
        item = max((row_match(label, a.item) for a in asked_items(question)), default=0.0)
    if not own or not (own <= said or item >= MIN_ROW_MATCH):
        return 0.0
    labels = Counter(r[0].strip().lower() for r in table.rows)
    above = table.rows[:at]
    heading = next((r[0] for r in reversed(above) if not any(map(figure, r[1:]))), "")
    parent = ""
    if labels[label.strip().lower()] > 1:
        parent = next((r[0] for r in reversed(above) if labels[r[0].strip().lower()] == 1), "")
    stated = [int(y) for y in re.findall(r"\b(?:19|20)\d\d\b", f"{heading} {parent}")]
    if year is not None and stated and year not in stated:
        return 0.0
    context = question_stems(parent)
    # a label the question says in full (a member of another kind, "Biopharma") before a
    # row matched only as the item ("Total revenues")
    full = _SAID_IN_FULL if own <= said else 0.0
    return full + len(own & said) + len(context & said) - 0.1 * len(context - said) + item


def _pick(
    table: ColumnTable, question: str, said: set[str], year: int | None, months: int | None
) -> _Pick | None:
    members = column_members(table, year, months)
    if not members or any(said_in_full(n, said) for n, _ in members):
        return None  # a member named by the question is compared, not ranked
    kind = asked_kind(question)
    placed = [mentions_place(n) for n, _ in members]
    if (kind == "region") != all(placed) and (kind == "region" or any(placed)):
        return None  # places where segments are asked, or none where regions are
    best: _Pick | None = None
    for at, cells in enumerate(table.rows):
        figured = figured_members(members, cells)
        score = row_score(table, at, question, said, year)
        if score > 0 and len(figured) >= MIN_MEMBERS and (best is None or score > best.score):
            best = _Pick(score, table, at, figured)
    return best


def _rate_asked(question: str) -> Metric | None:
    """The percent metric the question names ("gross margin"), or None."""
    return next(
        (
            m
            for m in vocabulary().metrics
            if m.percent and any(p.search(question) for p in m.patterns)
        ),
        None,
    )


def _names_rate(label: str, rate: Metric) -> bool:
    """Does the row print the rate: its numerator's name as a percent ("Gross profit as a
    percentage of revenue", "Gross profit rate") or the rate's own name?"""
    low = norm(label)
    if any(p.search(label) for p in rate.patterns):
        return True
    return bool(rate.lines) and rate.lines[0] in low and bool(_PERCENT.search(low))


def figured_members(members: list[tuple[str, int]], cells: list[str]) -> list[tuple[str, int]]:
    """Each member's first column with a figure in the row (one name over two columns)."""
    out: dict[str, tuple[str, int]] = {}
    for name, i in members:
        if name.lower() not in out and i < len(cells) and figure(cells[i]) is not None:
            out[name.lower()] = (name, i)
    return list(out.values())


def _answer(pick: _Pick, question: str) -> FigureAnswer | None:
    cells = pick.table.rows[pick.row]
    top = placed(pick.members, lambda m: figure(cells[m[1]]) or 0.0, question)
    if top is None:
        return None
    cid = f"[{pick.table.passage.chunk_id}]"
    label = cells[0].strip()
    word = place_word(question, wants_minimum(question))
    name, col = top
    others = "; ".join(f"{n} = {cells[i].strip()}" for n, i in pick.members if i != col)
    return FigureAnswer(
        [
            f"{name} had the {word} figure for {label}: {cells[col].strip()} {cid}.",
            f"Others: {others} {cid}.",
        ]
    )
