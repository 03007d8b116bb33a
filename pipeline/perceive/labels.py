"""Label every block: clause / definition / example / data / procedure / other.

A label comes from the block's kind (a table is data), then cue words (``cues.py``) in an
order of precedence — a definition ("'Affiliate' means …") often also says "shall", and
is still a definition — then the density of figures. Credibility says whether the text
is verbatim, derived (a table with a computed total row) or an OCR reading below the
confidence threshold.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from pipeline.models import Block
from pipeline.perceive.cues import CLAUSE, DEFINITION, EXAMPLE, PROCEDURE, TOTAL_ROW
from pipeline.perceive.models import BlockLabel, Credibility, Labelled
from pipeline.text.script import UNIFIED_RE

LOW_OCR_CONFIDENCE = 0.8
"""Below this mean line confidence an OCR block is tagged low-confidence (as in Inspect)."""

_FIGURE = re.compile(r"(?<![\w.])[-+(]?\$?\d[\d,]*(?:\.\d+)?%?")
_NUMBERED_CLAUSE = re.compile(
    r"^\s*(第\s*[\d一二三四五六七八九十百零〇]+\s*条|(?:Section|Article|Clause)\s+\d+(?:\.\d+)*"
    r"|\d+(?:\.\d+)+\s)",
    re.I,
)


@lru_cache(maxsize=4096)  # a review asks for each kind's list and each single goal cue
def _cue_pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    """One regex for a cue list: English on word boundaries, Chinese anywhere. The
    boundaries wrap the whole English alternation once, not each word: the same matches,
    several times faster to scan (the review runs every list over every block)."""
    ordered = sorted(words, key=len, reverse=True)
    latin = [re.escape(w) for w in ordered if not UNIFIED_RE.search(w)]
    cjk = [re.escape(w) for w in ordered if UNIFIED_RE.search(w)]
    parts = [rf"(?<![A-Za-z])(?:{'|'.join(latin)})(?![A-Za-z])"] if latin else []
    parts += cjk
    return re.compile("|".join(parts) or r"(?!x)x", re.I)


def find_cue(text: str, words: tuple[str, ...]) -> str:
    m = _cue_pattern(words).search(text)
    return m.group(0) if m else ""


def _figure_density(text: str) -> float:
    figures = _FIGURE.findall(text)
    tokens = max(1, len(text.split()) + len(UNIFIED_RE.findall(text)) // 2)
    return len(figures) / tokens


def label_block(block: Block) -> tuple[BlockLabel, str]:
    """The label of one block, and the cue that decided it."""
    if block.kind == "table" or block.table is not None:
        return "data", "table"
    if block.kind in ("heading", "header", "footer", "caption"):
        return "other", block.kind
    text = block.text
    head = text[:120]  # definitions and examples announce themselves early
    for label, words, where in (
        ("definition", DEFINITION, head),
        ("example", EXAMPLE, head),
    ):
        cue = find_cue(where, words)
        if cue:
            return label, cue  # type: ignore[return-value]
    clause_cue = find_cue(text, CLAUSE)
    numbered = _NUMBERED_CLAUSE.match(text)
    procedure_cue = find_cue(head, PROCEDURE)
    if procedure_cue and (block.kind == "list_item" or not clause_cue):
        return "procedure", procedure_cue
    if clause_cue:
        return "clause", clause_cue
    if numbered and len(text) > 40:
        return "clause", numbered.group(1).strip()
    if _figure_density(text) >= 0.12:
        return "data", "figures"
    return "other", ""


def credibility(block: Block) -> Credibility:
    confs = [ln.conf for ln in block.lines if ln.conf is not None]
    if confs and sum(confs) / len(confs) < LOW_OCR_CONFIDENCE:
        return "low_confidence_ocr"
    if block.table is not None and any(
        row and find_cue(row[0] or "", TOTAL_ROW) for row in block.table.rows[1:]
    ):
        return "derived"
    return "verbatim"


def label_blocks(blocks: Sequence[Block]) -> list[Labelled]:
    out = []
    for b in blocks:
        label, cue = label_block(b)
        out.append(
            Labelled(n=b.n, page=b.page, label=label, credibility=credibility(b), cue=cue[:40])
        )
    return out
