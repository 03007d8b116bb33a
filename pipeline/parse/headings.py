"""The heading tree: from the PDF outline when there is one, otherwise from typography.

Typography means font size and weight relative to the body text, and numbering
such as "第3章", "3.2", "Article 5" or "Item 7."; levels come from the numbering
depth where there is one, otherwise from the rank of the heading's style.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from difflib import SequenceMatcher

from pipeline.models import Block, Box, Line, OutlineEntry, Page, union_box
from pipeline.parse.continuation import ocr_continuation
from pipeline.parse.heading_blocks import lift_table_headings, split_named
from pipeline.parse.numbering import (
    CN_NUM,
    dotted_level,
    is_note,
    named_level,
    numbering_level,
)
from pipeline.parse.statement_sections import closable_item, statement_set
from pipeline.parse.subheadings import mark_sentence_headings
from pipeline.parse.table_structure import is_statement_title
from pipeline.text.lang import join_lines
from pipeline.text.script import UNIFIED_RE

_SYMBOL_BULLET = re.compile(r"^[•●○◦▪■□◆◇·‣⁃–*]\s")
_CELL_GAP = re.compile(r"\S {2,}\S")
_SENTENCE_END = re.compile(r"[.。;；,，:：]$")
_MOSTLY_NUMERIC = re.compile(r"^[\s\d.,%$()€£¥+\-–—/]+$")


def _title_caps(text: str) -> bool:
    letters = [c for c in re.sub(r"\([^)]*\)", "", text) if c.isalpha()]
    words = len(text.split())
    return (
        words >= 3 and len(letters) >= 8 and sum(c.isupper() for c in letters) >= 0.9 * len(letters)
    )


def _has_cjk(text: str) -> bool:
    return UNIFIED_RE.search(text) is not None


def _alnum(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.lower())


_TOKEN = re.compile(r"\S+")
_NUMERIC_TOKEN = re.compile(r"^[(\[$€£¥]?[-+]?\d[\d,.:/%-]*[)\]]?[,.;:]?$")


_PREFIX = re.compile(
    rf"^(?:(?:chapter|part|section|item|article)\s+[0-9ivxlc]+[a-z]?\.?|第[{CN_NUM}]+[章篇部节条]"
    r"|\d{1,2}(?:\.\d{1,2}){0,4}\.?)\s*",
    re.IGNORECASE,
)


def _header_row(text: str) -> bool:
    """'For the years ended June 30, 2023 2022 2021': a table's column header, not a heading."""
    tokens = _TOKEN.findall(_PREFIX.sub("", text.strip(), count=1))
    numeric = sum(1 for t in tokens if _NUMERIC_TOKEN.match(t))
    return numeric >= 2 and numeric >= 0.3 * len(tokens)


def body_size(pages: list[Page]) -> float:
    sizes: Counter[float] = Counter()
    for p in pages:
        for b in p.blocks:
            if b.kind in ("paragraph", "list_item") and b.font_size:
                sizes[round(b.font_size)] += len(b.text)
    return float(sizes.most_common(1)[0][0]) if sizes else 10.0


def _looks_like_heading(b: Block, body: float, body_bold: bool) -> bool:
    text = b.text.strip()
    if b.kind not in ("paragraph", "list_item") or not text or len(b.lines) > 4:
        return False
    if ocr_continuation(b, text):
        return False
    limit = 60 if UNIFIED_RE.search(text) else 160
    if len(text) > limit or _MOSTLY_NUMERIC.match(text):
        return False
    numbered = numbering_level(text) is not None
    if _SENTENCE_END.search(text) and not numbered:
        return False
    if _header_row(text) or _SYMBOL_BULLET.match(text):
        return False
    if _CELL_GAP.search(text) and not numbered:  # a table row ("Name  Name  Name")
        return False
    size = b.font_size or body
    if size >= body * 1.15 + 0.5:
        return True
    # "ADOBE INC. CONSOLIDATED STATEMENTS OF INCOME (In millions)": the parenthesis is a unit note.
    letters = [c for c in re.sub(r"\([^)]*\)", "", text) if c.isalpha()]
    caps = len(letters) >= 8 and sum(c.isupper() for c in letters) >= 0.9 * len(letters)
    if b.bold and not body_bold:
        if numbered or caps:
            return True
        # A long bold line is an emphasised sentence, not a title.
        short_lines = all(len(ln.text) <= (40 if _has_cjk(text) else 80) for ln in b.lines)
        return short_lines and (size >= body - 0.5 or _title_words(text))
    # Statement titles ("CONSOLIDATED BALANCE SHEETS") are often caps at body size.
    smaller_ok = 0.75 * body if b.bold else body - 0.5  # bold caps table titles run small
    if caps and len(text.split()) >= 2 and size >= smaller_ok:
        return True
    return numbered and b.bold


