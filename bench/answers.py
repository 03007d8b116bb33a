"""Answers on both splits, side by side: figures, pages, Chinese spans, refusals, tables.

    python bench/answers.py [--data-dir DIR] [--zh-per-article 1] [--zh-skip 0] [--limit N]
                            [--lexical]

Training split: financebench-train and CMRC trial articles 0–127; validation split:
financebench (dev) and CMRC articles 128–255 (``../shared/samples/README.md``). Per split:
gold figure in the answer (numbers compared without separators and units, within
rounding), gold page cited (all, and apart for the questions whose gold answer holds a
figure and those whose does not), Chinese gold span in the answer, heading-only answers, refusal
of unrelated questions (10-K questions asked of a Chinese document and the reverse, plus
general-knowledge questions; each also apart) and of the questions a document must refuse
although it uses their words (``answerability_questions.json``: world knowledge,
arithmetic, another company, a period not covered; a refusal may quote what is nearest),
statement pages holding a table with labelled rows and period columns, answers that say a
figure is not given and then give figures (self-contradicting), computed margins or shares
outside ±100% and percentages worked without dividing (outside sane bounds), answers naming
a vocabulary key, and answer latency (wall clock, and the process's CPU time, which a loaded
machine does not inflate), after the warm-up the app does when it starts. Documents are
ingested once into the data directory.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.schemas import Answer  # noqa: E402 - after the path set-up above
from agent.service import ChatService  # noqa: E402
from bench.answerability_examples import refusal_set  # noqa: E402
from bench.answers_data import (  # noqa: E402
    FbQuestion,
    body,
    financebench,
    general,
    heading_only,
    quotes,
    related,
)
from bench.answers_tally import Tally, report  # noqa: E402
from bench.cmrc import PackedQuestion, build  # noqa: E402
from bench.common import SAMPLES  # noqa: E402
from bench.tables import table_recognition  # noqa: E402
from pipeline.ids import doc_id_for  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from settings import Settings  # noqa: E402
from testkit.answer_checks import (  # noqa: E402  # noqa: E402
    gold_figures,
    has_figure,
    insane_values,
    internal_keys,
    self_contradicting,
)
from testkit.twin_cards import twins  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    default_dir = Path(tempfile.gettempdir()) / "folio-bench-answers"
    ap.add_argument("--data-dir", type=Path, default=default_dir)
    ap.add_argument("--zh-per-article", type=int, default=1, help="CMRC questions per article")
    ap.add_argument(
        "--zh-skip",
        type=int,
        default=0,
        help="skip each article's first N questions (the unseen ones after those studied)",
    )
    ap.add_argument("--limit", type=int, default=0, help="questions per set (0 = all)")
    ap.add_argument("--verbose", action="store_true", help="print every miss")
    ap.add_argument("--splits", default="train,validation", help="which splits to measure")
    ap.add_argument(
        "--sets",
        default="financebench,chinese,general,answerability",
        help="which question sets to ask (financebench alone: figures, pages, latency)",
    )
    ap.add_argument(
        "--skip-missing",
        action="store_true",
        help="use only the FinanceBench documents already searchable in the data dir",
    )
    ap.add_argument(
        "--lexical", action="store_true", help="no dense embeddings (fast ingest on a busy machine)"
    )
    args = ap.parse_args()

    settings = Settings(data_dir=args.data_dir / "data")
    if args.lexical:
        settings = settings.model_copy(update={"embedding_model": "none"})
    folio = Folio(settings)
    chat = ChatService(folio)
    packed = build(args.data_dir / "cmrc", per_doc=32)
    zh_paths = sorted((args.data_dir / "cmrc").glob("cmrc-*.pdf"))
    splits = args.splits.split(",")
    fb_paths = [
        p
        for folder, split in (("financebench", "validation"), ("financebench-train", "train"))
        if split in splits
        for p in sorted((SAMPLES / folder / "pdfs").glob("*.pdf"))
    ]
    ready = {d.name for d in folio.documents() if d.searchable}
    if args.skip_missing:
        fb_paths = [p for p in fb_paths if p.name in ready]
    present = {p.name for p in fb_paths}
    started = time.perf_counter()
    # Lexical runs skip the background components (embeddings, knowledge): searchable is enough.
    folio.ingest([*fb_paths, *zh_paths], wait=not args.lexical, run_background=not args.lexical)
    print(f"documents ready in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    zh_id = {p.name: doc_id_for(p.name) for p in zh_paths}
    chat.ask("你好", [next(iter(zh_id.values()))])  # warm-up: jieba, lingua, the embedder
    chat.warm_up(documents=len(fb_paths) + len(zh_paths))  # as the app does when it starts

    tallies = {}
    for split, first_doc in (("train", 1), ("validation", 5)):
        if split not in splits:
            tallies[split] = Tally()
            continue
        t = Tally()
        zh_docs = [f"cmrc-{k:02d}.pdf" for k in range(first_doc, first_doc + 4)]
        every = financebench(split)
        fb = [q for q in every if q.doc in present][: args.limit or None]
        if len(fb) < len(every):
            print(
                f"{split}: {len(every) - len(fb)} FinanceBench questions skipped", file=sys.stderr
            )
        sets = args.sets.split(",")
        if "financebench" in sets:
            _financebench(chat, fb, zh_id[zh_docs[0]], t)
        zh = _zh_questions(packed, zh_docs, args.zh_per_article, args.zh_skip)[: args.limit or None]
        ten_k = doc_id_for(fb[0].doc)
        if "chinese" in sets:
            _chinese(chat, zh, zh_id, ten_k, t)
        for q in general(split) if "general" in sets else []:
            for doc in (ten_k, zh_id[zh_docs[0]]):
                a = _ask(chat, q, doc)
                t.general.append(a.refused)
                t.refused.append(a.refused)
                if not t.refused[-1]:
                    t.misses.append(f"answered general question {q!r} on {doc}")
        if "answerability" in sets:
            _answerability(chat, split, {*present, *zh_id}, t, args.limit)
        recognition = table_recognition("train" if split == "train" else "dev")
        t.tables = [True] * recognition.recognised + [False] * len(recognition.missed)
        t.misses += [f"statement page not read as a table: {m}" for m in recognition.missed]
        tallies[split] = t
    folio.close()
    report(tallies, args.verbose)
    return 0


def _ask(chat: ChatService, question: str, doc: str) -> Answer:
    return _timed(chat, question, doc)[0]


def _timed(chat: ChatService, question: str, doc: str) -> tuple[Answer, int]:
    """The answer and the CPU ms it took: what it costs, however loaded the machine."""
    started = time.process_time()
    event = chat.ask(question, [doc])
    cpu = int((time.process_time() - started) * 1000)
    chat.delete(event.conversation_id)
    print(".", end="", file=sys.stderr, flush=True)  # progress: one dot per answer
    return event.answer, cpu


def _financebench(chat: ChatService, questions: list[FbQuestion], zh_doc: str, t: Tally) -> None:
    for q in questions:
        doc = doc_id_for(q.doc)
        a, cpu = _timed(chat, q.question, doc)
        t.latency.append(a.latency_ms)
        t.cpu.append(cpu)
        _quotes(q.question, a, t)
        gold = gold_figures(q.answer)
        if gold:
            # a refusal may quote what is nearest: it answers nothing, whatever it quotes
            t.figure.append(not a.refused and has_figure(gold, a.answer))
            if not t.figure[-1]:
                said = body(a.answer)[:160]
                t.misses.append(f"{q.id}: no gold figure ({q.answer[:60]!r}) in {said!r}")
        cited = {c.page for c in a.citations} | {p for c in a.citations for p, _ in c.boxes}
        # A gold page of any of the question's evidence items counts (pages are 1-based on
        # both sides); how many pages an answer cites is shown beside it, since citing more
        # pages hits more gold pages.
        t.page.append(not a.refused and bool(cited & set(q.pages)))
        (t.page_numeric if gold else t.page_other).append(t.page[-1])
        figures, pages = t.by_kind.setdefault(q.kind or "other", ([], []))
        figures.extend(t.figure[-1:] if gold else [])
        pages.append(t.page[-1])
        t.pages.append(len(cited))
        if not t.page[-1]:
            t.misses.append(f"{q.id}: gold page {q.pages} not cited (cited {sorted(cited)})")
        other = _ask(chat, q.question, zh_doc)
        t.wrong_doc.append(other.refused)
        t.refused.append(other.refused)
        if not other.refused:
            t.misses.append(f"{q.id}: answered of the Chinese report: {body(other.answer)[:100]!r}")


def _answerability(chat: ChatService, split: str, docs: set[str], t: Tally, limit: int) -> None:
    """``answerability_questions.json``: each question asked of its document (of those
    ingested), a refusal expected; ``limit`` questions per kind at most."""
    for item in refusal_set(split):
        kind, doc = item["kind"], item["doc"]
        asked = t.kinds.setdefault(kind, [])
        if doc not in docs or (limit and len(asked) >= limit):
            continue
        a = _ask(chat, item["question"], doc_id_for(doc))
        asked.append(a.refused)
        if not a.refused:
            t.misses.append(f"answered {kind} question {item['question']!r} on {doc}")


def _zh_questions(
    packed: list[PackedQuestion], docs: list[str], per_article: int, skip: int = 0
) -> list[PackedQuestion]:
    """Each article's questions in the data set's order, its first ``per_article`` of them
    less the first ``skip`` (so ``skip=3, per_article=5`` asks only the 4th and 5th)."""
    seen: dict[str, int] = {}
    out: list[PackedQuestion] = []
    for q in packed:
        if q.doc_name not in docs or not q.question.strip():
            continue  # the data set holds a few empty questions
        article = q.qid.rsplit("_QUERY_", 1)[0]
        if seen.get(article, 0) < per_article:
            seen[article] = seen.get(article, 0) + 1
            if seen[article] > skip:
                out.append(q)
    return out


def _chinese(
    chat: ChatService, questions: list[PackedQuestion], zh_id: dict[str, str], ten_k: str, t: Tally
) -> None:
    for q in questions:
        a, cpu = _timed(chat, q.question, zh_id[q.doc_name])
        t.latency.append(a.latency_ms)
        t.cpu.append(cpu)
        _quotes(q.question, a, t)
        gold = "".join(q.answer.split())
        t.span.append(not a.refused and gold in "".join(body(a.answer).split()))
        sections = [c.section.split(" > ")[-1] for c in a.citations]
        t.heading.append(heading_only(a.answer, sections))
        t.zh_page.append(not a.refused and bool({c.page for c in a.citations} & set(q.pages)))
        if not t.span[-1]:
            t.misses.append(f"{q.qid}: {q.answer!r} not in {body(a.answer)[:120]!r}")
        other = _ask(chat, q.question, ten_k)
        t.wrong_doc.append(other.refused)
        t.refused.append(other.refused)
        if not other.refused:
            t.misses.append(f"{q.qid}: answered of a 10-K: {body(other.answer)[:100]!r}")


def _quotes(question: str, a: Answer, t: Tally) -> None:
    _sense(question, a, t)
    if not a.refused:
        t.follow.append(bool(a.follow_up_questions))
        if not t.follow[-1]:
            t.misses.append(f"no follow-up question for {question!r}: {body(a.answer)[:100]!r}")
        pairs = twins(a.citations)
        t.twins.append(bool(pairs))
        if pairs:
            t.misses.append(f"source cards {pairs} quote one span for {question!r}")
    for quote in quotes(a.answer):
        t.quotes.append(related(question, quote))
        if not t.quotes[-1]:
            t.misses.append(f"quote unrelated to {question!r}: {quote[:100]!r}")


def _sense(question: str, a: Answer, t: Tally) -> None:
    """The answer's own consistency: no "do not say" beside the figure, no senseless
    computed figure, no internal key."""
    said = body(a.answer)[:120]
    if self_contradicting(a.answer):
        t.contradicting += 1
        t.misses.append(f"self-contradicting answer to {question!r}: {said!r}")
    bad = insane_values(a.answer)
    if bad:
        t.insane += bad
        t.misses.append(f"computed value outside sane bounds for {question!r}: {said!r}")
    if internal_keys(a.answer):
        t.keys += 1
        t.misses.append(f"internal key in the answer to {question!r}: {said!r}")


if __name__ == "__main__":
    sys.exit(main())
