"""A source card quoting a table row shows each figure under its column's head, in a
Chinese table as in an English one (found trying the app: a Chinese report's cited row
showed bare figures, no 本报告期 / 上年同期 over them); the heads are the table's own, also
a second header mid-table and a header in the chunk before a table's continuation."""

from __future__ import annotations

from collections.abc import Iterable

from agent.schemas import Answer, Citation
from pipeline.models import Chunk
from ui.messages import citation_cards_html
from ui.row_heads import citation_heads

TABLE = "\n".join(
    [
        "|  | 本报告期 | 上年同期 | 增减 |",
        "|---|---|---|---|",
        "| 营业收入（元） | 1,234.50 | 1,100.00 | 12.23% |",
        "| 净利润（元） | 88.10 | 80.00 | 10.13% |",
        "|  | 本报告期末 | 上年度末 | 增减 |",
        "| 总资产（元） | 9,876.00 | 9,000.00 | 9.73% |",
    ]
)
REST = "| 应付账款 | 300.00 | 310.00 |\n| 合同负债 | 42.00 | 40.00 |"
HEAD = "| 项目 (单位：元) | 期末余额 | 期初余额 |\n|---|---|---|\n| 短期借款 | 10.00 | 12.00 |"


def _chunk(n: int, text: str, page: int = 3) -> Chunk:
    return Chunk(chunk_id=f"d#{n}", doc_id="d", n=n, text=text, page_start=page, page_end=page)


CHUNKS = {c.chunk_id: c for c in (_chunk(0, TABLE), _chunk(1, HEAD, 4), _chunk(2, REST, 4))}


def _fetch(chunk_ids: Iterable[str]) -> dict[str, Chunk]:
    return {i: CHUNKS[i] for i in chunk_ids if i in CHUNKS}


def _cite(marker: int, chunk: int, quote: str, page: int = 3) -> Citation:
    return Citation(marker=marker, chunk_id=f"d#{chunk}", doc_id="d", page=page, quote=quote)


def test_a_cited_row_is_read_under_its_nearest_header() -> None:
    cites = [
        _cite(1, 0, "营业收入（元） | 1,234.50 | 1,100.00 | 12.23%"),
        _cite(2, 0, "总资产（元） | 9,876.00 | 9,000.00 | 9.73%"),
        _cite(3, 2, "合同负债 | 42.00 | 40.00", page=4),
        _cite(4, 0, "营业收入增长主要来自新产品。"),
    ]
    heads = citation_heads(cites, _fetch)
    assert heads[1] == " | 本报告期 | 上年同期 | 增减"
    assert heads[2] == " | 本报告期末 | 上年度末 | 增减"  # the second header, not the first
    assert heads[3].startswith("项目 (单位：元) | 期末余额")  # from the chunk before
    assert 4 not in heads  # prose has no columns


def test_the_card_draws_each_figure_under_its_head() -> None:
    cite = _cite(1, 0, "营业收入（元） | 1,234.50 | 1,100.00 | 12.23%")
    answer = Answer(answer="营业收入为1,234.50元[1]。", citations=[cite])
    html = citation_cards_html(answer, "zh", heads=citation_heads([cite], _fetch))
    assert '<span class="folio-qcell-head">本报告期</span>1,234.50' in html
    assert '<span class="folio-qcell-head">上年同期</span>1,100.00' in html
    assert "⟨" not in html and "|" not in html


def test_a_guidance_tables_rows_are_read_under_its_issue_months() -> None:
    """A guidance table cut into chunks: the parser ran its header into the first rows
    ("| … | July 2033 6.0% – 7.0% / 6.5% … |") and put a rule under the continuation's
    first row. A row of the continuation is read under the months, never under the
    figures of the row above it; a row of the first chunk under the months alone."""
    first = (
        "| ($ in Billions) Sales / Mid-point | July 2033 $17.1B – $17.5B / $17.3B"
        " | April 2033 $16.9B – $17.3B / $17.1B |\n|---|---|---|\n"
        "| Reported Sales / Mid-point | $17.0B – $17.4B / $17.2B | $16.8B – $17.2B / $17.0B |"
    )
    rest = (
        "| Adjusted Operational EPS / Mid-point | $9.60 – $9.80 / $9.70 | $9.40 – $9.60 / $9.50 |\n"
        "|---|---|---|\n"
        "| Adjusted EPS / Mid-point | $9.70 – $9.90 / $9.80 | $9.50 – $9.70 / $9.60 |"
    )
    chunks = {c.chunk_id: c for c in (_chunk(10, first, 5), _chunk(11, rest, 5))}
    eps = "Adjusted EPS / Mid-point | $9.70 – $9.90 / $9.80 | $9.50 – $9.70 / $9.60"
    sales = "Reported Sales / Mid-point | $17.0B – $17.4B / $17.2B | $16.8B – $17.2B / $17.0B"
    cites = [_cite(1, 11, eps, 5), _cite(2, 10, sales, 5)]
    heads = citation_heads(cites, lambda ids: {i: chunks[i] for i in ids if i in chunks})
    assert heads[1] == heads[2] == " | July 2033 | April 2033"
