"""The document's name as a reader says it: the mind map's root, the library's and the
API's title, the heading of the summary and of the term list.

In order: a filing's registrant, form and period ("BEST BUY CO., INC. — Form 10-K,
fiscal year ended February 2, 2019"; ``title_filing.py``),
the largest print on the first page when it stands out from the body text, a title
heading that opens the document (Word's Title style, a Markdown '# Title') unless it
heads only the first of a run of parts like it (a collection of articles), the
file's metadata title unless it is a placeholder ("Document"), and last the file name.
Identifiers (an SEC accession number such as 0000320187-21-000028, a file code) are
never a title.
"""

from __future__ import annotations

import re
from statistics import median

from pipeline.knowledge.title_filing import REGISTRANT, filing_title, release_title
from pipeline.knowledge.wordlists import word_lists
from pipeline.models import Block
from pipeline.text.normalise import single_spaces
from pipeline.text.periods import YEAR_RE
from pipeline.text.script import HAN, HAN_SPAN_RE

__all__ = [
    "REGISTRANT",
    "document_title",
    "is_identifier",
    "picked_title",
    "reader_title",
    "shown_title",
]

_RULE = re.compile(r"^[\s_\-–—=.·*]+$")
_LETTERS = re.compile(r"[^\W\d_]{3,}")
MAX_TITLE = 160
STANDS_OUT = 1.25  # the largest print must be this much larger than the body text


def is_identifier(text: str) -> bool:
    """An accession number, a code or a date, not a title: no word of three letters (or
    two Chinese characters), or more digits than letters."""
    letters = sum(ch.isalpha() for ch in text)
    digits = sum(ch.isdigit() for ch in text)
    words = bool(_LETTERS.search(text)) or len(HAN_SPAN_RE.findall(text)) >= 2
    return not words or digits > letters


def _usable(text: str) -> str:
    t = single_spaces(text)
    if not t or len(t) > MAX_TITLE or _RULE.match(t) or is_identifier(t):
        return ""
    return t


def _front(blocks: list[Block], pages: int) -> list[Block]:
    return [
        b
        for b in blocks
        if b.page <= pages and b.kind not in ("header", "footer", "table") and b.text.strip()
    ]


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
    opening = _opening(first)
    top = max((_size(b) for b in opening), default=0.0)
    if top < STANDS_OUT * body:
        return ""
    parts: list[str] = []
    for b in opening:
        if abs(_size(b) - top) < 0.5:
            parts.append(single_spaces(b.text))
        elif parts:
            break
    return _usable(" ".join(parts))


BODY_ABOVE = 300  # characters of body text a title may follow (a dateline, a notice)


def _opening(first: list[Block]) -> list[Block]:
    """The blocks page 1 opens with, before its body text: a title is printed above
    what it titles, and the largest print under the text is a logo or a signature (a
    maker's name set large at the foot of a product sheet)."""
    seen = 0
    for i, b in enumerate(first):
        if b.kind in ("paragraph", "list_item"):
            seen += len(b.text)
            if seen > BODY_ABOVE:
                return first[:i]
    return first


def opening_heading(blocks: list[Block]) -> str:
    """A heading that opens the document (Word's Title style, '# Title' in Markdown)."""
    first = next((b for b in blocks if b.kind not in ("header", "footer") and b.text.strip()), None)
    if first is None or first.kind != "heading" or first.level > 1:
        return ""
    return _usable(first.text)


def _stem(file_name: str) -> str:
    stem = file_name.rsplit(".", 1)[0] if "." in file_name else file_name
    return stem.strip() or file_name


def placeholder(text: str) -> bool:
    """Words printed or stored in place of a title: "Document", "Microsoft Word - x.docx",
    a release's "FOR IMMEDIATE RELEASE" (wordlists.json "placeholder_titles"), a lone file
    name ("Binder1.pdf")."""
    low = " ".join(text.lower().split()).strip(" :.")
    lists = word_lists()
    if low in lists.placeholder_titles or low.startswith(lists.placeholder_prefixes):
        return True
    # a file name ("Binder1.pdf", Acrobat's name for combined files) names the source file
    stem, dot, ext = low.rpartition(".")
    return bool(dot and stem and ext in lists.file_extensions)


def metadata_title(text: str) -> str:
    """A metadata title when it names the document, not a tool's placeholder."""
    t = _usable(text)
    return "" if not t or placeholder(t) else t


