"""A figure named by its row and by a column that is no period: a maturity bucket, a
measure beside another (amortized cost and fair value), one kind of lease of two, a
price paid per share. The cell under both is the answer, never the row's total; a
period-columned statement and a question naming no column are left to the line-item
finder. Invented companies only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.crossed import crossed_answers

BUCKETS = ("Total", "Less Than 1 Year", "1-3 Years", "3-5 Years", "More Than 5 Years")
DUE = " | ".join(f"Payments Due by Period {b}" for b in BUCKETS)
OBLIGATIONS = f"""| ($ in millions) Contractual Obligations | {DUE} |
|---|---|---|---|---|---|
| Long-term debt obligations (1) | $900 | $— | $400 | $— | $500 |
| Operating lease obligations (2) | 1,840 | 410 | 720 | 390 | 320 |
| Purchase obligations | 1,120 | 980 | 90 | 50 | — |
| Total | $3,860 | $1,390 | $1,210 | $440 | $820 |"""
MATURITIES = """| (in millions) | Amortized Cost | Estimated Fair Value |
|---|---|---|
| Due within one year | $12,410 | $12,436 |
| Due after one year through five years | 3,105 | 3,090 |
| Total | $15,515 | $15,526 |"""
LEASES = """| (in millions) | Operating Leases | Finance Leases | Total |
|---|---|---|---|
| Gross lease liabilities | $4,200 | $2,600 | $6,800 |
| Less: imputed interest | (700) | (150) | (850) |
| Present value of lease liabilities | 3,500 | 2,450 | 5,950 |"""
BOUGHT = (
    "Total Number of Shares Purchased | Average Price Paid per Share | "
    "Approximate Dollar Value of Shares that May Yet Be Purchased"
)
REPURCHASES = f"""| Period | {BOUGHT} |
|---|---|---|---|
| Oct. 2, 2025 through Oct. 29, 2025 | 1,200,000 | $41.10 | $900,000,000 |
| Oct. 30, 2025 through Dec. 31, 2025 | 800,000 | $44.60 | $864,000,000 |
| Total fiscal 2025 fourth quarter | 2,000,000 | $42.50 | $864,000,000 |"""
INCOME = """| Corbel Ltd. Consolidated Statements of Operations (in millions) | 2025 | 2024 |
|---|---|---|
| Net sales | $6,100 | $5,800 |
| Operating income | 640 | 610 |"""


def _evidence(*texts: str) -> list[Evidence]:
    passages = [
        Passage(chunk_id=f"cb#{i}", doc_id="cb", page=20 + i, page_end=20 + i, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    return [Evidence(tool="search_document", query="q", passages=passages)]


def _crossed(question: str, *texts: str) -> str:
    found = crossed_answers(question, _evidence(*texts), "en")
    return found[0].lines[0] if found else ""


def test_a_maturity_bucket_is_its_column_not_the_total() -> None:
    line = _crossed(
        "How much of Corbel's operating lease obligations were due in less than one year?",
        OBLIGATIONS,
    )
    assert "$410 million" in line and "1,840" not in line, line
    within = _crossed("What purchase obligations fall due within the next year?", OBLIGATIONS)
    assert "$980 million" in within, within
    later = _crossed("What operating lease obligations are due in one to three years?", OBLIGATIONS)
    assert "$720 million" in later, later


def test_a_measure_beside_another_and_a_bucket_row() -> None:
    line = _crossed(
        "What was the estimated fair value of Corbel's securities maturing within one year?",
        MATURITIES,
    )
    assert "$12,436 million" in line, line


def test_one_kind_of_lease_of_two() -> None:
    line = _crossed("What was the present value of Corbel's finance lease liabilities?", LEASES)
    assert "2,450" in line and "5,950" not in line, line


def test_a_price_paid_per_share_for_the_quarter_is_not_scaled() -> None:
    line = _crossed(
        "What average price per share did Corbel pay for shares bought back in the fourth "
        "quarter of fiscal 2025?",
        REPURCHASES,
    )
    assert "$42.50" in line and "million" not in line, line


def test_the_method_answers_through_the_registry() -> None:
    a = figure_answer(
        "How much of Corbel's operating lease obligations were due in less than one year?",
        _evidence(OBLIGATIONS),
        "en",
    )
    assert a is not None and a.lines and "$410 million" in a.lines[0], a


def test_period_columns_and_questions_naming_no_column_are_left_alone() -> None:
    assert _crossed("What were Corbel's net sales in 2025?", INCOME) == ""
    assert _crossed("What were Corbel's purchase obligations?", OBLIGATIONS) == ""
