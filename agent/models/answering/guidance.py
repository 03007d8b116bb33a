"""Guidance asked ("What adjusted EPS did J&J guide for 2023 in July 2023, at the
midpoint?"): the measure's range, midpoint or change read from the turn's guidance
tables (``figures/guidance_cells.py``), in the column of the month asked (the latest
forecast, the first column, when none is named). The measure is the row whose label the
question says most of and adds least to ("adjusted EPS" is not "adjusted operational
EPS"); its change on the prior year when the question asks a growth or a change; the end
of the range the question names, or its midpoint, or the range with its midpoint."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent import prompts
from agent.evidence import Evidence
from agent.figures.guidance import asks_guidance
from agent.figures.guidance_cells import Guided, guided
from agent.models.answering.candidate import AnswerCandidate, Strategy
from agent.models.answering.scoring import cover
from agent.models.sections import asks_yes_no
from agent.question import Question
from agent.scope import stem
from pipeline.text import lexicon
from pipeline.text.periods import DATED_RE, YEAR

_AS_WORDS = r"(?<![\w-])(?:{})(?![\w-])"
_CHANGE = lexicon.pattern("guidance.asked_change", template=_AS_WORDS, flags=re.I)
_HIGH = lexicon.pattern("guidance.asked_high", template=_AS_WORDS, flags=re.I)
_LOW = lexicon.pattern("guidance.asked_low", template=_AS_WORDS, flags=re.I)
_MID = lexicon.pattern("guidance.row_words", template=_AS_WORDS, flags=re.I)
_WORD = re.compile(r"[A-Za-z&]{2,}")
_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_ISSUED = re.compile(rf"\b(?:{_MONTHS})\s+{YEAR}\b(?!\s*,)", re.I)


def _applies(q: Question) -> bool:
    # a yes/no question ("Is growth expected to accelerate?") asks a verdict, which the
    # guided figure alone does not say
    return q.page is None and asks_guidance(q.text) and not asks_yes_no(q.text)


def _words(text: str) -> set[str]:
    return {stem(w.lower()) for w in _WORD.findall(text)}


def _head(measure: str) -> str:
    """The measure's last word outside its parentheses, stemmed."""
    words = _WORD.findall(re.sub(r"\([^)]*\)", " ", measure))
    return stem(words[-1].lower()) if words else ""


def _fit(g: Guided, asked: set[str]) -> tuple[int, int]:
    """How many of the measure's words the question says, less those it leaves out."""
    own = _words(g.measure)
    return len(own & asked), -len(own - asked)


def _own_month(month: str, g: Guided, evidence: Sequence[Evidence]) -> bool:
    """Is the month asked that of the document's own date ("(July 20, 2023)" on its first
    page), as a passage of its first page in the turn prints it?"""
    asked = month.lower().split()
    for ev in evidence:
        for p in ev.passages:
            if p.doc_id == g.passage.doc_id and p.page == 1:
                m = DATED_RE.search(p.text)
                if m and [m.group(0).split()[0].lower(), m.group(0).split()[-1]] == asked:
                    return True
    return False


def _chosen(q: Question, rows: Sequence[Guided], evidence: Sequence[Evidence]) -> Guided | None:
    asked = _words(q.text)
    change = _CHANGE.search(q.text) is not None
    # the measure's own noun ("EPS" of "Adjusted EPS (Diluted)") is asked, not a
    # qualifier it shares with another ("operational" sales for operational EPS)
    kept = [g for g in rows if g.change == change and _head(g.measure) in asked]
    if not kept:
        return None
    named = [g for g in kept if g.column and g.column.lower() in q.text.lower()]
    month = _ISSUED.search(q.text)
    if month and not named:
        # the month asked is none of the columns': not given; with the columns undated,
        # the first is the forecast the release gives itself, in the month of its date
        if any(g.column for g in kept) or not _own_month(month.group(0), kept[0], evidence):
            return None
        kept = [g for g in kept if g.index == 0]
    kept = named or [g for g in kept if g.column == kept[0].column]  # else the latest
    return max(kept, key=lambda g: _fit(g, asked))


def guided_row(q: Question, evidence: Sequence[Evidence]) -> Guided | None:
    """The guidance row answering the question, of the turn's guidance tables, if any."""
    return _chosen(q, guided(evidence), evidence)


def _said(q: Question, g: Guided) -> str:
    """The figure asked of the range: an end, the midpoint, or the range and midpoint."""
    what = f"{g.measure}{' change vs. prior year' if g.change else ''}"
    given = f"{g.column} guidance" if g.column else "guidance"
    when = f" ({given}, {g.title})" if g.title else f" ({given})"
    if _HIGH.search(q.text):
        return f"{what}{when}: top of the range {g.high}, of {g.low} – {g.high}"
    if _LOW.search(q.text):
        return f"{what}{when}: low end of the range {g.low}, of {g.low} – {g.high}"
    mid = f", midpoint {g.mid}" if g.mid else ""
    if _MID.search(q.text) and g.mid:
        return f"{what}{when}: midpoint {g.mid}, of a range of {g.low} – {g.high}"
    return f"{what}{when}: {g.low} – {g.high}{mid}"


def _candidates(
    q: Question, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[AnswerCandidate]:
    g = guided_row(q, evidence)
    if g is None:
        return []
    cited = [g.passage, *([g.heading] if g.heading and g.heading is not g.passage else [])]
    body = f"{_said(q, g)} {' '.join(f'[{p.chunk_id}]' for p in cited)}."
    return [
        AnswerCandidate(
            "guidance",
            "figure",
            body,
            cited=cited,
            quoted=[g.row],
            cover=cover(q, [body, g.row, g.passage.section]),
            traced=1.0,  # every figure said is a cell's, as printed
            # the report's own guidance: another company's or an uncovered period's
            # outlook asked is refused before it, as a looked-up figure is
            ruled=True,
        )
    ]


STRATEGY = Strategy("guidance", _applies, _candidates, frozenset({"figure"}))
