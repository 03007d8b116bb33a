"""labels DOC_ID [--page N] [--json]: block labels, credibility and resolved cross-references."""

from __future__ import annotations

import argparse

from commands.output import emit_json, table
from pipeline.service import Folio


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("labels", help="block labels and resolved cross-references of a document")
    p.add_argument("doc_id")
    p.add_argument("--page", type=int, help="only this page")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=labels)


def labels(folio: Folio, args: argparse.Namespace) -> int:
    doc_id = folio.resolve(args.doc_id)
    seen = folio.perception(doc_id)
    if args.page:
        seen = seen.model_copy(
            update={
                "labels": [x for x in seen.labels if x.page == args.page],
                "references": [r for r in seen.references if r.page == args.page],
            }
        )
    if args.json:
        emit_json({"doc_id": doc_id, **seen.model_dump()})
        return 0
    texts = {b.n: b.text for b in folio.blocks(doc_id, args.page)}
    rows = [
        [str(x.n), str(x.page), x.label, x.credibility, " ".join(texts.get(x.n, "").split())[:60]]
        for x in seen.labels
    ]
    print(table(rows, ["block", "page", "label", "credibility", "text"]))
    if seen.references:
        refs = [
            [str(r.n), str(r.page), r.text, r.kind,
             f"#{r.target_n} p{r.target_page}: {' '.join(r.target_text.split())[:40]}"
             if r.resolved else "—"]
            for r in seen.references
        ]  # fmt: skip
        print()
        print(table(refs, ["block", "page", "reference", "kind", "target"]))
    return 0
