"""Schedules by year: a note's table whose rows are the coming years, then a remainder
row, with one column or a few named ones.

    Years ending December 31,  (In thousands)
    2021        $  —
    2022           1,000,000
    2023           1,260,000
    Thereafter     4,925,552

Debt maturities, lease payments, expected amortization and purchase obligations are
printed so. Their rows are labelled by years, not words, so the period-column readers
(``tables.read_grids``) never see them; a question asking what falls due in a year
("due in 2023", "expected in fiscal 2019") or after one ("after 2024", "thereafter") is
answered from the row of that year, or the remainder row that follows the last year, of
the schedule whose caption, section and column heads say the most of the question's
words. When the turn holds no schedule saying any of them, the schedule's words and
"thereafter" are searched for.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from agent import prompts
from agent.evidence import Evidence, Passage
from agent.figures.candidate import FigureAnswer
from agent.figures.grid import FIGURE, GAP, SCALES, scale_named
from agent.figures.items import years
from agent.figures.markdown_tables import row_cells
from agent.figures.render import in_scale, scale_word
from agent.figures.worded_rows import terms
from agent.question.units import asked_scale, without_unit
from pipeline.text import lexicon
from pipeline.text.periods import YEAR

_ASKED = lexicon.pattern("schedules.asked", template=r"\b(?:{})", flags=re.I)
_AFTER = re.compile(
    rf"\b(?:{lexicon.alternation('schedules.after')})\s+(?:fiscal\s+(?:year\s+)?|fy\s?)?({YEAR})\b",
    re.I,
)
_THEREAFTER = re.compile(r"\bthereafter\b", re.I)
_REMAINDER = re.compile(
    rf"^(?:{YEAR}\s*)?(?:{lexicon.alternation('schedules.remainder')})\b|^{YEAR}\s*[-–]\s*{YEAR}$",
    re.I,
)
_YEAR_LABEL = re.compile(rf"^(?:fiscal\s+(?:year\s+)?|fy\s?)?({YEAR})$", re.I)
# a schedule's date and period words ("as of December 31", "Fiscal Year") say which
# schedule of the turn is asked no more than any other table's
_NOT_ASKED = frozenset(w for x in lexicon.words("schedules.period_words") for w in terms(x))
_RULE = re.compile(r"^[\s|:-]*$")
_CAPTION = 400  # characters before a schedule that may caption it
_MIN_YEARS = 3  # consecutive year rows that make a schedule
_HEAD_LINES = 4  # figure-less lines right above the first year that may head its columns


@dataclass(frozen=True)
class _Schedule:
    rows: list[tuple[str, list[str]]]  # (label, figures as printed), years then remainder
    heads: list[str]  # one per figure column ("" when unnamed)
    words: frozenset[str]  # the caption's, section's and heads' words
    caption: str  # the sentence introducing the schedule ("… are as follows:"), or ""
    cited: str  # the markers of its chunk, and of the chunk before when that captions it
    scale: str
    chunk_id: str
    doc_id: str


def asks_schedule(question: str) -> bool:
    """Does the question ask an amount of a coming year, or after one ("due in 2025",
    "expected after 2024")?"""
    return bool(_ASKED.search(question) or _AFTER.search(question)) and bool(years(question))


def schedule_answer(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang, doc_scales: dict[str, str]
) -> FigureAnswer | None:
    """The row of the year (or the remainder after it) asked, from the turn's schedule
    saying the most of the question's words; None when the question asks no amount of a
    coming year or no schedule of the turn has its row."""
    if lang != "en" or not asks_schedule(question):
        return None
    asked = terms(without_unit(question)) - _NOT_ASKED
    found = [
        (len(s.words & asked), -rank, s)
        for rank, s in enumerate(_schedules(evidence))
        if s.words & asked
    ]
    for _, _, s in sorted(found, key=lambda f: (f[0], f[1]), reverse=True):
        line = _line(question, s, asked, doc_scales)
        if line is not None:
            return FigureAnswer([line])
    return None


def _line(
    question: str, s: _Schedule, asked: frozenset[str], doc_scales: dict[str, str]
) -> str | None:
    """The answer's sentence from the schedule's row asked and its column asked."""
    at = _row_asked(question, s)
    if at is None:
        return None
    label, figures = s.rows[at]
    col = _column(s, asked)
    if col is None or col >= len(figures):
        return None
    raw = figures[col].strip()
    if raw in ("—", "–", "-"):
        raw = "0"
    scale = s.scale or doc_scales.get(s.doc_id, "")
    value = _value(raw)
    word = scale_word(scale, "en") if scale in SCALES else ""
    again = in_scale(value, scale, asked_scale(question), True) if value is not None else ""
    head = f"{s.heads[col]}, " if s.heads[col] else ""
    when = label if _YEAR_LABEL.match(label) else f"{label} (after {s.rows[at - 1][0]})"
    per = f", per “{s.caption}”" if s.caption else ""
    return f"{head}{when}: ${raw.strip('$() ')}{word}{again}{per} {s.cited}."


def _row_asked(question: str, s: _Schedule) -> int | None:
    """The row of the year asked, or the remainder row when the question asks what falls
    after the schedule's last year (or "thereafter")."""
    labels = [label for label, _ in s.rows]
    year_rows = {int(m.group(1)): i for i, x in enumerate(labels) if (m := _YEAR_LABEL.match(x))}
    rest = next((i for i, x in enumerate(labels) if _REMAINDER.match(x)), None)
    after = _AFTER.search(question)
    if after is not None:
        last = max(year_rows) if year_rows else None
        return rest if rest is not None and int(after.group(1)) == last else None
    if _THEREAFTER.search(question) and rest is not None:
        return rest
    named = [year_rows[y] for y in years(question) if y in year_rows]
    return max(named) if named else None


