"""How well the stored table chunks of the FinanceBench training filings read, per document:
parse-level faults counted over every chunk, not over questions.

    python bench/table_survey.py [--data-dir DIR] [--verbose]

Columns: ``tables`` table chunks with an amount in a cell; ``no period`` those whose header
row names no year, date or period (their cells are read without one); ``lost`` those among
them whose table is continued from a chunk before it (same section, an earlier page) whose
header did name a period — a continuation that lost its period header; ``one row`` chunks
holding a single row of a table split over several chunks; ``dots`` rows with leader dots
("Total assets ......... 1,234"); ``hyphen`` compound words left broken at a line's hyphen
("Non- controlling", "Share- holders"). Reads the data directory's SQLite store only.
"""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pipeline.text.periods import TABLE_YEAR_RE  # noqa: E402

TRAIN = ROOT.parent / "shared" / "samples" / "financebench-train" / "pdfs"
AMOUNT = re.compile(r"(?<![\w.])\$?\(?\d{1,3}(?:,\d{3})+(?:\.\d+)?\)?|\$\s?\d")
PERIOD_WORDS = re.compile(
    r"\b(?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|fiscal|months?|quarters?|"
    r"weeks?|year|years|q[1-4]|fy\s?\d{2})\b",
    re.I,
)
DOTS = re.compile(r"\.{4,}|(?:\. ){3,}\.?|(?:_{4,})")
# a word's two halves around a hyphen a line break left spaced: "Non- controlling"
BROKEN = re.compile(r"\b[A-Za-z]{2,}- (?!and\b|or\b|to\b|through\b|in\b|on\b)[a-z]{2,}")
KEYS = ("tables", "no period", "lost", "one row", "dots", "hyphen")


def _body(text: str) -> list[str]:
    return [ln for ln in text.split("\n")[2:] if ln.startswith("|")]


def _has_period(head: str) -> bool:
    return bool(TABLE_YEAR_RE.search(head) or PERIOD_WORDS.search(head))


def survey(db: sqlite3.Connection, doc_id: str) -> tuple[Counter[str], list[str]]:
    """The counts of one document, and examples of each fault."""
    counts: Counter[str] = Counter()
    seen: list[str] = []
    rows = db.execute(
        "SELECT chunk_id, kind, section, page_start, text FROM chunks WHERE doc_id=? ORDER BY n",
        (doc_id,),
    ).fetchall()
    last_dated: dict[str, int] = {}  # section -> page of its last table chunk naming a period
    heads = [t.split("\n", 1)[0] if k == "table" else "" for _, k, _, _, t in rows]
    for i, (cid, kind, section, page, text) in enumerate(rows):
        counts["dots"] += len(DOTS.findall(text))
        counts["hyphen"] += len(BROKEN.findall(text))
        if kind != "table":
            continue
        body = _body(text)
        if not any(AMOUNT.search(ln) for ln in body):
            continue
        counts["tables"] += 1
        if _has_period(heads[i]):
            last_dated[section] = page
        else:
            counts["no period"] += 1
            if section in last_dated and last_dated[section] < page:
                counts["lost"] += 1
                seen.append(f"lost p{page} {cid}: {heads[i][:100]}")
        near = {heads[j] for j in (i - 1, i + 1) if 0 <= j < len(rows)}
        if len(body) == 1 and heads[i] in near:
            counts["one row"] += 1
    return counts, seen


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data-dir", default=str(ROOT / ".folio"))
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--json", help="also write the per-document counts here")
    args = ap.parse_args()
    db = sqlite3.connect(Path(args.data_dir) / "data" / "folio.db")
    names = {p.name for p in TRAIN.glob("*.pdf")}
    docs = db.execute("SELECT doc_id, name, pipeline_version FROM documents ORDER BY name")
    total: Counter[str] = Counter()
    out: dict[str, dict[str, int]] = {}
    print(f"{'document':44} {'ver':4} " + " ".join(f"{k:>9}" for k in KEYS))
    for doc_id, name, version in docs.fetchall():
        if name not in names:
            continue
        counts, seen = survey(db, doc_id)
        total.update(counts)
        out[name] = {k: counts[k] for k in KEYS}
        cells = " ".join(f"{counts[k]:9}" for k in KEYS)
        print(f"{name[:44]:44} {version.split('/')[0]:4} {cells}")
        if args.verbose:
            for line in seen[:5]:
                print("    " + line)
    print(f"{'all':49} " + " ".join(f"{total[k]:9}" for k in KEYS))
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
