"""The relevance model of review findings, fitted on judged training candidates (called by
``bench/review_fit.py --findings DUMP``; the dump is ``bench/review_select.py --dump``'s)."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np

from agent.review.relevance import DATA, FEATURES
from bench.common import print_table
from bench.review_select import JUDGED

TARGET_PRECISION = 0.8
MARGIN = 0.05  # the threshold is chosen for 0.85 on the fitted set: held out, it falls
SUPPORT_PRECISION = 0.9  # a span "states the claim" from the score judged right 9 in 10
MIN_KEPT = 20  # a precision over fewer candidates at the top says nothing
L2 = 0.1


def load(dump: Path, *, held_out: bool = False) -> list[dict]:
    """The judged candidates of the documents fitted on (``held_out`` ones never are), or
    with ``held_out`` those of the held-out documents."""
    held = set(json.loads(JUDGED.read_text(encoding="utf-8")).get("held_out", []))
    rows = [json.loads(line) for line in dump.read_text(encoding="utf-8").splitlines() if line]
    rows = [r for r in rows if (r["doc"] in held) == held_out]
    # one row per judged candidate and goal; boilerplate and sub-goals the goal does not ask
    # for are out (they never reach the model)
    seen: set[tuple[str, str, str]] = set()
    out = []
    for r in rows:
        k = (r["doc"], r["goal"], r["key"])
        if r["keep"] is None or r["boilerplate"] or not r.get("asked", True) or k in seen:
            continue
        seen.add(k)
        out.append(r)
    return out


def matrix(rows: list[dict]) -> tuple[np.ndarray, np.ndarray]:
    x = np.array([[float(r["features"][f]) for f in FEATURES] for r in rows])
    y = np.array([1.0 if r["keep"] else 0.0 for r in rows])
    return x, y


def fit(x: np.ndarray, y: np.ndarray, steps: int = 4000, lr: float = 0.5) -> np.ndarray:
    """Logistic regression by gradient descent, L2 on the weights (not the bias)."""
    xb = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(xb.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-xb @ w))
        grad = xb.T @ (p - y) / len(y) + L2 * np.r_[0, w[1:]] / len(y)
        w -= lr * grad
    return w


def probs(w: np.ndarray, x: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-(w[0] + x @ w[1:])))


def pr(p: np.ndarray, y: np.ndarray, t: float) -> tuple[float, float]:
    kept = p >= t
    tp = float((kept & (y == 1)).sum())
    prec = tp / kept.sum() if kept.sum() else math.nan
    rec = tp / (y == 1).sum() if (y == 1).sum() else math.nan
    return prec, rec


def threshold(p: np.ndarray, y: np.ndarray) -> float:
    """The threshold with the highest recall whose precision reaches the target plus a
    margin, and at which every higher threshold keeps it (no lucky dip)."""
    ts = sorted({round(float(v), 4) for v in p})
    ok = [pr(p, y, t)[0] >= TARGET_PRECISION + MARGIN for t in ts]
    for i, t in enumerate(ts):
        if all(ok[i:]):
            return t
    return 0.5


def support_bar(w: np.ndarray, held: list[dict]) -> float:
    """The score from which the held-out documents' judged candidates are right
    ``SUPPORT_PRECISION`` of the time, at every higher score keeping ``MIN_KEPT`` or more:
    a kept finding below it is marked for a person to confirm (its span may not state the
    claim). Read on documents never fitted on: fitted scores flatter."""
    x, y = matrix(held)
    p = probs(w, x)
    ts = sorted({round(float(v), 4) for v in p if (p >= v).sum() >= MIN_KEPT})
    ok = [pr(p, y, t)[0] >= SUPPORT_PRECISION for t in ts]
    return next((t for i, t in enumerate(ts) if all(ok[i:])), 0.99)


def rules_share(rows: list[dict]) -> float:
    """The page share of binding statements that tells pages of rules from a report's: the
    cut that misplaces fewest judged candidates (filings' at or above, rules' below), set
    half-way to the next share below it."""
    shares = sorted({float(r["share"]) for r in rows})

    def errors(t: float) -> int:
        return sum(1 for r in rows if (float(r["share"]) >= t) == bool(r["report"]))

    best = min(shares, key=lambda t: (errors(t), -t))
    lower = [v for v in shares if v < best]
    return round((best + lower[-1]) / 2 if lower else best, 3)


def _supported(rows: list[dict], bar: float) -> tuple[int, int, int]:
    """(supported and right, supported, right) over the kept judged candidates."""
    kept = [r for r in rows if r["kept"]]
    ok = [r for r in kept if r["score"] >= bar]
    return sum(1 for r in ok if r["keep"]), len(ok), sum(1 for r in kept if r["keep"])


MIN_RULES = 10  # the documents of rules are short: a bar over fewer says nothing


def rules_bar(w: np.ndarray, rows: list[dict]) -> float:
    """The lowest score from which the judged candidates above it are right
    ``SUPPORT_PRECISION`` of the time, over ``MIN_RULES`` or more. Not the filings' "every
    higher bar too": on pages of rules the scores are coarse (the kind's form matched, a
    heading naming it) and the few wrong ones sit at every level (an authority's duty under
    a heading that names duties), so a high bar is no surer than a low one."""
    if not rows:
        return 0.99
    x, y = matrix(rows)
    p = probs(w, x)
    ts = sorted({round(float(v), 4) for v in p if (p >= v).sum() >= MIN_RULES})
    return next((t for t in ts if pr(p, y, t)[0] >= SUPPORT_PRECISION), 0.99)


def fit_rules(w: np.ndarray, rows: list[dict], report_bar: float) -> tuple[float, float]:
    """The support bar of pages of rules, read on the judged training documents of rules
    (contracts, policies, a rule; never a filing), and its figures with each document left
    out in turn (the bar read on the others)."""
    share = rules_share(rows)
    rules = [r for r in rows if not r["report"] and float(r["share"]) >= share]
    bar = rules_bar(w, rules)
    table = []
    for doc in sorted({r["doc"] for r in rules}):
        others = [r for r in rules if r["doc"] != doc]
        held_bar = rules_bar(w, others)
        ok, n, right = _supported([r for r in rules if r["doc"] == doc], held_bar)
        table.append([f"held out: {doc}", held_bar, f"{ok}/{n}", f"{ok}/{right}"])
    reports = [r for r in rows if r["report"]]
    for doc in sorted({r["doc"] for r in reports}):
        mine = [r for r in reports if r["doc"] == doc]
        bars = {float(r["share"]) >= share for r in mine}
        ok, n, right = _supported(mine, report_bar)
        name = f"filing: {doc}" + (" (a page read as rules)" if True in bars else "")
        table.append([name, report_bar, f"{ok}/{n}", f"{ok}/{right}"])
    print_table(
        f"Support on pages of rules (page share of binding statements >= {share}); "
        "kept judged findings: supported right / supported, supported right / right",
        ["document", "bar", "precision", "recall"],
        table,
    )
    return bar, share


def fit_findings(dump: Path, *, write: bool) -> None:
    rows = load(dump)
    x, y = matrix(rows)
    w = fit(x, y)
    t = threshold(probs(w, x), y)
    prec, rec = pr(probs(w, x), y, t)
    table = [["all (fitted on)", len(rows), int(y.sum()), round(prec, 3), round(rec, 3)]]
    for doc in sorted({r["doc"] for r in rows}):
        train = [r for r in rows if r["doc"] != doc]
        test = [r for r in rows if r["doc"] == doc]
        xt, yt = matrix(train)
        wt = fit(xt, yt)
        tt = threshold(probs(wt, xt), yt)
        xv, yv = matrix(test)
        p2, r2 = pr(probs(wt, xv), yv, tt)
        table.append([f"held out: {doc}", len(test), int(yv.sum()), round(p2, 3), round(r2, 3)])
    print_table(
        "Finding relevance (judged candidates, boilerplate excluded; per-candidate figures)",
        ["set", "candidates", "keep", "precision", "recall"],
        table,
    )
    weights = {"bias": round(float(w[0]), 3)}
    weights |= {f: round(float(v), 3) for f, v in zip(FEATURES, w[1:], strict=True)}
    data = json.loads(DATA.read_text(encoding="utf-8"))
    if write:
        data["weights"], data["threshold"] = weights, round(t, 3)
    # the support bar of the weights in force after this command (refitted or kept)
    kept = np.array([data["weights"].get(k, 0.0) for k in ("bias", *FEATURES)])
    held = load(dump, held_out=True)
    support = max(float(data["threshold"]), support_bar(kept, held)) if held else 0.99
    print(f"weights {weights}; threshold {t:.3f}; in force: supported from {support:.3f}")
    on_rules, share = fit_rules(kept, load(dump) + held, support)
    print(f"pages of rules (binding share >= {share}): supported from {on_rules:.3f}")
    if write or "--support" in sys.argv:
        data["support"] = round(support, 3)
        data["support_rules"] = round(max(float(data["threshold"]), on_rules), 3)
        data["rules_share"] = share
        DATA.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {DATA}")
