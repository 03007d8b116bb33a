"""Why FinanceBench answers miss: each miss of a split, classified by the stage that lost it.

    python bench/fb_failures.py [--data-dir DIR] [--split train] [--lexical] [--limit N]

Asks each question through the chat service (as ``bench/answers.py`` does), reads back the
turn's evidence, and names the first stage where the gold figure (or the gold page) was
lost:

- ``retrieval``: no passage of the turn is on a gold evidence page;
- ``table perception``: a gold page was retrieved and the gold figure is printed in it, but
  no table cell of the turn holds it (the page was not read as a table, or the cell's row
  or column was lost);
- ``item-period``: a cell of the turn holds the gold figure, the answer used another one
  (another row, or another period's column), or an operand was not found;
- ``arithmetic``: the answer computed a figure from cells of a gold page, and the result
  is not the gold one (a formula or an operand the question defines);
- ``no method``: no figure method answered the question, and the gold figure is not
  printed anywhere in the turn (it has to be computed: from sentences, or by a metric
  the vocabulary lacks);
- ``sentence``: the sentence selector answered, and a passage of the turn prints the gold
  figure, in a sentence it did not choose;
- ``citation``: the gold figure is in the answer (or the question has none) but no gold
  page is cited.

The validation split is classified to report it, never to write a rule for one of its
questions: its misses are listed by id, pages and stage only.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.evidence import Evidence, turn_evidence  # noqa: E402
from agent.figures.answer import figure_answer  # noqa: E402
from agent.figures.turn_tables import grids  # noqa: E402
from agent.service import ChatService  # noqa: E402
from bench.answers_data import FbQuestion, body, financebench  # noqa: E402
from pipeline.ids import doc_id_for  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from pipeline.workspace import thread_id  # noqa: E402 - after the path set-up above
from settings import Settings  # noqa: E402
from testkit.answer_checks import figures, gold_figures, has_figure  # noqa: E402


def _printed(gold: list[tuple[float, int]], text: str) -> bool:
    """Is a gold figure printed in a text (a cell, a sentence), at any usual scale?"""
    return bool(gold) and has_figure(gold, text)


def classify(q: FbQuestion, answer: str, cited: set[int], evidence: list[Evidence]) -> str:
    """The stage that lost the question's gold figure (or gold page); "ok" if none did."""
    gold = gold_figures(q.answer)
    found = not gold or has_figure(gold, body(answer))
    if found:
        return "ok" if cited & set(q.pages) else "citation"
    passages = [p for ev in evidence for p in ev.passages]
    on_gold = [p for p in passages if p.page in q.pages]
    tables = grids(evidence)
    in_cells = any(
        _printed(gold, raw) for g in tables for r in g.rows for raw in r.raws if raw.strip()
    )
    in_text = any(_printed(gold, p.checked_text) for p in passages)
    drafted = figure_answer(q.question, evidence, "en")
    if drafted is not None and (drafted.lines or drafted.missing):
        if in_cells or drafted.missing:
            return "item-period"
        if not on_gold:
            return "retrieval"
        used = {c.page for c in drafted.cells}
        if used and used <= set(q.pages) and len(drafted.cells) > 1:
            return "arithmetic"
        return (
            "table perception"
            if any(_printed(gold, p.checked_text) for p in on_gold)
            else ("item-period")
        )
    if not on_gold:
        return "retrieval"
    if in_cells:
        return "item-period"  # a cell holds it and no figure method read it
    if any(_printed(gold, p.checked_text) for p in on_gold):
        return "table perception" if _tabular(on_gold, gold) else "sentence"
    return "sentence" if in_text else "no method"


def _tabular(passages: list[Any], gold: list[tuple[float, int]]) -> bool:
    """The gold figure is printed on a line of figures (a table row), not in a sentence."""
    for p in passages:
        for line in p.checked_text.split("\n"):
            if _printed(gold, line) and len(figures(line)) >= 2 and len(line.split()) < 30:
                return True
    return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument(
        "--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "folio-bench-answers"
    )
    ap.add_argument("--split", default="train", choices=("train", "validation"))
    ap.add_argument("--lexical", action="store_true", help="no dense embeddings")
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    settings = Settings(data_dir=args.data_dir / "data")
    if args.lexical:
        settings = settings.model_copy(update={"embedding_model": "none"})
    folio = Folio(settings)
    chat = ChatService(folio)
    ready = {d.name for d in folio.documents() if d.searchable}
    questions = [q for q in financebench(args.split) if q.doc in ready][: args.limit or None]
    tally: Counter[str] = Counter()
    for q in questions:
        event = chat.ask(q.question, [doc_id_for(q.doc)])
        config: Any = {
            "configurable": {"thread_id": thread_id(chat.workspace, event.conversation_id)}
        }
        messages = chat.graph.get_state(config).values.get("messages", [])
        a = event.answer
        cited = {c.page for c in a.citations} | {p for c in a.citations for p, _ in c.boxes}
        stage = classify(q, a.answer, cited, turn_evidence(messages))
        chat.delete(event.conversation_id)
        tally[stage] += 1
        if stage != "ok":
            print(f"[{stage}] {q.id} gold pages {q.pages}, cited {sorted(cited)}")
            if args.split == "train":  # validation misses are counted, not read
                print(f"    question: {q.question[:200]!r}")
                print(f"    gold:   {q.answer[:120]!r}")
                print(f"    answer: {body(a.answer)[:240]!r}")
    folio.close()
    n = sum(tally.values())
    print(
        f"\n{args.split}: {n} questions; " + ", ".join(f"{k} {v}" for k, v in tally.most_common())
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
