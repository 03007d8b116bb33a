"""Review mode on six documents of four kinds, goals written before any output was seen.

    python bench/review.py                 # every case, fresh data dir per case, offline
    python bench/review.py --split train   # one split alone
    python bench/review.py --dump          # also print every finding (for the hand check)

Split (fixed before fitting; ``bench/review_fit.py`` chooses the plan's weights on train only):

* train — a 10-K from financebench-train (ADOBE 2017, first 50 pages), the built services
  contract, the built Chinese policy (``review_docs_zh.py``); and (review11) a built supply
  agreement, English security policy and Federal-Register-style rule
  (``testkit/review_docs_more.py``), a built Chinese travel policy
  (``testkit/review_docs_zh_rules.py``) and a 10-Q (AMCOR 2023 Q2, whole);
* validation — a 10-K from financebench dev (AMAZON 2017, first 50 pages), the Federal
  Register rule (three columns), the Chinese quarterly report.

Each goal carries the sub-goals a reviewer would run for it (``expect``, written with the
goal): plan quality is the share of them among the two run. Per goal the table prints the
plan, claims supported after reflection, coverage of the relevant units, findings, the share
a hand check confirmed (``bench/review_judgements.json``; unjudged findings are counted apart,
never as right) and time: ingest (once per document), review, and both, as wall seconds
with the CPU seconds of the process and its parse workers in brackets (``cpumeter.py``).
Rules and failure counts are forgotten between goals: each plan starts from an empty memory.
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
from bench.cpumeter import CpuMeter  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from pipeline.store.rules import RuleStore  # noqa: E402
from settings import Settings  # noqa: E402
from testkit.review_docs import contract_pdf, first_pages  # noqa: E402
from testkit.review_docs_more import policy_pdf, rule_pdf, supply_pdf  # noqa: E402
from testkit.review_docs_zh import policy_zh_pdf  # noqa: E402
from testkit.review_docs_zh_rules import travel_zh_pdf  # noqa: E402

JUDGEMENTS = ROOT / "bench" / "review_judgements.json"


@dataclass(frozen=True)
class Goal:
    text: str  # written before the first run; never tuned to the output
    expect: tuple[str, ...]  # the sub-goals a reviewer would run for it


@dataclass(frozen=True)
class Case:
    name: str
    split: str
    build: Callable[[Path], Path]
    goals: tuple[Goal, ...]


def _fifty(split_dir: str, name: str) -> Callable[[Path], Path]:
    def build(folder: Path) -> Path:
        src = SAMPLES / split_dir / "pdfs" / f"{name}.pdf"
        return first_pages(src, folder / f"{name}_p1-50.pdf", 50)

    return build


def _copy(rel: str) -> Callable[[Path], Path]:
    def build(folder: Path) -> Path:
        return Path(shutil.copy(SAMPLES / rel, folder))

    return build


RISKS = "List the risk factors that could adversely affect the business"
CASES = (
    Case(
        "10-K risk factors (50 p.)",
        "train",
        _fifty("financebench-train", "ADOBE_2017_10K"),
        (Goal(RISKS, ("risks",)),),
    ),
    Case(
        "contract (built)",
        "train",
        lambda d: contract_pdf(d / "services_agreement.pdf"),
        (
            Goal(
                "List every obligation and penalty in this contract", ("obligations", "penalties")
            ),
            Goal(
                "What is the provider forbidden to do, and by when must things be done?",
                ("prohibitions", "deadlines"),
            ),
        ),
    ),
    Case(
        "Chinese policy (built)",
        "train",
        lambda d: policy_zh_pdf(d / "policy_zh.pdf"),
        (
            Goal("列出文件中的禁止性规定和运营单位应当履行的义务", ("prohibitions", "obligations")),
            Goal("提取表格中的量化限值", ("limits",)),
            Goal("找出文件引用的国家标准", ("standards",)),
        ),
    ),
    # review11: more kinds of training document, goals written before any output was seen
    Case(
        "supply agreement (built)",
        "train",
        lambda d: supply_pdf(d / "supply_agreement.pdf"),
        (
            Goal(
                "List the supplier's obligations and the penalties for failing them",
                ("obligations", "penalties"),
            ),
            Goal("What is each party prohibited from doing?", ("prohibitions",)),
        ),
    ),
    Case(
        "English policy (built)",
        "train",
        lambda d: policy_pdf(d / "security_policy.pdf"),
        (
            Goal("What does this policy require staff to do?", ("obligations",)),
            Goal(
                "What is prohibited, and what happens if the policy is breached?",
                ("prohibitions", "penalties"),
            ),
        ),
    ),
    Case(
        "Chinese travel policy (built)",
        "train",
        lambda d: travel_zh_pdf(d / "travel_zh.pdf"),
        (
            Goal("列出本制度对员工的要求", ("obligations",)),
            Goal("哪些行为不得发生？违反的后果是什么？", ("prohibitions", "penalties")),
        ),
    ),
    Case(
        "regulation (built, Federal Register style)",
        "train",
        lambda d: rule_pdf(d / "ust_rule.pdf"),
        (
            Goal(
                "What are owners and operators required to do, and by when?",
                ("obligations", "deadlines"),
            ),
            Goal("Which regulations and standards does the rule cite?", ("standards",)),
        ),
    ),
    Case(
        "10-Q (AMCOR 2023 Q2)",
        "train",
        _copy("financebench-train/pdfs/AMCOR_2023Q2_10Q.pdf"),
        (Goal("List the main risks and obligations", ("risks", "obligations")),),
    ),
    Case(
        "10-K risk factors (50 p., dev)",
        "validation",
        _fifty("financebench", "AMAZON_2017_10K"),
        (Goal(RISKS, ("risks",)),),
    ),
    Case(
        "Federal Register rule",
        "validation",
        _copy("pdfs/tables/federal-register-2020-17221.pdf"),
        (
            Goal("What must operators do, and by when?", ("obligations", "deadlines")),
            Goal("Which standards and regulations does the rule cite?", ("standards",)),
        ),
    ),
    Case(
        "Chinese quarterly report",
        "validation",
        _copy("pdfs/zh/issue-67-example.pdf"),
        (Goal("提炼报告中的风险提示与重要事项", ("risks",)),),
    ),
)


def plan_quality(goal: Goal, chosen: list[str]) -> float:
    """The share of the expected sub-goals among those run (at most two are run)."""
    want = goal.expect[:2]
    return sum(1 for k in want if k in chosen) / len(want)


def key(text: str) -> str:
    return hashlib.sha1(" ".join(text.split()).encode()).hexdigest()[:12]


def hand_verdicts(case: Case, goal: Goal) -> dict[str, bool]:
    data = json.loads(JUDGEMENTS.read_text(encoding="utf-8")) if JUDGEMENTS.exists() else {}
    entry = data.get(case.name, {})
    if goal == case.goals[0]:
        return dict(entry.get("findings", {}))
    return dict(entry.get("goals", {}).get(goal.text, {}))


def hand_check(case: Case, goal: Goal, report: Report) -> tuple[int, int]:
    """(confirmed, judged) over this report's findings. The first goal's verdicts are under
    'findings', a further goal's under 'goals' → its text (relevance depends on the goal)."""
    verdicts = hand_verdicts(case, goal)
    judged = [verdicts[key(f.text)] for f in report.findings if key(f.text) in verdicts]
    return sum(1 for v in judged if v), len(judged)