_LETTERED = re.compile(r"^\([a-z]{1,4}\)\s+")


def _title_words(text: str) -> bool:
    """Reads as a title ("FY23 Outlook", "Consolidated Statements of Income"), not as the
    label of a statement's rows ("Operating activities", "Assets") or a note ("(Unaudited)")."""
    text = _LETTERED.sub("", text.strip())  # "(g) Installation of …" is a subsection
    if _has_cjk(text):
        return not text.startswith(("(", "（"))
    words = re.findall(r"[A-Za-z][\w’'&.-]*", text)
    return not text.startswith("(") and sum(1 for w in words if w[0].isupper()) >= 2


def _beside_another(page: Page, b: Block) -> bool:
    """Whether another block sits on the same line: then it is a column header ("Three
    Months Ended" next to "Six Months Ended") or a cell, not a heading."""
    if b.box is None or _LETTERED.match(b.text):
        return False  # "(g) Installation of …": a subsection, whatever lines up beside it
    x0, y0, x1, y1 = b.box
    for o in page.blocks:
        if o is b or o.box is None or o.kind in ("header", "footer"):
            continue
        # Cells of a row share its top or bottom edge; text in the next column of a
        # multi-column page rarely lines up.
        aligned = abs(o.box[1] - y0) <= 2 or abs(o.box[3] - y1) <= 2
        if aligned and (o.box[0] >= x1 or o.box[2] <= x0):
            return True
    return False


def _outline_match(want: str, b: Block, top: float | None) -> float:
    """How well a block stands for an outline title: prefix similarity, or the title
    contained in a short block ('Executive Officers' in 'INFORMATION ABOUT OUR EXECUTIVE
    OFFICERS'). A short block where the link lands needs less: bookmark labels are often
    abridged ('Provision for Income Taxes' for 'Provision for (Benefit from) Income
    Taxes')."""
    have = _alnum(b.text)
    if not have:
        return 0.0
    score = SequenceMatcher(None, want, have[: len(want)]).ratio()
    short = len(b.lines) <= 2
    if score < 0.8 and len(want) >= 6 and short and want in have:
        score = 0.8
    landed = top is not None and b.box is not None and abs(b.box[1] - top) <= 6
    if score < 0.8 and landed and short and SequenceMatcher(None, want, have).ratio() >= 0.6:
        score = 0.8
    return score


def _apply_outline(pages: list[Page], outline: list[OutlineEntry]) -> int:
    """Mark the blocks that outline entries point at; returns how many were found.

    A block claimed by one entry is not taken by another (a block holding "PART III
    ITEM 10." keeps the first, outer entry).
    """
    by_page = {p.page: p for p in pages}
    found = 0
    claimed: set[int] = set()
    for entry in outline:
        want = _alnum(entry.title)
        page = by_page.get(entry.page)
        if not want or page is None:
            continue
        best: tuple[float, Block | None] = (0.0, None)
        for b in page.blocks:
            if b.kind in ("header", "footer", "table") or id(b) in claimed:
                continue
            score = _outline_match(want, b, entry.top)
            if score > best[0]:
                best = (score, b)
        if best[1] is not None and best[0] >= 0.8:
            block = best[1]
            _split_after_title(page, block, want)
            block.kind, block.level = "heading", min(6, max(1, entry.level))
            claimed.add(id(block))
            found += 1
    return found


