"""A table's head printed in lines: a word over one column's own head below it belongs to
that column alone, while a year centred between two columns spans both (a release's
statement of earnings read "2031 Percent Amount" when "Percent" sat over "to Sales")."""

from __future__ import annotations

from pipeline.parse.table_words import word_tables

Word = tuple[float, float, float, float, str]


def _line(y: float, cells: list[tuple[float, str]]) -> list[Word]:
    """Words of one printed line; each cell's words 5 points a character, one gap apart."""
    out: list[Word] = []
    for left, text in cells:
        x = left
        for w in text.split():
            out.append((x, y, x + 5 * len(w), y + 9, w))
            x += 5 * len(w) + 3
    return out


def _page() -> list[Word]:
    words = _line(100, [(435, "2031"), (589, "2030")])
    words += _line(115, [(465, "Percent"), (617, "Percent")])
    words += _line(130, [(385, "Amount"), (465, "to Sales"), (540, "Amount"), (617, "to Sales")])
    body = [("Net sales", "25,530", "100.0", "24,020", "100.0")]
    body += [("Cost of goods", "8,212", "32.2", "7,919", "33.0")]
    body += [("Gross margin", "17,318", "67.8", "16,101", "67.0")]
    body += [("Selling expense", "6,665", "26.1", "6,226", "25.9")]
    for i, (label, *figures) in enumerate(body):
        y = 145 + 15 * i
        words += _line(y, [(49, label)])
        for right, f in zip((430, 503, 582, 656), figures, strict=True):
            words.append((right - 5 * len(f), y, right, y + 9, f))
    return words


def test_a_head_line_over_one_column_stays_with_it_and_the_year_spans_both() -> None:
    (found,) = word_tables(_page(), 800, 1000)
    table = found.table
    heads = [" ".join(r[j] for r in table.rows[: table.header_rows] if r[j]) for j in range(1, 5)]
    assert heads == ["2031 Amount", "2031 Percent to Sales", "2030 Amount", "2030 Percent to Sales"]
