"""The document's own title, as its first page prints it, for the mind map's root.

In order: the registrant named on an SEC filing's cover ("BEST BUY CO., INC." above
"(Exact name of registrant as specified in its charter)", with the form and period),
the largest print on the first page when it stands out from the body text, a title
heading that opens the document (Word's Title style, a Markdown '# Title'), the
file's metadata title, and last the file name. Identifiers (an SEC accession number
such as 0000320187-21-000028, a file code) are never a title.
"""

from __future__ import annotations

import re
from statistics import median

from pipeline.models import Block

REGISTRANT = re.compile(r"^\(?\s*exact name of (?:the\s+)?registrant", re.I)
_FORM = re.compile(r"^form\s+[0-9]{1,2}-?[a-z]{0,2}(?:/a)?$", re.I)
_PERIOD = re.compile(
    r"\b(?i:for the (?:fiscal year|quarterly period|year|quarter) ended)\s+"
    r"(?P<d>[A-Z][a-z]+\.? \d{1,2},? \d{4})"
)
_RULE = re.compile(r"^[\s_\-–—=.·*]+$")
_LETTERS = re.compile(r"[^\W\d_]{3,}")
_CJK = re.compile(r"[\u3400-\u9fff]")
MAX_TITLE = 160
STANDS_OUT = 1.25  # the largest print must be this much larger than the body text


def is_identifier(text: str) -> bool:
    """An accession number, a code or a date, not a title: no word of three letters (or
    two Chinese characters), or more digits than letters."""
    letters = sum(ch.isalpha() for ch in text)
    digits = sum(ch.isdigit() for ch in text)
    words = bool(_LETTERS.search(text)) or len(_CJK.findall(text)) >= 2
    return not words or digits > letters


def _usable(text: str) -> str:
    t = " ".join(text.split())
    if not t or len(t) > MAX_TITLE or _RULE.match(t) or is_identifier(t):
        return ""
    return t


def _front(blocks: list[Block], pages: int) -> list[Block]:
    return [
        b
        for b in blocks
        if b.page <= pages and b.kind not in ("header", "footer", "table") and b.text.strip()
    ]


def filing_title(blocks: list[Block]) -> str:
    """'BEST BUY CO., INC. — Form 10-K, fiscal year ended February 2, 2019' from a cover."""
    front = _front(blocks, 2)
    for i, b in enumerate(front):
        if not REGISTRANT.match(b.text.strip()):
            continue
        name = next((_usable(p.text) for p in reversed(front[:i]) if _usable(p.text)), "")
        if not name:
            return ""
        cover = front[:i]
        form = next((" ".join(p.text.split()) for p in cover if _FORM.match(p.text.strip())), "")
        period = next((m for p in cover if (m := _PERIOD.search(" ".join(p.text.split())))), None)
        title = name
        if form:
            title += " — " + form.title()
            if period:
                title += ", " + period.group(0).split(" ", 2)[2]
        return title
    return ""


def _size(b: Block) -> float:
    return b.font_size or 0.0


def largest_print(blocks: list[Block]) -> str:
    """The text set largest on page 1, when it stands out from the body text (several
    lines in that size, one after the other, are one title)."""
    first = _front(blocks, 1)
    sized = [b for b in first if b.font_size]
    if len(sized) < 2:
        return ""
    body = median(_size(b) for b in sized)
    top = max(_size(b) for b in sized)
    if top < STANDS_OUT * body:
        return ""
    parts: list[str] = []
    for b in first:
        if abs(_size(b) - top) < 0.5:
            parts.append(" ".join(b.text.split()))
        elif parts:
            break
    return _usable(" ".join(parts))


def opening_heading(blocks: list[Block]) -> str:
    """A heading that opens the document (Word's Title style, '# Title' in Markdown)."""
    first = next((b for b in blocks if b.kind not in ("header", "footer") and b.text.strip()), None)
    if first is None or first.kind != "heading" or first.level > 1:
        return ""
    return _usable(first.text)


def document_title(blocks: list[Block], metadata_title: str, file_name: str) -> str:
    """The title of a document, best source first, never an identifier."""
    for found in (filing_title(blocks), largest_print(blocks), opening_heading(blocks)):
        if found:
            return found
    meta = _usable(metadata_title)
    if meta:
        return meta
    stem = file_name.rsplit(".", 1)[0] if "." in file_name else file_name
    return stem.strip() or file_name
