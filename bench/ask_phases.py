"""Where one answer's time goes: wall and CPU time per phase of an ask, on ingested documents.

    python bench/ask_phases.py --data-dir DIR [--doc NAME.pdf] [--split train] [--limit N]

Each graph node (language detection, routing, the agent's planning and composing, the
tools, reflection, finalizing) and the costly steps inside them (search, query embedding,
figure reading, the sentence judge, follow-ups, highlight boxes) are timed around every
ask of FinanceBench questions on their documents. CPU time is the phase's own thread's
(``time.thread_time``), so a loaded machine shows what the code costs, not what the
scheduler gave it; the total per ask is the whole process's (``time.process_time``).
Timings are inclusive: a phase's time holds the phases it calls.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.answers_data import financebench  # noqa: E402
from bench.common import percentile, print_table  # noqa: E402

# (module, attribute, phase name); classes as "Class.method".
PHASES: list[tuple[str, str, str]] = [
    ("agent.graph", "detect_language", "node: detect_language"),
    ("agent.graph", "route", "node: route"),
    ("agent.graph", "agent", "node: agent (plan/compose)"),
    ("agent.graph", "reflect", "node: reflect"),
    ("agent.graph", "finalize", "node: finalize"),
    ("agent.tools", "_search", "tool: search (incl. columns, stats)"),
    ("agent.tools", "read_page", "tool: read_page"),
    ("agent.tools", "_evidence", "  evidence (columns + scope stats)"),
    ("agent.tools", "with_columns", "  column headers of continuations"),
    ("pipeline.service", "Folio.search", "  hybrid search"),
    ("pipeline.store.sqlite_index", "SqliteIndex.search", "  index search"),
    ("agent.models.offline", "plan", "  planner"),
    ("agent.models.offline", "compose", "  compose"),
    ("agent.models.answering.figures", "figure_candidates", "    figures (compose)"),
    ("agent.models.answering.sentences", "judge", "    judge (compose)"),
    ("agent.models.planner", "figure_answer", "    figures (planner)"),
    ("agent.models.planner", "judge", "    judge (planner)"),
    ("agent.nodes.finalize", "follow_ups", "  follow-ups"),
    ("agent.nodes.finalize", "quote_boxes", "  highlight boxes"),
    ("agent.citations", "reflect", "  verify citations (reflect)"),
    ("agent.nodes.finalize", "locate_quotes", "  locate quotes"),
    ("agent.nodes.understand", "detect", "  language detector (node)"),
    ("agent.models.offline", "detect_language", "  language detector (model)"),
]


class Clock:
    """Accumulates wall and thread CPU time per phase for the current ask."""

    def __init__(self) -> None:
        self.wall: dict[str, float] = defaultdict(float)
        self.cpu: dict[str, float] = defaultdict(float)
        self.lock = threading.Lock()

    def reset(self) -> tuple[dict[str, float], dict[str, float]]:
        with self.lock:
            out = (dict(self.wall), dict(self.cpu))
            self.wall.clear()
            self.cpu.clear()
        return out

    def wrap(self, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def timed(*args: Any, **kwargs: Any) -> Any:
            w, c = time.perf_counter(), time.thread_time()
            try:
                return fn(*args, **kwargs)
            finally:
                with self.lock:
                    self.wall[name] += time.perf_counter() - w
                    self.cpu[name] += time.thread_time() - c

        return timed


def instrument(clock: Clock) -> list[str]:
    import importlib

    names = []
    for module, attr, name in PHASES:
        mod = importlib.import_module(module)
        owner: Any = mod
        cls, _, leaf = attr.rpartition(".")
        if cls:
            owner = getattr(mod, cls)
        fn = getattr(owner, leaf, None)
        if not callable(fn) or isinstance(fn, type(mod)):
            continue
        setattr(owner, leaf, clock.wrap(name, fn))
        names.append(name)
    importlib.import_module("agent.toolset")  # the tools register as it loads
    registry = importlib.import_module("agent.toolspec").REGISTRY
    for spec in registry.specs(atomic=False):  # the tool node calls what the registry holds
        wrapped = clock.wrap(f"tool: {spec.name}", spec.function)
        registry.replace(dataclasses.replace(spec, function=wrapped))
        names.append(f"tool: {spec.name}")
    return list(dict.fromkeys(names))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--data-dir", type=Path, required=True, help="bench/answers.py's data dir")
    ap.add_argument("--split", default="train")
    ap.add_argument("--doc", default="", help="only questions on this document")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=1, help="ask each question this many times")
    ap.add_argument(
        "--cold", action="store_true", help="no warm-up of the documents' word statistics"
    )
    args = ap.parse_args()

    clock = Clock()
    names = instrument(clock)
    from agent.service import ChatService
    from pipeline.ids import doc_id_for
    from pipeline.service import Folio
    from settings import Settings

    settings = Settings(data_dir=args.data_dir / "data", embedding_model="none")
    folio = Folio(settings)
    chat = ChatService(folio)
    ready = {d.name for d in folio.documents() if d.searchable}
    qs = [q for q in financebench(args.split) if q.doc in ready]
    qs = [q for q in qs if not args.doc or q.doc == args.doc][: args.limit or None]
    if not qs:
        print("no questions on searchable documents in that data dir", file=sys.stderr)
        return 1
    chat.ask("hello", [doc_id_for(qs[0].doc)])  # warm-up: imports, language detector
    if not args.cold:
        chat.warm_up(documents=len(ready))  # as the app does when it starts
    clock.reset()
    per_phase: dict[str, list[tuple[float, float]]] = defaultdict(list)
    totals: list[tuple[float, float]] = []
    for q in qs * args.repeat:
        w, c = time.perf_counter(), time.process_time()
        event = chat.ask(q.question, [doc_id_for(q.doc)])
        totals.append((time.perf_counter() - w, time.process_time() - c))
        chat.delete(event.conversation_id)
        wall, cpu = clock.reset()
        for n in names:
            per_phase[n].append((wall.get(n, 0.0), cpu.get(n, 0.0)))
        print(".", end="", file=sys.stderr, flush=True)
    folio.close()
    _report(names, per_phase, totals)
    return 0


def _ms(xs: list[float], q: float) -> str:
    return f"{percentile(xs, q) * 1000:.0f}"


def _report(
    names: list[str],
    per_phase: dict[str, list[tuple[float, float]]],
    totals: list[tuple[float, float]],
) -> None:
    rows: list[list[object]] = []
    for n in ["whole ask", *names]:
        data = totals if n == "whole ask" else per_phase[n]
        wall = [w for w, _ in data]
        cpu = [c for _, c in data]
        if not any(wall):
            continue
        mean_cpu = sum(cpu) / len(cpu) * 1000
        rows.append(
            [n, _ms(wall, 50), _ms(wall, 95), _ms(cpu, 50), _ms(cpu, 95), f"{mean_cpu:.0f}"]
        )
    print_table(
        f"Ask phases over {len(totals)} asks (ms; inclusive)",
        ["phase", "wall p50", "wall p95", "cpu p50", "cpu p95", "cpu mean"],
        rows,
    )


if __name__ == "__main__":
    sys.exit(main())
