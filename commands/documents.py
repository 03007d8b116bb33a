"""ingest, list, stats, show, delete, regenerate."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path
from typing import Any

from commands.output import emit_json, status_line, table
from pipeline.models import ALL_COMPONENTS
from pipeline.service import Folio


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("ingest", help="add or update documents (files or folders)")
    p.add_argument("paths", nargs="+", type=Path)
    p.add_argument("--wait", action="store_true", help="wait until every component is done")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=ingest)

    p = sub.add_parser("resume", help="finish every pending background component, then exit")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=resume)

    p = sub.add_parser("list", help="documents and the status of each component")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=list_docs)

    p = sub.add_parser("stats", help="counts per document and in total")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=stats)

    p = sub.add_parser("show", help="one chunk: full text, page, section, boxes")
    p.add_argument("chunk_id")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=show)

    p = sub.add_parser("delete", help="remove a document and everything derived from it")
    p.add_argument("doc_id")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=delete)

    p = sub.add_parser("regenerate", help="re-run one component of a document")
    p.add_argument("doc_id")
    p.add_argument("component", choices=ALL_COMPONENTS)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=regenerate)


def _result_row(r: Any) -> dict[str, Any]:
    doc = r.document
    return {
        "doc_id": r.doc_id,
        "name": r.name,
        "outcome": r.outcome,
        "pages": doc.pages if doc else 0,
        "chunks": doc.chunks if doc else 0,
        "status": {k: v.state for k, v in (doc.status if doc else {}).items()},
        "error": r.error,
        "previous_pages": r.previous_pages,
        # What was read with a warning (a damaged file's lost pages).
        "note": _parse_note(doc),
    }


def _parse_note(doc: Any) -> str | None:
    parse = doc.status.get("parse") if doc else None
    return parse.reason if parse is not None and parse.state == "ready" else None


def ingest(folio: Folio, args: argparse.Namespace) -> int:
    results = folio.ingest(args.paths, wait=args.wait, run_background=args.wait)
    rows = [_result_row(r) for r in results]
    if args.json:
        emit_json(rows)
    else:
        for row in rows:
            head = f"{row['outcome']:<9} {row['doc_id'] or '-':<28} {row['name']}"
            print(head)
            if row["outcome"] == "replaced":  # never a silent replacement
                print(f"          replaced: {row['previous_pages']} → {row['pages']} pages")
            if row["error"]:
                print(f"          error: {row['error']}")
            else:
                print(
                    f"          pages={row['pages']} chunks={row['chunks']} "
                    f"{status_line(row['status'])}"
                )
            if row["note"]:
                print(f"          note: {row['note']}")
    if not args.wait and any(r.queued for r in results):
        _finish_in_background(folio)
    return 1 if any(r.outcome == "failed" for r in results) else 0


def _finish_in_background(folio: Folio) -> None:
    """Hand the queued components to a detached 'cli.py resume' so this command returns now.

    The jobs are in the shared queue: if the web app (or another resume) is running,
    each job is still run once, by whoever claims it first.
    """
    log_path = folio.settings.data_dir / "background.log"
    with open(log_path, "ab") as log_file:
        subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve().parent.parent / "cli.py"), "resume"],
            stdout=log_file,
            stderr=log_file,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    print(
        f"Embedding and other components continue in the background (log: {log_path}); "
        "'python cli.py list' shows their status.",
        file=sys.stderr,
    )


def resume(folio: Folio, args: argparse.Namespace) -> int:
    docs = folio.resume()
    folio.wait()  # every queued job, whichever process (this one, the app) runs it
    if args.json:
        emit_json({"resumed": docs})
    return 0


def list_docs(folio: Folio, args: argparse.Namespace) -> int:
    docs = folio.documents()
    if args.json:
        emit_json(
            [
                {
                    "doc_id": d.doc_id,
                    "name": d.name,
                    "kind": d.kind,
                    "pages": d.pages,
                    "chunks": d.chunks,
                    "language": d.language,
                    "updated_at": d.updated_at,
                    "status": {k: v.model_dump(mode="json") for k, v in d.status.items()},
                }
                for d in docs
            ]
        )
        return 0
    if not docs:
        print("No documents yet. Add some with: python cli.py ingest PATH")
        return 0
    rows = [
        [
            d.doc_id,
            d.name[:40],
            str(d.pages),
            str(d.chunks),
            status_line({k: v for k, v in d.status.items()}),
        ]
        for d in docs
    ]
    print(table(rows, ["doc_id", "name", "pages", "chunks", "status"]))
    for d in docs:
        for comp, st in d.status.items():
            if st.state == "failed":
                print(f"  {d.doc_id} {comp} failed: {st.reason}")
    return 0


def stats(folio: Folio, args: argparse.Namespace) -> int:
    data = folio.stats()
    if args.json:
        emit_json(data)
        return 0
    keys = ["pages", "ocr_pages", "tables", "headings", "chunks", "embedded", "chars"]
    rows = [[d["doc_id"], *[str(d[k]) for k in keys]] for d in data["documents"]]
    rows.append(["TOTAL", *[str(data["totals"].get(k, 0)) for k in keys]])
    print(table(rows, ["doc_id", *keys]))
    return 0


def show(folio: Folio, args: argparse.Namespace) -> int:
    ch = folio.chunk(args.chunk_id)
    if args.json:
        emit_json({**ch.model_dump(mode="json"), "section_path": ch.section_path})
        return 0
    pages = f"{ch.page_start}" + (f"-{ch.page_end}" if ch.page_end != ch.page_start else "")
    print(f"{ch.chunk_id}  page {pages}  [{ch.kind}]  {ch.section_path}")
    print("-" * 72)
    print(ch.text)
    print("-" * 72)
    for ref in ch.lines:
        where = f"p{ref.page} " + (
            "(" + ", ".join(f"{v:.1f}" for v in ref.box) + ")" if ref.box else f"line {ref.line_no}"
        )
        print(f"  {where}: {ch.text[ref.start : ref.end][:60]}")
    return 0


def delete(folio: Folio, args: argparse.Namespace) -> int:
    doc = folio.delete(folio.resolve(args.doc_id))
    if args.json:
        emit_json({"deleted": doc.doc_id, "name": doc.name})
    else:
        print(f"deleted {doc.doc_id} ({doc.name})")
    return 0


def regenerate(folio: Folio, args: argparse.Namespace) -> int:
    doc_id = folio.resolve(args.doc_id)
    folio.regenerate(doc_id, args.component, wait=True)
    doc = folio.document(doc_id)
    st = doc.status.get(args.component)
    if args.json:
        emit_json(
            {
                "doc_id": doc.doc_id,
                "component": args.component,
                "status": st.model_dump(mode="json") if st else None,
            }
        )
    else:
        print(
            f"{doc.doc_id} {args.component}: {st.state if st else 'unknown'}"
            + (f" ({st.reason})" if st and st.reason else "")
        )
    return 0 if st and st.state == "ready" else 1
