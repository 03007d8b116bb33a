"""Blocks reshaped before headings are read: a named heading printed atop a ruled box,
and two named headings set as one block."""

from __future__ import annotations

from pipeline.models import Block, Box, Line, Page, union_box
from pipeline.parse.numbering import named_level
from pipeline.text.lang import join_lines
from pipeline.text.normalise import single_spaces


def _union(lines: list[Line], default: Box | None) -> Box | None:
    return union_box(ln.box for ln in lines) or default


def lift_table_headings(pages: list[Page]) -> set[int]:
    """A named heading ("Item 7. Management's Discussion …") printed as the first row of a
    ruled box (the section's own contents, page numbers beside its topics) opens that
    section: it is copied out above the table as a bold line, which the heading passes
    then read, or the section would stay under the heading before it for many pages.
    The document's contents (later rows naming other items or parts) are left alone.
    Returns the ids of the lines made (headings even on a page of contents)."""
    lifted: set[int] = set()
    for page in pages:
        for i in range(len(page.blocks) - 1, -1, -1):
            b = page.blocks[i]
            rows = b.table.rows if b.kind == "table" and b.table is not None else []
            cells = [c for c in rows[0] if c.strip()] if rows else []
            if len(cells) != 1 or rows[0][0] != cells[0] or named_level(cells[0]) is None:
                continue
            level = named_level(cells[0]) or 0
            if any((named_level(c) or 9) <= level for r in rows[1:] for c in r if c.strip()):
                continue  # the document's contents: other items or parts follow
            text = single_spaces(cells[0])
            first = b.lines[0] if b.lines and single_spaces(b.lines[0].text) == text else None
            line = Line(text=text, box=first.box if first else None)
            head = Block(page=b.page, text=text, box=line.box, lines=[line], bold=True)
            page.blocks.insert(i, head)
            lifted.add(id(head))
    return lifted


def split_named(pages: list[Page]) -> None:
    """'PART II' over 'Item 5. Market for …' set as one block are two headings: a block
    opening with a named numbering (or a short bold one) is cut where another line opens
    one, or 'Item 5' would name the part and every later item would nest under it."""
    for page in pages:
        for b in list(page.blocks):
            if b.kind != "paragraph" or len(b.lines) < 2:
                continue
            # a numbered block, or a short bold one ('Notes to …' over 'Note 1 — …')
            if named_level(b.lines[0].text) is None and not (b.bold and len(b.lines) <= 4):
                continue
            cuts = [k for k, ln in enumerate(b.lines) if k and named_level(ln.text) is not None]
            if not cuts:
                continue
            parts = [b.lines[i:j] for i, j in zip([0, *cuts], [*cuts, len(b.lines)], strict=True)]
            made = [
                b.model_copy(
                    update={
                        "lines": ls,
                        "text": join_lines([ln.text for ln in ls])[0],
                        "box": _union(ls, b.box),
                    }
                )
                for ls in parts
            ]
            at = page.blocks.index(b)
            page.blocks[at : at + 1] = made
