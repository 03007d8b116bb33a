"""Which review findings a reviewer keeps: precision and recall of the kept findings against
a judged set on training documents (``bench/review_judged.json``).

    python bench/review_select.py                 # the figures
    python bench/review_select.py --dump FILE     # every candidate with its verdict (if
                                                  # judged), features and score, as JSONL
    python bench/review_select.py --data DIR      # reuse an ingested data dir

Documents (training split only): whole 10-Ks from financebench-train — ADOBE 2017 and
BESTBUY 2019 (fitted on), JOHNSON & JOHNSON 2022, PEPSICO 2022 and AMAZON 2019 (held out,
never fitted on) — the built services contract and the built Chinese policy
(``review_docs*.py``); since review11 also a 10-Q (AMCOR 2023 Q2) and four built documents
of other kinds (a supply agreement, an English policy, a Federal-Register-style rule, a
Chinese travel policy: ``testkit/review_docs_more.py``, ``review_docs_zh_rules.py``).
A *candidate* is what the review's tools found and the claim check
passed (everything the old report listed); the judged set marks candidates keep/drop by the
rubric of issue 30: a finding a reviewer would keep for the goal (a risk the business
faces, stated as such; something a party must do or pay; a figure that measures a named
risk) — never boilerplate (contents, certifications, signatures, the auditor's standard
wording, exhibit lists, safe-harbour notices, cover lines), never a keyword hit that only
borrows the word ("we must further enhance…"), never a second copy of the same statement.
10-K goals are judged on a systematic sample (every candidate whose key's first hex digit
is even: about half; PEPSICO's, whose filing carries ~350 pages of exhibits, a quarter),
the built documents in full.

Precision = judged-keep among the kept findings that are judged; recall = judged-keep
findings kept among all judged-keep candidates. They are printed for the documents the
relevance weights were fitted on and, apart, for the ``held_out`` ones of the judged file
(judged after the fit, never fitted on). The median report length is the short
report's (``Report.shown``) over the 10-K goals; the full list stays in the JSON.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.review import service as service_mod  # noqa: E402
from agent.review.curate import boilerplate, scored  # noqa: E402
from agent.review.models import Finding, Report  # noqa: E402
from agent.review.scope import ReviewScope  # noqa: E402
from bench.common import SAMPLES, print_table  # noqa: E402
from pipeline.corpus import Corpus  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from pipeline.store.rules import RuleStore  # noqa: E402
from settings import Settings  # noqa: E402
from testkit.review_docs import contract_pdf  # noqa: E402
from testkit.review_docs_more import policy_pdf, rule_pdf, supply_pdf  # noqa: E402
from testkit.review_docs_zh import policy_zh_pdf  # noqa: E402
from testkit.review_docs_zh_rules import travel_zh_pdf  # noqa: E402

JUDGED = ROOT / "bench" / "review_judged.json"
RISKS_OBLIGATIONS = "List the main risks and obligations"
RISKS_FIGURES = "List the main risks to the business and the figures that quantify them"


@dataclass(frozen=True)
class Doc:
    name: str
    build: Callable[[Path], Path]
    goals: tuple[str, ...]
    ten_k: bool = False
    sample: int = 2  # a 10-K's candidates judged: those whose key's first hex digit % this == 0


def _train(name: str) -> Callable[[Path], Path]:
    return lambda _folder: SAMPLES / "financebench-train" / "pdfs" / f"{name}.pdf"


DOCS = (
    Doc("ADOBE_2017_10K", _train("ADOBE_2017_10K"), (RISKS_OBLIGATIONS, RISKS_FIGURES), True),
    Doc("BESTBUY_2019_10K", _train("BESTBUY_2019_10K"), (RISKS_OBLIGATIONS, RISKS_FIGURES), True),
    Doc(
        "JOHNSON_JOHNSON_2022_10K",
        _train("JOHNSON_JOHNSON_2022_10K"),
        (RISKS_OBLIGATIONS, RISKS_FIGURES),
        True,
    ),
    # held out: judged before any change of this session, never fitted on; PepsiCo's filing
    # carries ~350 pages of exhibits, so a quarter of its candidates is judged
    Doc(
        "PEPSICO_2022_10K",
        _train("PEPSICO_2022_10K"),
        (RISKS_OBLIGATIONS, RISKS_FIGURES),
        True,
        sample=4,
    ),
    Doc("AMAZON_2019_10K", _train("AMAZON_2019_10K"), (RISKS_OBLIGATIONS, RISKS_FIGURES), True),
    Doc(
        "services contract (built)",
        lambda d: contract_pdf(d / "services_agreement.pdf"),
        ("List every obligation and penalty in this contract",),
    ),
    Doc(
        "Chinese policy (built)",
        lambda d: policy_zh_pdf(d / "policy_zh.pdf"),
        (
            "列出文件中的禁止性规定和运营单位应当履行的义务",
            "提取表格中的量化限值",
            "找出文件引用的国家标准",
        ),
    ),
    # review11: more kinds of document (bench/review.py's goals for them), judged in full;
    # the 10-Q on a systematic half like the 10-Ks
    Doc(
        "supply agreement (built)",
        lambda d: supply_pdf(d / "supply_agreement.pdf"),
        (
            "List the supplier's obligations and the penalties for failing them",
            "What is each party prohibited from doing?",
        ),
    ),
    Doc(
        "English policy (built)",
        lambda d: policy_pdf(d / "security_policy.pdf"),
        (
            "What does this policy require staff to do?",
            "What is prohibited, and what happens if the policy is breached?",
        ),
    ),
    Doc(
        "Chinese travel policy (built)",
        lambda d: travel_zh_pdf(d / "travel_zh.pdf"),
        ("列出本制度对员工的要求", "哪些行为不得发生？违反的后果是什么？"),
    ),
    Doc(
        "regulation (built, Federal Register style)",
        lambda d: rule_pdf(d / "ust_rule.pdf"),
        (
            "What are owners and operators required to do, and by when?",
            "Which regulations and standards does the rule cite?",
        ),
    ),
    Doc("AMCOR_2023Q2_10Q", _train("AMCOR_2023Q2_10Q"), (RISKS_OBLIGATIONS,), True),
)


def key(text: str) -> str:
    return hashlib.sha1(" ".join(text.split()).encode()).hexdigest()[:12]


def sampled(doc: Doc, k: str) -> bool:
    """The 10-Ks are judged on a systematic half or quarter (by key), the built documents
    in full."""
    return not doc.ten_k or int(k[0], 16) % doc.sample == 0


@dataclass
class Run:
    doc: Doc
    goal: str
    report: Report
    candidates: list[Finding]
    rows: list[dict[str, Any]]


def _capture() -> tuple[list[tuple[list[Finding], frozenset[str]]], Any]:
    """Wrap the service's curation to keep the candidates it was given (and the sub-goals
    the goal asks for)."""
    seen: list[tuple[list[Finding], frozenset[str]]] = []
    original = service_mod.curate

    def wrapped(scope: ReviewScope, findings: list[Finding], *a: Any, **kw: Any) -> Any:
        seen.append((list(findings), kw.get("asked", frozenset())))
        return original(scope, findings, *a, **kw)

    service_mod.curate = wrapped  # type: ignore[assignment]
    return seen, original


def run_doc(folio: Folio, doc: Doc, folder: Path) -> list[Run]:
    path = doc.build(folder)
    found = [d for d in folio.documents() if d.name == path.name]
    doc_id = found[0].doc_id if found else folio.ingest([path], run_background=False)[0].doc_id
    assert doc_id, f"{path.name} did not ingest"
    out = []
    for goal in doc.goals:
        RuleStore(folio.db, folio.workspace).clear()
        seen, original = _capture()
        try:
            report = service_mod.run_review(folio, [doc_id], goal, refine=False)
        finally:
            service_mod.curate = original
        cands, asked = seen[-1]
        scope = ReviewScope(Corpus(folio, (doc_id,)))
        rows = []
        for f, values in scored(scope, cands, goal, report.lang):
            view = scope.view(f.citation.doc_id)
            rows.append(
                {
                    "key": key(f.text),
                    "subgoal": f.subgoal,
                    "page": f.citation.page,
                    "text": " ".join(f.text.split())[:400],
                    "boilerplate": boilerplate(view, f) or "",
                    "asked": not asked or f.subgoal in asked,
                    "score": f.score,
                    "features": values,
                    # what the support bar reads (curate.stated): how much the page binds
                    "share": round(view.binding_share(f.citation.page), 4),
                    "report": doc.ten_k,  # a filing (the support bar's kinds are fitted apart)
                }
            )
        out.append(Run(doc, goal, report, cands, rows))
    return out


def judged() -> dict[str, dict[str, dict[str, bool]]]:
    if not JUDGED.exists():
        return {}
    data = json.loads(JUDGED.read_text(encoding="utf-8"))
    return {
        doc: {goal: {k: v["keep"] for k, v in items.items()} for goal, items in goals.items()}
        for doc, goals in data["judged"].items()
    }


def _counts(r: Run, v: dict[str, bool]) -> tuple[int, int, int]:
    """(kept and keep, kept and drop, keep not kept) over the judged candidates."""
    kept = {key(f.text) for f in r.report.findings}
    keep = {k for k in {key(f.text) for f in r.candidates} if v.get(k)}
    return len(kept & keep), len([k for k in kept if k in v and not v[k]]), len(keep - kept)


def _ratio(a: int, b: int) -> float:
    return a / b if b else float("nan")


def measure(runs: list[Run]) -> tuple[list[list[object]], dict[str, float]]:
    verdicts = judged()
    held = set(json.loads(JUDGED.read_text(encoding="utf-8")).get("held_out", []))
    rows: list[list[object]] = []
    sums = {"fitted": [0, 0, 0], "held out": [0, 0, 0]}
    for r in runs:
        v = verdicts.get(r.doc.name, {}).get(r.goal, {})
        a, b, c = _counts(r, v)
        part = sums["held out" if r.doc.name in held else "fitted"]
        part[0], part[1], part[2] = part[0] + a, part[1] + b, part[2] + c
        shown = {key(f.text) for f in r.report.findings[: r.report.shown]}
        judged_shown = [k for k in shown if k in v]
        rows.append(
            [
                r.doc.name + (" (held out)" if r.doc.name in held else ""),
                r.goal[:38],
                len(r.candidates),
                len([k for k in {key(f.text) for f in r.candidates} if k in v]),
                a + c,
                len(r.report.findings),
                r.report.shown,
                round(_ratio(a, a + b), 3),
                round(_ratio(a, a + c), 3),
                round(_ratio(sum(1 for k in judged_shown if v[k]), len(judged_shown)), 3),
                f"{r.report.claims_supported}/{r.report.claims}",
                ", ".join(f"{k} {n}" for k, n in sorted(r.report.dropped.items())),
            ]
        )
    ten_k = [r.report.shown for r in runs if r.doc.ten_k]
    totals: dict[str, float] = {}
    for name, (tp, fp, fn) in sums.items():
        totals[f"{name} precision"] = _ratio(tp, tp + fp)
        totals[f"{name} recall"] = _ratio(tp, tp + fn)
    totals["median_shown_10k"] = statistics.median(ten_k) if ten_k else float("nan")
    totals["median_kept_10k"] = statistics.median(
        [len(r.report.findings) for r in runs if r.doc.ten_k] or [0]
    )
    return rows, totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, help="an ingested data dir to reuse")
    parser.add_argument("--dump", type=Path, help="write every candidate as JSONL here")
    parser.add_argument("--only", help="run the documents whose name contains this")
    args = parser.parse_args()
    os.environ.setdefault("FOLIO_OCR_ENGINE", "rapidocr")
    with tempfile.TemporaryDirectory(prefix="folio-review-select-") as tmp:
        data = args.data or Path(tmp) / "data"
        folio = Folio(Settings(data_dir=data, embedding_model="none"))
        runs: list[Run] = []
        try:
            for doc in DOCS:
                if args.only and args.only.lower() not in doc.name.lower():
                    continue
                folder = data.parent / "built"
                folder.mkdir(exist_ok=True)
                runs += run_doc(folio, doc, folder)
        finally:
            folio.close()
    if args.dump:
        verdicts = judged()
        with args.dump.open("w", encoding="utf-8") as fh:
            for r in runs:
                v = verdicts.get(r.doc.name, {}).get(r.goal, {})
                kept = {key(f.text) for f in r.report.findings}
                for row in r.rows:
                    row |= {
                        "doc": r.doc.name,
                        "goal": r.goal,
                        "sampled": sampled(r.doc, row["key"]),
                        "keep": v.get(row["key"]),
                        "kept": row["key"] in kept,
                    }
                    fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    rows, totals = measure(runs)
    print_table(
        "Review findings against the judged training set (bench/review_judged.json)",
        [
            "document",
            "goal",
            "cands",
            "judged",
            "keep",
            "kept",
            "shown",
            "precision",
            "recall",
            "short prec",
            "supported",
            "dropped",
        ],
        rows,
    )
    for name in ("fitted", "held out"):
        print(
            f"{name}: precision {totals[name + ' precision']:.3f}, "
            f"recall {totals[name + ' recall']:.3f}"
        )
    print(
        f"10-K goals: median short report {totals['median_shown_10k']:g} findings "
        f"(median kept {totals['median_kept_10k']:g})"
    )


if __name__ == "__main__":
    main()
