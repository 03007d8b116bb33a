"""Does a figure question's turn reach the table row holding its figure? Retrieval alone,
whatever the answer made of it: the invented lookups (``bench/lookup_questions.json``)
and computed metrics (``bench/metric_questions.json``) over the FinanceBench training
filings, asked through the chat service as ``bench/lookups.py`` asks them.

    python bench/row_reach.py [--data-dir DIR] [--set lookups|metrics|both] [--batch B]
                              [--verbose]

A lookup is reached when a table cell of the turn (``agent.figures.lookup.grids``) prints
its gold figure; a metric's operand (the figures of its ``operands`` note, results after
"=" left out) when a cell prints it. Also the answer's figure and gold page, as the sets'
own benches score them, and the p95 of the answers' times. Training documents only.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.evidence import Evidence, turn_evidence  # noqa: E402
from agent.figures.turn_tables import grids  # noqa: E402
from agent.service import ChatService  # noqa: E402
from bench.answers_data import body  # noqa: E402
from bench.common import percentile, rate  # noqa: E402
from pipeline.ids import doc_id_for  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from pipeline.workspace import thread_id  # noqa: E402
from settings import Settings  # noqa: E402
from testkit.answer_checks import gold_figures, has_figure  # noqa: E402

HERE = Path(__file__).parent
SETS = {"lookups": HERE / "lookup_questions.json", "metrics": HERE / "metric_questions.json"}
# an operand: a figure of three or more digits (a year is no operand), not a result ("= 62.08%")
_OPERAND = re.compile(
    r"(?<![=\d.,])(?<!= )\(?-?\d{1,3}(?:,\d{3})+(?:\.\d+)?\)?|(?<![=\d.,])(?<!= )\d{3,}\.\d+"
)


def operands(note: str) -> list[str]:
    """The figures a metric's operands note reads off the filing."""
    return [m.group(0).strip("()") for m in _OPERAND.finditer(note)]


def cells(evidence: list[Evidence]) -> list[str]:
    return [raw for g in grids(evidence) for r in g.rows for raw in r.raws if raw.strip()]


def reached(figure: str, raws: list[str]) -> bool:
    gold = gold_figures(figure)
    return bool(gold) and any(has_figure(gold, raw) for raw in raws)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument(
        "--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "folio-bench-answers"
    )
    ap.add_argument("--set", default="both", choices=("lookups", "metrics", "both"))
    ap.add_argument("--batch", default="")
    ap.add_argument("--verbose", action="store_true", help="list the questions not reached")
    args = ap.parse_args()
    folio = Folio(Settings(data_dir=args.data_dir / "data"))
    chat = ChatService(folio)
    names = list(SETS) if args.set == "both" else [args.set]
    times: list[float] = []
    for name in names:
        items = json.loads(SETS[name].read_text(encoding="utf-8"))["questions"]
        items = [i for i in items if args.batch in ("", i["batch"])]
        reach: list[bool] = []
        figure: list[bool] = []
        page: list[bool] = []
        for item in items:
            started = time.perf_counter()
            event = chat.ask(item["question"], [doc_id_for(item["doc"])])
            times.append(time.perf_counter() - started)
            config: Any = {
                "configurable": {"thread_id": thread_id(chat.workspace, event.conversation_id)}
            }
            messages = chat.graph.get_state(config).values.get("messages", [])
            raws = cells(turn_evidence(messages))
            chat.delete(event.conversation_id)
            wanted = operands(item["operands"]) if name == "metrics" else [item["answer"]]
            got = [reached(w, raws) for w in wanted]
            reach.append(bool(got) and all(got))
            a = event.answer
            gold = gold_figures(item["answer"])
            figure.append(not a.refused and has_figure(gold, body(a.answer)))
            cited = {c.page for c in a.citations} | {p for c in a.citations for p, _ in c.boxes}
            page.append(not a.refused and bool(cited & set(item["pages"])))
            if args.verbose and not reach[-1]:
                missed = [w for w, ok in zip(wanted, got, strict=True) if not ok]
                print(f"NOT REACHED {item['doc']} | {item['question']} | {missed} p{item['pages']}")
        print(
            f"{name}: {len(items)} questions; row reached {rate(reach)}; "
            f"figure {rate(figure)}; gold page {rate(page)}",
            flush=True,
        )
    print(f"p95 {percentile(times, 95) * 1000:.0f} ms")
    folio.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
