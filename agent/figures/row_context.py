"""Which of a table's like-named rows a question asks for, by what the row's label says
with the rows that frame it.

Notes print the same short label many times: "Current" and "Deferred" under "U.S.
Federal:" and again under "International:", "U.S. Federal" under "Current:" and again
under "Deferred:", "Less: Accumulated amortization" under each licence, "Diluted" under
"Earnings per share". The label alone does not tell them apart; with its context it
does: the nearest figure-less heading above it in its group, and for a row adjusting
the one above ("Less: …"), that row.

Two measures read that context against the question:

- ``agreement``: the qualifiers the question says (current / deferred / noncurrent,
  domestic / foreign, federal / state, basic / diluted, gross / net / accumulated,
  operating / finance lease, service / interest cost / return on assets; the phrases are
  data, ``agent/data/row_qualifiers.json``) that the row's context says too, less those
  where it says only another member of the same contrast; a contrast the question does
  not speak of decides nothing;
- ``framing``: the share of the question's content words the row's heading and parent
  row say (the licence named in "accumulated amortization of the National Harbor
  licences"), a tie-break among rows labelled alike.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from functools import cache, lru_cache
from pathlib import Path

from agent.figures.grid import Grid, Row, clean_label
from agent.figures.items import asked_items, norm
from agent.scope import stem, word_set

_DATA = Path(__file__).resolve().parents[1] / "data" / "row_qualifiers.json"
# a row adjusting the one above it: "Less: Accumulated amortization", "Plus: …"
_ADJUSTS = re.compile(r"^\s*(?:less|plus|add|deduct)\b\s*:?", re.I)
# a row closing the group its heading opened: "Total …" or a row of figures alone
_TOTAL = re.compile(r"^\s*total\b", re.I)
_RULE = re.compile(r"^[\s|:-]*$")
# words every question and label shares that tell no row from another
_PLAIN = frozenset({"what", "was", "were", "how", "much", "did", "the", "and", "for", "its"})


Said = dict[str, frozenset[str]]  # contrast → the members a text says


@cache
def _contrasts() -> tuple[tuple[str, re.Pattern[str], dict[str, str]], ...]:
    """Each contrast: one pattern of all its phrases, longest first, and phrase → member."""
    raw = json.loads(_DATA.read_text(encoding="utf-8"))["contrasts"]
    out = []
    for name, members in raw.items():
        owner = {_plain(p): m for m, phrases in members.items() for p in phrases}
        alternation = "|".join(re.escape(p) for p in sorted(owner, key=len, reverse=True))
        out.append((name, re.compile(rf"(?<!\w)(?:{alternation})(?!\w)"), owner))
    return tuple(out)


def _plain(text: str) -> str:
    """Lower case, words only: "U.S." is "u s", "non-U.S." is "non u s"."""
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


@lru_cache(maxsize=4096)
def said(text: str) -> Said:
    """The members of each contrast a text says ({} when it says none)."""
    plain = _plain(text)
    out: Said = {}
    for name, pattern, owner in _contrasts():
        found = frozenset(owner[m.group(0)] for m in pattern.finditer(plain))
        if found:
            out[name] = found
    return out


@lru_cache(maxsize=256)
def _asked_names(question: str) -> tuple[str, ...]:
    """The line items' names the question says, as it words them (normalised)."""
    q = norm(question)
    return tuple(q[a.start : a.end] for a in asked_items(question))


def _without(text: str, names: tuple[str, ...]) -> str:
    out = f" {norm(text)} "
    for n in sorted(names, key=len, reverse=True):
        out = re.sub(rf"(?<!\w){re.escape(n)}(?!\w)", " , ", out)
    return out


def asked_qualifiers(question: str) -> Said:
    """The qualifiers a question says of the item it asks, not inside a line item's name
    ("net" of "net sales", "current" of "current liabilities" name their own items)."""
    return said(_without(question, _asked_names(question)))


