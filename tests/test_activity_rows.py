"""A movement of an activity table (units granted, forfeited, exercised between dated
balance rows) is read in the year its closing balance row dates, from the table whose
caption names the kind asked, in the count's column (invented tables)."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.activity_rows import activity_line

_UNITS = """Tern Mills summarizes its tile unit activity (in millions):
| | Number of Units | Weighted Average Fair Value |
|---|---|---|
| Outstanding as of December 31, 2030 | 12.4 | $310 |
| Units awarded | 3.3 | 402 |
| Units forfeited | (0.7) | 288 |
| Outstanding as of December 31, 2031 | 15.0 | 330 |
| Units awarded | 4.6 | 455 |
| Units forfeited | (0.9) | 301 |
| Outstanding as of December 31, 2032 | 18.7 | 371 |"""

_KINDS = """| Harbor-Based Share Awards | Shares | Weighted-Average Fair Value per Share |
|---|---|---|
| Outstanding at February 1, 2031 | 800,000 | $21.10 |
| Granted | 212,000 | $30.40 |
| Outstanding at January 31, 2032 | 1,012,000 | $24.00 |

| Quay-Based Share Awards | Shares | Weighted-Average Fair Value per Share |
|---|---|---|
| Outstanding at February 1, 2031 | 1,500,000 | $19.90 |
| Granted | 645,000 | $28.80 |
| Outstanding at January 31, 2032 | 2,145,000 | $22.10 |"""


def _evidence(text: str) -> list[Evidence]:
    p = Passage(chunk_id="tm#7", doc_id="tm", page=4, page_end=4, text=text, rank=1)
    return [Evidence(tool="search_document", query="units", passages=[p])]


def test_a_movement_is_read_in_the_year_its_closing_balance_dates() -> None:
    q = "How many units did Tern Mills see forfeited during 2032, in millions?"
    line = activity_line(q, _evidence(_UNITS), "en")
    assert line is not None and "0.9" in line and "December 31, 2032" in line
    q31 = "How many units were awarded at Tern Mills in 2031?"
    line31 = activity_line(q31, _evidence(_UNITS), "en")
    assert line31 is not None and "3.3" in line31 and "402" not in line31


def test_no_year_or_a_year_no_balance_closes_reads_nothing() -> None:
    assert activity_line("How many units were forfeited?", _evidence(_UNITS), "en") is None
    assert activity_line("Units forfeited in 2030?", _evidence(_UNITS), "en") is None


def test_the_table_whose_caption_names_the_kind_asked_is_read() -> None:
    q = "How many quay-based share awards were granted in fiscal 2032?"
    line = activity_line(q, _evidence(_KINDS), "en")
    assert line is not None and "645,000" in line and "212,000" not in line
    harbor = activity_line(q.replace("quay", "harbor"), _evidence(_KINDS), "en")
    assert harbor is not None and "212,000" in harbor
