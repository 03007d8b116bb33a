"""Choose the plan's relevance weights on the training goals of bench/review.py, then
report the validation goals with the weights chosen (never fitted on them).

    python bench/review_fit.py
    python bench/review_fit.py --findings DUMP [--write]   # the findings' relevance model
    python bench/review_fit.py --findings DUMP --support   # only the support bar, weights kept

``--findings`` fits the relevance model of review findings (``agent/review/relevance.json``:
a logistic model over ``relevance.FEATURES``, then the threshold) on the judged training
candidates that ``bench/review_select.py --dump DUMP`` wrote (boilerplate left out: it never
reaches the model). The threshold is the highest recall with precision ≥ 0.8 over the
judged candidates; each training document is also held out in turn (fit on the others,
measured on it) so the figure is not only the one fitted on. ``--write`` stores the weights.
The support bar (the score from which a finding's span counts as stating its claim) is read
on the held-out filings with the weights in force; ``--support`` stores it alone.

Planning alone is measured (no execution): for each goal, the kinds' hits and costs are
found once, then every combination of weights in the grid re-scores them and the two top
candidates are compared with the goal's ``expect``. Ties go to the combination nearest the
weights in agent/review/plan.py (so a flat objective keeps what is there).

The finding threshold (``detect.MIN_WORDS``) is chosen the same way on the hand-judged
findings of the training split's first goals: the share of them a threshold gets right
(confirmed kept, unconfirmed dropped); ties go to the threshold in use.
"""

from __future__ import annotations

import itertools
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.review import plan as plan_mod  # noqa: E402
from agent.review.catalog import GOAL_TERMS  # noqa: E402
from agent.review.detect import MIN_WORDS, goal_cue_count  # noqa: E402
from agent.review.scope import ReviewScope  # noqa: E402
from agent.review.service import document_language  # noqa: E402
from bench.common import print_table  # noqa: E402
from bench.review import CASES, Case, Goal, plan_quality  # noqa: E402
from pipeline.corpus import Corpus  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from pipeline.store.rules import RuleStore  # noqa: E402
from pipeline.text.script import HAN_RE  # noqa: E402
from settings import Settings  # noqa: E402

GRID = {
    "UNNAMED": (0.05, 0.15, 0.3),
    "GOAL_WORDS": (0.3, 0.5, 0.7),
    "CUE_FIRST": (0.5, 0.6, 0.8),
    "CUE_MORE": (0.1, 0.2, 0.3),
    "PRESENCE_FULL": (4, 8, 16),
}


@dataclass
class Option:
    kind: str
    cues: int
    hits: int
    words_kind: bool
    cost: float
    risk: float


def options(case: Case, goal: Goal, folio: Folio, doc_id: str) -> list[Option]:
    scope = ReviewScope(Corpus(folio, (doc_id,)))
    store = RuleStore(folio.db, f"fit-{case.split}-{abs(hash(goal.text))}")  # empty memory
    _, assessed = plan_mod.make_plan(goal.text, scope.views(), document_language(scope), store)
    return [
        Option(
            kind=a.kind.id,
            cues=goal_cue_count(a.kind, goal.text),
            hits=sum(len(x) for x in a.hits.values()),
            words_kind=a.kind.id == GOAL_TERMS and bool(a.kind.keywords),
            cost=a.cost,
            risk=a.risk,
        )
        for a in assessed.values()
    ]


def chosen(opts: list[Option], weights: dict[str, float]) -> list[str]:
    for name, value in weights.items():
        setattr(plan_mod, name, value)
    scored = [
        (plan_mod.value_of(o.cues, o.hits, words_kind=o.words_kind) * (1 - o.risk) / o.cost, o)
        for o in opts
    ]
    ranked = sorted(scored, key=lambda t: (-t[0], t[1].kind))
    return [o.kind for s, o in ranked[: plan_mod.CHOSEN] if s > 0]