def _split_after_title(page: Page, b: Block, want: str) -> None:
    """Keep only the lines that spell the outline title in the heading block.

    The lines after it ("ITEM 10. …" under "PART III", "(In millions)" under a statement
    title) become a block of their own, which the next outline entry can claim.
    """
    if len(b.lines) < 2:
        return
    ratios = [
        SequenceMatcher(None, want, _alnum(" ".join(ln.text for ln in b.lines[:k]))).ratio()
        for k in range(1, len(b.lines) + 1)
    ]
    k = max(range(len(ratios)), key=lambda i: ratios[i]) + 1
    if k == len(b.lines) or ratios[k - 1] <= ratios[-1]:
        return
    rest = b.lines[k:]
    b.lines = b.lines[:k]
    b.text, b.box = join_lines([ln.text for ln in b.lines])[0], _union(b.lines, b.box)
    tail = Block(
        page=b.page,
        text=join_lines([ln.text for ln in rest])[0],
        box=_union(rest, None),
        lines=rest,
        font_size=b.font_size,
        bold=b.bold,
    )
    page.blocks.insert(page.blocks.index(b) + 1, tail)


def _union(lines: list[Line], default: Box | None) -> Box | None:
    return union_box(ln.box for ln in lines) or default


_CONTENTS_TITLE = re.compile(r"^\s*(?:table\s+of\s+contents|contents|目\s*录|目\s*次)\s*$", re.I)
_PAGE_REF = re.compile(r"(?:\s|\.{2,}|…+|·{2,})\s*(\d{1,4})\s*$")


def _rising(numbers: list[int]) -> int:
    """Length of the longest non-decreasing run of ``numbers`` (not necessarily adjacent)."""
    tails: list[int] = []
    for x in numbers:
        i = bisect_right(tails, x)
        tails[i : i + 1] = [x]
    return len(tails)


def contents_pages(pages: list[Page]) -> set[int]:
    """Pages that list the contents ("Risk Factors ..... 60"). Their entries repeat the
    headings of the document; taken as headings they would open empty sections.

    A line ends with a page number; the numbers rise down the page, which rows of
    figures in a financial table do not.
    """
    limit = 1.2 * max((p.page for p in pages), default=0) + 10
    found: set[int] = set()
    for p in pages:
        body = [b for b in p.blocks if b.kind not in ("header", "footer", "table")]
        lines = [ln.text for b in body for ln in b.lines] or [b.text for b in body]
        refs = [
            int(m.group(1))
            for t in lines
            if (m := _PAGE_REF.search(t)) and 0 < int(m.group(1)) <= limit
        ]
        titled = any(_CONTENTS_TITLE.match(b.text) for b in body)
        enough = len(refs) >= 4 if titled else len(refs) >= 8 and len(refs) >= 0.4 * len(lines)
        if enough and _rising(refs) >= 0.8 * len(refs):
            found.add(p.page)
    return found


def mark_headings(pages: list[Page], outline: list[OutlineEntry]) -> None:
    """Set kind='heading' and a level on the heading blocks of a parsed document."""
    split_named(pages)
    lifted = lift_table_headings(pages)
    weights = Counter(
        b.bold for p in pages for b in p.blocks if b.kind == "paragraph" for _ in b.text
    )
    body_bold = weights[True] > weights[False]
    if len(outline) >= 3 and _apply_outline(pages, outline) >= 0.5 * len(outline):
        mark_sentence_headings(pages, body_bold)
        return
    _typographic(pages, lifted, body_bold)
    mark_sentence_headings(pages, body_bold)


