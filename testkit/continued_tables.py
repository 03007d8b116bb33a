"""A balance sheet continued over chunks, as a page read returns them: its top as a
Markdown table with the periods' header, its equity rows in a chunk of their own under a
data row's or an empty header row, a note chunk between. Invented company ("nb")."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from agent.columns import with_columns
from agent.evidence import Evidence, Passage
from pipeline.models import Chunk

BALANCE_TOP = """| Consolidated Balance Sheets ($ in millions) | March 1, 2025 | March 2, 2024 |
|---|---|---|
| Cash and cash equivalents | $410 | $380 |
| Total current assets | 2,100 | 1,950 |
| Total assets | $6,400 | $6,000 |
| Loans and notes payable | 120 | 90 |
| Total current liabilities | 1,500 | 1,400 |
| Long-Term Debt Obligations | 1,380 | 1,410 |
| Equity |  |  |"""

# the equity rows in a chunk of their own, its first row read as the table's header
EQUITY_DATA_HEAD = """| Preferred stock, none issued | — | — |
|---|---|---|
| Retained earnings | 2,985 | 2,700 |
| Total equity | 3,000 | 2,760 |"""

# ... or under an empty header row
EQUITY_EMPTY_HEAD = """|  |  |  |
|---|---|---|
| Retained earnings | 2,985 | 2,700 |
| Total equity | 3,000 | 2,760 |"""


def passage(cid: str, text: str, *, page: int = 52, rank: int = 1, columns: str = "") -> Passage:
    return Passage(
        chunk_id=cid, doc_id="nb", page=page, page_end=page, text=text, rank=rank, columns=columns
    )


def evidence(*passages: Passage) -> list[Evidence]:
    return [Evidence(tool="read_page", query="52", passages=list(passages))]


def chunks(texts: dict[int, str]) -> Mapping[str, Chunk]:
    return {
        f"nb#{n}": Chunk(chunk_id=f"nb#{n}", doc_id="nb", n=n, text=t, page_start=52, page_end=52)
        for n, t in texts.items()
    }


def continued_balance(equity: str) -> list[Evidence]:
    """The balance sheet's chunks as a page read returns them, a note chunk between."""
    store = chunks({10: BALANCE_TOP, 11: "Commitments and contingencies", 12: "Equity", 13: equity})

    class Store:
        def __call__(self, chunk_ids: Iterable[str]) -> Mapping[str, Chunk]:
            return {i: store[i] for i in chunk_ids if i in store}

    fetch = Store()
    passages = [passage("nb#10", BALANCE_TOP, rank=1), passage("nb#13", equity, rank=2)]
    return evidence(*with_columns(passages, fetch))
