"""The selector's fitting: a weighted logistic support model, a listwise ranker, and the
thresholds fitted with them (refusal, supporting units), with the split summaries."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.models.selector import question_vector  # noqa: E402 - after the path set-up above
from bench.selector_examples import Example  # noqa: E402
from bench.selector_rows import Rows  # noqa: E402


def fit(x: np.ndarray, y: np.ndarray, w: np.ndarray, l2: float = 1.0) -> tuple[np.ndarray, float]:
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


def fit_ranker(x: np.ndarray, y: np.ndarray, group: np.ndarray, l2: float = 1.0) -> np.ndarray:
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


def weights(rows: Rows) -> np.ndarray:
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


def subset(rows: Rows, questions: list[int]) -> Rows:
    """The rows of these questions (by index), renumbered in that order."""
    new = {g: k for k, g in enumerate(questions)}
    keep = [i for i, g in enumerate(rows.group) if g in new]
    return Rows(
        x=[rows.x[i] for i in keep],
        y=[rows.y[i] for i in keep],
        group=[new[rows.group[i]] for i in keep],
        page_ok=[rows.page_ok[i] for i in keep],
        refused_first=[rows.refused_first[g] for g in questions],
        left=[rows.left[i] for i in keep],
    )


def scores(rows: Rows, model: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
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


def outcome(examples: list[Example], rows: Rows, probs: np.ndarray, ranks: np.ndarray) -> Outcome:
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


def threshold(examples: list[Example], out: Outcome) -> float:
    """The best-probability threshold (kept for the supporting units' floor)."""
    return cutoff(np.array([e.answerable for e in examples]), np.array(out.best))


def cutoff(pos: np.ndarray, best: np.ndarray) -> float:
    """A refusal threshold: most answerable questions answered while at least 95% of the
    unrelated ones are refused (or as many as possible)."""
    grid = np.unique(np.concatenate([best, [0.0, 1.0]]))
    scored = []
    for t in grid:
        refused = float((best[~pos] < t).mean())
        answered = float((best[pos] >= t).mean())
        scored.append((min(refused, 0.95), answered + 0.1 * refused, float(t)))
    _, _, t = max(scored)
    return t


def keep_ratio(
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


def question_vectors(
    rows: Rows, scored: tuple[np.ndarray, np.ndarray], n: int
) -> list[list[float] | None]:
    """Each question's refusal-model vector (None: refused before any unit is scored)."""
    group = np.array(rows.group, dtype=int)
    x = np.array(rows.x)
    left = np.array(rows.left)
    probs, ranks = scored
    out: list[list[float] | None] = []
    for g in range(n):
        idx = np.flatnonzero(group == g)
        if rows.refused_first[g] or not len(idx):
            out.append(None)
            continue
        out.append(
            question_vector(
                x[idx].tolist(), probs[idx].tolist(), ranks[idx].tolist(), left[idx].tolist()
            )
        )
    return out


def fit_refusal(
    examples: list[Example],
    vectors: list[list[float] | None],
    l2: float,
    folds: int = 5,
    judged: set[int] | None = None,
) -> dict[str, Any]:
    """The refusal model over question vectors, answerable against unrelated questions
    weighing the same; its threshold fitted on out-of-fold probabilities (in-sample ones
    would say every unrelated question is refused) of the ``judged`` questions (all by
    default)."""
    keep = [i for i, v in enumerate(vectors) if v is not None]
    x = np.array([vectors[i] for i in keep])
    y = np.array([float(examples[i].answerable) for i in keep])
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    z = (x - mean) / scale
    w = np.ones(len(y))
    w[y == 0] *= (y == 1).sum() / max(1.0, float((y == 0).sum()))
    oof = np.zeros(len(y))
    fold = np.arange(len(y)) % folds
    for k in range(folds):
        c, b = fit(z[fold != k], y[fold != k], w[fold != k], l2)
        oof[fold == k] = 1 / (1 + np.exp(-np.clip(z[fold == k] @ c + b, -40, 40)))
    coef, intercept = fit(z, y, w, l2)
    on = np.array([judged is None or i in judged for i in keep])
    return {
        "mean": mean,
        "scale": scale,
        "coef": coef,
        "intercept": intercept,
        "threshold": cutoff((y == 1)[on], oof[on]),
    }


def accepted(vectors: list[list[float] | None], refusal: dict[str, Any]) -> np.ndarray:
    """Which questions the refusal model lets through to an answer."""
    out = []
    for v in vectors:
        if v is None:
            out.append(False)
            continue
        z = (np.array(v) - refusal["mean"]) / refusal["scale"] @ refusal["coef"]
        out.append(
            bool(
                1 / (1 + np.exp(-np.clip(z + refusal["intercept"], -40, 40)))
                >= refusal["threshold"]
            )
        )
    return np.array(out)


def summary(
    name: str, examples: list[Example], out: Outcome, answered: np.ndarray, known: set[str]
) -> dict[str, float]:
    """``known``: the split's general-knowledge questions, reported apart from questions
    asked of a document about something else."""
    pos = np.array([e.answerable for e in examples])
    gk = np.array([e.question in known for e in examples])
    other = ~pos & ~gk
    zh = np.array([bool(e.span) for e in examples]) & pos
    fb = pos & ~zh
    top = np.array(out.top_gold) & answered
    page = np.array(out.top_page) & answered
    res = {
        "zh_top_unit_has_span": float(top[zh].mean()) if zh.any() else 0.0,
        "zh_top_unit_on_gold_page": float(page[zh].mean()) if zh.any() else 0.0,
        "fb_top_unit_on_gold_page": float(page[fb].mean()) if fb.any() else 0.0,
        "answerable_answered": float(answered[pos].mean()),
        "unrelated_refused": float((~answered[other]).mean()) if other.any() else 0.0,
        "general_refused": float((~answered[gk]).mean()) if gk.any() else 0.0,
        "questions": float(len(examples)),
    }
    print(f"{name}: " + ", ".join(f"{k} {v:.3f}" for k, v in res.items()))
    return res
