"""inspect: the blocks of a page as the parser read them (what the Inspect tab shows)."""

from __future__ import annotations

import argparse
from typing import Any

from commands.output import emit_json
from pipeline.errors import FolioError
from pipeline.models import Block, Table
from pipeline.perceive.models import Perception
from pipeline.service import Folio


class PageNotFoundError(FolioError):
    """The page asked for is not in the document."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("inspect", help="a page's blocks: kind, level, text, boxes, table cells")
    p.add_argument("doc_id", help="document id (or a unique prefix or name)")
    p.add_argument("--page", type=int, default=1, help="1-based page number (default 1)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=inspect)


def cells(table: Table) -> list[dict[str, Any]]:
    """Every body cell with its row label, column header, period, unit and box."""
    out: list[dict[str, Any]] = []
    boxes = table.cell_boxes or []
    for i in range(table.header_rows, len(table.rows)):
        row = table.rows[i]
        for j in range(1, len(row)):
            if not row[j].strip():
                continue
            box = boxes[i][j] if i < len(boxes) and j < len(boxes[i]) else None
            out.append(
                {
                    "row": i,
                    "col": j,
                    "text": row[j],
                    "value": table.value(i, j),
                    "row_label": table.row_labels[i] if i < len(table.row_labels) else row[0],
                    "parent": _parent_label(table, i),
                    "column": table.columns[j] if j < len(table.columns) else "",
                    "period": table.periods[j] if j < len(table.periods) else "",
                    "unit": table.unit,
                    "box": list(box) if box else None,
                }
            )
    return out


def _parent_label(table: Table, row: int) -> str:
    parent = table.row_parent[row] if row < len(table.row_parent) else None
    return table.row_labels[parent] if parent is not None and parent < len(table.row_labels) else ""


def block_view(block: Block) -> dict[str, Any]:
    view: dict[str, Any] = {
        "n": block.n,
        "kind": block.kind,
        "level": block.level,
        "text": block.text,
        "box": list(block.box) if block.box else None,
        "lines": [{"text": ln.text, "box": list(ln.box) if ln.box else None} for ln in block.lines],
    }
    t = block.table
    if t is not None:
        view["table"] = {
            "title": t.title,
            "unit": t.unit,
            "scale": t.scale,
            "header_rows": t.header_rows,
            "columns": t.columns,
            "periods": t.periods,
            "years": t.years,
            "rows": [
                {"label": label, "parent": parent}
                for label, parent in zip(t.row_labels, t.row_parent, strict=False)
            ],
            "cells": cells(t),
        }
    return view


def page_view(folio: Folio, ref: str, page: int) -> dict[str, Any]:
    doc = folio.document(folio.resolve(ref))
    pages = folio.pages(doc.doc_id)
    if doc.kind == "pdf" and not any(p.page == page for p in pages):
        raise PageNotFoundError(
            f"'{doc.name}' has pages 1–{len(pages)}; page {page} does not exist. "
            "Pick one with --page N."
        )
    blocks = folio.blocks(doc.doc_id, page if doc.kind == "pdf" else None)
    info = next((p for p in pages if p.page == page), None)
    seen = folio.perception(doc.doc_id)
    return {
        "doc_id": doc.doc_id,
        "name": doc.name,
        "page": page,
        "pages": len(pages),
        "source": info.source if info else None,
        "blocks": [block_view(b) | perception_view(seen, b.n) for b in blocks],
    }


def perception_view(seen: Perception, n: int) -> dict[str, Any]:
    """A block's label, credibility and cross-references with their targets."""
    lab = seen.label_of(n)
    return {
        "label": lab.label if lab else None,
        "credibility": lab.credibility if lab else None,
        "references": [
            r.model_dump(include={"text", "kind", "key", "target_n", "target_page", "target_text"})
            for r in seen.references
            if r.n == n
        ],
    }


def inspect(folio: Folio, args: argparse.Namespace) -> int:
    view = page_view(folio, args.doc_id, args.page)
    if args.json:
        emit_json(view)
        return 0
    print(f"{view['name']}  page {view['page']} of {view['pages']}  ({view['source']})")
    for b in view["blocks"]:
        level = f" h{b['level']}" if b["kind"] == "heading" else ""
        print(f"[{b['n']}] {b['kind']}{level}: {b['text'][:100].replace(chr(10), ' ')}")
        print(f"    {b['label']} · {b['credibility']}")
        for r in b["references"]:
            where = f"#{r['target_n']} p{r['target_page']}" if r["target_n"] is not None else "—"
            print(f"    {r['text']} → {where}")
        table = b.get("table")
        if table:
            print(f"    {table['title'] or '(untitled)'} · {table['unit'] or 'no unit'}")
            print(f"    periods: {' | '.join(p or '—' for p in table['periods'][1:])}")
            for c in table["cells"][:12]:
                print(f"    {c['row_label']} × {c['period'] or c['column']}: {c['text']}")
            if len(table["cells"]) > 12:
                print(f"    … {len(table['cells']) - 12} more cells (--json for all)")
    return 0
