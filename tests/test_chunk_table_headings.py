"""A heading right above a table travels with the table's chunk, never as a chunk alone."""

from __future__ import annotations

from pathlib import Path

from pipeline.chunk import chunk_document
from pipeline.parse.text import parse_text

DOC = (
    "# Expense rules\n\nStaff book the cheapest fare that fits the trip.\n\n"
    "## Lodging caps\n\n| Region | Nightly cap |\n|---|---|\n| North | 410 |\n| South | 275 |\n\n"
    "## Sign-off\n\nA manager signs every claim.\n\n"
    "| Claim size | Signer |\n|---|---|\n| Small | Manager |\n| Large | Treasurer |\n"
)


def _chunks(tmp_path: Path, text: str = DOC) -> list[tuple[str, str]]:
    p = tmp_path / "rules.md"
    p.write_text(text, encoding="utf-8")
    return [(c.kind, c.text) for c in chunk_document("d", parse_text(p, markdown=True))]


def test_heading_above_a_table_is_in_the_table_chunk_not_alone(tmp_path: Path) -> None:
    chunks = _chunks(tmp_path)
    assert all(text.strip() != "Lodging caps" for _, text in chunks)
    table = next(text for kind, text in chunks if kind == "table" and "North" in text)
    assert table.startswith("| Lodging caps Region | Nightly cap |")


def test_text_between_heading_and_table_stays_its_own_chunk(tmp_path: Path) -> None:
    chunks = _chunks(tmp_path)
    assert ("text", "Sign-off\nA manager signs every claim.") in chunks
    table = next(text for kind, text in chunks if kind == "table" and "Treasurer" in text)
    assert table.startswith("| Claim size | Signer |")


def test_a_long_table_repeats_the_heading_in_every_part(tmp_path: Path) -> None:
    rows = "".join(f"| City number {i} with a long name | {100 + i} |\n" for i in range(120))
    doc = f"## Meal allowances\n\n| City | Daily |\n|---|---|\n{rows}"
    parts = [text for kind, text in _chunks(tmp_path, doc) if kind == "table"]
    assert len(parts) > 1
    assert all(p.startswith("| Meal allowances City | Daily |") for p in parts)
    assert all(kind == "table" for kind, _ in _chunks(tmp_path, doc))
