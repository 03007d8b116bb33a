"""Fit the offline answerer's sentence selector on the training split; report validation.

    python bench/fit_selector.py [--data-dir DIR] [--zh-per-article 3] [--reharvest]

Questions: FinanceBench-train (gold evidence pages and text) and CMRC trial articles 0–127
(answer spans) for fitting; FinanceBench dev and CMRC articles 128–255 for validation
(``../shared/samples/README.md``). Each question is also asked of a document that does not
address it (a CMRC question of another CMRC document and of a 10-K, a 10-K question of a
CMRC document): every unit found there is a negative, and those questions fit the
refusal threshold. Evidence comes from the offline planner's first round of tool calls
against the data directory that ``bench/answers.py`` ingests (reused, cached in
``DIR/selector-evidence-<split>.json``). Writes ``agent/models/data/selector.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent import tools  # noqa: E402 - after the path set-up above
from agent.context import ChatContext  # noqa: E402
from agent.evidence import Evidence  # noqa: E402
from agent.models import ChatModels  # noqa: E402
from agent.models.features import FEATURES  # noqa: E402
from agent.models.judge import candidates, missing_names  # noqa: E402
from agent.models.planner import plan  # noqa: E402
from agent.models.selector import DATA  # noqa: E402
from agent.scope import StatsCache  # noqa: E402
from bench.answers_data import financebench, gold_figures, has_figure  # noqa: E402
from bench.cmrc import build  # noqa: E402
from bench.common import SAMPLES  # noqa: E402
from pipeline.errors import NotFoundError  # noqa: E402
from pipeline.ids import doc_id_for  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from settings import Settings  # noqa: E402

_FEATURE_CODE = [
    ROOT / "agent" / "models" / name
    for name in ("features.py", "kinds.py", "judge.py", "data/question_kinds.json")
]
ZH_DOCS = {"train": range(1, 5), "validation": range(5, 9)}


@dataclass
class Example:
    question: str
    doc_id: str
    answerable: bool
    span: str = ""  # CMRC answer
    pages: list[int] = field(default_factory=list)
    evidence_text: str = ""  # FinanceBench gold evidence
    answer: str = ""
    evidence: list[dict[str, Any]] = field(default_factory=list)


def _examples(split: str, per_article: int, data_dir: Path) -> list[Example]:
    packed = build(data_dir / "cmrc", per_doc=32)
    zh = [f"cmrc-{k:02d}.pdf" for k in ZH_DOCS[split]]
    fb = financebench(split)
    rows = [json.loads(x) for x in _questions_file(split).read_text().splitlines() if x.strip()]
    texts = {r["id"]: " ".join(e.get("text", "") for e in r.get("evidence", [])) for r in rows}
    ten_k = doc_id_for(fb[0].doc)
    out: list[Example] = []
    for q in fb:
        doc = doc_id_for(q.doc)
        out.append(
            Example(
                q.question, doc, True, pages=q.pages, evidence_text=texts[q.id], answer=q.answer
            )
        )
        out.append(Example(q.question, doc_id_for(zh[0]), False))
    seen: dict[str, int] = {}
    for z in packed:
        if z.doc_name not in zh:
            continue
        article = z.qid.rsplit("_QUERY_", 1)[0]
        seen[article] = seen.get(article, 0) + 1
        if seen[article] > per_article:
            continue
        out.append(Example(z.question, doc_id_for(z.doc_name), True, span=z.answer, pages=z.pages))
        other = zh[(zh.index(z.doc_name) + 1) % len(zh)]
        if seen[article] == 1:  # one question per article asked elsewhere
            out.append(Example(z.question, doc_id_for(other), False))
            out.append(Example(z.question, ten_k, False))
    return out


def _questions_file(split: str) -> Path:
    return (
        SAMPLES
        / ("financebench-train" if split == "train" else "financebench")
        / ("questions.jsonl")
    )


class _Runtime:
    """What the tools read of a LangGraph ToolRuntime."""

    def __init__(self, ctx: ChatContext) -> None:
        self.context = ctx
        self.state = SimpleNamespace(reply_language="en")

    def stream_writer(self, _item: object) -> None:
        return None


def _holder(folios: list[Folio], doc_id: str) -> Folio | None:
    for folio in folios:
        try:
            if folio.document(doc_id).chunks:
                return folio
        except NotFoundError:
            continue
    return None


def _harvest(folios: list[Folio], examples: list[Example]) -> list[Example]:
    """Evidence for every example whose document one of the data directories holds."""
    stats = StatsCache()
    names = tuple(tools._FUNCTIONS)
    kept: list[Example] = []
    for n, ex in enumerate(examples):
        folio = _holder(folios, ex.doc_id)
        if folio is None:
            continue
        kept.append(ex)
        ctx = ChatContext(doc_ids=(ex.doc_id,), folio=folio, models=ChatModels(), stats=stats)
        rt = _Runtime(ctx)
        found: list[dict[str, Any]] = []
        for call in plan(ex.question, [], 0, names):
            _, artifact = tools._FUNCTIONS[call["name"]](**call["args"], runtime=rt)
            if artifact.get("tool"):
                found.append(artifact)
        ex.evidence = found
        if n % 20 == 0:
            print(f"  harvested {n}/{len(examples)}", file=sys.stderr, flush=True)
    return kept


def _nows(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _alnum(text: str) -> str:
    return re.sub(r"[\W_]+", "", text).lower()


@dataclass
class Rows:
    x: list[list[float]] = field(default_factory=list)
    y: list[int] = field(default_factory=list)
    group: list[int] = field(default_factory=list)
    page_ok: list[bool] = field(default_factory=list)
    refused_first: list[bool] = field(default_factory=list)  # a missing name: refused anyway


def _label(
    ex: Example, evidence: list[Evidence]
) -> tuple[list[list[float]], list[int], list[bool], bool]:
    if missing_names(ex.question, evidence):
        return [], [], [], True
    _, found = candidates(ex.question, evidence)
    xs = [list(c.features) for c in found]
    if not ex.answerable:
        return xs, [0] * len(found), [False] * len(found), False
    pages = set(ex.pages)
    on_page = [bool(pages & set(range(c.passage.page, c.passage.page_end + 1))) for c in found]
    if ex.span:
        gold = _nows(ex.span)
        ys = [int(bool(gold) and gold in _nows(c.unit.text)) for c in found]
        return xs, ys, on_page, False
    figures = gold_figures(ex.answer)
    quoted = _alnum(ex.evidence_text)
    inside = [
        ok and len(_alnum(c.unit.text)) >= 12 and _alnum(c.unit.text) in quoted
        for c, ok in zip(found, on_page, strict=True)
    ]
    with_figure = [
        i and bool(figures) and has_figure(figures, c.unit.text)
        for c, i in zip(found, inside, strict=True)
    ]
    ys = [int(f) for f in with_figure] if any(with_figure) else [int(i) for i in inside]
    return xs, ys, on_page, False


def _rows(examples: list[Example]) -> Rows:
    rows = Rows()
    for g, ex in enumerate(examples):
        evidence = [Evidence.model_validate(e) for e in ex.evidence]
        xs, ys, pages, refused = _label(ex, evidence)
        rows.refused_first.append(refused)
        rows.x += xs
        rows.y += ys
        rows.group += [g] * len(xs)
        rows.page_ok += pages
    return rows


def _cached_rows(examples: list[Example], path: Path) -> Rows:
    """The labelled feature rows, cached beside the evidence (recomputed when the features
    or the questions change)."""
    code = hashlib.sha256(b"".join(f.read_bytes() for f in _FEATURE_CODE)).hexdigest()
    key = [code, [[e.question, e.doc_id] for e in examples]]
    if path.exists():
        raw = json.loads(path.read_text())
        if raw["key"] == key:
            return Rows(**raw["rows"])
    rows = _rows(examples)
    path.write_text(json.dumps({"key": key, "rows": asdict(rows)}))
    return rows


def _fit(x: np.ndarray, y: np.ndarray, w: np.ndarray, l2: float = 1.0) -> tuple[np.ndarray, float]:
    """Weighted L2-regularised logistic regression by Newton's method."""
    a = np.hstack([x, np.ones((len(x), 1))])
    beta = np.zeros(a.shape[1])
    reg = np.full(a.shape[1], l2)
    reg[-1] = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-np.clip(a @ beta, -40, 40)))
        grad = a.T @ (w * (p - y)) + reg * beta
        hess = (a * (w * p * (1 - p))[:, None]).T @ a + np.diag(reg + 1e-9)
        step = np.linalg.solve(hess, grad)
        beta -= step
        if np.abs(step).max() < 1e-7:
            break
    return beta[:-1], float(beta[-1])


