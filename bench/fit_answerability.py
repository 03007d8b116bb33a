"""Fit the offline answerer's answerability gate on the training split; report validation.

    python bench/fit_answerability.py [--data-dir DIR] [--reharvest] [--keep 0.99]

Questions (``answerability_examples``): per split, FinanceBench and CMRC questions asked of
their own documents (answerable) and of a document of the other kind (wrong document), the
general-knowledge questions (``general_questions.json``) and the questions a document must
refuse although it uses their words (``answerability_questions.json``: world knowledge,
arithmetic, another company, another period). Evidence: the offline planner's first round
of tool calls against the ``bench/answers.py`` data directory (cached in
``DIR/answerability-evidence-<split>.json``). Each question goes the answerer's way: the
rules (``answerability.before_figures``), a missing name, the judge's own refusal; what the
judge would answer is a row of the gate, labelled by whether the question is answerable.
The gate is fitted on the answerable questions whose judged answer holds the gold (a CMRC
span in a chosen unit; every FinanceBench one) against every question to refuse; its
threshold keeps ``--keep`` of the former (out-of-fold probabilities). Writes
``agent/models/data/answerability.json``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from dataclasses import asdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.evidence import Evidence  # noqa: E402 - after the path set-up above
from agent.models.answerability import DATA, GATE_FEATURES, before_figures, gate_vector  # noqa: E402
from agent.models.judge import judge, missing_names  # noqa: E402
from bench.answerability_examples import Labelled, labelled  # noqa: E402
from bench.selector_examples import Example, harvest  # noqa: E402
from bench.selector_fit import fit  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from settings import Settings  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--data-dir", type=Path, default=Path("/tmp/folio-bench-answers"))
    ap.add_argument("--reharvest", action="store_true")
    ap.add_argument("--keep", type=float, default=0.99)
    ap.add_argument("--l2", type=float, default=1.0)
    args = ap.parse_args()
    rows = {s: _rows(_harvested(args.data_dir, s, args.reharvest)) for s in ("train", "validation")}
    # answerable questions the judge answers wrongly teach nothing about answerability:
    # refusing them costs nothing, answering them gains nothing
    train = [r for r in rows["train"] if r[2] is not None and (r[3] or not r[0].answerable)]
    x = np.array([r[2] for r in train])
    y = np.array([float(r[0].answerable) for r in train])
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    z = (x - mean) / scale
    w = np.ones(len(y))
    w[y == 0] *= (y == 1).sum() / max(1.0, float((y == 0).sum()))
    oof = np.zeros(len(y))
    fold = np.arange(len(y)) % 5
    for k in range(5):
        c, b = fit(z[fold != k], y[fold != k], w[fold != k], args.l2)
        oof[fold == k] = 1 / (1 + np.exp(-np.clip(z[fold == k] @ c + b, -40, 40)))
    coef, intercept = fit(z, y, w, args.l2)
    t = _threshold(oof[y == 1], args.keep)
    model = {"mean": mean, "scale": scale, "coef": coef, "intercept": intercept, "threshold": t}
    report = {s: _report(s, rows[s], model) for s in rows}
    for name, c in sorted(zip(GATE_FEATURES, coef, strict=True), key=lambda f: -abs(f[1])):
        print(f"  {name:12s} {c:+.3f}")
    raw = {
        "_about": "Fitted by bench/fit_answerability.py on the training split; do not edit.",
        "features": list(GATE_FEATURES),
        "mean": [round(float(v), 6) for v in mean],
        "scale": [round(float(v), 6) for v in scale],
        "coef": [round(float(v), 6) for v in coef],
        "intercept": round(float(intercept), 6),
        "threshold": round(float(t), 6),
        "report": report,
    }
    DATA.write_text(json.dumps(raw, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {DATA} (threshold {t:.3f})")
    return 0


def _threshold(positives: np.ndarray, keep: float) -> float:
    """The highest threshold that still lets ``keep`` of the answerable questions through."""
    if not len(positives):
        return 0.5
    return float(np.quantile(positives, 1.0 - keep))


# the example, how it ends, its gate vector, and whether what the judge would answer holds
# the gold answer (a CMRC span in a chosen unit; a FinanceBench question counts as held)
Row = tuple[Labelled, str, list[float] | None, bool]


def _rows(examples: list[Labelled]) -> list[Row]:
    """Each question the answerer's way: refused by a rule, a missing name or the judge
    ("rule", "name", "judge"), or a gate vector over what the judge would answer."""
    out: list[Row] = []
    for ex in examples:
        evidence = [Evidence.model_validate(e) for e in ex.example.evidence]
        if not before_figures(ex.example.question, evidence).answers:
            out.append((ex, "rule", None, False))
            continue
        if missing_names(ex.example.question, evidence):
            out.append((ex, "name", None, False))
            continue
        verdict = judge(ex.example.question, evidence)
        if not verdict.chosen:
            out.append((ex, "judge", None, False))
            continue
        v = gate_vector(ex.example.question, evidence, verdict.chosen, verdict.best)
        span = re.sub(r"\s+", "", ex.example.span)
        held = not span or any(span in re.sub(r"\s+", "", c.unit.text) for c in verdict.chosen)
        out.append((ex, "gate", v, ex.answerable and held))
    return out


def _report(split: str, rows: list[Row], model: dict) -> dict[str, object]:
    """Per kind: refused before the gate (rules, names, judge), and with the gate."""
    out: dict[str, object] = {}
    for kind in sorted({r[0].kind for r in rows}):
        mine = [r for r in rows if r[0].kind == kind]
        before = sum(1 for r in mine if r[2] is None)
        gated = sum(1 for r in mine if r[2] is not None and _refuses(r[2], model))
        refused = (before + gated) / len(mine)
        ways = Counter(r[1] for r in mine if r[2] is None)
        out[kind] = {
            "questions": len(mine),
            "refused": round(refused, 3),
            "before_gate": dict(ways),
        }
        if mine[0][0].answerable:  # the answers that hold the gold, kept
            held = [r for r in mine if r[3]]
            n = sum(1 for r in held if r[2] is not None and not _refuses(r[2], model))
            kept = n / max(1, len(held))
            out[kind]["held_kept"] = round(kept, 3)  # type: ignore[index]
            print(f"{split:10s} {kind:14s} gold-holding answers kept {kept:.3f} of {len(held)}")
        label = "answered" if mine[0][0].answerable else "refused"
        value = 1 - refused if mine[0][0].answerable else refused
        print(f"{split:10s} {kind:14s} {label} {value:.3f} of {len(mine)} {dict(ways)}")
    return out


def _refuses(v: list[float], model: dict) -> bool:
    z = (np.array(v) - model["mean"]) / model["scale"] @ model["coef"] + model["intercept"]
    return bool(1 / (1 + np.exp(-np.clip(z, -40, 40))) < model["threshold"])


def _harvested(data_dir: Path, split: str, reharvest: bool) -> list[Labelled]:
    cache = data_dir / f"answerability-evidence-{split}.json"
    asked = labelled(split, data_dir)
    done: dict[tuple[str, str], Example] = {}
    if cache.exists() and not reharvest:
        done = {(e["question"], e["doc_id"]): Example(**e) for e in json.loads(cache.read_text())}
    todo = [x.example for x in asked if (x.example.question, x.example.doc_id) not in done]
    if todo:
        folio = Folio(Settings(data_dir=data_dir / "data", embedding_model="none"))
        for ex in harvest([folio], todo):
            done[(ex.question, ex.doc_id)] = ex
        folio.close()
        cache.write_text(json.dumps([asdict(e) for e in done.values()], ensure_ascii=False))
    out = []
    for x in asked:
        found = done.get((x.example.question, x.example.doc_id))
        if found is not None:
            out.append(Labelled(found, x.kind))
    print(f"{split}: {len(out)} of {len(asked)} questions", file=sys.stderr)
    return out


if __name__ == "__main__":
    sys.exit(main())
