"""Search words a financial or business question implies but rarely states.

Reports state the line items ("operating income", "total revenue"), questions ask for the
metric computed from them ("operating margin"). The planner adds these words to a second
query so the statements the metric is computed from are found, and the judge lets a row
naming them stand in for the metric. The words come from the vocabulary data file
(``pipeline/text/data/finance_terms.json``) that retrieval reads too.
"""

from __future__ import annotations

import re

from pipeline.text.finance import vocabulary


def metrics(question: str) -> list[tuple[str, tuple[str, ...]]]:
    """The metrics a question names (as worded there), each with the line items that
    stand in for it; longest wording first, each stretch of the question used once."""
    q = question.lower()
    vocab = vocabulary()
    found: list[tuple[int, int, tuple[str, ...]]] = []
    for m in vocab.metrics:
        if m.lines:
            found += [(h.start(), h.end(), m.lines) for p in m.patterns for h in p.finditer(q)]
    for key, lines in vocab.answer_lines.items():
        pattern = re.escape(key) if not key.isascii() else rf"\b{re.escape(key)}\b"
        found += [(h.start(), h.end(), lines) for h in re.finditer(pattern, q)]
    out: list[tuple[str, tuple[str, ...]]] = []
    taken: list[tuple[int, int]] = []
    for start, end, lines in sorted(found, key=lambda f: f[0] - f[1]):
        if any(start < e and end > s for s, e in taken):
            continue
        taken.append((start, end))
        out.append((q[start:end], lines))
    return out


def expansions(question: str) -> list[str]:
    """Related line-item words for the metrics a question names (longest names first)."""
    q = question.lower()
    out: list[str] = []
    for _, items in metrics(question):
        out += [w for w in items if w not in out and w not in q]
    return out
