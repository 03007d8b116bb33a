"""search QUERY --doc ID [--doc ID] [-k N]"""

from __future__ import annotations

import argparse

from commands.output import emit_json
from pipeline.service import Folio


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("search", help="hybrid search within documents")
    p.add_argument("query")
    p.add_argument(
        "--doc",
        action="append",
        required=True,
        dest="docs",
        metavar="DOC",
        help="document id, file name or unique id prefix (repeatable)",
    )
    p.add_argument("-k", type=int, default=5)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=search)


def search(folio: Folio, args: argparse.Namespace) -> int:
    hits = folio.search(args.query, [folio.resolve(d) for d in args.docs], k=args.k)
    if args.json:
        emit_json(
            [
                {
                    "chunk_id": h.chunk_id,
                    "doc_id": h.doc_id,
                    "page": h.page,
                    "section": h.section,
                    "score": h.score,
                    "text": h.text,
                    "boxes": [[p, list(b)] for p, b in h.boxes],
                }
                for h in hits
            ]
        )
        return 0
    if not hits:
        print("No results.")
        return 0
    for i, h in enumerate(hits, 1):
        print(f"{i}. {h.chunk_id}  p{h.page}  score={h.score:.4f}  {h.section}")
        snippet = " ".join(h.text.split())
        print(f"   {snippet[:300]}{'…' if len(snippet) > 300 else ''}")
    return 0
