"""A statement printing a share of sales beside each amount leaves those cells empty on a
per-share row ("| Net earnings per share | $1.33 | | $1.77 | | (24.9) |"): found walking
the app over J&J's release, where the quoted row showed its three figures bare and then a
grey line of all five column heads, the table's unit said twice. Each figure is read under
its own column's head, in the answer as in the source card (invented statement)."""

from __future__ import annotations

import re

from agent.evidence import Passage, units
from agent.models.judge import Candidate
from agent.models.table_header import heads_for_row
from agent.models.writing import _line, with_column_headers
from pipeline.models import Chunk
from ui.row_heads import row_heads
from ui.rows import row_html

STATEMENT = "\n".join(
    [
        "| (Unaudited; in Millions) (Unaudited; in Millions) | Q4 2031 Amount | Q4 2031 "
        "Percent to Sales | Q4 2030 Amount | Q4 2030 Percent to Sales | Percent Change |",
        "|---|---|---|---|---|---|",
        "| Sales to customers | $8,120 | 100.0 | $7,950 | 100.0 | 2.1 |",
        "| Net earnings per share (Diluted) | $1.33 |  | $1.77 |  | (24.9) |",
    ]
)
PER_SHARE = "| Net earnings per share (Diluted) | $1.33 | | $1.77 | | (24.9) |"


def _heads_over(html: str) -> list[str]:
    return re.findall(r'<span class="folio-qcell-head">([^<]*)</span>', html)


def test_each_figure_is_read_under_its_own_head() -> None:
    heads = heads_for_row(PER_SHARE, STATEMENT.split("\n")[0])
    assert heads is not None
    assert heads.split(" | ")[1:] == ["Q4 2031 Amount", "Q4 2030 Amount", "Percent Change"]
    assert heads_for_row("| a | 1 |", "| x | y | z |") is None  # not the same table


def test_the_answer_draws_the_row_with_its_heads_and_the_unit_once() -> None:
    p = Passage(chunk_id="s#3", doc_id="s", page=10, page_end=10, text=STATEMENT, kind="table")
    row = next(u for u in units(STATEMENT) if "per share" in u.text)
    [(c, head)] = with_column_headers([Candidate(p, row, 1.0, frozenset(), 0)])
    html = row_html(_line(c, head, "en", "en").rsplit(" [", 1)[0]) or ""
    assert _heads_over(html) == ["Q4 2031 Amount", "Q4 2030 Amount", "Percent Change"], html
    assert "Percent to Sales" not in html and html.count("Unaudited") == 1, html


def test_the_source_card_reads_the_row_under_its_own_heads() -> None:
    chunk = Chunk(chunk_id="s#3", doc_id="s", n=3, text=STATEMENT, page_start=10, page_end=10)
    quote = "Net earnings per share (Diluted) | $1.33 | $1.77 | (24.9)"
    head = row_heads(quote, chunk)
    assert head is not None
    html = row_html(f"{quote} ⟨columns: {head}⟩") or ""
    assert _heads_over(html) == ["Q4 2031 Amount", "Q4 2030 Amount", "Percent Change"], html
