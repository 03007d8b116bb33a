"""export DOC_ID --component C --format md|json|svg|png [--out FILE]; terms DOC_ID [TERM]."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import get_args

from commands.output import emit_json
from pipeline.errors import NotFoundError
from pipeline.knowledge.api import KnowledgeComponent, render_png
from pipeline.service import Folio

FORMATS = ("md", "json", "svg", "png")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export", help="a knowledge component as Markdown, JSON, SVG or PNG")
    p.add_argument("doc_id")
    p.add_argument("--component", required=True, choices=get_args(KnowledgeComponent))
    p.add_argument("--format", default="md", choices=FORMATS)
    p.add_argument("--out", type=Path, help="write to this file instead of standard output")
    p.set_defaults(func=export)

    p = sub.add_parser("terms", help="the term base of a document, or the entries for one term")
    p.add_argument("doc_id")
    p.add_argument("term", nargs="?", help="look this term up (exact, alias, other language)")
    p.add_argument("-k", type=int, default=50, help="how many to show")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=terms)


def export(folio: Folio, args: argparse.Namespace) -> int:
    doc = folio.document(folio.resolve(args.doc_id))
    view = folio.knowledge_view(doc.doc_id, args.component)
    if view is None:
        st = doc.status.get(args.component)
        state = f"{st.state}" + (f": {st.reason}" if st and st.reason else "") if st else "not run"
        raise NotFoundError(
            f"The {args.component} of '{doc.name}' is not available ({state}). Run "
            f"'python cli.py regenerate {doc.doc_id} {args.component}' to build it."
        )
    payload: bytes
    if args.format == "md":
        payload = view.markdown.encode("utf-8")
    elif args.format == "json":
        body = {"doc_id": doc.doc_id, **view.model_dump(mode="json", exclude={"svg"})}
        payload = (json.dumps(body, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    else:
        if view.svg is None:
            raise NotFoundError(f"The {args.component} has no diagram; use --format md or json.")
        png = render_png(view) if args.format == "png" else None
        payload = png if png is not None else view.svg.encode("utf-8")
    if args.out:
        args.out.write_bytes(payload)
        print(f"wrote {args.out} ({len(payload)} bytes)", file=sys.stderr)
    elif args.format == "png":
        sys.stdout.buffer.write(payload)
    else:
        sys.stdout.write(payload.decode("utf-8"))
    return 0


def terms(folio: Folio, args: argparse.Namespace) -> int:
    doc = folio.document(folio.resolve(args.doc_id))
    found = (
        folio.lookup_terms([doc.doc_id], args.term, k=args.k)
        if args.term
        else folio.terms(doc.doc_id)[: args.k]
    )
    if args.json:
        emit_json([m.model_dump(mode="json") for m in found])
        return 0
    if not found:
        print("No matching term." if args.term else "No terms yet (see 'cli.py list').")
        return 1 if args.term else 0
    for m in found:
        alias = f" ({', '.join(m.aliases)})" if m.aliases else ""
        print(f"{m.term}{alias}  p{m.page}  {m.chunk_id}")
        if m.definition:
            print(f"    {m.definition}")
    return 0