def _column(s: _Schedule, asked: frozenset[str]) -> int | None:
    """The one figure column, or the one whose head says the most of the question's
    words (none when no head says any)."""
    if len(s.heads) == 1:
        return 0
    said = [len(terms(h) & asked) for h in s.heads]
    best = max(range(len(said)), key=lambda i: (said[i], -i))
    return best if said[best] else None


def _value(raw: str) -> float | None:
    digits = re.sub(r"[^\d.]", "", raw)
    try:
        return float(digits)
    except ValueError:
        return None


def _schedules(evidence: Sequence[Evidence]) -> Iterator[_Schedule]:
    """Each schedule of the turn's passages, once, in the order the turn found them."""
    passages = {p.chunk_id: p for ev in evidence for p in ev.passages}
    seen: set[str] = set()
    for p in passages.values():
        if p.chunk_id in seen:
            continue
        seen.add(p.chunk_id)
        before = passages.get(_previous(p.chunk_id))
        yield from _read(p, before)


def _previous(chunk_id: str) -> str:
    """The id of the chunk before one in its document ("doc#41" → "doc#40")."""
    doc, _, n = chunk_id.rpartition("#")
    return f"{doc}#{int(n) - 1}" if n.isdigit() else ""


def _read(p: Passage, before: Passage | None) -> Iterator[_Schedule]:
    """The schedules of a passage: runs of at least three successive year rows, with
    the remainder row after them, their column heads and their caption."""
    lines = p.text.split("\n")
    cut = [_cells(line) for line in lines]
    i = 0
    while i < len(lines):
        run = _year_run(cut, i)
        if len(run) < _MIN_YEARS:
            i += 1
            continue
        end = run[-1] + 1
        rest = cut[end] if end < len(cut) else None
        rows = [r for j in run if (r := cut[j]) is not None]
        if rest is not None and _REMAINDER.match(rest[0]):
            rows.append(rest)
        width = max(set(len(r[1]) for r in rows), key=[len(r[1]) for r in rows].count)
        heads = _heads(lines[max(0, run[0] - _HEAD_LINES) : run[0]], width)
        own = "\n".join(lines[max(0, run[0] - 8) : run[0]])[-_CAPTION:]
        # a schedule opening its chunk is captioned by the chunk before
        above = before.text[-_CAPTION:] if before is not None and run[0] < 3 else ""
        caption = f"{above}\n{own}"
        introduced = _introduction(caption)
        cited = f"[{p.chunk_id}]"
        if above and introduced and introduced not in own and before is not None:
            cited += f"[{before.chunk_id}]"
        yield _Schedule(
            rows=rows,
            heads=heads,
            words=terms(f"{caption} {p.section} {' '.join(heads)}"),
            caption=introduced,
            cited=cited,
            scale=scale_named(f"{caption}\n{p.columns}"),
            chunk_id=p.chunk_id,
            doc_id=p.doc_id,
        )
        i = end


def _introduction(caption: str) -> str:
    """The caption's last sentence ending in a colon ("… consisted of the following ($ in
    millions):"), its closing colon dropped; "" when it has none."""
    found = re.findall(r"[^.:\n]{12,}:", caption)
    return found[-1].strip().rstrip(":") if found else ""


def _cells(line: str) -> tuple[str, list[str]] | None:
    """A line's label and its figures as printed, Markdown or gapped; None when it has no
    figure after a label."""
    if line.strip().startswith("|"):
        if _RULE.match(line):
            return None
        cells = row_cells(line)
        figs = [c for c in cells[1:] if c and c != "$"]
        return (cells[0], figs) if figs and all(FIGURE.fullmatch(f.strip()) for f in figs) else None
    m = re.match(r"\s*(.+?)(?:\s{2,}|\t)(.*)$", line)
    if m is None:
        return None
    figs = [f.replace(" ", "") for f in FIGURE.findall(m.group(2).replace("$", " "))]
    figs = [f for f in figs if f.strip()]
    return (m.group(1).strip(), figs) if figs else None


def _year_run(cut: list[tuple[str, list[str]] | None], i: int) -> list[int]:
    """The lines from ``i`` labelled by successive years (2021, 2022, …)."""
    run: list[int] = []
    last: int | None = None
    for j in range(i, len(cut)):
        row = cut[j]
        m = _YEAR_LABEL.match(row[0]) if row is not None else None
        if m is None or (last is not None and int(m.group(1)) != last + 1):
            break
        last = int(m.group(1))
        run.append(j)
    return run


def _heads(lines: list[str], width: int) -> list[str]:
    """Each figure column's head from the figure-less lines above the first year: a line
    split at its gaps into at least as many pieces as columns gives its last pieces to
    them, in order ("Fiscal Year  Purchase Obligations  Lease Payments")."""
    heads = [""] * width
    for line in lines:
        if FIGURE.search(line.replace("—", "")) and re.search(r"\d", line):
            continue
        pieces = [x.strip() for x in GAP.split(line.strip().strip("|")) if x.strip()]
        if line.strip().startswith("|"):
            pieces = [c for c in row_cells(line)][1:]
        if width == 1 or len(pieces) < width:
            continue
        for k, piece in enumerate(pieces[-width:]):
            heads[k] = f"{heads[k]} {piece}".strip()
    return heads