def _typographic(pages: list[Page], lifted: set[int], body_bold: bool) -> None:
    """Headings found by print: size and weight against the body text, and numbering."""
    body = body_size(pages)
    contents = contents_pages(pages)
    candidates = [
        b
        for p in pages
        for b in p.blocks
        if _looks_like_heading(b, body, body_bold)
        and (p.page not in contents or _CONTENTS_TITLE.match(b.text) or id(b) in lifted)
        and not ((b.font_size or body) < body - 0.5 and _beside_another(p, b))
    ]

    # A caps title outranks the plain headings of its own size ("CONSOLIDATED BALANCE
    # SHEETS" above "Current assets").
    han_bold = _han_weight(candidates, body)

    def style(b: Block) -> tuple[int, bool, bool]:
        size = round(b.font_size or body)
        bold = han_bold.get(size, b.bold) if not _has_cjk(b.text) else b.bold
        return (size, bold, _title_caps(b.text))

    styles = sorted({style(b) for b in candidates}, key=lambda s: (-s[0], not s[1], not s[2]))
    rank = {s: i + 1 for i, s in enumerate(styles)}
    # Caps titles in small print head financial statements and tables; ranked by size they
    # would nest under whatever heading came last ("News Media"). They start sections at
    # the level of the document's smallest display headings.
    display = [rank[s] for s in styles if s[0] >= body * 1.15 + 0.5]
    for s in styles:
        if s[2] and s[0] < body - 0.5:
            rank[s] = max(display, default=1)
    # Statement titles are sections of their own beside the auditor's report over them,
    # which a caps title of their size outranks: they take that rank.
    top_of_size = {s[0]: min(r for t, r in rank.items() if t[0] == s[0]) for s in styles}
    for b in candidates:
        level = rank[style(b)]
        if is_statement_title(b.text) and numbering_level(b.text) is None:
            level = min(level, max(top_of_size[style(b)[0]], rank[style(b)] - 1))
        b.kind, b.level = "heading", level
    _number_levels(candidates, lambda b: style(b)[:2])


def _han_weight(candidates: list[Block], body: float) -> dict[int, bool]:
    """Per print size, whether the Chinese headings of that size are bold (most of them).
    A heading of that size without Chinese ('POWER6' among Chinese article titles) is
    drawn in another font, bold or not whatever the Chinese ones are: it takes their
    weight, or it would rank above them and every later title would nest under it."""
    votes: dict[int, list[bool]] = {}
    for b in candidates:
        if _has_cjk(b.text):
            votes.setdefault(round(b.font_size or body), []).append(b.bold)
    return {size: 2 * sum(v) > len(v) for size, v in votes.items() if len(v) >= 2}


def _number_levels(headings: list[Block], print_of: Callable[[Block], tuple[int, bool]]) -> None:
    """Levels of numbered headings, and of the headings inside their sections. A named
    numbering ("PART II", "Item 8.", "第三章") says its level; a decimal one ("1.", "2.3")
    counts from the named section it opens in, so a note "1. Summary of Accounting
    Policies" nests under "Item 8." instead of climbing to the top and out of it. A
    heading ranked by its print (``level`` on entry) stays inside the named section too,
    unless it is set larger or bolder than that section's heading (``print_of``: size
    and weight). A set of statements printed without their item closes the item before
    them (``statement_sections``)."""
    statements = statement_set(headings)
    open_: list[_Open] = []  # the named sections open, and the statements' own
    for b in headings:
        printed, weight = b.level, print_of(b)
        named, dotted = named_level(b.text), dotted_level(b.text)
        at = _statements_close(b, open_, statements, named, dotted)
        if at is not None:
            b.level = open_[at].level
            del open_[at:]
            open_.append(_Open(b.level, weight, statements=True))
        elif named is not None:
            while open_ and open_[-1].level >= named:
                open_.pop()
            b.level = named
            open_.append(_Open(named, weight, item=closable_item(b.text)))
        else:
            while open_ and open_[-1].print < weight:  # set larger or bolder: it closes them
                open_.pop()
            inner = open_[-1].level + 1 if open_ else 1
            b.level = max(dotted if dotted is not None else printed, inner)
        b.level = min(6, b.level)


@dataclass
class _Open:
    level: int
    print: tuple[int, bool]
    item: bool = False  # an item the statements can close ("Item 7. Management's …")
    statements: bool = False  # a statement or note section opened in place of such an item


def _statements_close(
    b: Block, open_: list[_Open], statements: set[int], named: int | None, dotted: int | None
) -> int | None:
    """Where in ``open_`` the heading starts a section of the statements, or None: a
    statement title closes the item it was printed in, and a note after the statements
    ("Note 1 — …", "1. Basis of …") closes the statement before it, taking its level."""
    if id(b) in statements:  # the item, or the statement (or note) before it
        return next((i for i, o in enumerate(open_) if o.item or o.statements), None)
    note = is_note(b.text) or (named is None and dotted == 1)
    if not note:
        return None
    return next((i for i, o in enumerate(open_) if o.statements), None)
