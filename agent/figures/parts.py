"""The part of the business a line item is asked of: "Comirnaty revenues", "the
Pharmaceutical segment's sales", "What were STELARA sales in 2022?".

A part is a name in the question (a capitalised word other than the first of a sentence)
that is neither the document's own name ("Pfizer" in PFIZER_2021_10K.pdf, "JnJ" for
JOHNSON_JOHNSON, "Blue Harbor" for BLUEHARBOR), nor a metric acronym, a month or a word of the
vocabulary (line items, metrics, quantity words), and that the scope uses. Its figure is
a row that names the part ("Comirnaty direct sales and alliance revenues", "STELARA" in a
table of sales), never the company's total: the total answers another question.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from agent.evidence import Evidence
from agent.figures.change_columns import header_cells, names_basis
from agent.figures.formula import Cell, MissingFigure
from agent.figures.grid import Grid, Row
from agent.figures.items import _pattern, asked_items, norm
from agent.figures.markdown_tables import row_cells
from agent.figures.statements import one_part
from agent.question.acronyms import METRIC_ACRONYMS
from agent.scope import stem, word_set
from pipeline.text.finance import LineItem, vocabulary
from pipeline.text.totals import WHOLE_ROW

# a run of capitalised words: one name ("Blue Harbor", "North America")
_NAME_RUN = re.compile(r"[A-Z][\w&'’-]*(?:\.[A-Z])*\.?(?:\s+[A-Z][\w&'’-]*(?:\.[A-Z])*\.?)*")
_SENTENCE = re.compile(r"(?<=[.?!])\s+")
_MONTHS = re.compile(
    r"^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*$|^(q[1-4]|h[12]|fy\d*)$", re.I
)
_SHARE = re.compile(r"%|percent|\bshare\b|\bratio\b|\bchange\b|占比|比例|增减", re.I)
# A one-word part used by this share of the scope's chunks or more is as likely the
# company's own name ("Pfizer" in a file named otherwise) as a segment's: its row must name
# the item itself (or its column must), not only sit in a table about it.
CROWDED = 0.1
# A part's name is in a few chunks of a filing, its table among prose that mentions it:
# the search for it returns more passages than the search for an operand.
PART_SEARCH_K = 12


@dataclass(frozen=True)
class Parts:
    words: frozenset[str]  # stemmed part words the scope uses
    crowded: frozenset[str] = frozenset()  # those used by CROWDED of the chunks or more
    shown: tuple[str, ...] = ()  # the part's words as the question writes them
    # abbreviations the passages define for the part ("Frito-Lay North America (FLNA)"),
    # stemmed, each with how many of its words it stands for
    short: tuple[tuple[str, int], ...] = ()

    def hits(self, label_words: frozenset[str]) -> int:
        """How many of the part's words a label names, an abbreviation counting for all
        the words it stands for."""
        plain = len(self.words & label_words)
        return plain + sum(n - 1 for a, n in self.short if a in label_words)

    def __bool__(self) -> bool:
        return bool(self.words)


NO_PARTS = Parts(frozenset())


class PartMissing(MissingFigure):
    """No table of the turn has a row for the part of the business asked."""

    def __init__(self, item: str, year: int | None, parts: Parts) -> None:
        super().__init__(item, year)
        self.parts = parts


def asked_parts(question: str, evidence: Sequence[Evidence], known: frozenset[str]) -> Parts:
    """The part words of a question (see the module's docstring); ``known`` are the
    question's words that may name a part (``lookup.asked_words``)."""
    names = sorted({n for ev in evidence for n in (*ev.names, *ev.owner)})
    texts = [p.text for ev in evidence for p in ev.passages]
    labels = _row_labels(texts)
    labelled: set[str] = set()
    out: dict[str, str] = {}
    for sentence in _SENTENCE.split(question.strip()):
        first = re.match(r"\W*", sentence)
        for m in _NAME_RUN.finditer(sentence):
            tokens = m.group(0).split()
            if first is not None and m.start() == first.end():
                tokens = tokens[1:]  # a sentence's first word is capitalised anyway
            tokens = [t for t in tokens if not re.search(r"\d", t)]  # "FY2022" names no part
            for run in _possessed(tokens):  # "Velmor's Orchard": the company, then a part
                _run_words(run, names, labels=labels, known=known, labelled=labelled, out=out)
    for word in _qualifiers(question, labels, known):  # "casino revenues": a row "Casino"
        out.setdefault(stem(word), word)
        labelled.add(stem(word))
    # "worldwide sales", "Total revenue": a word naming the whole asks the whole, no part
    out = {k: w for k, w in out.items() if not WHOLE_ROW.fullmatch(w)}
    df: dict[str, int] = {}
    chunks = max((ev.scope_chunks for ev in evidence), default=0)
    for ev in evidence:
        for t, n in ev.term_df.items():
            df[stem(t)] = max(df.get(stem(t), 0), n)
    used = frozenset(
        w for w in out if df.get(w, 0) > 0 and (w in labelled or _named_so(out[w], texts))
    )
    # a one-word name as common as the company's may be it; a longer one names a part,
    # and so does one the question calls a segment ("the Pharmaceutical segment")
    one = len(used) == 1
    crowded = frozenset(
        w
        for w in used
        if one and chunks and df[w] >= CROWDED * chunks and not _called_part(out[w], question)
    )
    shown = tuple(out[w] for w in out if w in used)
    short = _abbreviations(used, texts)
    words = used | {a for a, _ in short}
    return Parts(words, crowded, shown + tuple(a.upper() for a, _ in short), short)


# the longest run of words before an item that may be a row's label ("raw materials and
# packaging inventory")
_LONGEST_QUALIFIER = 6


def _qualifiers(question: str, labels: set[str], known: frozenset[str]) -> list[str]:
    """Lower-case words right before an item the question names that are a row's whole
    label in the turn's tables ("casino revenues" beside a row "Casino", "finished goods
    inventory" beside a row "Finished goods" under "Inventories"): the item of that part,
    not the company's. The longest such run; its words the vocabulary does not use."""
    q = norm(question)
    out: list[str] = []
    for a in asked_items(question):
        before = q[: a.start].split()
        for n in range(min(_LONGEST_QUALIFIER, len(before)), 0, -1):
            run = before[-n:]
            words = [w for w in run if w.isalpha() and stem(w) in known]
            if all(w.isalpha() for w in run) and words and " ".join(run) in labels:
                out.extend(words)
                break
    return out


def _possessed(tokens: list[str]) -> list[list[str]]:
    """A run of capitalised words split after each possessive: "Velmor's Orchard" names
    the company and then its part."""
    out: list[list[str]] = [[]]
    for t in tokens:
        out[-1].append(t)
        if re.search(r"['’]s$", t):
            out.append([])
    return [r for r in out if r]


def _run_words(
    tokens: list[str],
    names: list[str],
    *,
    labels: set[str],
    known: frozenset[str],
    labelled: set[str],
    out: dict[str, str],
) -> None:
    """The part words of one run of capitalised words into ``out`` (and ``labelled`` when
    the run is a row's name), unless the run names the document itself."""
    run = "".join(re.sub(r"['’]s$", "", t) for t in tokens).strip(".").lower()
    if not run or _is_document(run, tokens, names):
        return
    if " ".join(tokens).lower() in labels:  # "International", "U.S.": a row's name
        labelled.update(stem(t.replace(".", "")) for t in tokens)
    for t in tokens:
        for word in re.split(r"[-–]", re.sub(r"['’]s$", "", t).strip(".")):
            if word.lower() in METRIC_ACRONYMS or _MONTHS.match(word):
                continue
            key = stem(word.replace(".", ""))  # "U.S." is the word "us"
            if key in known:
                out.setdefault(key, word)


def _called_part(word: str, question: str) -> bool:
    """Does the question call the word a part: "Pharmaceutical segment", "EMEA region"?"""
    kinds = {w for words in vocabulary().member_kinds.values() for w in words if w.isascii()}
    m = re.search(rf"\b{re.escape(word)}['’]?s?\s+(\w+)", question, re.I)
    return m is not None and m.group(1).lower() in kinds


# "Frito-Lay North America (FLNA)", "PepsiCo Beverages North America (“PBNA”)"
_DEFINED = re.compile(
    r"(?P<long>[A-Z][\w&'’.-]*(?:\s+(?:[A-Z][\w&'’.-]*|and|of|&)){1,6})\s*"
    r"\(\s*[“\"]?(?P<abbr>[A-Z][A-Za-z&]{1,7})[”\"]?\s*\)"
)


def _abbreviations(part: frozenset[str], texts: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """Abbreviations the passages define for a name holding every part word: the tables
    label the part's rows so ("FLNA")."""
    if len(part) < 2:
        return ()
    out: dict[str, int] = {}
    for text in texts:
        for m in _DEFINED.finditer(text):
            long = [w for w in re.split(r"[\s-]+", m.group("long")) if w[:1].isupper()]
            caps = "".join(c for c in m.group("abbr") if c.isupper())
            if caps != "".join(w[0] for w in long)[-len(caps) :]:
                continue  # not its initials: "(the Company)", "(Note 5)"
            if part <= word_set(" ".join(long)):
                out[stem(m.group("abbr"))] = len(part)
    return tuple(out.items())


def _row_labels(texts: Sequence[str]) -> set[str]:
    """The labels of the table rows in the passages, lower case, without footnote marks:
    a question's capitalised name that is a whole label names a row ("International",
    whatever case prose writes the word in)."""
    out: set[str] = set()
    for text in texts:
        for line in text.splitlines():
            if line.startswith("|"):
                first = row_cells(line)[0]
                out.add(re.sub(r"\s*\((?:[a-z]|\d{1,2})\)", "", first).strip(" :").lower())
    return out


# where a capital says nothing: a line's, a cell's or a sentence's first word
_OPENING = re.compile(r"(?:^|[\n|•]|[.:;?!]\s)\s*\(?$")


def _named_so(word: str, texts: Sequence[str]) -> bool:
    """Do the passages write the word as a name: capitalised inside sentences at least as
    often as not ("the Pharmaceutical segment", "STELARA"), where a question's title case
    ("Strong Cash Conversion", "Record Quarterly Growth") is not?"""
    pattern = re.compile(rf"\b{re.escape(word)}\b", re.I)
    upper = lower = 0
    for text in texts:
        for m in pattern.finditer(text):
            if _OPENING.search(text[max(0, m.start() - 3) : m.start()]) or m.start() == 0:
                continue
            if m.group(0)[0].isupper():
                upper += 1
            else:
                lower += 1
    return upper > 0 and upper >= lower


def _is_document(run: str, tokens: list[str], names: list[str]) -> bool:
    """Does the name name the document itself: its file's words ("Velmor Resorts" for
    VELMORRESORTS_2025_10K), or their initials ("JnJ" for JOHNSON_JOHNSON)?"""
    key = stem(run)
    if any(key in n or n in key for n in names if len(n) > 2):
        return True
    caps = "".join(c for t in tokens for c in t if c.isupper())
    initials = {n[0].upper() for n in names if n}
    return len(caps) >= 2 and len(tokens) == 1 and set(caps) <= initials


def names_item(text: str, item: LineItem) -> bool:
    """Does the text name the item (one of its names as words)?"""
    t = norm(text)
    return any(_pattern(n).search(t) for n in item.names)


# A table's scale note the parse may join to its first column's header ("(In thousands,
# except per share data) Year Ended December 31, 2018"): its "share" names no column
_SCALE_NOTE = re.compile(
    r"\([^()]*\b(?:thousands|millions|billions)\b[^()]*\)|\bexcept (?:for )?per share \w+",
    re.I,
)


def share_column(g: Grid, col: int) -> bool:
    """Does the column hold shares or changes of a figure ("Percent Change 2022")? Not a
    period's amounts under a title spanning its group (``_spanned``)."""
    if _SHARE.search(_SCALE_NOTE.sub(" ", g.columns[col].text)) is None:
        return False
    return not _spanned(g, col)


def _spanned(g: Grid, col: int) -> bool:
    """Is the column's change word the title of its whole column group, not its own? A
    release prints "Percent Change" over "2023 | 2022 | Total | Operations | Currency", and
    the header read gives each column the title: a column ending with its year whose title
    other columns carry before a change's basis ("SECOND QUARTER Percent Change 2023"
    beside "SECOND QUARTER Percent Change Total") holds the year's amounts."""
    c = g.columns[col]
    years = list(re.finditer(rf"\b{c.year}\b", c.text)) if c.year is not None else []
    if not years or c.text[years[-1].end() :].strip():
        return False
    title = c.text[: years[-1].start()].strip()
    heads = header_cells(g.passage.text, g.rows[0].start) if g.rows else None
    return bool(title) and any(
        h.startswith(title) and names_basis(h[len(title) :]) for h in heads or []
    )


def measure_column(g: Grid, col: int, item: LineItem) -> int:
    """Among the columns of ``col``'s period, the one whose header names the item: a table
    of several measures per year ("Income Before Tax 2022 | … | Segment Sales 2022")."""
    here = g.columns[col]
    same = [
        i
        for i, c in enumerate(g.columns)
        if c.year == here.year and c.months == here.months and i != col
    ]
    if not same or names_item(here.text, item):
        return col
    # "% to Sales", "Percent of Segment Sales": a share of the item, not the item
    named = (i for i in same if names_item(g.columns[i].text, item))
    return next((i for i in named if not _SHARE.search(g.columns[i].text)), col)


def part_score(
    g: Grid, r: Row, col: int, item: LineItem, *, parts: Parts, head: str
) -> tuple[float, bool] | None:
    """How surely a row is the item's figure for the part asked: how many of the part's
    words its label uses (half a word less under another part's heading: "U.S." under
    "Devices" is that segment's), and whether it or its column names the item
    too; None when it is not the part's row (a table's title naming the item, and the
    label no other item, suffice for a label naming the part alone)."""
    hit = parts.words & word_set(r.label)
    if share_column(g, col):  # a part's share or change is not its figure
        return None
    if not hit:  # "Net sales" in a table titled "Flexibles Segment": the part's own table
        titled = stem(one_part(g).lower()) in parts.words
        return (1.0, True) if titled and names_item(r.label, item) else None
    group = group_label(g, r)
    inside = bool(group) and not (parts.words & word_set(group)) and not WHOLE_ROW.match(group)
    count = parts.hits(word_set(r.label)) - (0.5 if inside else 0.0)
    if names_item(r.label, item) or names_item(g.columns[col].text, item):
        return count, True
    others = [i for i in vocabulary().items.values() if i is not item]
    if group and any(names_item(group, i) for i in others) and not names_item(group, item):
        return None  # "AWS" under "Operating income:" is not AWS's sales
    if names_item(group, item):  # "AWS" under "Net sales:"
        return count + (0.5 if inside else 0.0), True
    if hit <= parts.crowded:  # only words as common as the company's own name
        return None
    if names_item(head, item) and not any(names_item(r.label, i) for i in others):
        return count, False
    return None


def group_label(g: Grid, r: Row) -> str:
    """The label of the figure-less row heading the group a row is in ("Net Sales:" over
    "North America", "AWS"); "" when none is above it."""
    for line in reversed(g.passage.text[: r.start].splitlines()):
        cells = row_cells(line)
        if not line.strip().startswith("|") or set("".join(cells)) <= set("-: "):
            continue
        if cells[0] and not any(c for c in cells[1:]):
            return cells[0]
    return ""


def item_word(parts: Parts, question: str, cell: Cell) -> str:
    """The item as the question words it (or, unworded, by its shortest name), for a row
    labelled by a part alone ("STELARA" in a table of sales: "STELARA sales"); "" when
    the label names the item itself."""
    item = vocabulary().items[cell.item]
    if not parts or names_item(cell.label, item):
        return ""
    said = next((a for a in asked_items(question) if a.item.key == cell.item), None)
    if said is None:  # "how did the X segment perform": its shortest name ("sales")
        return min((n for n in item.names if n.isascii()), key=len, default="")
    return norm(question)[said.start : said.end]


def part_queries(parts: Parts, question: str, key: str) -> list[str]:
    """Keyword searches for a part's row, in turn: its name alone ("Ibrance": the item's
    words are in most chunks of a filing and would outrank the few naming the part), then
    with the item as the question words it ("FLNA net revenue": a name in many tables)."""
    alone = " ".join(parts.shown)
    said = next((a for a in asked_items(question) if a.item.key == key), None)
    item = norm(question)[said.start : said.end] if said else ""
    return [alone, f"{alone} {item}"] if item else [alone]
