"""The document's structure as a reader sees it: parts, items, sections and their
sub-headings, without the cover page, the table of contents, signatures or exhibits
filed after a report.

The parsed heading tree of a filing holds more than that. Cover lines set in large print
become headings ("Commission File Number 001-00000", "(Mark One)", the registrant's
address); they come before the heading the body opens with ("PART I", "Item 1.",
"第一节") or are cover-form wording by the shared boilerplate classifier
(``pipeline/text/boilerplate.py``). A parser also puts the notes to the financial
statements ("2. Acquisitions") at the top level, beside the parts: such a heading after
a part belongs to that part's last item. An item whose title is only its number
("ITEM 1.") takes the name printed under it ("BUSINESS").

The mind map draws this outline and the summary's overview takes its main points from it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pipeline.knowledge.cover import body_start, has_cover
from pipeline.knowledge.scope import report_end
from pipeline.knowledge.source import DocText
from pipeline.knowledge.title import placeholder
from pipeline.knowledge.title_filing import REGISTRANT
from pipeline.text.boilerplate import heading_kind, kind_of
from pipeline.text.normalise import single_spaces

FRONT_MAX_PAGE = 8  # a cover and contents this long at most: a later "Part I" is no body start
_PART = re.compile(r"^(?:part\s+[ivx]+\b|第[一二三四五六七八九十]+[部篇])", re.I)
_BARE_ITEM = re.compile(r"^item\s+\d{1,2}[a-d]?\.?$", re.I)
_ANY_ITEM = re.compile(r"^item\s+\d{1,2}(?:\.\d{2})?\b", re.I)
_ENTRY = re.compile(r"^(?:part\s+[ivx]+|item\s+\d{1,2}[a-d]?)\b", re.I)
NAME_MAX_WORDS = 8  # the name printed under a bare "ITEM 1." is short


@dataclass
class OutlineNode:
    section: int
    title: str
    children: list[OutlineNode] = field(default_factory=list)


def _front_matter(doc: DocText) -> set[int]:
    """Sections before a report's body opens ("PART I", "Item 1.", a current report's
    first "Item 2.02"): its cover, contents and cover notes."""
    if not has_cover(doc):
        return set()
    start = body_start(doc)
    if start is None:
        start = next((s.idx for s in doc.sections[1:] if _ANY_ITEM.match(s.title.strip())), None)
    if start is None:
        return set()
    if doc.sections[start].page_start > FRONT_MAX_PAGE:
        return set()
    return set(range(1, start))


def _not_structure(doc: DocText, idx: int, last_page: int) -> bool:
    """A heading that is no part of what the document says: a cover-form line, the table
    of contents, signatures, certifications, an exhibit index (not a report's "Item 15.
    Exhibits"), or an exhibit filed after the report."""
    sec = doc.sections[idx]
    title = single_spaces(sec.title)
    if sec.page_start > last_page or REGISTRANT.match(title) or placeholder(title):
        return True
    if _ENTRY.match(title):
        return False
    # Of the line classifier only the cover's form wording: its other kinds read an exhibit
    # index's "Description" column or a signature line, words a content heading may begin with.
    return kind_of(title) == "cover_form" or heading_kind(title) is not None


def _node(doc: DocText, idx: int, drop: set[int]) -> list[OutlineNode]:
    """The outline of a section: itself, or its kept children when it is dropped."""
    kids = [n for c in doc.sections[idx].children for n in _node(doc, c, drop)]
    if idx in drop:
        return kids
    return [OutlineNode(idx, single_spaces(doc.sections[idx].title), kids)]


def _name_bare_items(nodes: list[OutlineNode], doc: DocText) -> None:
    for n in nodes:
        first = n.children[0] if n.children else None
        if (
            first is not None
            and _BARE_ITEM.match(n.title)
            and len(first.title.split()) <= NAME_MAX_WORDS
        ):
            n.title = f"{n.title} {first.title}"
            if len(doc.sections[first.section].sentences) <= 1:  # a name, not a section
                n.children = first.children + n.children[1:]
        _name_bare_items(n.children, doc)


def _nest_under_parts(nodes: list[OutlineNode]) -> list[OutlineNode]:
    """Top-level headings after a part go under that part's last item (or the part)."""
    if not in_parts(nodes):
        return nodes
    out: list[OutlineNode] = []
    part: OutlineNode | None = None
    for n in nodes:
        if _PART.match(n.title):
            part = n
            out.append(n)
        elif part is not None:
            (part.children[-1] if part.children else part).children.append(n)
        else:
            out.append(n)
    return out


def left_out(doc: DocText) -> set[int]:
    """The sections no reader's outline holds: the cover and contents before the body, and
    every signature block, certification, cover line or exhibit with what it holds."""
    last = report_end(doc)
    drop = _front_matter(doc)
    for sec in doc.sections[1:]:
        if sec.idx in drop or not _not_structure(doc, sec.idx, last):
            continue
        # What a signature block or a cover line holds is more of it; a "Table of
        # Contents" a parser took for a heading atop a page may hold real sections.
        contents = heading_kind(sec.title) == "contents"
        drop.update([sec.idx] if contents else doc.subtree(sec.idx))
    return drop


def reader_outline(doc: DocText, top: int = 0) -> list[OutlineNode]:
    """The outline below section ``top`` (the root, or the title heading that wraps all)."""
    drop = left_out(doc)
    nodes = [n for c in doc.sections[top].children for n in _node(doc, c, drop)]
    _name_bare_items(nodes, doc)
    return _nest_under_parts(nodes)


def in_parts(nodes: list[OutlineNode]) -> bool:
    """Is the outline laid out in parts ("PART I" … "PART IV")?"""
    return sum(1 for n in nodes if _PART.match(n.title)) >= 2


def main_sections(node: OutlineNode, parts: bool) -> list[OutlineNode]:
    """The sections a reader names as a top-level section's main ones: the items of a
    part of a report laid out in parts (``parts``), else the section itself."""
    if parts and _PART.match(node.title) and node.children:
        return node.children
    return [node]
