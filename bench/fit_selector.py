"""Fit the offline answerer's sentence selector on the training split; report validation.

    python bench/fit_selector.py [--data-dir DIR] [--zh-per-article 3] [--reharvest]

Questions and their evidence: ``selector_examples.py`` (FinanceBench-train and CMRC trial
articles 0–127 to fit on; FinanceBench dev and CMRC articles 128–255 to validate, as
``../shared/samples/README.md`` splits them; each question also asked of a document that
does not address it). Labelled rows: ``selector_rows.py``. Fitting and thresholds:
``selector_fit.py``. Evidence comes from the offline planner's first round of tool calls
against the data directory that ``bench/answers.py`` ingests (reused, cached in
``DIR/selector-evidence-<split>.json``). Writes ``agent/models/data/selector.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import asdict
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.models.feature_vector import FEATURES  # noqa: E402 - after the path set-up above
from agent.models.selector import DATA  # noqa: E402
from bench import selector_fit as fitting  # noqa: E402
from bench.answers_data import general  # noqa: E402
from bench.selector_examples import Example, examples, harvest  # noqa: E402
from bench.selector_rows import Rows, cached_rows  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from settings import Settings  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument(
        "--data-dir",
        type=Path,
        action="append",
        help="a bench/answers.py data directory (repeatable; the first holds cmrc/ and the cache)",
    )
    ap.add_argument("--zh-per-article", type=int, default=3)
    ap.add_argument("--reharvest", action="store_true")
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument(
        "--general-negatives",
        action="store_true",
        help="fit the refusal model with the train general-knowledge questions too",
    )
    args = ap.parse_args()
    dirs = args.data_dir or [Path(tempfile.gettempdir()) / "folio-bench-answers"]
    splits = _splits(dirs, args.zh_per_article, args.reharvest)
    train = cached_rows(splits["train"], dirs[0] / "selector-rows-train.json")
    # General-knowledge questions teach the refusal model only: which unit answers best, and
    # how likely a unit supports an answer, are learnt from questions about the documents.
    known = set(general("train"))
    about = [i for i, e in enumerate(splits["train"]) if e.question not in known]
    doc_examples, doc_rows = [splits["train"][i] for i in about], fitting.subset(train, about)
    model = _fit_model(doc_rows, args.l2)
    doc_scored = fitting.scores(doc_rows, model)
    t = fitting.threshold(doc_examples, fitting.outcome(doc_examples, doc_rows, *doc_scored))
    keep = fitting.keep_ratio(doc_examples, doc_rows, doc_scored, t)
    scored = fitting.scores(train, model)
    out_train = fitting.outcome(splits["train"], train, *scored)
    vectors = fitting.question_vectors(train, scored, len(splits["train"]))
    taught = (
        vectors
        if args.general_negatives
        else [v if i in set(about) else None for i, v in enumerate(vectors)]
    )
    refusal = fitting.fit_refusal(splits["train"], taught, args.l2, judged=set(about))
    val = cached_rows(splits["validation"], dirs[0] / "selector-rows-validation.json")
    val_scored = fitting.scores(val, model)
    out_val = fitting.outcome(splits["validation"], val, *val_scored)
    val_vectors = fitting.question_vectors(val, val_scored, len(splits["validation"]))
    report = {
        "train": fitting.summary(
            "train", splits["train"], out_train, fitting.accepted(vectors, refusal), known
        ),
        "validation": fitting.summary(
            "validation",
            splits["validation"],
            out_val,
            fitting.accepted(val_vectors, refusal),
            set(general("validation")),
        ),
    }
    print("  feature          support   rank")
    ranked = sorted(
        zip(FEATURES, model["coef"], model["rank_coef"], strict=True), key=lambda f: -abs(f[2])
    )
    for name, c, r in ranked:
        print(f"  {name:16s} {c:+.3f}   {r:+.3f}")
    _write(model, t, keep, report, refusal)
    print(f"wrote {DATA} (refusal threshold {refusal['threshold']:.3f})")
    return 0


def _splits(dirs: list[Path], per_article: int, reharvest: bool) -> dict[str, list[Example]]:
    """Each split's questions with their evidence (harvested once, cached in the first dir)."""
    folios = [Folio(Settings(data_dir=d / "data", embedding_model="none")) for d in dirs]
    splits: dict[str, list[Example]] = {}
    for split in ("train", "validation"):
        cache = dirs[0] / f"selector-evidence-{split}.json"
        done: dict[tuple[str, str], Example] = {}
        if cache.exists() and not reharvest:
            done = {
                (e["question"], e["doc_id"]): Example(**e) for e in json.loads(cache.read_text())
            }
        asked = examples(split, per_article, dirs[0])
        todo = [e for e in asked if (e.question, e.doc_id) not in done]
        for ex in harvest(folios, todo):
            done[(ex.question, ex.doc_id)] = ex
        cache.write_text(json.dumps([asdict(e) for e in done.values()], ensure_ascii=False))
        splits[split] = [done[k] for e in asked if (k := (e.question, e.doc_id)) in done]
        print(f"{split}: {len(splits[split])} of {len(asked)} questions", file=sys.stderr)
    for folio in folios:
        folio.close()
    return splits


def _fit_model(train: Rows, l2: float) -> dict[str, Any]:
    x = np.array(train.x)
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    z = (x - mean) / scale
    coef, intercept = fitting.fit(z, np.array(train.y, dtype=float), fitting.weights(train), l2)
    rank_coef = fitting.fit_ranker(z, np.array(train.y), np.array(train.group), l2)
    return {
        "mean": mean,
        "scale": scale,
        "coef": coef,
        "intercept": intercept,
        "rank_coef": rank_coef,
    }


def _write(
    model: dict[str, Any],
    t: float,
    keep: float,
    report: dict[str, Any],
    refusal: dict[str, Any],
) -> None:
    def rounded(key: str, source: dict[str, Any] = model) -> list[float]:
        return [round(float(v), 6) for v in source[key]]

    raw = {
        "_about": "Fitted by bench/fit_selector.py on the training split; do not edit.",
        "features": list(FEATURES),
        "mean": rounded("mean"),
        "scale": rounded("scale"),
        "coef": rounded("coef"),
        "intercept": round(float(model["intercept"]), 6),
        "rank_coef": rounded("rank_coef"),
        "refuse_below": round(t, 6),
        "keep_ratio": round(keep, 3),
        "confident": round(max(t, 0.5), 6),
        "refusal": {
            "mean": rounded("mean", refusal),
            "scale": rounded("scale", refusal),
            "coef": rounded("coef", refusal),
            "intercept": round(float(refusal["intercept"]), 6),
            "threshold": round(float(refusal["threshold"]), 6),
        },
        "report": report,
    }
    DATA.write_text(json.dumps(raw, indent=1) + "\n")


if __name__ == "__main__":
    sys.exit(main())
