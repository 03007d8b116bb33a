"""Every place in this turn's passages that states the answer's figure.

A filing states one figure several times: the financial statement's cell, the MD&A
sentence, a note's table, the earnings release's highlights. The answer is read from one
of them; the others that print the same figure *for the same thing* (the cell's row label,
or the words of the sentence it came from) are quoted after it, one per page, so the reader
sees each source that states it — the statement cell beside the sentence, or the sentence
beside the cell. A figure alone is not enough (a "Total" row or a date can print any
number), and neither is the label alone (another year's row).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial

from agent.evidence import Evidence, Passage, Unit, passages_by_id, units
from agent.models.expansions import Alias, aliases
from agent.models.primary_places import (
    OTHER,
    SENTENCE,
    STATEMENT,
    is_statement,
    narrowed,
    ordered,
    statement_of,
)
from agent.rewrite import key_terms
from agent.scope import stem, word_set
from agent.support import claim_text, coverage
from pipeline.text.finance import stated_rule, vocabulary

MAX_QUOTES = 2
_MARKER = re.compile(r"\[([^\[\]\s]+#\d+)\]")
# The label of a table row: what comes before its first figure (or cell separator).
_ROW_LABEL = re.compile(r"\s{2,}|\s*\|\s*|\s+(?=[($]?\s?-?\d)")
# A figure as printed: Chinese runs straight into its numbers, a Latin word never does.
_FIGURE = re.compile(
    r"(?<![A-Za-z0-9_.])\(?-?[$€£¥]?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\)?"
    r"(\s*%|\s*(?:percent|thousand|million|billion)\b|\s*[万亿])?",
    re.I,
)
_SCALES = (1.0, 1e3, 1e-3, 1e6, 1e-6)
# Share of a label's words the other unit must use: both of a two-word label ("Net
# sales", not "Cost of sales"), two of three; a row beside a longer row label ("Net
# income" / "Net income attributable to …") needs half of the longer one's.
_LABEL_COVER = 0.6
_ROW_COVER = 0.5
_THOUSAND = 1000.0  # a figure in millions said in billions, in thousands in millions
_SAID_IN = (
    (re.compile(r"in millions", re.I), "billion"),
    (re.compile(r"in thousands", re.I), "million"),
)
# "30" (a day), "2" (a count) are wording; "5,466", "21.4%", "3.2 billion" are figures.
_MIN_DIGITS = 3
_PAIRED = 100  # an amount a row's pair is read by
_ABOVE = 800  # characters above a row that may hold the heading naming it


@dataclass(frozen=True)
class _Figure:
    value: float
    decimals: int
    label: str  # what the figure is of: the row's label, or the sentence it is in
    row: bool


def corroborating(
    question: str, lines: Sequence[str], evidence: Sequence[Evidence]
) -> list[tuple[Passage, Unit]]:
    """Units of this turn's passages, on pages the draft does not cite yet, that state a
    figure of the draft for the same line item and use a word of the question; at most
    one per page, the primary statement's row and a sentence before another table
    (``primary_places.py``), each kind best ranked first."""
    asked = {stem(t) for t in key_terms(question) if not t.isdigit()} | _judged(question)
    short = aliases(question)
    passages = passages_by_id(evidence)
    cited = [i for line in lines for i in _MARKER.findall(line) if i in passages]
    sources = [*_sources(lines, passages), *_results(lines)]
    if not sources:
        return []
    # another document of the scope corroborates the answer's own figure (its first
    # line's), never a figure only a quote under it states (a later release's guidance
    # row sharing a midpoint with this one's)
    lead = [*_sources(lines[:1], passages), *_results(lines[:1])]
    own = {passages[i].doc_id for i in _MARKER.findall(lines[0]) if i in passages}
    pages = {(passages[i].doc_id, passages[i].page) for i in cited}
    found: list[tuple[Passage, Unit]] = []
    for p in sorted(passages.values(), key=lambda p: (p.rank or 99, p.page)):
        if p.chunk_id in cited or (p.doc_id, p.page) in pages:
            continue
        said = sources if not own or p.doc_id in own else lead
        hit = next(
            (
                u
                for u in units(p.text)
                if (_states(u, said) and _asks(u.text, asked, short)) or _pair(p, u, said)
            ),
            None,
        )
        if hit is not None:
            found.append((p, narrowed(hit, partial(_states_any, sources=said))))
            pages.add((p.doc_id, p.page))
    # the same line printed on two pages (a segment table's total again in a note) is
    # quoted once
    seen: set[str] = set()
    kept = []
    for p, u in ordered(found, _lead_place(cited, passages, sources)):
        line = " ".join(u.text.split()).lower()
        if line not in seen:
            seen.add(line)
            kept.append((p, u))
    return kept[:MAX_QUOTES]


def _lead_place(
    cited: Sequence[str], passages: dict[str, Passage], sources: Sequence[_Figure]
) -> int:
    """The kind of place the draft's first citation is (``primary_places.place``)."""
    if not cited or not sources[0].row:
        return SENTENCE
    return STATEMENT if is_statement(passages[cited[0]]) else OTHER