def run_case(case: Case, folder: Path, *, dump: bool) -> list[list[object]]:
    settings = Settings(data_dir=folder / "data", embedding_model="none")
    folio = Folio(settings)
    rows: list[list[object]] = []
    try:
        path = case.build(folder)
        t0 = time.perf_counter()
        with CpuMeter() as ingest_cpu:
            result = folio.ingest([path], run_background=False)[0]
        ingest_s = time.perf_counter() - t0
        assert result.doc_id, result.error
        for goal in case.goals:
            RuleStore(folio.db, folio.workspace).clear()  # each plan from an empty memory
            t1 = time.perf_counter()
            with CpuMeter() as review_cpu:
                report = run_review(folio, [result.doc_id], goal.text, refine=False)
            review_s = time.perf_counter() - t1
            if dump:
                _dump(case, goal, report)
            ok, judged = hand_check(case, goal, report)
            cands = ", ".join(f"{c.id} {c.score:.2f}" for c in report.plan.candidates)
            rows.append(
                [
                    case.split,
                    case.name,
                    goal.text[:40],
                    (result.document.pages if result.document else 0),
                    cands,
                    " → ".join(report.plan.chosen),
                    plan_quality(goal, report.plan.chosen),
                    f"{report.claims_supported}/{report.claims}",
                    report.coverage.ratio,
                    len(report.findings),
                    f"{ok}/{judged}" if judged else "—",
                    f"{ingest_s:.1f} ({ingest_cpu.seconds:.1f})",
                    f"{review_s:.2f} ({review_cpu.seconds:.2f})",
                    round(ingest_s + review_s, 1),
                ]
            )
    finally:
        folio.close()
    return rows


def _dump(case: Case, goal: Goal, report: Report) -> None:
    print(f"\n### {case.name}: {goal.text}")
    for f in report.findings:
        print(f"{key(f.text)}\t{f.subgoal}\t{f.citation.label}\t{' '.join(f.text.split())[:220]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dump", action="store_true")
    parser.add_argument("--only", help="run the cases whose name contains this")
    parser.add_argument("--split", choices=("train", "validation"))
    args = parser.parse_args()
    os.environ.setdefault("FOLIO_OCR_ENGINE", "rapidocr")
    rows: list[list[object]] = []
    for case in CASES:
        if args.only and args.only.lower() not in case.name.lower():
            continue
        if args.split and case.split != args.split:
            continue
        with tempfile.TemporaryDirectory(prefix="folio-review-bench-") as tmp:
            rows += run_case(case, Path(tmp), dump=args.dump)
    print_table(
        "Review mode (offline, fresh data dir per case; time: wall s (CPU s))",
        [
            "split",
            "case",
            "goal",
            "pages",
            "candidates (score)",
            "run",
            "plan",
            "claims ok",
            "coverage",
            "findings",
            "hand ok",
            "ingest s",
            "review s",
            "total s",
        ],
        rows,
    )
    for split in ("train", "validation"):
        mine = [r for r in rows if r[0] == split]
        if mine:
            plan = sum(float(str(r[6])) for r in mine) / len(mine)
            print(f"{split}: plan quality {plan:.2f} over {len(mine)} goals")


if __name__ == "__main__":
    main()
