"""review DOC_ID --goal "…" [--json] [--out FILE]; review-rules list|disable|enable|delete."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from commands.output import emit_json, table
from pipeline.errors import NotFoundError

if TYPE_CHECKING:  # the review agent is imported by its commands, not by the parser
    from pipeline.service import Folio


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("review", help="a goal-driven review: plan, findings with citations")
    p.add_argument("doc_id", nargs="+", help="document(s) to review (id, name or id prefix)")
    p.add_argument("--goal", required=True, help="what to look for, e.g. 'every obligation'")
    p.add_argument("--json", action="store_true", help="the report as JSON")
    p.add_argument("--format", choices=("md", "json"), default="md")
    p.add_argument("--out", type=Path, help="write the report to this file")
    p.add_argument("--offline", action="store_true", help="no chat-model refinement")
    p.add_argument(
        "--all",
        action="store_true",
        help="list every finding kept, not only the short report's most relevant ones",
    )
    p.set_defaults(func=review)

    p = sub.add_parser("review-rules", help="rules the review learnt: list, disable, delete")
    p.add_argument(
        "action", choices=("list", "disable", "enable", "delete"), nargs="?", default="list"
    )
    p.add_argument("rule_id", type=int, nargs="?")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=rules)


def review(folio: Folio, args: argparse.Namespace) -> int:
    from agent.review.report import dumps, to_markdown
    from agent.review.service import run_review

    doc_ids = [folio.resolve(d) for d in args.doc_id]
    report = run_review(folio, doc_ids, args.goal, refine=not args.offline)
    as_json = args.json or args.format == "json"
    text = dumps(report) + "\n" if as_json else to_markdown(report, full=args.all)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def rules(folio: Folio, args: argparse.Namespace) -> int:
    store = folio.rules
    if args.action != "list":
        if args.rule_id is None:
            raise NotFoundError(f"Give the rule id: 'python cli.py review-rules {args.action} 3'.")
        if store.get(args.rule_id) is None:
            raise NotFoundError(
                f"No rule #{args.rule_id}; 'python cli.py review-rules' lists them."
            )
        if args.action == "delete":
            store.delete(args.rule_id)
        else:
            store.set_enabled(args.rule_id, args.action == "enable")
    found = store.all()
    if args.json:
        emit_json(found)
        return 0
    rows = [
        [
            str(r.id),
            r.pattern[:40],
            r.action,
            str(r.hits),
            "yes" if r.enabled else "no",
            r.last_used_at[:10],
        ]
        for r in found
    ]
    print(
        table(rows, ["id", "pattern", "action", "hits", "enabled", "last used"])
        if rows
        else "No rules stored yet; reviews learn them when a check fails."
    )
    return 0
