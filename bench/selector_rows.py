"""The selector's labelled feature rows: every candidate unit of every question, gold or not.

A CMRC unit is gold when it holds the answer span; a FinanceBench unit when it lies inside
the gold evidence on a gold page (and holds the gold figure, when any unit does). Every
unit found for a question asked of a document that does not address it is a negative.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.evidence import Evidence  # noqa: E402 - after the path set-up above
from agent.models.judge import candidates, missing_names  # noqa: E402
from bench.selector_examples import Example  # noqa: E402
from testkit.answer_checks import gold_figures, has_figure  # noqa: E402

_FEATURE_CODE = [
    ROOT / "agent" / "models" / name
    for name in (
        "features.py",
        "feature_vector.py",
        "focus.py",
        "judge.py",
        "expansions.py",
        "phrasing.py",
        "data/question_kinds.json",
        "data/phrasing.json",
    )
] + [ROOT / "agent" / "question" / "kinds.py", ROOT / "agent" / "answer_kinds.py"]


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
    left: list[float] = field(default_factory=list)  # each row's ``Candidate.left``


def _label(
    ex: Example, evidence: list[Evidence], left: list[float]
) -> tuple[list[list[float]], list[int], list[bool], bool]:
    if missing_names(ex.question, evidence):
        return [], [], [], True
    _, found = candidates(ex.question, evidence)
    xs = [list(c.features) for c in found]
    left += [c.left for c in found]
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
        xs, ys, pages, refused = _label(ex, evidence, rows.left)
        rows.refused_first.append(refused)
        rows.x += xs
        rows.y += ys
        rows.group += [g] * len(xs)
        rows.page_ok += pages
    return rows


def cached_rows(examples: list[Example], path: Path) -> Rows:
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
