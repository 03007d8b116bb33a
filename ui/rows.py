"""Table rows quoted in answers and source cards, drawn as rows: never raw ``a | b | c``.

The answerer quotes a table row as its cells joined by ``|``, often followed by the
header it reads them under (``Net earnings | $1,419 | $2,454 ⟨columns: ($ in millions) |
2023 | 2022⟩ [2]``). Shown as it is, a reader meets pipes and an angle-bracketed note.
Here each figure is drawn in a cell with its column's header above it (the period it
belongs to) and the table's title (its unit, its statement) after the row. Pure: text in,
escaped HTML out; the words stay the document's own.
"""

from __future__ import annotations

import re

from agent.figures.attribute_rows import titles_table
from agent.head_repair import said_once, unstacked
from pipeline.text.footnote_marks import without_footnote_marks
from ui.safe import esc, md_text

# "⟨columns: …⟩" (English) or "⟨列: …⟩" (Chinese): the header the row is read under.
_COLUMNS = re.compile(r"\s*⟨\s*(?:columns|列)\s*[:：]\s*(?P<head>[^⟩]*)⟩")
# What may follow the row on its line: citation markers and a closing stop.
_TAIL = re.compile(r"(?P<tail>(?:\s*\[\d{1,3}(?:\s*[,，]\s*\d{1,3})*\])*\s*[.。;；]?\s*)$")
_BULLET = re.compile(r"^(?P<bullet>\s*[-*•]\s+)")
_DIGIT = re.compile(r"\d")


def _cells(text: str, *, headed: bool = False) -> list[str] | None:
    """The cells of a table row, or None when the text is not one: two cells or more, a
    first one that names something, and a figure in the others, unless the answerer gave
    the row its header (``headed``: a schedule's row may hold words only, "Consent forms |
    Records office")."""
    if "|" not in text:
        return None
    cells = [c.strip() for c in text.strip().strip("|").split("|")]
    cells = [c for c in cells if c]
    if len(cells) < 2 or not re.search(r"\w", cells[0]):
        return None
    if not headed and not any(_DIGIT.search(c) for c in cells[1:]):
        return None
    return cells


def _headers(head: str, figures: int) -> tuple[list[str], str]:
    """The header's column names for the row's ``figures`` cells, and the table's title
    (its first cell, when it is not a column's name: "(In millions)" is shown after the
    row, "Item" or "Region", the name of the labels' column, is not)."""
    heads = [h.strip() for h in head.strip().strip("|").split("|")]
    if len(heads) == figures + 1:
        # "(Dollars in Millions) (Dollars in Millions)": a title repeated over merged cells
        title = said_once(heads[0])
        return unstacked(heads[1:]), title if titles_table(title) else ""
    if len(heads) == figures:
        return unstacked(heads), ""
    return [], " · ".join(h for h in heads if h)


def row_html(text: str) -> str | None:
    """The row (with its ``⟨columns: …⟩`` header, if any) as escaped HTML, or None when
    the text is not a table row."""
    m = _COLUMNS.search(text)
    row = text[: m.start()] + text[m.end() :] if m else text
    cells = _cells(row, headed=m is not None)
    if cells is None:
        return None
    # footnote marks on the label and the heads refer to notes the row does not show
    label, figures = without_footnote_marks(cells[0]), cells[1:]
    head = without_footnote_marks(m.group("head")) if m else ""
    heads, title = _headers(head, len(figures)) if m else ([], "")
    parts = [f'<span class="folio-qrow-label">{esc(label)}</span>']
    for i, figure in enumerate(figures):
        head = heads[i] if i < len(heads) else ""
        over = f'<span class="folio-qcell-head">{esc(head)}</span>' if head else ""
        parts.append(f'<span class="folio-qcell">{over}{esc(figure)}</span>')
    if title:
        parts.append(f'<span class="folio-qrow-note">{esc(title)}</span>')
    return f'<span class="folio-qrow">{" ".join(parts)}</span>'


def answer_line(line: str) -> str:
    """One line of an answer for the Markdown renderer: a quoted row drawn as a row (its
    bullet, citation markers and stop kept as text), any other line escaped as text."""
    bullet = _BULLET.match(line)
    start = bullet.end() if bullet else 0
    tail = _TAIL.search(line, start)
    end = tail.start() if tail else len(line)
    drawn = row_html(line[start:end])
    if drawn is None:
        return md_text(line)
    return md_text(line[:start]) + drawn + md_text(line[end:])


def answer_body(text: str) -> str:
    """An answer's text for the Markdown renderer, line by line (see ``answer_line``)."""
    return "\n".join(answer_line(line) for line in text.split("\n"))


def quote_html(quote: str) -> str:
    """A source card's quote: rows drawn as rows; any other text escaped, in quote marks."""
    lines = [line for line in quote.split("\n") if line.strip()]
    drawn = [d for d in map(row_html, lines) if d is not None]
    if lines and len(drawn) == len(lines):
        return "<br>".join(drawn)
    return f"“{esc(quote)}”"
