"""ask QUESTION --doc ID … | chat --doc ID | eval QUESTIONS.jsonl --docs DIR"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from commands.output import emit_json, table

# The agent (LangGraph, LangChain, the offline answerer) is imported by the commands that
# answer, not when the parser is built: `list` or `--help` never pay for it.
if TYPE_CHECKING:
    from agent.evaluation import EvalRow
    from agent.schemas import AnswerEvent, ChatEvent
    from pipeline.service import Folio


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("ask", help="ask a question about documents (cited answer)")
    p.add_argument("question")
    p.add_argument(
        "--doc",
        action="append",
        default=[],
        dest="docs",
        metavar="DOC",
        help="document id, file name or unique id prefix (repeatable)",
    )
    p.add_argument("--conversation", metavar="ID", help="continue a conversation")
    p.add_argument("--show-sources", action="store_true", help="print each cited chunk in full")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=ask)

    p = sub.add_parser("chat", help="interactive multi-turn chat about documents")
    p.add_argument(
        "--doc",
        action="append",
        default=[],
        dest="docs",
        metavar="DOC",
        help="document id, file name or unique id prefix (repeatable)",
    )
    p.add_argument("--conversation", metavar="ID", help="continue a conversation")
    p.add_argument("--show-sources", action="store_true")
    p.set_defaults(func=chat)

    p = sub.add_parser("eval", help="measure the agent on a question set (FinanceBench format)")
    p.add_argument("questions", type=Path, help="questions.jsonl")
    p.add_argument("--docs", type=Path, required=True, help="folder with the documents")
    p.add_argument("--limit", type=int, default=0, help="only the first N questions")
    p.add_argument("--no-unrelated", action="store_true", help="skip the wrong-document runs")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=run_eval)


def _status(event: ChatEvent) -> None:
    from agent.schemas import StatusEvent

    if isinstance(event, StatusEvent):
        print(f"  … {event.message}", file=sys.stderr, flush=True)


def ask(folio: Folio, args: argparse.Namespace) -> int:
    from agent.service import ChatService

    service = ChatService(folio)
    event = service.ask(
        args.question,
        [folio.resolve(d) for d in args.docs or []],
        args.conversation,
        on_event=None if args.json else _status,
    )
    if args.json:
        emit_json(event)
        return 0
    print_answer(folio, event, show_sources=args.show_sources)
    return 0


def print_answer(folio: Folio, event: AnswerEvent, *, show_sources: bool) -> None:
    a = event.answer
    if a.notice:
        print(f"[{a.notice}]")
    print(a.answer)
    print()
    rounds = "round" if a.retrieval_rounds == 1 else "rounds"
    print(
        f"({a.retrieval_rounds} retrieval {rounds}, {len(a.citations)} citations, "
        f"model {a.model}, {a.latency_ms} ms, conversation {event.conversation_id})"
    )
    for c in a.citations:
        where = f"p{c.page}" + (f" · {c.section}" if c.section else "")
        quote = " ".join(c.quote.split())
        print(f"  [{c.marker}] {c.chunk_id}  {where}")
        print(f"      “{quote[:300]}{'…' if len(quote) > 300 else ''}”")
        if show_sources:
            text = folio.chunk(c.chunk_id).text
            print("      source:\n" + "\n".join(f"        {ln}" for ln in text.splitlines()))
    if a.follow_up_questions:
        print("Follow-up questions:")
        for q in a.follow_up_questions:
            print(f"  - {q}")


def chat(folio: Folio, args: argparse.Namespace) -> int:
    from agent.service import ChatService

    service = ChatService(folio)
    cid = args.conversation
    docs = [folio.resolve(d) for d in args.docs or []] or (
        service.conversation(cid).doc_ids if cid else []
    )
    if not docs:
        print("error: give --doc DOC_ID (see 'python cli.py list')", file=sys.stderr)
        return 2
    print("Ask about the documents; an empty line or 'exit' ends the chat.")
    while True:
        try:
            question = input("> ").strip()
        except EOFError:
            break
        if not question or question.lower() in ("exit", "quit", "退出"):
            break
        event = service.ask(question, docs, cid, on_event=_status)
        cid = event.conversation_id
        print_answer(folio, event, show_sources=args.show_sources)
        print()
    if cid:
        print(f"conversation {cid} saved")
    return 0


def run_eval(folio: Folio, args: argparse.Namespace) -> int:
    from agent.evaluation import evaluate, ingest_docs, load_questions
    from agent.service import ChatService

    questions = load_questions(args.questions)
    if args.limit:
        questions = questions[: args.limit]
    service = ChatService(folio)
    ingest_docs(service, args.docs, [q.doc for q in questions])

    def progress(row: EvalRow) -> None:
        if not args.json:
            mark = (
                ("hit " if row.hit else "miss")
                if row.kind == "own"
                else ("refused" if row.refused else "ANSWERED")
            )
            print(f"  {row.id} {row.kind:<9} {mark:<8} {row.latency_ms:>5} ms", file=sys.stderr)

    summary, rows = evaluate(service, questions, unrelated=not args.no_unrelated, progress=progress)
    if args.json:
        emit_json({"summary": summary, "rows": [vars(r) for r in rows]})
        return 0
    print(table([[k, str(v)] for k, v in summary.items()], ["metric", "value"]))
    return 0