def row_qualifiers(question: str, text: str) -> Said:
    """The qualifiers a row's text says besides the names of the items the question asks
    ("Current portion of long-term debt": current, for long-term debt asked)."""
    return said(_without(text, _asked_names(question)))


def agreement(asked: Said, row: Said) -> float:
    """How the row's qualifiers agree with the question's: one for each member asked
    that the row says, less one for each member of a contrast asked that the row says
    instead; contrasts the question does not speak of count nothing."""
    score = 0.0
    for name, wanted in asked.items():
        has = row.get(name, frozenset())
        score += len(wanted & has) - len(has - wanted)
    return score


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _has_figures(cells: list[str]) -> bool:
    return any(re.search(r"\d", c) for c in cells[1:])


def framing(text: str, start: int) -> tuple[str, str]:
    """The heading over the table row starting at ``start`` of a passage's text (the
    nearest figure-less row above it whose group no total closed before it) and, for a
    row adjusting the one above ("Less: …"), that row's label; "" for each it lacks."""
    lines = text[:start].split("\n")[:-1]
    line = text[start:].split("\n", 1)[0]
    adjusts = bool(_ADJUSTS.match(_cells(line)[0])) if line.strip().startswith("|") else False
    heading = parent = ""
    for above in reversed(lines):
        if not above.strip().startswith("|"):
            break  # the table's start
        if _RULE.match(above):
            continue
        cells = _cells(above)
        if not _has_figures(cells):
            heading = cells[0] if cells[0] else ""
            break
        if adjusts and not parent and cells[0] and not _ADJUSTS.match(cells[0]):
            parent = cells[0]
        if not cells[0] or _TOTAL.match(cells[0]):
            break  # a total closed the group above: its heading is not this row's
    return heading, parent


def context(text: str, start: int, label: str) -> str:
    """The row's label with its heading and parent row, as one text."""
    heading, parent = framing(text, start)
    return " ".join(x for x in (heading, parent, label) if x)


def framed_share(question: str, text: str, start: int) -> float:
    """The share of the question's words the row's heading and parent row say (0 when
    it has neither)."""
    heading, parent = framing(text, start)
    # a heading repeating the row's own words ("Adjusted ... net earnings" over "Net
    # earnings") frames nothing the label does not already say
    line = text[start:].split("\n", 1)[0]
    label = _cells(line)[0] if line.strip().startswith("|") else ""
    frame = word_set(f"{heading} {parent}") - word_set(label)
    asked = {stem(w) for w in re.findall(r"[a-z]{3,}", question.lower())} - _PLAIN
    if not frame or not asked:
        return 0.0
    return len(asked & frame) / len(asked)


def row_fit(question: str, text: str, start: int, label: str) -> tuple[float, float]:
    """How a row (its label at ``start`` of a passage's text) fits the question: its
    qualifiers' ``agreement``, then its heading's and parent's share of the question."""
    asked = asked_qualifiers(question)
    agree = (
        agreement(asked, row_qualifiers(question, context(text, start, label))) if asked else 0.0
    )
    return agree, framed_share(question, text, start)


_MOST_PARTS = 8  # rows above a total read as its breakdown


def breakdown(g: Grid, r: Row, before: Grid | None = None) -> list[Row]:
    """The rows right above a total that break it down ("Domestic", "Foreign" over
    "Income before income taxes"): back to a heading, another total or a row of figures
    alone; nearest first. A total opening its chunk reads on into ``before``, the grid
    of the chunk before (a table the chunking cut)."""
    rows = sorted(g.rows, key=lambda x: x.start)
    at = next((i for i, x in enumerate(rows) if x.start == r.start), None)
    if at is None:
        return []
    out = _above(g, rows[:at], r) or _subtotals(rows[:at], r)
    if out is not None and before is not None and before.rows and len(out) == at:
        rest = sorted(before.rows, key=lambda x: x.start)
        more = _above(before, rest, None)
        out += [*(more or [])]
    return out or []


