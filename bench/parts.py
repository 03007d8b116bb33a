"""A part of the business asked for its revenue: questions made mechanically from each
sample filing's own tables, answered by the offline answerer, on both splits.

    python bench/parts.py --data-dir DIR [--per-doc 6]

For every FinanceBench document of a split already searchable in DIR (the data directory
``bench/answers.py`` ingests), every table whose title names revenue or sales gives, for
each row labelled by a name in a table that totals revenue itself (every word
capitalised: a segment, a region, a product; not a line item, a kind of one, a total or a
share), the question "What was <label> revenue in
<year>?" for its first full-year column (a quarter's table asks nothing), gold = that
cell. Reported per split: the share of answers holding the gold figure, and of
those citing its page. No question is written by hand, so the figure says how the lookup
fares on any filing's tables, not on the questions it was built against.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.figures.grid import SCALES  # noqa: E402 - after the path set-up above
from agent.figures.items import MIN_ROW_MATCH, row_match, shown_label  # noqa: E402
from agent.figures.parts import names_item, share_column  # noqa: E402
from agent.figures.tables import read_grids  # noqa: E402
from agent.service import ChatService  # noqa: E402
from agent.tools import _passage_from_chunk  # noqa: E402
from bench.answers_data import financebench  # noqa: E402
from pipeline.ids import doc_id_for  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from pipeline.text.finance import vocabulary  # noqa: E402
from settings import Settings  # noqa: E402
from testkit.answer_checks import gold_figures, has_figure  # noqa: E402

_NAME = re.compile(r"^[A-Z][A-Za-z.&'’ -]{1,38}$")
_NOT_A_PART = re.compile(r"^(total|other|less|net|percentage|change|growth)\b|%|\bmix\b", re.I)


_SMALL = frozenset({"and", "of", "&", "the", "excluding", "for"})


def _is_name(label: str) -> bool:
    """A name, every word capitalised ("Las Vegas Strip Resorts", "U.S.", "MedTech")."""
    words = label.split()
    return bool(_NAME.match(label)) and all(w[:1].isupper() or w in _SMALL for w in words)


def questions(folio: Folio, doc_id: str, per_doc: int) -> list[tuple[str, str, int]]:
    """(question, gold figure as printed, page) from the document's revenue tables."""
    revenue = vocabulary().items["revenue"]
    items = list(vocabulary().items.values())
    out: list[tuple[str, str, int]] = []
    seen: set[str] = set()
    for ch in folio.store.chunks(doc_id):
        if ch.kind != "table":
            continue
        for g in read_grids(_passage_from_chunk(ch, rank=0)):
            head = f"{ch.section[-1] if ch.section else ''}\n{ch.text.lstrip().split(chr(10))[0]}"
            if not names_item(head, revenue) or g.scale not in SCALES:
                continue
            if not any(row_match(shown_label(x.label), revenue) >= MIN_ROW_MATCH for x in g.rows):
                continue  # a table of a kind of revenue ("Total subscription revenue")
            col = next(
                (
                    i
                    for i, c in enumerate(g.columns)
                    if c.year is not None and c.months in (None, 12) and not share_column(g, i)
                ),
                None,
            )
            if col is None:
                continue  # a quarter's table: "in <year>" would not name its period
            for r in g.rows:
                label = shown_label(r.label).strip()
                value = r.values[col] if col < len(r.values) else None
                if value is None or value <= 0 or label.lower() in seen:
                    continue
                if not _is_name(label) or _NOT_A_PART.search(label):
                    continue
                if any(row_match(label, i) >= MIN_ROW_MATCH or names_item(label, i) for i in items):
                    continue  # a line item or a kind of one ("Deferred revenue"), not a part
                seen.add(label.lower())
                year = g.columns[col].year
                out.append((f"What was {label} revenue in {year}?", r.raws[col], ch.page_start))
    return out[:per_doc]


def _holds(answer: str, raw: str) -> bool:
    """The gold cell in the answer's direct sentence (its first line), as the answers
    bench compares figures; a figure only among the supporting quotes is not the answer."""
    return has_figure(gold_figures(raw), answer.split("\n", 1)[0])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--data-dir", type=Path, required=True)
    ap.add_argument("--per-doc", type=int, default=6)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    folio = Folio(Settings(data_dir=args.data_dir / "data"))
    chat = ChatService(folio)
    print("| split | questions | gold figure in the answer | and its page cited |")
    print("|---|---|---|---|")
    for split in ("train", "validation"):
        docs = sorted({q.doc for q in financebench(split)})
        asked = hit = cited = 0
        for name in docs:
            doc_id = doc_id_for(name)
            if folio.document(doc_id) is None:
                continue
            for q, raw, page in questions(folio, doc_id, args.per_doc):
                ev = chat.ask(q, [doc_id])
                a = ev.answer
                ok = _holds(a.answer, raw)
                asked += 1
                hit += ok
                cited += ok and any(c.page == page for c in a.citations)
                if args.verbose and not ok:
                    print(f"  miss {name}: {q} gold {raw} → {a.answer[:120]!r}")
                chat.delete(ev.conversation_id)
        share = f"{hit / asked:.2f} ({hit}/{asked})" if asked else "—"
        page_share = f"{cited / asked:.2f} ({cited}/{asked})" if asked else "—"
        print(f"| {split} | {asked} | {share} | {page_share} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
