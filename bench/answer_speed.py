"""Answer latency against its target: CPU time per answer and per phase, on the training
questions ``bench/answers.py`` times (FinanceBench training questions and CMRC training
articles' questions), after the app's warm-up.

    python bench/answer_speed.py --data-dir DIR [--limit 80] [--target-ms 1000] [--profile 10]

CPU time, not wall time, is the measure: the machine may be shared, and a loaded machine
inflates the wall clock but not what the answer costs. An answer's CPU is the whole
process's (``time.process_time``: the query embedding's helper thread too); a phase's is
the CPU of the thread that ran it (inclusive: a phase holds the phases it calls). Exits
non-zero when the answers' CPU p95 is not under ``--target-ms``. ``--profile N`` asks the
N slowest questions again under cProfile and prints where their time went.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import io
import pstats
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.service import ChatService  # noqa: E402 - after the path set-up above
from bench.answers import _zh_questions  # noqa: E402
from bench.answers_data import financebench  # noqa: E402
from bench.ask_phases import Clock  # noqa: E402
from bench.cmrc import build  # noqa: E402
from bench.common import percentile, print_table  # noqa: E402
from pipeline.ids import doc_id_for  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from settings import Settings  # noqa: E402

# (module, function or Class.method, phase); a function is wrapped wherever it was imported.
PHASES: list[tuple[str, str, str]] = [
    ("agent.models.planner", "plan", "planner"),
    ("agent.tools", "_search", "search tool (incl. continuations, stats)"),
    ("pipeline.store.sqlite_index", "SqliteIndex.lexical", "  retrieval: FTS"),
    ("pipeline.store.sqlite_index", "SqliteIndex.dense", "  retrieval: dense scan"),
    ("pipeline.embed.numpy_backend", "NumpyE5Embedder.embed_query", "  question embedding"),
    ("agent.tools", "_evidence", "  evidence (columns + scope stats)"),
    ("agent.models.offline", "compose", "compose (all strategies + verify)"),
    ("agent.models.judge", "judge", "  judge / selector"),
    ("agent.figures.answer", "figure_answer", "  figures / table lookups"),
    ("agent.models.answerability", "before_figures", "  answerability: question rulings"),
    ("agent.models.answerability", "decide", "  answerability gate"),
    ("agent.models.compose", "check", "  verification (candidate checks)"),
    ("agent.models.compose", "written", "  writing (follow-ups, sources)"),
    ("agent.citations", "reflect", "reflect (citations)"),
    ("agent.graph", "finalize", "finalize (quotes, boxes, follow-ups)"),
]


def instrument(clock: Clock, phases: list[tuple[str, str, str]]) -> list[str]:
    """Wrap each phase's function in ``clock`` in every loaded module that holds it."""
    importlib.import_module("agent.toolset")
    names = []
    for module, attr, name in phases:
        mod = importlib.import_module(module)
        cls, _, leaf = attr.rpartition(".")
        if cls:
            owner = getattr(mod, cls)
            setattr(owner, leaf, clock.wrap(name, getattr(owner, leaf)))
        else:
            original = getattr(mod, leaf)
            wrapped = clock.wrap(name, original)
            for m in list(sys.modules.values()):
                if getattr(m, leaf, None) is original:
                    setattr(m, leaf, wrapped)
        names.append(name)
    return names


def sample(data_dir: Path, limit: int) -> list[tuple[str, str]]:
    """(question, document id) of the answers ``bench/answers.py`` times on the training
    split: its FinanceBench questions, then its Chinese ones."""
    fb = [(q.question, doc_id_for(q.doc)) for q in financebench("train")][: limit or None]
    packed = build(data_dir / "cmrc", per_doc=32)
    docs = [f"cmrc-{k:02d}.pdf" for k in range(1, 5)]
    zh = [(q.question, doc_id_for(q.doc_name)) for q in _zh_questions(packed, docs, 1)]
    return fb + zh[: limit or None]


def measure(
    chat: ChatService, asks: list[tuple[str, str]], clock: Clock, names: list[str]
) -> tuple[list[float], dict[str, list[float]]]:
    """CPU seconds per answer, and per phase per answer."""
    totals: list[float] = []
    phases: dict[str, list[float]] = defaultdict(list)
    clock.reset()
    for question, doc in asks:
        started = time.process_time()
        event = chat.ask(question, [doc])
        totals.append(time.process_time() - started)
        chat.delete(event.conversation_id)
        _, cpu = clock.reset()
        for n in names:
            phases[n].append(cpu.get(n, 0.0))
        print(".", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return totals, phases


def profile(chat: ChatService, asks: list[tuple[str, str]], top: int = 45) -> str:
    """Where the asks' time went, over every thread they start (the graph runs its nodes
    and tools in threads of its own)."""
    profilers: list[cProfile.Profile] = []

    def start(*_: object) -> None:  # each new thread's first event starts its profiler
        p = cProfile.Profile()
        profilers.append(p)
        p.enable()

    main = cProfile.Profile()
    threading.setprofile(start)
    try:
        for question, doc in asks:
            main.enable()
            event = chat.ask(question, [doc])
            main.disable()
            chat.delete(event.conversation_id)
    finally:
        threading.setprofile(None)
    out = io.StringIO()
    stats = pstats.Stats(main, stream=out)
    for p in profilers:
        stats.add(p)
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)
    return out.getvalue()


def _ms(xs: list[float], q: float) -> str:
    return f"{percentile(xs, q) * 1000:.0f}"


def report(totals: list[float], phases: dict[str, list[float]], n_fb: int) -> None:
    rows: list[list[object]] = []
    parts: dict[str, list[float]] = {
        "whole answer": totals,
        "  FinanceBench answers": totals[:n_fb],
        "  Chinese answers": totals[n_fb:],
    }
    for name, xs in [*parts.items(), *phases.items()]:
        if xs and any(xs):
            rows.append([name, _ms(xs, 50), _ms(xs, 95), f"{sum(xs) / len(xs) * 1000:.0f}"])
    print_table(
        f"CPU per answer over {len(totals)} answers (ms; phases inclusive)",
        ["phase", "cpu p50", "cpu p95", "cpu mean"],
        rows,
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--data-dir", type=Path, required=True, help="bench/answers.py's data dir")
    ap.add_argument("--limit", type=int, default=80, help="questions per set (0 = all)")
    ap.add_argument("--target-ms", type=float, default=1000.0, help="CPU p95 must be under it")
    ap.add_argument("--profile", type=int, default=0, help="cProfile the N slowest answers")
    args = ap.parse_args()

    clock = Clock()
    names = instrument(clock, PHASES)
    folio = Folio(Settings(data_dir=args.data_dir / "data"))
    chat = ChatService(folio)
    asks = sample(args.data_dir, args.limit)
    n_fb = len(financebench("train")[: args.limit or None])
    chat.ask("你好", [asks[-1][1]])  # warm-up as bench/answers.py's: jieba, lingua, the embedder
    chat.warm_up(documents=len(folio.documents()))
    totals, phases = measure(chat, asks, clock, names)
    report(totals, phases, n_fb)
    if args.profile:
        slowest = sorted(range(len(asks)), key=lambda i: -totals[i])[: args.profile]
        print(profile(chat, [asks[i] for i in slowest]))
    folio.close()
    p95 = percentile(totals, 95) * 1000
    ok = p95 < args.target_ms
    verdict = "under" if ok else "NOT under"
    print(f"\nCPU p95 {p95:.0f} ms: {verdict} the {args.target_ms:.0f} ms target")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
