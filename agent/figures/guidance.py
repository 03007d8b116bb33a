"""Guidance and outlook: what a company expects of a period to come, told apart from what
the period was.

An earnings release prints its full-year guidance beside the quarter's results: a table
under "FULL-YEAR 2023 GUIDANCE" whose columns are dated by the month each forecast was
given ("July 2023 | April 2023") and whose cells are ranges with their midpoints
("$10.70 – $10.80 / $10.75"); a 10-K's MD&A says "Net sales are expected to be between
$69.0 billion and $73.0 billion". A row or a sentence of guidance shares every word of a
question about the period's actual figure ("adjusted EPS … 2023"), yet never answers it;
a question asking for guidance ("What did J&J guide …", "… expect …") is answered by it.

A table is guidance when its own heading, caption or column header says so (the
lexicon's ``guidance.headings``; not an outer heading, nor the prose above it), when its
columns are dated by months of one year (the forecasts' dates, not periods: a balance
sheet's "December 2022 | December 2021" compares years), or when its rows of figures
are ranges of amounts or percentages. A row is guidance when its table is, when a cell
of it is such a range, or when its label names a midpoint; a sentence when it says what
is expected (``guidance.said``). The words are data
(``pipeline/text/data/lexicon/guidance.json``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import Protocol, TypeVar

from agent.evidence import Evidence, Passage, Unit, units
from agent.scope import stem
from pipeline.text import lexicon
from pipeline.text.periods import YEAR

_AS_WORDS = r"(?<![\w-])(?:{})(?![\w-])"
_ASKED = lexicon.pattern("guidance.asked", template=_AS_WORDS, flags=re.I)
_HEADINGS = lexicon.pattern("guidance.headings", template=_AS_WORDS, flags=re.I)
_ROW_WORDS = lexicon.pattern("guidance.row_words", template=_AS_WORDS, flags=re.I)
_SAID = lexicon.pattern("guidance.said", template=_AS_WORDS, flags=re.I)

_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_FIG = r"[$€£¥]?\s?\d[\d,]*(?:\.\d+)?\s?(?:%|[BMK](?![A-Za-z])|\s?(?:billion|million))?"
# a range of amounts or percentages in one cell: "$10.70 – $10.80", "6.0% – 7.0%",
# "$99.3B – $100.3B" (a bare "3 – 5" is years of useful life, or a maturity bucket)
_RANGE = re.compile(rf"({_FIG})\s*(?:–|—|-|to)\s*({_FIG})", re.I)
_MARKED = re.compile(r"[$€£¥%]|\d\s?[BMK](?![A-Za-z])|billion|million", re.I)
# a header cell opening with a month and a year, no day: the date a forecast was given
_ISSUED = re.compile(rf"^\s*({_MONTHS})\s+({YEAR})\b(?!\s*,)", re.I)
_AMOUNT = re.compile(r"[$€£¥]\s?\d|\d\s?%|\d[\d,.]*\s?(?:billion|million|[BM](?![A-Za-z]))", re.I)
_PIECES = re.compile(r"[•▪●◦]|\n|;\s")
_LINE_CELLS = re.compile(r"\s*\|\s*|\s{2,}")
# a word outside a cell's figures ("billion", "million" and a scale letter are the figures',
# a month the date of the forecast: "January 2023 3.5% – 4.5% / 4.0%")
_WORD = re.compile(rf"\b(?!(?:billion|million|{_MONTHS})\b)[^\W\d_]{{3,}}", re.I)
# a caption: a short line that is no sentence (a table's title, not the prose before it)
_CAPTION = re.compile(r"^[^.;:!?]{1,90}:?$")
_YEAR = re.compile(rf"(?<!\d)({YEAR})(?!\d)")
_STEM_WORD = re.compile(r"[A-Za-z]{3,}")
_NAME_WORD = re.compile(r"[A-Za-z][\w&'-]*")


def asks_guidance(question: str) -> bool:
    """Does the question ask what was guided, forecast or expected, not what was?"""
    return _ASKED.search(question) is not None


def range_cell(cell: str) -> bool:
    """Is the cell a range of amounts or percentages ("$10.70 – $10.80 / $10.75"), and
    nothing but figures? A bullet's sentence stating a range ("… will result in a $205
    million to $230 million refund") is a sentence, not a guidance table's cell."""
    m = _RANGE.search(cell)
    if m is None or not (_MARKED.search(m.group(1)) or _MARKED.search(m.group(2))):
        return False
    rest = cell[: m.start()] + " " + cell[m.end() :]
    return not _WORD.search(_RANGE.sub(" ", rest))


