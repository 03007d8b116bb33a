"""Table recognition on financial-statement pages.

A gold evidence page of FinanceBench is a statement page when its top lines name a
financial statement (balance sheet, statement of income / operations / cash flows,
资产负债表, 利润表, 现金流量表 …). It is recognised when the parser gives it a table block
with at least three labelled rows holding figures and at least one column resolved to a
period. Also the Chinese quarterly report's statement pages (第四节财务报表).

    python bench/tables.py    # both FinanceBench splits (gold pages, then every statement
                              # page of their documents) and the Chinese report

``table_recognition(split)`` is what ``bench/answers.py`` imports.
"""

from __future__ import annotations

import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pymupdf

from bench.common import SAMPLES, load_jsonl, print_table
from pipeline.models import Page, Table
from pipeline.parse.continued_tables import continue_tables
from pipeline.parse.pdf_page import extract_page
from pipeline.parse.table_structure import is_statement_title
from pipeline.parse.table_words import is_figure

SPLITS = {"train": "financebench-train", "dev": "financebench"}
ZH_REPORT = SAMPLES / "pdfs" / "zh" / "issue-67-example.pdf"
_TOP_LINES = 15
_TITLE_CHARS = 70
_MIN_FIGURES = 20
_NOTES = re.compile(r"notes? to|附注", re.I)
# Statements of equity put their periods in the rows ('Balance as of January 1, 2015'), so
# they are not asked to have period columns; the issue counts balance sheets, income and
# cash-flow statements.
_EQUITY = re.compile(r"equity|权益变动", re.I)


@dataclass
class Recognition:
    split: str
    pages: int = 0  # statement pages among the gold evidence pages
    recognised: int = 0
    missed: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def share(self) -> float:
        return self.recognised / self.pages if self.pages else float("nan")


def is_statement_page(page: pymupdf.Page) -> bool:
    """A short line at the top names a financial statement, and the page is mostly
    figures (a heading over prose about the balance sheet is not a statement)."""
    lines = [" ".join(ln.split()) for ln in page.get_text().split("\n") if ln.strip()]
    titled = any(
        len(ln) <= _TITLE_CHARS
        and is_statement_title(ln)
        and not _NOTES.search(ln)
        and not _EQUITY.search(ln)
        for ln in lines[:_TOP_LINES]
    )
    figures = sum(1 for ln in lines if is_figure(ln.replace("$ ", "$").strip()))
    return titled and figures >= _MIN_FIGURES


def _opens_statement(page: pymupdf.Page) -> bool:
    """A line that is a statement's title alone ('1、合并资产负债表')."""
    lines = [" ".join(ln.split()) for ln in page.get_text().split("\n") if ln.strip()]
    return any(len(ln) <= 20 and re.search(r"表$", ln) and is_statement_title(ln) for ln in lines)


def readable(table: Table) -> bool:
    """Labelled rows with figures and columns resolved to periods."""
    labelled = sum(
        1
        for i, label in enumerate(table.row_labels)
        if label and any(table.value(i, j) is not None for j in range(1, len(table.rows[i])))
    )
    return labelled >= 3 and any(table.periods)


def page_recognised(page: Page) -> bool:
    return any(b.table is not None and readable(b.table) for b in page.blocks)


def _parse(doc: pymupdf.Document, numbers: list[int]) -> dict[int, Page]:
    """The pages asked for, each with the page before it (a statement may continue)."""
    wanted = sorted({q for n in numbers for q in (n - 1, n) if 1 <= q <= doc.page_count})
    pages = [extract_page(doc[q - 1]) for q in wanted]
    continue_tables(pages)
    return {p.page: p for p in pages}


def table_recognition(split: str) -> Recognition:
    """Share of a split's gold statement pages that the parser reads as tables."""
    folder = SAMPLES / SPLITS.get(split, split)
    out = Recognition(split)
    start = time.perf_counter()
    by_doc: dict[str, set[int]] = {}
    for q in load_jsonl(folder / "questions.jsonl"):
        by_doc.setdefault(q["doc"], set()).update(e["page"] for e in q["evidence"])
    for name, numbers in sorted(by_doc.items()):
        with pymupdf.open(folder / "pdfs" / name) as doc:
            statement = [n for n in sorted(numbers) if is_statement_page(doc[n - 1])]
            parsed = _parse(doc, statement)
        for n in statement:
            out.pages += 1
            if page_recognised(parsed[n]):
                out.recognised += 1
            else:
                out.missed.append(f"{name} p{n}")
    out.seconds = time.perf_counter() - start
    return out


def all_statement_pages(split: str) -> Recognition:
    """Every statement page of the split's documents, gold or not (a wider sample)."""
    folder = SAMPLES / SPLITS.get(split, split)
    out = Recognition(f"{split}, every statement page")
    start = time.perf_counter()
    for path in sorted((folder / "pdfs").glob("*.pdf")):
        with pymupdf.open(path) as doc:
            numbers = [i + 1 for i in range(doc.page_count) if is_statement_page(doc[i])]
            parsed = _parse(doc, numbers)
        for n in numbers:
            out.pages += 1
            if page_recognised(parsed[n]):
                out.recognised += 1
            else:
                out.missed.append(f"{path.name} p{n}")
    out.seconds = time.perf_counter() - start
    return out


def zh_recognition(path: Path = ZH_REPORT) -> Recognition:
    """The Chinese report: every page from the statements' title on."""
    out = Recognition(path.name)
    start = time.perf_counter()
    with pymupdf.open(path) as doc:
        first = next(
            (i + 1 for i in range(doc.page_count) if _opens_statement(doc[i])), doc.page_count
        )
        numbers = list(range(first, doc.page_count + 1))
        parsed = _parse(doc, numbers)
    for n in numbers:
        out.pages += 1
        if page_recognised(parsed[n]):
            out.recognised += 1
        else:
            out.missed.append(f"p{n}")
    out.seconds = time.perf_counter() - start
    return out


def main() -> None:
    results = [
        table_recognition("train"),
        table_recognition("dev"),
        all_statement_pages("train"),
        all_statement_pages("dev"),
        zh_recognition(),
    ]
    rows: list[list[object]] = [
        [r.split, r.pages, r.recognised, r.share, f"{r.seconds:.1f}", ", ".join(r.missed) or "—"]
        for r in results
    ]
    print_table(
        "Statement pages read as tables (labelled rows + period columns)",
        ["split", "pages", "recognised", "share", "s", "missed"],
        rows,
    )


if __name__ == "__main__":
    main()
