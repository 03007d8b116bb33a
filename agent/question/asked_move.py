"""What a question asks of a figure's move between two periods, read from its words once:
the direction it asks about ("Did X shrink?": down; "Did X spend more in H1 FY2023 than in
H1 FY2022?": up), whether it wants the sum moved ("by how much", "the change in"), and
whether a yes or no on it is decided by the two figures alone. "Did X more than double?"
or "Did X grow faster than Y?" is not: a direction is only part of what it asks."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pipeline.text.finance import vocabulary
from pipeline.text.lexicon import alternation, pattern
from pipeline.text.script import HAN

Direction = Literal["up", "down", "any", ""]
MoveKind = Literal["difference", "direction", "comparison", ""]

_YES_NO = pattern("asking.yes_no_openers", template=r"^\W*(?:{})\b", flags=re.I)
_THRESHOLD = re.compile(
    rf"\b(?:{alternation('asked_changes.thresholds')})\b"
    # a bar in figures: "by more than 10%", "over $5 billion"
    r"|\b(?:more|less|fewer|over|under|above|below)\s+(?:than\s+)?[$€£]?\d",
    re.I,
)
_RELATIVE = pattern("asked_changes.relative_moves", flags=re.I)
# "than in H1 FY2022", "than a year earlier": the other side is a period of the same item
_THAN_PERIOD = re.compile(
    rf"\bthan\s+(?:{alternation('asked_changes.than_periods')}|\d{{2,4}})\b", re.I
)
_THAN = re.compile(r"\bthan\b", re.I)
# "spend more … than in FY2021": a comparative of size asks the direction too
_MORE = re.compile(r"\b(?:more|higher|larger|bigger|greater)\b", re.I)
_LESS = re.compile(r"\b(?:less|fewer|lower|smaller)\b", re.I)
_DIFFERENCE = re.compile(
    r"\bby how much\b|\bwhat (?:was|is|were) the (?:change|difference)\b", re.I
)
_COMPARED = re.compile(r"\bcompared?\s+(?:to|with|against)\b|\bvs\.?\b|\bversus\b", re.I)
# "compare with H1 FY2022", "versus the prior-year quarter": the other side is a period
_AGAINST_PERIOD = re.compile(
    rf"(?:{_COMPARED.pattern})\s+(?:{alternation('asked_changes.than_periods')}|fy\d{{2,4}}|\d{{4}})\b",
    re.I,
)


@dataclass(frozen=True)
class AskedMove:
    """A question's move: its kind ("difference": the sum moved; "direction": a yes or no
    on which way; "comparison": how one side compares with the other), the direction it
    names, and whether a yes or no is decided by two figures' order alone."""

    kind: MoveKind
    direction: Direction
    decided_by_two: bool
    against: bool = False  # one item set against another named after "than"


def direction(question: str) -> Direction:
    """The direction a question asks a change in: "up", "down", "any", or "" for none."""
    return _verb_direction(question) or _comparative_direction(question)


def _verb_direction(question: str) -> Direction:
    """The direction a verb of moving says ("grow", "shrink", "change")."""
    words = {w.lower() for w in re.findall(r"[\w-]+|[" + HAN + r"]+", question)}
    low = question.lower()
    for way, said in vocabulary().moves.items():
        if any((w in words) if w.isascii() else (w in low) for w in said):
            return way  # type: ignore[return-value]  # the keys are up, down and any
    return ""


def _comparative_direction(question: str) -> Direction:
    """ "Did X spend more … than in FY2021?": a comparative of size against an earlier
    period of the same item asks the direction too."""
    if not _THAN_PERIOD.search(question):
        return ""
    if _MORE.search(question):
        return "up"
    return "down" if _LESS.search(question) else ""


def asked_move(question: str) -> AskedMove:
    """The move the question asks about (kind "" when it asks none)."""
    verb = _verb_direction(question)
    way = verb or _comparative_direction(question)
    yes_no = _YES_NO.search(question) is not None
    than = _THAN.search(question) is not None
    # "than" naming another item ("grow faster than net sales") compares two rows, and a
    # move's verb beside "than" ("rise more than in 2021") compares two moves
    other_side = than and not _THAN_PERIOD.search(question)
    decided = (
        yes_no
        and way != ""
        and not _THRESHOLD.search(question)
        and not _RELATIVE.search(question)
        and not other_side
        and not (verb and than)
    )
    if _DIFFERENCE.search(question):
        kind: MoveKind = "difference"
    elif other_side:
        kind = "comparison"
    elif yes_no and way:
        kind = "direction"
    elif _COMPARED.search(question):
        kind = "comparison"
    else:
        kind = ""
    return AskedMove(kind, way, decided, other_side)


def against_period(question: str) -> bool:
    """Is what a question compares its item with a period, not another item ("How did
    sales in H1 FY2023 compare with H1 FY2022?", "… versus the prior-year quarter")? Its
    answer is the item's two figures, however the question opens."""
    return _AGAINST_PERIOD.search(question) is not None


def verdict(question: str, before: float, after: float) -> str:
    """ "Yes" or "No" on a question asking whether a figure moved a way, decided by its
    two figures (the earlier first); "" when the question asks no such yes or no, or when
    the two figures alone do not decide it."""
    move = asked_move(question)
    if not move.decided_by_two:
        return ""
    diff = after - before
    agrees = (
        diff != 0 if move.direction == "any" else diff > 0 if move.direction == "up" else diff < 0
    )
    return "Yes" if agrees else "No"
