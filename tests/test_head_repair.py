"""A card's column heads stored by an older ingest are read again: a head line spread over
two sibling columns stays with the one whose phrase it begins, and a unit said twice in the
table's title is said once. Invented figures; pure functions, no browser."""

from __future__ import annotations

import re

from agent.head_repair import said_once, unstacked
from pipeline.models import Chunk
from ui.row_heads import row_heads
from ui.rows import row_html

HEAD = (
    "(Unaudited; in Millions) (Unaudited; in Millions) SECOND QUARTER | 2031 Percent Amount"
    " | 2031 Percent to Sales | 2030 Percent Amount | 2030 Percent to Sales"
    " | Percent Increase (Decrease)"
)
ROW = f"Ferry fares | $7,120 | 41.0 | $6,480 | 40.2 | 9.9 ⟨columns: {HEAD}⟩"


def _heads(html: str) -> list[str]:
    return re.findall(r'<span class="folio-qcell-head">([^<]+)</span>', html)


def test_a_stacked_head_word_stays_with_the_column_whose_phrase_it_begins() -> None:
    html = row_html(ROW)
    assert html is not None
    assert _heads(html) == [
        "2031 Amount",
        "2031 Percent to Sales",
        "2030 Amount",
        "2030 Percent to Sales",
        "Percent Increase (Decrease)",
    ]


def test_heads_that_share_only_their_period_or_differ_in_years_are_kept() -> None:
    years = ["Three Months Ended June 30, 2031", "Three Months Ended June 30, 2030"]
    assert unstacked(years) == years
    both = ["2031 Percent of Sales", "2031 Percent of Assets"]  # the word begins both
    assert unstacked(both) == both
    assert unstacked(["2031年", "2030年"]) == ["2031年", "2030年"]


def test_a_unit_said_twice_in_the_title_is_said_once() -> None:
    assert said_once("($ in Millions) Q2 ($ in Millions)") == "($ in Millions) Q2"
    html = row_html(
        "Worldwide | $7,120 | 9.9 ⟨columns: ($ in Millions) Q2 ($ in Millions) | 2031 | %⟩"
    )
    assert html is not None and html.count("in Millions") == 1
    assert said_once("(In thousands) (Unaudited)") == "(In thousands) (Unaudited)"


def test_a_row_leaving_the_sibling_empty_still_reads_its_own_heads() -> None:
    """A per-share row prints no "Percent to Sales": the card shows three heads, and the
    stacked word is taken away before the empty siblings are."""
    table = (
        f"| {HEAD} |\n|---|---|---|---|---|---|\n| Fares per share | $2.80 |  | $2.59 |  | 8.1 |"
    )
    chunk = Chunk(chunk_id="d#0", doc_id="d", n=0, text=table, page_start=3, page_end=3)
    head = row_heads("Fares per share | $2.80 | $2.59 | 8.1", chunk)
    assert head is not None
    assert head.split(" | ")[1:] == ["2031 Amount", "2030 Amount", "Percent Increase (Decrease)"]