PEERS = 2  # later headings like the first that make it the title of a first part only


def titles_first_part(blocks: list[Block], found: str) -> bool:
    """Whether ``found`` is the heading of the document's first part only: the first of
    a run of headings of its level and print (a collection of articles, each under its
    own title), not the title over them all."""
    heads = [b for b in blocks if b.kind == "heading" and b.text.strip()]
    at = next((i for i, b in enumerate(heads) if found.startswith(single_spaces(b.text))), None)
    if at is None:
        return False
    first = heads[at]
    peers = [
        b
        for b in heads[at + 1 :]
        if b.level == first.level
        and abs(_size(b) - _size(first)) < 0.5
        and single_spaces(b.text) not in found  # a title set on two lines is one title
    ]
    outer = any(b.level < first.level for b in heads)
    return len(peers) >= PEERS and not outer and not _heads_a_heading(blocks, found)


def _heads_a_heading(blocks: list[Block], found: str) -> bool:
    """Whether a heading follows the title straight away ('Travel Policy' over 'Chapter
    1'): a title over the whole, where an article's title is followed by its text."""
    body = [b for b in blocks if b.kind not in ("header", "footer") and b.text.strip()]
    at = next((i for i, b in enumerate(body) if single_spaces(b.text) in found), None)
    if at is None:
        return False
    rest = [b for b in body[at + 1 :] if single_spaces(b.text) not in found]
    return bool(rest) and rest[0].kind == "heading"


# a digit and a Chinese character the extraction set apart ("2018 年第一季度报告")
_HAN_GAP = re.compile(rf"(?<=\d) +(?=[{HAN}])|(?<=[{HAN}]) +(?=\d)")


def period_subtitle(blocks: list[Block], found: str) -> str:
    """The heading printed right under a cover's title naming the period the document
    covers ("东北电气发展股份有限公司" over "2018 年第一季度报告", a company over "Annual
    Report 2022"): without it the title names the company, not which of its reports this
    is. A heading of a year with words; a bare date ("2018 年04 月") is no period."""
    first = _front(blocks, 1)
    at = next((i for i, b in enumerate(first) if single_spaces(b.text) in found), None)
    rest = (
        [b for b in first[at + 1 :] if single_spaces(b.text) not in found] if at is not None else []
    )
    if not rest or rest[0].kind != "heading" or not YEAR_RE.search(rest[0].text):
        return ""
    return _HAN_GAP.sub("", _usable(rest[0].text))


def document_title(blocks: list[Block], metadata: str, file_name: str) -> str:
    """The title of a document, best source first, never an identifier or a placeholder.
    The heading of a collection's first article titles that article, not the document."""
    filing = filing_title(_front(blocks, 2), blocks, _usable)
    if filing and not placeholder(filing):
        return filing
    for found in (largest_print(blocks), opening_heading(blocks)):
        if found and not placeholder(found) and not titles_first_part(blocks, found):
            period = period_subtitle(blocks, found)
            return f"{found} — {period}" if period else found
    release = release_title(_front(blocks, 1))
    if release:
        return release
    return metadata_title(metadata) or _stem(file_name)


def shown_title(title: str, file_name: str) -> str:
    """The title to show for a stored document: its title unless that is a placeholder
    or an identifier (documents stored before titles were read), else the file name."""
    return metadata_title(title) or _stem(file_name)


def picked_title(title: str, file_name: str) -> str:
    """How a picker lists a stored document: the name the Library shows in bold with its
    file name after it ("AMCOR PLC — Form 8-K, July 1, 2022 · AMCOR_8K.pdf"), so the title
    the reader knows and the file they uploaded both find it; the file name alone when
    the document has no title of its own."""
    shown = shown_title(title, file_name)
    return file_name if shown == _stem(file_name) else f"{shown} · {file_name}"


def reader_title(blocks: list[Block], parser_title: str, file_name: str) -> str:
    """``document_title`` of a parsed document. Parsers fall back to the first heading when
    the file has no metadata title: that is no metadata title."""
    first = next((b.text for b in blocks if b.kind == "heading"), None)
    heading = {first, first.split("\n")[0][:120]} if first else set()
    meta = parser_title if parser_title not in heading else ""
    return document_title(blocks, meta, file_name)
