"""Fit the thresholds by which a topic question finds a section in other words.

    python bench/fit_topic_sections.py [--data-dir DIR] [--docs A.pdf,B.pdf] [--validation]

``agent/topic_match.py`` takes a section when its opening stands high enough above the
background headings for the question (``score``), apart from the next of the shortlist
(``margin``), and the question's rarest word is the heading's or near it (``rare``). Here the
three are fitted on the sections of the training split's 10-Ks and 10-Qs (ingested in DIR,
as ``bench/answers.py`` leaves them) against the invented questions of
``bench/topic_questions.json``: each topic's paraphrased questions, positives on a filing
with a heading its pattern matches and negatives on one without (a topic the filing lacks),
and topics no filing has and general-knowledge questions, negatives everywhere. A positive
counts as found when the section taken is one its pattern matches; a section taken for a
negative, or a wrong one for a positive, counts against twice; a section is never taken for
a question naming what it never mentions (``sections._asks_more``). Writes the thresholds into
``agent/data/topic_sections.json`` (its background headings kept). ``--validation``
measures the thresholds written on the validation split's filings instead, aggregates only.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.models.phrasing import phrasing_words  # noqa: E402
from agent.sections import _asks_more, meaning_sections  # noqa: E402
from agent.topic_match import (  # noqa: E402
    DATA,
    Match,
    Thresholds,
    accepted,
    nearest,
    topic_words,
)
from agent.topic_match import thresholds as written  # noqa: E402
from agent.topic_terms import generic as _generic  # noqa: E402
from bench.common import SAMPLES  # noqa: E402
from pipeline.corpus import Corpus  # noqa: E402
from pipeline.embed import Embedder  # noqa: E402
from pipeline.ids import doc_id_for  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from settings import Settings  # noqa: E402

QUESTIONS = Path(__file__).with_name("topic_questions.json")
SPLITS = {"train": "financebench-train", "validation": "financebench"}
FILINGS = re.compile(r"10-?K|10-?Q", re.I)  # filings with the items a topic has a section in

# the nearest section, whether the question names what it never mentions, titles, pattern
Case = tuple[Match | None, bool, list[str], str | None]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--data-dir", type=Path, default=Path("/tmp/folio-bench-answers"))
    ap.add_argument("--docs", default="", help="comma-separated file names (default: all)")
    ap.add_argument("--validation", action="store_true", help="measure on validation, no fit")
    args = ap.parse_args()
    folio = Folio(Settings(data_dir=args.data_dir / "data"))
    embedder = folio.embedder()
    if embedder is None:
        print("the fit needs the dense model (FOLIO_EMBEDDING_MODEL)", file=sys.stderr)
        return 2
    split = "validation" if args.validation else "train"
    docs = [d for d in args.docs.split(",") if d] or filings(split)
    cases = [c for doc in docs for c in _cases(folio, embedder, doc)]
    if args.validation:
        print(f"validation ({len(docs)} filings): {_measured(cases, written())}")
    else:
        fitted = _grid(cases)
        print(f"train ({len(docs)} filings), fitted: {_measured(cases, fitted)}")
        data = json.loads(DATA.read_text(encoding="utf-8"))
        data.update(score=round(fitted.score, 3), rare=round(fitted.rare, 3))
        data.update(margin=round(fitted.margin, 3))
        DATA.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    folio.close()
    return 0


def filings(split: str) -> list[str]:
    pdfs = sorted((SAMPLES / SPLITS[split] / "pdfs").glob("*.pdf"))
    return [p.name for p in pdfs if FILINGS.search(p.name)]


def questions() -> list[tuple[str, str | None]]:
    data = json.loads(QUESTIONS.read_text(encoding="utf-8"))
    topics = [(q, pattern) for pattern, qs in data["topics"].items() for q in qs]
    return topics + [(q, None) for q in (*data["absent"], *data["general"])]


def _cases(folio: Folio, embedder: Embedder, doc: str) -> list[Case]:
    doc_id = doc_id_for(doc)
    found = meaning_sections(Corpus(folio, [doc_id]), doc_id)
    if found is None:
        print(f"{doc} is not ingested in this data dir; left out", file=sys.stderr)
        return []
    reads, sections = found
    titles = [r.title.lower() for r in reads]
    out: list[Case] = []
    for q, pattern in questions():
        asked = topic_words(q, _generic(), phrasing_words(q))
        m = nearest(embedder, q, asked, sections)
        out.append((m, m is not None and _asks_more(q, (), reads[m.index]), titles, pattern))
    return out


def _count(cases: list[Case], t: Thresholds) -> tuple[int, int, int]:
    """Positives found, sections taken wrongly, positives."""
    found = wrong = positives = 0
    for m, names_other, titles, pattern in cases:
        fits = [bool(pattern and re.search(pattern, title)) for title in titles]
        positives += any(fits)
        taken = accepted(m, t)
        if taken is None or names_other:  # as agent/sections.py leaves it
            continue
        if fits[taken.index]:
            found += 1
        else:
            wrong += 1
    return found, wrong, positives


def _measured(cases: list[Case], t: Thresholds) -> str:
    found, wrong, positives = _count(cases, t)
    precision = found / (found + wrong) if found + wrong else 1.0
    return (
        f"score {t.score:.2f} margin {t.margin:.2f} rare {t.rare:.3f}: found {found}/"
        f"{positives} (recall {found / max(positives, 1):.2f}), wrong or absent taken {wrong} "
        f"(precision {precision:.2f}) of {len(cases)} cases"
    )


def _grid(cases: list[Case]) -> Thresholds:
    """The thresholds scoring best (found − 2 × wrong); of equals, the strictest."""
    top: tuple[int, float, Thresholds] | None = None
    for i in range(41):
        for margin in (0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5):
            for j in range(21):
                t = Thresholds(1.0 + i * 0.1, 0.8 + j * 0.005, margin)
                found, wrong, _ = _count(cases, t)
                key = (found - 2 * wrong, t.score + t.rare + t.margin)
                if top is None or key > top[:2]:
                    top = (*key, t)
    assert top is not None
    return top[2]


if __name__ == "__main__":
    sys.exit(main())
