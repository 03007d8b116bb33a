"""A table row is read under every header row above it: a group's name over its parts
(质押或冻结情况 over 股份状态 / 数量) and a second header opening later rows (本报告期末 /
上年度末 under 本报告期 / 上年同期), as a parsed report's Markdown holds them (an empty
first row, a key-value row, then the two header rows)."""

from __future__ import annotations

from agent.evidence import Passage, units
from agent.models.judge import Candidate
from agent.models.table_header import merged, stacked_header
from agent.models.writing import with_column_headers

HOLDERS = "\n".join(
    [
        "|  |  |  |  |  |  |",
        "|---|---|---|---|---|---|",
        "| 报告期末普通股股东总数 |  | 45,210 | 优先股股东总数 |  | 0 |",
        "| 前10名股东持股情况 |  |  |  |  |  |",
        "| 股东名称 | 股东性质 | 持股比例 | 持股数量 | 质押或冻结情况 |  |",
        "|  |  |  |  | 股份状态 | 数量 |",
        "| 申江投资控股有限公司 | 境内非国有法人 | 18.52% | 120,450,000 | 质押 | 36,000,000 |",
        "| 林晓东 | 境内自然人 | 4.17% | 27,100,000 |  |  |",
    ]
)


def test_a_group_header_spans_the_parts_named_below_it() -> None:
    at = HOLDERS.index("| 申江")
    head = stacked_header(HOLDERS, at)
    assert head is not None
    assert head.text == (
        "| 股东名称 | 股东性质 | 持股比例 | 持股数量 "
        "| 质押或冻结情况 股份状态 | 质押或冻结情况 数量 |"
    ), head.text
    # a name already said by the row above is said once
    assert merged(["| 股份种类 |  |", "| 股份种类 | 数量 |"]) == "| 股份种类 | 股份种类 数量 |"


def test_rows_under_a_second_header_read_under_it() -> None:
    text = "\n".join(
        [
            "|  | 本报告期 | 上年同期 | 增减 |",
            "|---|---|---|---|",
            "| 营业收入（元） | 86,420,000.00 | 92,150,000.00 | -6.22% |",
            "|  | 本报告期末 | 上年度末 | 增减 |",
            "| 总资产（元） | 512,300,000.00 | 538,900,000.00 | -4.94% |",
        ]
    )
    revenue = stacked_header(text, text.index("| 营业收入"))
    assets = stacked_header(text, text.index("| 总资产"))
    assert revenue is not None and "上年同期" in revenue.text, revenue
    assert assets is not None and "上年度末" in assets.text and "上年同期" not in assets.text


def test_a_chosen_row_is_quoted_with_its_merged_header() -> None:
    p = Passage(chunk_id="d#9", doc_id="d", page=4, page_end=4, text=HOLDERS, kind="table")
    row = next(u for u in units(HOLDERS) if "申江" in u.text)
    [(_, head)] = with_column_headers([Candidate(p, row, 1.0, frozenset(), 0)])
    assert head is not None and "质押或冻结情况 数量" in head.unit.text, head


STORES = "\n".join(
    [
        "Storage limits",
        "| Store | Capacity | Temperature |",
        "|---|---|---|",
        "| Cold room | 400 samples | 4 °C |",
        "| Freezer | 120 samples | -20 °C |",
    ]
)


def test_a_body_row_of_counts_in_words_is_no_header_row() -> None:
    """ "400 samples" reads as no figure on its own; the row above the one asked is still a
    row of the table, not a second header ("120 samples in Capacity 400 samples")."""
    head = stacked_header(STORES, STORES.index("| Freezer"))
    assert head is not None and head.text == "| Store | Capacity | Temperature |"
    dated = STORES.replace("| Cold room | 400 samples | 4 °C |", "| | June 30, 2024 | Q1 2025 |")
    assert "June 30, 2024" in stacked_header(dated, dated.index("| Freezer")).text  # type: ignore[union-attr]
