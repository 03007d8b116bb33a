"""cli.py inspect: a page's blocks, with table cells read as row label × period."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cli
from pipeline.service import Folio
from testkit import pdfgen


def _ingest(folio: Folio, path: Path) -> str:
    [result] = folio.ingest([path], wait=True, run_background=False)
    assert result.doc_id is not None
    return result.doc_id


def test_inspect_json_lists_blocks_and_table_cells(
    folio: Folio, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc_id = _ingest(folio, pdfgen.whitespace_statement_pdf(tmp_path / "bs.pdf"))
    capsys.readouterr()
    assert cli.main(["inspect", doc_id, "--page", "1", "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["page"] == 1 and view["pages"] == 1
    kinds = [b["kind"] for b in view["blocks"]]
    assert "table" in kinds and all(b["box"] for b in view["blocks"])
    table = next(b["table"] for b in view["blocks"] if b["kind"] == "table")
    assert table["title"] == "CONSOLIDATED BALANCE SHEETS" and table["scale"] == 1e6
    cell = next(
        c for c in table["cells"] if c["row_label"] == "Inventories" and c["period"] == "2022-12-31"
    )
    assert cell["text"] == "3,100" and cell["value"] == 3100.0
    assert cell["parent"] == "Current assets:" and cell["unit"].startswith("In millions")
    assert cell["column"] == "December 31, 2022" and len(cell["box"]) == 4


def test_inspect_text_and_a_missing_page(
    folio: Folio, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc_id = _ingest(folio, pdfgen.whitespace_statement_pdf(tmp_path / "bs.pdf"))
    capsys.readouterr()
    assert cli.main(["inspect", doc_id]) == 0
    out = capsys.readouterr().out
    assert "Total current assets × 2023-12-31: 4,650" in out
    assert cli.main(["inspect", doc_id, "--page", "9"]) == 2
    assert "page 9 does not exist" in capsys.readouterr().err
    assert cli.main(["inspect", "no-such-doc"]) == 2
