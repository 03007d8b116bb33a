"""Why Chinese answers miss their gold span: each miss of a CMRC split, classified.

    python bench/zh_failures.py [--data-dir DIR] [--split train] [--per-article 1] [--limit N]

Asks each question through the chat service (as ``bench/answers.py`` does), reads back the
turn's evidence, and names the first stage where the gold span was lost:

- ``retrieval``: no passage of the turn holds it;
- ``units``: a passage holds it but no single sentence does (it runs over several, or the
  sentence split cut it);
- ``not-candidate``: a sentence holds it but uses no question word;
- ``refused``: a candidate holds it but the best probability is under the threshold;
- ``ranking``: a candidate holds it but another one ranks first;
- ``composition``: the first-ranked unit holds it, the answer does not (the clause cut
  from it, or the citation check dropped it).
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.evidence import turn_evidence, units  # noqa: E402
from agent.models.judge import candidates, judge  # noqa: E402
from agent.models.selector import selector  # noqa: E402
from agent.service import ChatService  # noqa: E402
from bench.answers import _zh_questions  # noqa: E402
from bench.answers_data import body  # noqa: E402
from bench.cmrc import build  # noqa: E402
from pipeline.ids import doc_id_for  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from pipeline.workspace import thread_id  # noqa: E402 - after the path set-up above
from settings import Settings  # noqa: E402

FIRST_DOC = {"train": 1, "validation": 5}


def _nows(text: str) -> str:
    return re.sub(r"\s+", "", text)


def classify(question: str, gold: str, answer: str, messages: list[Any]) -> tuple[str, str]:
    """The stage that lost the gold span, and the unit that was ranked first."""
    g = _nows(gold)
    if g in _nows(body(answer)):
        return "ok", ""
    evidence = turn_evidence(messages)
    texts = [p.text for ev in evidence for p in ev.passages]
    if not any(g in _nows(t) for t in texts):
        return "retrieval", ""
    if not any(g in _nows(u.text) for t in texts for u in units(t)):
        return "units", ""
    _, found = candidates(question, evidence)
    if not any(g in _nows(c.unit.text) for c in found):
        return "not-candidate", ""
    model = selector()
    for c in found:
        c.score = model.probability(c.features)
        c.rank = model.rank(c.features)
    top = max(found, key=lambda c: c.rank)
    if not judge(question, evidence).chosen:
        return "refused", top.unit.text
    if g not in _nows(top.unit.text):
        return "ranking", top.unit.text
    return "composition", top.unit.text


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument(
        "--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "folio-bench-answers"
    )
    ap.add_argument("--split", default="train", choices=sorted(FIRST_DOC))
    ap.add_argument("--per-article", type=int, default=1)
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    folio = Folio(Settings(data_dir=args.data_dir / "data", embedding_model="none"))
    chat = ChatService(folio)
    packed = build(args.data_dir / "cmrc", per_doc=32)
    first = FIRST_DOC[args.split]
    docs = [f"cmrc-{k:02d}.pdf" for k in range(first, first + 4)]
    questions = _zh_questions(packed, docs, args.per_article)[: args.limit or None]
    tally: Counter[str] = Counter()
    for q in questions:
        event = chat.ask(q.question, [doc_id_for(q.doc_name)])
        config: Any = {
            "configurable": {"thread_id": thread_id(chat.workspace, event.conversation_id)}
        }
        messages = chat.graph.get_state(config).values.get("messages", [])
        stage, top = classify(q.question, q.answer, event.answer.answer, messages)
        chat.delete(event.conversation_id)
        tally[stage] += 1
        if stage != "ok":
            print(f"[{stage}] {q.qid} {q.question}")
            print(f"    gold:   {q.answer[:150]}")
            print(f"    answer: {body(event.answer.answer)[:300]!r}")
            if top:
                print(f"    top:    {top[:200]}")
    folio.close()
    n = sum(tally.values())
    print(
        f"\n{args.split}: {n} questions; " + ", ".join(f"{k} {v}" for k, v in tally.most_common())
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