def _pair(p: Passage, u: Unit, sources: Sequence[_Figure]) -> bool:
    """A row printing two of the draft's row's amounts under a heading naming its item,
    whatever its own label: the same line in a schedule whose row is named by the heading
    above ("MEDTECH" over "WW | $7,788 | 6,898"), or not at all (a subtotal); a passage
    opening with its table's rows has its heading in the chunk before, unseen."""
    if u.kind != "row":
        return False
    rows = [f for f in sources if f.row and abs(f.value) >= _PAIRED]
    amounts = {(f.value, f.decimals) for f in rows}
    if len(amounts) < 2 or sum(_prints(u.text, v, d) for v, d in amounts) < 2:
        return False
    before = p.text[max(0, u.start - _ABOVE) : u.start]
    if all(line.lstrip().startswith("|") for line in before.splitlines() if line.strip()):
        return True  # the chunk opens with its table: the heading naming the row is before it
    return any(coverage(f.label, f"{p.section}\n{before}") >= _LABEL_COVER for f in rows)


def _states_any(text: str, sources: Sequence[_Figure]) -> bool:
    return any(_prints(text, f.value, f.decimals) for f in sources)


def _asks(text: str, asked: set[str], short: Sequence[Alias]) -> bool:
    """Does a unit use a word of the question, or one of its abbreviations spelled out?"""
    found = word_set(text)
    return bool(asked & found) or any(a.used_in(text, found) for a in short)


def _sources(lines: Sequence[str], passages: dict[str, Passage]) -> Iterable[_Figure]:
    """The draft's figures with what each is of, read from the unit of its cited passage
    that prints it."""
    for line in lines:
        ids = [i for i in _MARKER.findall(line) if i in passages]
        # a rule of thumb's threshold ("below the 15% commonly taken as …") is no figure
        rule = stated_rule(_said(line))[1]
        for value, decimals in [f for f in _figures(_said(line)) if f[0] not in rule]:
            for cid in ids:
                for u in units(passages[cid].text):
                    if u.kind != "heading" and _prints(u.text, value, decimals):
                        row = u.kind == "row"
                        yield _Figure(value, decimals, _label(u.text) if row else u.text, row)


def _results(lines: Sequence[str]) -> Iterable[_Figure]:
    """What a working computes ("Change in net sales FY2022 → FY2023 = … = 18.2%"): its
    result, named by what the line says it is, for the sentence that states it too."""
    for line in lines:
        said = _said(line)
        if said.count("=") < 2:
            continue
        name, result = said.split("=", 1)[0], said.rsplit("=", 1)[1]
        name = " ".join(w for w in name.split() if not any(c.isdigit() for c in w))
        for value, decimals in _figures(result)[:1]:
            yield _Figure(value, decimals, name, False)


def _said(line: str) -> str:
    return claim_text(_MARKER.sub(" ", line))


def _states(u: Unit, sources: Sequence[_Figure]) -> bool:
    """Does the unit print one of the figures for the same thing: a row whose label and
    the source's name each other, a sentence naming the source row's label, or (for a
    figure from a sentence) a row whose label the sentence names, or a sentence saying
    most of what the source sentence says?"""
    if u.kind == "heading":
        return False
    row = u.kind == "row"
    mine = _label(u.text) if row else u.text
    for f in sources:
        if not _prints(u.text, f.value, f.decimals):
            continue
        if row and f.row:
            shorter, longer = sorted((coverage(f.label, mine), coverage(mine, f.label)))
            same = shorter >= _ROW_COVER and longer >= _LABEL_COVER
        elif row:  # a statement row beside the sentence: the sentence names its item
            same = coverage(mine, f.label) >= _LABEL_COVER
        else:  # a sentence: it names the source row's item (in its words or by another
            # of the item's names: "worldwide sales" for "Sales to customers"), or says
            # what its sentence says
            same = coverage(f.label, mine) >= _LABEL_COVER or (f.row and _same_item(f.label, mine))
        if same:
            return True
    return False


def _figures(text: str) -> list[tuple[float, int]]:
    """(value, decimals) of the figures a text prints: three digits or more, or two with
    a decimal point, a percent sign or a scale word; never a year."""
    out = []
    for m in _FIGURE.finditer(text):
        whole, frac, unit = m.group(1), m.group(2) or "", m.group(3) or ""
        digits = (whole + frac).replace(",", "").replace(".", "").lstrip("0")
        year = not frac and "," not in whole and 1900 <= int(whole) <= 2100 and not unit
        if not year and (len(digits) >= _MIN_DIGITS or (len(digits) == 2 and (frac or unit))):
            out.append((float(whole.replace(",", "") + frac), max(0, len(frac) - 1)))
    return out