def _fit_ranker(x: np.ndarray, y: np.ndarray, group: np.ndarray, l2: float = 1.0) -> np.ndarray:
    """A listwise ranker: per question, a softmax over its candidates that puts the mass
    on the gold ones (questions without a gold candidate teach nothing here)."""
    beta = np.zeros(x.shape[1])
    groups = [idx for k in np.unique(group) if y[idx := np.flatnonzero(group == k)].any()]
    for _ in range(300):
        grad = l2 * beta
        for idx in groups:
            s = x[idx] @ beta
            e = np.exp(s - s.max())
            q = e * (y[idx] == 1)
            grad += x[idx].T @ (e / e.sum() - q / q.sum())
        beta -= 0.5 * grad / len(groups)
    return beta


def _weights(rows: Rows) -> np.ndarray:
    """Each question counts once whatever its number of candidates; positives and
    negatives weigh the same in total."""
    group = np.array(rows.group)
    y = np.array(rows.y)
    sizes = np.bincount(group)
    w = 1.0 / sizes[group]
    pos = w[y == 1].sum()
    neg = w[y == 0].sum()
    w[y == 1] *= neg / max(pos, 1e-9)
    return w


def _scores(rows: Rows, model: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    """Support probabilities and ranking scores of every row."""
    x = (np.array(rows.x) - model["mean"]) / model["scale"]
    z = np.clip(x @ np.array(model["coef"]) + model["intercept"], -40, 40)
    return 1 / (1 + np.exp(-z)), x @ np.array(model["rank_coef"])


@dataclass
class Outcome:
    """Per question: its best probability, and whether its best / selected units are gold."""

    best: list[float] = field(default_factory=list)
    top_gold: list[bool] = field(default_factory=list)
    top_page: list[bool] = field(default_factory=list)


def _outcome(examples: list[Example], rows: Rows, probs: np.ndarray, ranks: np.ndarray) -> Outcome:
    out = Outcome()
    group = np.array(rows.group, dtype=int)
    y = np.array(rows.y)
    page_ok = np.array(rows.page_ok)
    for g in range(len(examples)):
        idx = np.flatnonzero(group == g)
        if rows.refused_first[g] or not len(idx):
            out.best.append(0.0)
            out.top_gold.append(False)
            out.top_page.append(False)
            continue
        top = idx[np.argmax(ranks[idx])]
        out.best.append(float(probs[idx].max()))
        out.top_gold.append(bool(y[top]))
        out.top_page.append(bool(page_ok[top]))
    return out


def _threshold(examples: list[Example], out: Outcome) -> float:
    """The refusal threshold: most answerable questions answered while at least 95% of
    the unrelated ones are refused (or as many as possible)."""
    best = np.array(out.best)
    pos = np.array([e.answerable for e in examples])
    grid = np.unique(np.concatenate([best, [0.0, 1.0]]))
    scored = []
    for t in grid:
        refused = float((best[~pos] < t).mean())
        answered = float((best[pos] >= t).mean())
        scored.append((min(refused, 0.95), answered + 0.1 * refused, float(t)))
    _, _, t = max(scored)
    return t


def _keep_ratio(
    examples: list[Example], rows: Rows, scored: tuple[np.ndarray, np.ndarray], t: float
) -> float:
    """The share of the best probability a supporting unit needs: gold spans found in the
    chosen units (CMRC train) against the cost of quoting units that hold none."""
    group = np.array(rows.group, dtype=int)
    y = np.array(rows.y)
    probs, ranks = scored
    best_r, best_gain = 1.0, -1e9
    for r in np.arange(0.5, 1.0001, 0.05):
        gain = 0.0
        for g, ex in enumerate(examples):
            idx = np.flatnonzero(group == g)
            if not ex.span or not len(idx) or probs[idx].max() < t:
                continue
            order = idx[np.argsort(-ranks[idx])]
            floor = max(t, r * probs[idx].max())
            chosen = [order[0], *[i for i in order[1:3] if probs[i] >= floor]]
            gain += float(y[chosen].any()) - 0.1 * sum(1 for i in chosen[1:] if not y[i])
        if gain > best_gain:
            best_r, best_gain = float(r), gain
    return best_r


def _summary(name: str, examples: list[Example], out: Outcome, t: float) -> dict[str, float]:
    best = np.array(out.best)
    pos = np.array([e.answerable for e in examples])
    zh = np.array([bool(e.span) for e in examples]) & pos
    fb = pos & ~zh
    top = np.array(out.top_gold) & (best >= t)
    page = np.array(out.top_page) & (best >= t)
    res = {
        "zh_top_unit_has_span": float(top[zh].mean()) if zh.any() else 0.0,
        "zh_top_unit_on_gold_page": float(page[zh].mean()) if zh.any() else 0.0,
        "fb_top_unit_on_gold_page": float(page[fb].mean()) if fb.any() else 0.0,
        "answerable_answered": float((best[pos] >= t).mean()),
        "unrelated_refused": float((best[~pos] < t).mean()) if (~pos).any() else 0.0,
        "questions": float(len(examples)),
    }
    print(f"{name}: " + ", ".join(f"{k} {v:.3f}" for k, v in res.items()))
    return res


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
    args = ap.parse_args()
    dirs = args.data_dir or [Path(tempfile.gettempdir()) / "folio-bench-answers"]
    folios = [Folio(Settings(data_dir=d / "data", embedding_model="none")) for d in dirs]
    splits: dict[str, list[Example]] = {}
    for split in ("train", "validation"):
        cache = dirs[0] / f"selector-evidence-{split}.json"
        done: dict[tuple[str, str], Example] = {}
        if cache.exists() and not args.reharvest:
            done = {
                (e["question"], e["doc_id"]): Example(**e) for e in json.loads(cache.read_text())
            }
        examples = _examples(split, args.zh_per_article, dirs[0])
        todo = [e for e in examples if (e.question, e.doc_id) not in done]
        for ex in _harvest(folios, todo):
            done[(ex.question, ex.doc_id)] = ex
        cache.write_text(json.dumps([asdict(e) for e in done.values()], ensure_ascii=False))
        splits[split] = [done[k] for e in examples if (k := (e.question, e.doc_id)) in done]
        print(f"{split}: {len(splits[split])} of {len(examples)} questions", file=sys.stderr)
    for folio in folios:
        folio.close()
    train = _cached_rows(splits["train"], dirs[0] / "selector-rows-train.json")
    x = np.array(train.x)
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    coef, intercept = _fit(
        (x - mean) / scale, np.array(train.y, dtype=float), _weights(train), args.l2
    )
    rank_coef = _fit_ranker((x - mean) / scale, np.array(train.y), np.array(train.group), args.l2)
    model: dict[str, Any] = {
        "mean": mean,
        "scale": scale,
        "coef": coef,
        "intercept": intercept,
        "rank_coef": rank_coef,
    }
    scored = _scores(train, model)
    out_train = _outcome(splits["train"], train, *scored)
    t = _threshold(splits["train"], out_train)
    keep = _keep_ratio(splits["train"], train, scored, t)
    val = _cached_rows(splits["validation"], dirs[0] / "selector-rows-validation.json")
    out_val = _outcome(splits["validation"], val, *_scores(val, model))
    report = {
        "train": _summary("train", splits["train"], out_train, t),
        "validation": _summary("validation", splits["validation"], out_val, t),
    }
    print("  feature          support   rank")
    for name, c, r in sorted(zip(FEATURES, coef, rank_coef, strict=True), key=lambda f: -abs(f[2])):
        print(f"  {name:16s} {c:+.3f}   {r:+.3f}")
    DATA.write_text(
        json.dumps(
            {
                "_about": "Fitted by bench/fit_selector.py on the training split; do not edit.",
                "features": list(FEATURES),
                "mean": [round(float(v), 6) for v in mean],
                "scale": [round(float(v), 6) for v in scale],
                "coef": [round(float(v), 6) for v in coef],
                "intercept": round(intercept, 6),
                "rank_coef": [round(float(v), 6) for v in rank_coef],
                "refuse_below": round(t, 6),
                "keep_ratio": round(keep, 3),
                "confident": round(max(t, 0.5), 6),
                "report": report,
            },
            indent=1,
        )
        + "\n"
    )
    print(f"wrote {DATA} (refuse below {t:.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