def collect(split: str) -> list[tuple[Case, Goal, list[Option]]]:
    out = []
    for case in CASES:
        if case.split != split:
            continue
        with tempfile.TemporaryDirectory(prefix="folio-review-fit-") as tmp:
            folio = Folio(Settings(data_dir=Path(tmp) / "data", embedding_model="none"))
            try:
                result = folio.ingest([case.build(Path(tmp))], run_background=False)[0]
                assert result.doc_id, result.error
                out += [(case, g, options(case, g, folio, result.doc_id)) for g in case.goals]
            finally:
                folio.close()
    return out


WORDS_GRID = tuple(range(4, 15))


def judged_findings(split: str) -> list[tuple[int, bool]]:
    """(words, verdict) of each hand-judged finding of the split's first goals, reviewed
    with the loosest threshold of the grid (so every candidate threshold can be applied)."""
    from agent.review import detect
    from agent.review.service import run_review
    from bench.review import hand_verdicts, key

    saved, detect.MIN_WORDS = detect.MIN_WORDS, min(WORDS_GRID)
    out: list[tuple[int, bool]] = []
    try:
        for case in CASES:
            if case.split != split:
                continue
            verdicts = hand_verdicts(case, case.goals[0])
            with tempfile.TemporaryDirectory(prefix="folio-review-fit-") as tmp:
                folio = Folio(Settings(data_dir=Path(tmp) / "data", embedding_model="none"))
                try:
                    doc = folio.ingest([case.build(Path(tmp))], run_background=False)[0]
                    assert doc.doc_id, doc.error
                    report = run_review(folio, [doc.doc_id], case.goals[0].text, refine=False)
                finally:
                    folio.close()
            out += [
                (len(f.text.split()), verdicts[key(f.text)])
                for f in report.findings
                if key(f.text) in verdicts and not HAN_RE.search(f.text)  # Chinese: by characters
            ]
    finally:
        detect.MIN_WORDS = saved
    return out


def words_accuracy(rows: list[tuple[int, bool]], t: int) -> float:
    """Share of judged findings the threshold gets right (kept if confirmed, else dropped)."""
    return sum(1 for w, ok in rows if (w >= t) == ok) / len(rows) if rows else 0.0


def score(data: list[tuple[Case, Goal, list[Option]]], weights: dict[str, float]) -> float:
    return sum(plan_quality(g, chosen(o, weights)) for _, g, o in data) / len(data)


def main() -> None:
    if "--findings" in sys.argv:
        from bench.review_relevance_fit import fit_findings

        at = sys.argv.index("--findings")
        fit_findings(Path(sys.argv[at + 1]), write="--write" in sys.argv)
        return
    os.environ.setdefault("FOLIO_OCR_ENGINE", "rapidocr")
    current = {name: float(getattr(plan_mod, name)) for name in GRID}
    train = collect("train")
    best, best_key = current, (score(train, current), 0.0)
    for combo in itertools.product(*GRID.values()):
        weights = dict(zip(GRID, combo, strict=True))
        distance = sum(abs(weights[k] - current[k]) / max(GRID[k]) for k in GRID)
        key = (score(train, weights), -distance)
        if key > best_key:
            best, best_key = weights, key
    validation = collect("validation")
    rows = []
    for label, weights in (("current", current), ("chosen on train", best)):
        rows.append(
            [label, weights, round(score(train, weights), 3), round(score(validation, weights), 3)]
        )
    print_table(
        "Plan quality (share of expected sub-goals run)",
        ["weights", "values", "train", "validation"],
        rows,
    )
    train_f, val_f = judged_findings("train"), judged_findings("validation")
    # Ties go to the threshold in use, as the weights' ties do (a flat objective keeps it).
    best_t = max(WORDS_GRID, key=lambda t: (words_accuracy(train_f, t), -abs(t - MIN_WORDS)))
    print_table(
        "Finding threshold (words of a statement; judged findings kept right)",
        ["min words", "train", "validation"],
        [[t, round(words_accuracy(train_f, t), 3), round(words_accuracy(val_f, t), 3)]
         for t in WORDS_GRID],
    )  # fmt: skip
    print(
        f"chosen on train: {best_t} words ({len(train_f)} train, {len(val_f)} validation findings)"
    )
    for case, goal, opts in train + validation:
        print(f"- [{case.split}] {goal.text[:50]}: {chosen(opts, best)} (expect {goal.expect})")


if __name__ == "__main__":
    main()