def _prints(text: str, value: float, decimals: int) -> bool:
    """Does ``text`` print the figure, as written or at another scale ("$302.6 million"
    beside "302,578" in thousands), within the rounding of the coarser of the two?"""
    for v, shown in _figures(text):
        for s in _SCALES:
            tol = max(0.5 * 10**-decimals, 0.5 * 10**-shown * s)
            if abs(v * s - value) <= tol:
                return True
    return False


def _label(row: str) -> str:
    return _ROW_LABEL.split(row.strip(" |"), maxsplit=1)[0].strip(" |$")


def _judged(question: str) -> set[str]:
    """Stems of the line items a judgement the question asks is decided by ("high-growth
    company?": revenue, sales …): a sentence naming them speaks to the question."""
    vocab = vocabulary()
    out: set[str] = set()
    for j in vocab.judgements:
        if any(p.search(question) for p in j.patterns):
            for key in re.findall(r"[a-z_]+", j.formula):
                item = vocab.items.get(key)
                out |= {stem(w) for n in (item.names if item else ()) for w in n.split()}
    return out - {stem(w) for w in ("total", "net")}


def _item_of(label: str) -> str | None:
    from agent.figures.items import MIN_ROW_MATCH, row_match  # figures import us

    items = vocabulary().items.values()
    best = max(items, key=lambda it: row_match(label, it), default=None)
    return best.key if best is not None and row_match(label, best) >= MIN_ROW_MATCH else None


def _same_item(label: str, sentence: str) -> bool:
    """Does the sentence name the line item the row label is, by any of its names?"""
    from agent.figures.items import asked_items  # figures import us

    key = _item_of(label)
    return key is not None and any(a.item.key == key for a in asked_items(sentence))


def statement_search(question: str, lines: Sequence[str], evidence: Sequence[Evidence]) -> str:
    """Keywords for the sentence stating the draft's first table figure in prose ("94.9
    billion sales 2025" for a cell "Sales to customers 94,943" in millions), when no
    passage of the turn states it yet; "" otherwise."""
    from agent.figures.items import years  # figures import us

    passages = passages_by_id(evidence)
    row = next((f for f in _sources(lines, passages) if f.row), None)
    if row is None or abs(row.value) < _THOUSAND or corroborating(question, lines, evidence):
        return ""
    cited = [passages[i].text for line in lines for i in _MARKER.findall(line) if i in passages]
    scale = next((w for s, w in _SAID_IN if cited and s.search(cited[0])), "")
    name = _short_name(row.label)
    ys = [str(y) for y in years(question)]
    return " ".join(x for x in [f"{abs(row.value) / _THOUSAND:.1f}", scale, name, *ys[-1:]] if x)


def _short_name(label: str) -> str:
    """The shortest name of the line item a row label is ("sales" for "Sales to
    customers"): prose calls an item by its short name."""
    key = _item_of(label)
    if key is None:
        return label
    names = vocabulary().items[key].names
    return min((n for n in names if n.isascii()), key=len, default=label)


@dataclass(frozen=True)
class StatementPlace:
    """Where to look for the primary statement's row of the draft's figure: a page of the
    turn's statement to read whole (its passage of the turn is another part of it), or
    keywords to search."""

    query: str = ""
    page: int = 0
    doc_id: str = ""


def statement_place(lines: Sequence[str], evidence: Sequence[Evidence]) -> StatementPlace:
    """For the draft's first table figure, when no statement passage of the turn prints
    it for that item (``primary_places.py``): the page of a passage of the line item's
    statement, not read yet; else keywords for its row (its label, the figure as printed,
    the statement's words: "Net cash provided by operating activities 2,912.9 statements
    of cash flows"). Nothing when a statement prints it already."""
    passages = passages_by_id(evidence)
    row = next((f for f in _sources(lines, passages) if f.row), None)
    if row is None or not row.label:
        return StatementPlace()
    kinds = {p.chunk_id: statement_of(p) for p in passages.values()}
    for p in passages.values():
        if kinds[p.chunk_id] and any(u.kind == "row" and _states(u, [row]) for u in units(p.text)):
            return StatementPlace()
    key = _item_of(row.label)
    statement = vocabulary().items[key].statement if key is not None else ""
    read = {(p.doc_id, p.page) for ev in evidence if ev.reads == "page" for p in ev.passages}
    for p in sorted(passages.values(), key=lambda p: (p.rank or 99, p.page)):
        if statement and kinds[p.chunk_id] == statement and (p.doc_id, p.page) not in read:
            return StatementPlace(page=p.page, doc_id=p.doc_id)
    words = vocabulary().statements[statement].split() if statement else []
    printed = f"{abs(row.value):,.{row.decimals}f}"
    return StatementPlace(
        query=" ".join([row.label, printed, *[w for w in words if w.isascii()][:4]])
    )