def _cells(line: str) -> list[str]:
    return [c for c in _LINE_CELLS.split(line.strip()) if c.strip()]


def _issue_dated(lines: Sequence[str]) -> bool:
    """Do a header line's cells name months of one year, each without a day ("July 2023 |
    April 2023")? Forecasts are dated so; periods by their end or their year."""
    for line in lines:
        dated = [m for c in _cells(line) if (m := _ISSUED.match(c))]
        if len({m.group(1).lower() for m in dated}) >= 2 and len({m.group(2) for m in dated}) == 1:
            return True
    return False


def _rows(p: Passage) -> list[Unit]:
    return [u for u in units(p.text) if u.kind == "row" and any(ch.isdigit() for ch in u.text)]


def guidance_table(p: Passage) -> bool:
    """Is the passage's table one of guidance (heading, column dates or ranged rows)?"""
    rows = _rows(p)
    if not rows:
        return False
    if _HEADINGS.search(_own_titles(p, p.text[: rows[0].start])):
        return True
    if _issue_dated([*p.columns.split("\n"), *p.text.split("\n")[:3]]):
        return True
    ranged = sum(1 for u in rows if any(range_cell(c) for c in _cells(u.text)[1:]))
    return ranged * 2 >= len(rows)


def _own_titles(p: Passage, before: str) -> str:
    """The words that title the passage's table itself: its innermost heading, its
    column header and the caption lines right above its rows. Not the headings above
    those (a 10-K's "… STRATEGY AND OUTLOOK" stands over its year's actual highlights) nor
    prose ("… we do not expect this new guidance to have a material impact")."""
    lines = [ln.strip() for ln in before.split("\n") if ln.strip()]
    captions = [ln for ln in lines[-3:] if _CAPTION.match(ln)]
    return "\n".join([p.section.rsplit(">", maxsplit=1)[-1], p.columns, *captions])


def guidance_unit(p: Passage, u: Unit, tables: dict[str, bool] | None = None) -> bool:
    """Is the unit a row or a sentence of guidance (see the module's note)? ``tables``
    keeps each passage's ``guidance_table`` once read."""
    if u.kind == "row":
        cells = _cells(u.text)
        label = cells[0] if cells else ""
        if _ROW_WORDS.search(label) or any(range_cell(c) for c in cells[1:]):
            return True
        if forward(u.text):  # a bullet saying what is expected ("• Net sales are expected …")
            return True
        known = {} if tables is None else tables
        if p.chunk_id not in known:
            known[p.chunk_id] = guidance_table(p)
        return known[p.chunk_id]
    return u.kind == "sentence" and forward(u.text)


def forward(text: str) -> bool:
    """Does the text say what is expected: each of its pieces stating an amount says so
    too ("Net sales are expected to be between $69.0 billion and $73.0 billion"), and one
    does? A run of bullets ("EPS of $2.80 … • Company is increasing its guidance") is
    the quarter's figures beside a word of guidance, not a forecast."""
    pieces = [t for t in _PIECES.split(text) if _AMOUNT.search(t)]
    return bool(pieces) and all(_SAID.search(t) for t in pieces)


class _Placed(Protocol):
    @property
    def passage(self) -> Passage: ...
    @property
    def unit(self) -> Unit: ...
    @property
    def matched(self) -> frozenset[str]: ...


P = TypeVar("P", bound=_Placed)


def guidance_order(found: list[P], question: str) -> list[P]:
    """The candidates in their order, but, among the rows and among the sentences each,
    guidance's after the others when the question asks a period's actual figure, and
    before them when it asks for guidance, as long as they state an amount (a forecast
    of nothing, "we do not provide guidance on a GAAP basis", answers no amount guided; a
    footnote giving the guidance's exchange rate is no guidance, yet may answer). Each
    kind keeps its places: a row never takes a sentence's, unless guidance is asked and
    an actual figure leads that a forecast says all the question's words of
    (``_forecast_lead``). Guidance moved first goes in the order of the years it names
    (``year_order``): "In our 2022 financial results, we expect …" answers 2022 asked,
    before the plan's total that names none."""
    asked = asks_guidance(question)
    tables: dict[str, bool] = {}
    out = list(found)
    for kind in ("row", "sentence"):
        at = [i for i, c in enumerate(found) if c.unit.kind == kind]
        marked = [_moved(found[i], asked, tables) for i in at]
        if not any(marked) or (all(marked) and not asked):
            continue
        first = [found[i] for i, m in zip(at, marked, strict=True) if m == asked]
        rest = [found[i] for i, m in zip(at, marked, strict=True) if m != asked]
        first = year_order(first, question) if asked else first
        for i, c in zip(at, first + rest, strict=True):
            out[i] = c
    return _forecast_lead(out, question, tables) if asked else out


