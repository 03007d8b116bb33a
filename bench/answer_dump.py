"""Every training answer of ``bench/answers.py``, saved or compared: proof that a speed-up
changed no answer.

    python bench/answer_dump.py --data-dir DIR --save before.json [--limit 80]
    python bench/answer_dump.py --data-dir DIR --compare before.json [--limit 80]

Runs ``bench/answers.py`` on the training split only (validation answers are never read
one by one) and records each ask's question, documents, answer text, refusal, follow-ups
and citations (chunk, page, section, quote, boxes). ``--compare`` prints the asks whose
record differs and exits non-zero when any does.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.schemas import AnswerEvent  # noqa: E402 - after the path set-up above
from agent.service import ChatService  # noqa: E402
from bench import answers  # noqa: E402


def _record(question: str, doc_ids: Any, event: AnswerEvent) -> dict[str, Any]:
    a = event.answer
    return {
        "question": question,
        "docs": list(doc_ids),
        "answer": a.answer,
        "refused": a.refused,
        "follow_ups": a.follow_up_questions,
        "citations": [
            {
                "chunk": c.chunk_id,
                "page": c.page,
                "section": c.section,
                "quote": c.quote,
                "boxes": [[p, list(b)] for p, b in c.boxes],
            }
            for c in a.citations
        ],
    }


def record_asks(argv: list[str]) -> list[dict[str, Any]]:
    """Run the answers bench with ``argv`` and return every ask's record, in order."""
    records: list[dict[str, Any]] = []
    ask = ChatService.ask

    def recording(self: ChatService, question: str, doc_ids: Any = (), *a: Any, **k: Any) -> Any:
        event = ask(self, question, doc_ids, *a, **k)
        records.append(_record(question, doc_ids, event))
        return event

    ChatService.ask = recording  # type: ignore[method-assign]
    saved = sys.argv
    sys.argv = ["answers.py", *argv]
    try:
        answers.main()
    finally:
        sys.argv = saved
        ChatService.ask = ask  # type: ignore[method-assign]
    return records


def differences(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[str]:
    out = []
    if len(before) != len(after):
        out.append(f"{len(before)} asks before, {len(after)} after")
    for i, (b, a) in enumerate(zip(before, after, strict=False)):
        if b != a:
            keys = [k for k in b if b.get(k) != a.get(k)]
            out.append(f"ask {i} ({b['question'][:60]!r}): {', '.join(keys)} differ")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--data-dir", type=Path, required=True)
    ap.add_argument("--limit", type=int, default=80)
    ap.add_argument("--sets", default="financebench,chinese,general,answerability")
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", type=Path, help="write the records here")
    group.add_argument("--compare", type=Path, help="compare with the records saved here")
    args = ap.parse_args()
    argv = ["--data-dir", str(args.data_dir), "--splits", "train", "--limit", str(args.limit)]
    records = record_asks([*argv, "--sets", args.sets])
    if args.save:
        args.save.write_text(json.dumps(records, ensure_ascii=False, indent=1), encoding="utf-8")
        print(f"{len(records)} answers saved to {args.save}")
        return 0
    before = json.loads(args.compare.read_text(encoding="utf-8"))
    diffs = differences(before, records)
    for d in diffs:
        print("-", d)
    print(f"{len(records)} answers compared: {len(diffs)} differ")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