def _subtotals(rows: list[Row], total: Row) -> list[Row]:
    """The "Total …" rows above a total that add up to it, nearest first ("Total
    current" and "Total deferred" over "Income tax expense", each closing its own group
    of rows); [] when no run of them does."""
    subs = [x for x in reversed(rows) if _TOTAL.match(x.label)][:_MOST_PARTS]
    return next((subs[:k] for k in range(2, len(subs) + 1) if _sums_to(subs[:k], total)), [])


def _above(g: Grid, rows: list[Row], below: Row | None) -> list[Row]:
    """The rows of ``rows`` (in order) read upwards from ``below`` (from the end when
    None) while they break one total down."""
    out: list[Row] = []
    for x in reversed(rows):
        between = g.passage.text[x.end : below.start] if below is not None else ""
        heading = any(
            ln.strip().startswith("|") and not _RULE.match(ln) and not _has_figures(_cells(ln))
            for ln in between.split("\n")
        )
        if heading or not x.label.strip() or _TOTAL.match(x.label) or len(out) >= _MOST_PARTS:
            break
        out.append(x)
        below = x
    return out


def _sums_to(parts: list[Row], total: Row) -> bool:
    """Do the rows add up to the total in a column where each has a figure?"""
    if len(parts) < 2:
        return False
    for i, v in enumerate(total.values):
        got = [p.values[i] if i < len(p.values) else None for p in parts]
        if v is not None and all(x is not None for x in got):
            return abs(sum(x for x in got if x is not None) - v) <= 0.01 * abs(v) + 1
    return False


def chunk_before(tables: list[Grid], g: Grid) -> Grid | None:
    """The last grid of the chunk before ``g``'s in the turn's tables, or None."""
    doc, _, n = g.passage.chunk_id.rpartition("#")
    if not n.isdigit():
        return None
    want = f"{doc}#{int(n) - 1}"
    found = [t for t in tables if t.passage.chunk_id == want]
    return found[-1] if found else None


def asked_part_row(
    question: str, g: Grid, r: Row, before: Grid | None = None
) -> tuple[Grid, Row] | None:
    """The row of the total ``r``'s breakdown whose own label says a qualifier the
    question asks and ``r`` does not ("domestic" income before taxes: the "Domestic"
    row above the total), with its grid (``before`` for a row of the chunk before), or
    None."""
    asked = asked_qualifiers(question)
    if not asked:
        return None
    own = agreement(asked, row_qualifiers(question, context(g.passage.text, r.start, r.label)))
    best: Row | None = None
    best_agree = max(own, 0.0)
    parts = breakdown(g, r, before)
    if not _sums_to(parts, r):
        return None  # the rows above are no breakdown of this row
    for x in parts:
        agree = agreement(asked, row_qualifiers(question, x.label))
        if agree > best_agree:
            best, best_agree = x, agree
    if best is None:
        return None
    # said whole, as the total's kind: "Foreign income before income taxes"
    total = clean_label(r.label).rstrip(": ")
    named = replace(best, label=f"{clean_label(best.label)} {total[:1].lower()}{total[1:]}")
    return (g if any(x is best for x in g.rows) else before or g), named


def names_qualified(question: str, label: str, names: tuple[str, ...]) -> bool:
    """Does a row's label hold one of an item's names with a qualifier the question asks
    that the name does not say, and none against it ("Current portion of long-term
    debt" for the long-term debt due within one year)? The row of that part of the
    item, not the item's own."""
    asked = asked_qualifiers(question)
    if not asked:
        return False
    plain = f" {_plain(label)} "
    if plain in f" {_plain(question)} ":
        return False  # the question names the row itself: it is read by its name
    has = said(label)
    for name in names:
        n = _plain(name)
        if not n or f" {n} " not in plain:
            continue
        own = said(name)
        extra = {c: m - own.get(c, frozenset()) for c, m in has.items()}
        if any(extra.get(c, frozenset()) & asked[c] for c in asked) and all(
            not (m - asked[c]) for c, m in extra.items() if c in asked
        ):
            return True
    return False