def _forecast_lead(found: list[P], question: str, tables: dict[str, bool]) -> list[P]:
    """With guidance asked and a period's actual figure first ("Purchases of property,
    plant and equipment | (2,711)" for "… expect to spend on property, plant and equipment
    in 2022?"), the forecasts stating an amount that say every question word the first
    unit says (the asking words aside: "Expected dividend yield" says "expected" as a
    name) go before it, in the order of the years they name: the actual figure is of
    another period than the one forecast."""
    if not found or _moved(found[0], True, tables):
        return found
    named = _names(question)
    said = {w for w in found[0].matched if not _ASKED.fullmatch(w) and w not in named}
    lead = [c for c in found if _moved(c, True, tables) and said <= c.matched]
    if not lead:
        return found
    return [*year_order(lead, question), *(c for c in found if c not in lead)]


def _names(question: str) -> set[str]:
    """The stems of the question's names ("PepsiCo", "2019 Productivity Plan"): words in
    capitals and small letters past its first word. A forecast says the measure (the
    common nouns, and an acronym: "EPS"), not always the plan or the company it is of,
    which its heading or the sentence before names."""
    words = _NAME_WORD.findall(question)[1:]
    return {stem(w.lower()) for w in words if w[0].isupper() and not w.isupper()}


def year_order(found: list[P], question: str) -> list[P]:
    """The units saying the measure the first one says (its question words, the asking
    words and names aside) in the order of the years they name: a year the question asks
    first, then none, then only other years (a forecast for 2023 is no answer for 2022);
    the same order within each, and after them the units not saying it ("… of $134
    million …, which is expected to be recognized …" names the year of the report asked,
    yet forecasts no capital investment). Unchanged when the question names no year."""
    asked = set(_YEAR.findall(question))
    if not asked or not found:
        return found
    named = _names(question)
    measure = {w for w in found[0].matched if not _ASKED.fullmatch(w) and w not in named}

    def fit(c: P) -> int:
        years = set(_YEAR.findall(c.unit.text))
        return 0 if years & asked else 1 if not years else 2

    said = [c for c in found if measure <= c.matched]
    return [*sorted(said, key=fit), *(c for c in found if not measure <= c.matched)]


def _moved(c: _Placed, asked: bool, tables: dict[str, bool]) -> bool:
    """Is the unit guidance (stating an amount, when guidance is asked)?"""
    if not guidance_unit(c.passage, c.unit, tables):
        return False
    return not asked or _AMOUNT.search(c.unit.text) is not None


def actual_evidence(question: str, evidence: Sequence[Evidence]) -> list[Evidence]:
    """The evidence without its guidance tables when the question asks no guidance: a
    forecast's cell is no figure of the period it forecasts."""
    if asks_guidance(question):
        return list(evidence)
    out: list[Evidence] = []
    for ev in evidence:
        kept = [p for p in ev.passages if not guidance_table(p)]
        same = len(kept) == len(ev.passages)
        out.append(ev if same else ev.model_copy(update={"passages": kept}))
    return out


def forecast_said(question: str, evidence: Sequence[Evidence], labels: Sequence[str]) -> bool:
    """With guidance asked, does the turn say a forecast stating an amount (a sentence or
    a bullet, not a table's row) of the rows read (``labels``), in every word of theirs
    the question says too? Then a figure read off a period's actual row ("Operating
    income | 1,927" for "… operating income guidance range for the first quarter of
    2020?") answers another period than the one forecast, and the forecast answers."""
    if not labels or not asks_guidance(question):
        return False
    asked = _stems(question) - _period_stems()  # the measure's words, not its period's
    needs = [need for label in labels if (need := _stems(label) & asked)]
    if len(needs) < len(labels):
        return False
    tables: dict[str, bool] = {}
    for ev in evidence:
        for p in ev.passages:
            for u in units(p.text):
                said = _forecast(p, u, tables) and _stems(u.text)
                if said and all(need <= said for need in needs):
                    return True
    return False


def _forecast(p: Passage, u: Unit, tables: dict[str, bool]) -> bool:
    if u.kind == "row" and not forward(u.text):
        return False  # a guidance table's row is its own figure answer's (``guidance_cells``)
    return guidance_unit(p, u, tables) and _AMOUNT.search(u.text) is not None


@cache
def _period_stems() -> frozenset[str]:
    return frozenset(stem(w) for w in lexicon.words("change_words.asked_period_words"))


def _stems(text: str) -> set[str]:
    return {stem(w.lower()) for w in _STEM_WORD.findall(text)}
