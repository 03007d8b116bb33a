"""Review mode on four kinds of document, goals written before any output was seen.

    python bench/review.py            # all cases, fresh data dir, offline
    python bench/review.py --dump     # also print every finding (for the hand check)

Prints per case: the plan (top-3 scores, the two run), claims supported after reflection,
coverage of the relevant units, findings, the share a hand check confirmed
(``bench/review_judgements.json``; unjudged findings are counted apart, never as right),
and time: ingest, review, and both. The 10-K case is cut to 50 pages: the speed anchor.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.review.models import Report  # noqa: E402
from agent.review.service import run_review  # noqa: E402
from bench.common import SAMPLES, print_table  # noqa: E402
from bench.review_docs import contract_pdf, first_pages  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from settings import Settings  # noqa: E402

JUDGEMENTS = ROOT / "bench" / "review_judgements.json"


@dataclass(frozen=True)
class Case:
    name: str
    build: Callable[[Path], Path]
    goal: str  # written before the first run; never tuned to the output


def _tenk(folder: Path) -> Path:
    src = SAMPLES / "financebench-train" / "pdfs" / "ADOBE_2017_10K.pdf"
    return first_pages(src, folder / "ADOBE_2017_10K_p1-50.pdf", 50)


def _copy(rel: str) -> Callable[[Path], Path]:
    def build(folder: Path) -> Path:
        return Path(shutil.copy(SAMPLES / rel, folder))

    return build


CASES = (
    Case(
        "10-K risk factors (50 p.)",
        _tenk,
        "List the risk factors that could adversely affect the business",
    ),
    Case(
        "Federal Register rule",
        _copy("pdfs/tables/federal-register-2020-17221.pdf"),
        "What must operators do, and by when?",
    ),
    Case(
        "Chinese quarterly report",
        _copy("pdfs/zh/issue-67-example.pdf"),
        "提炼报告中的风险提示与重要事项",
    ),
    Case(
        "contract (built)",
        lambda d: contract_pdf(d / "services_agreement.pdf"),
        "List every obligation and penalty in this contract",
    ),
)


def key(text: str) -> str:
    return hashlib.sha1(" ".join(text.split()).encode()).hexdigest()[:12]


def hand_check(case: Case, report: Report) -> tuple[int, int]:
    """(confirmed, judged) over this report's findings."""
    data = json.loads(JUDGEMENTS.read_text(encoding="utf-8")) if JUDGEMENTS.exists() else {}
    verdicts = data.get(case.name, {}).get("findings", {})
    judged = [verdicts[key(f.text)] for f in report.findings if key(f.text) in verdicts]
    return sum(1 for v in judged if v), len(judged)


def run_case(case: Case, folder: Path, *, dump: bool) -> list[object]:
    settings = Settings(data_dir=folder / "data", embedding_model="none")
    folio = Folio(settings)
    try:
        path = case.build(folder)
        t0 = time.perf_counter()
        result = folio.ingest([path], run_background=False)[0]
        ingest_s = time.perf_counter() - t0
        assert result.doc_id, result.error
        t1 = time.perf_counter()
        report = run_review(folio, [result.doc_id], case.goal, refine=False)
        review_s = time.perf_counter() - t1
    finally:
        folio.close()
    if dump:
        print(f"\n### {case.name}: {case.goal}")
        for f in report.findings:
            print(
                f"{key(f.text)}\t{f.subgoal}\t{f.citation.label}\t{' '.join(f.text.split())[:220]}"
            )
    ok, judged = hand_check(case, report)
    cands = ", ".join(f"{c.id} {c.score:.2f}" for c in report.plan.candidates)
    return [
        case.name,
        (result.document.pages if result.document else 0),
        cands,
        " → ".join(report.plan.chosen),
        f"{report.claims_supported}/{report.claims}",
        report.supported_ratio,
        report.coverage.ratio,
        len(report.findings),
        f"{ok}/{judged}" if judged else "—",
        round(ingest_s, 1),
        round(review_s, 2),
        round(ingest_s + review_s, 1),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dump", action="store_true")
    parser.add_argument("--only", help="run the cases whose name contains this")
    args = parser.parse_args()
    os.environ.setdefault("FOLIO_OCR_ENGINE", "rapidocr")
    rows = []
    for case in CASES:
        if args.only and args.only.lower() not in case.name.lower():
            continue
        with tempfile.TemporaryDirectory(prefix="folio-review-bench-") as tmp:
            rows.append(run_case(case, Path(tmp), dump=args.dump))
    print_table(
        "Review mode (offline, fresh data dir per case)",
        [
            "case",
            "pages",
            "candidates (score)",
            "run",
            "claims ok",
            "supported",
            "coverage",
            "findings",
            "hand ok",
            "ingest s",
            "review s",
            "total s",
        ],
        rows,
    )
    data = json.loads(JUDGEMENTS.read_text(encoding="utf-8")) if JUDGEMENTS.exists() else {}
    print("\nPlan quality (hand judgement, written in bench/review_judgements.json):")
    for case in CASES:
        if case.name in data:
            print(f"- {case.name}: {data[case.name]['plan']}")


if __name__ == "__main__":
    main()
