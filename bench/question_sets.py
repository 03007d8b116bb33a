"""The loop the invented question sets over the training filings share (``lookups.py``,
``topics_set.py``): their command line, the questions chosen by a word or a batch, each
asked of its document in a conversation of its own (deleted after), with the pages its
citations name. The documents must already be ingested in the data directory
(``bench/answers.py`` ingests them).
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agent.schemas import Answer
from agent.service import ChatService
from pipeline.ids import doc_id_for
from pipeline.service import Folio
from settings import Settings


@dataclass(frozen=True)
class Asked:
    item: dict[str, Any]  # the question as the set's file holds it
    answer: Answer
    cited: set[int]  # the pages its citations name or mark


def set_args(doc: str | None, batches: str) -> argparse.Namespace:
    """The question set's command line: ``--data-dir``, ``--verbose``, ``--only``,
    ``--batch`` (one of ``batches``, as the help says them: "A or B")."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument(
        "--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "folio-bench-answers"
    )
    ap.add_argument("--verbose", action="store_true", help="print every answer and its misses")
    ap.add_argument("--only", default="", help="ask only the questions holding this word")
    ap.add_argument("--batch", default="", help=f"ask only this batch's questions ({batches})")
    return ap.parse_args()


def chosen(questions: Path, args: argparse.Namespace) -> list[dict[str, Any]]:
    """The set's questions holding ``--only``'s word, of ``--batch``'s batch."""
    items = json.loads(questions.read_text(encoding="utf-8"))["questions"]
    return [
        i
        for i in items
        if args.only.lower() in i["question"].lower() and args.batch in ("", i["batch"])
    ]


def ask_each(args: argparse.Namespace, items: list[dict[str, Any]]) -> Iterator[Asked]:
    """Each question asked of its document, in order; the store is closed after the last."""
    folio = Folio(Settings(data_dir=args.data_dir / "data"))
    chat = ChatService(folio)
    try:
        for item in items:
            event = chat.ask(item["question"], [doc_id_for(item["doc"])])
            chat.delete(event.conversation_id)
            a = event.answer
            cited = {c.page for c in a.citations} | {p for c in a.citations for p, _ in c.boxes}
            yield Asked(item, a, cited)
    finally:
        folio.close()
