"""What out of the ordinary moved a result ("Were there any events outside <Company>'s
standard operations that substantially increased net income in 2019?"): a filing says such
an event in a sentence naming it (a gain on a sale, an impairment, a legal settlement, a tax
law's effect, a tender offer's charge), often beside the result it moved ("Included within
net earnings … for fiscal 2017 is $161 million … due to … litigation settlements").

The question names the result, so a figure lookup reads the result's amount, which says
nothing of the events behind it. Here the turn's sentences naming such an event are read
instead (``lexicon/unusual_items.json`` "events"), each weighed by whether it is of the year
asked, how many events it names, whether it moves the result the way asked (a gain for an
increase, a charge for a decrease) and whether it names the result; a statement of what
may be ("could", "may") is a risk, not an event, a sentence saying the event moved something
("… increased primarily due to the gain on the sale of …") ranks above one only naming
it, and a sentence over a table ("… were as follows") states no event itself. The best one
answers, with "Yes" when the question asks yes or no, and the next two are quoted after it."""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from agent import prompts
from agent.evidence import Evidence, Passage, Unit, clean, units
from agent.models.answering.candidate import AnswerCandidate, Strategy
from agent.models.answering.cause import cause_mark
from agent.models.answering.scoring import cover, passages_text
from agent.models.candidates import Candidate
from agent.models.sections import asks_yes_no
from agent.models.writing import sentence
from agent.question import Question
from agent.question.unusual import Way, asked_way, asks_unusual
from agent.sections import section_words
from pipeline.text import lexicon
from pipeline.text.periods import LONE_YEAR_RE

log = logging.getLogger(__name__)

MAX_QUOTED = 2
_MIN_CHARS = 40  # a shorter "sentence" is a heading or a table's caption
_MAX_EVENTS = 3  # more event words make a sentence no surer
_WORDS = r"(?<![\w-])(?:{})(?![\w-])"
_AMOUNT = re.compile(r"\$\s?\d")
_CAUSED = 1.5  # a sentence saying the event moved something
_LEAD_IN = 3.0  # a sentence over a table ("… were as follows"): its rows say the events
_DENIED = 3.0  # a sentence denying an event ("there were no net gains …")


@dataclass(frozen=True)
class _Said:
    score: float
    order: int
    passage: Passage
    unit: Unit


@cache
def _pattern(key: str) -> re.Pattern[str]:
    return lexicon.pattern(f"unusual_items.{key}", template=_WORDS, flags=re.I, space=r"\s+")


def _hedged(text: str) -> bool:
    """A statement of what may be ("could result in impairment charges") is a risk."""
    return re.search(section_words()["hedges"]["en"], text, re.I) is not None


def _way_fit(way: Way, text: str) -> float:
    """2 when the sentence moves the result the way asked, -2 when only the other way."""
    if not way:
        return 0.0
    up, down = bool(_pattern("gains").search(text)), bool(_pattern("charges").search(text))
    said, other = (up, down) if way == "up" else (down, up)
    return 2.0 if said else -2.0 if other else 0.0


def _year_fit(years: set[str], text: str, passage: str) -> float | None:
    """2 for a sentence naming a year asked, 1 for one in a passage naming it; None for a
    sentence only of other years (another year's event), or none when the passage names
    none either."""
    if not years:
        return 0.0
    said = set(LONE_YEAR_RE.findall(text))
    if said & years:
        return 2.0
    if said or not set(LONE_YEAR_RE.findall(passage)) & years:
        return None
    return 1.0


def _scored(q: Question, way: Way, p: Passage, u: Unit, order: int) -> _Said | None:
    text = clean(u.text)
    if len(text) < _MIN_CHARS or _hedged(text):
        return None
    events = {m.group(0).lower() for m in _pattern("events").finditer(text)}
    dated = _year_fit({str(y) for y in q.periods}, text, f"{p.section}\n{p.text}")
    if not events or dated is None:
        return None
    score = dated + min(len(events), _MAX_EVENTS) + _way_fit(way, text)
    score += 1.0 if _pattern("results").search(text) else 0.0
    # "… increased primarily due to the gain on the sale …" says what moved a result
    score += _CAUSED if cause_mark(text) is not None else 0.0
    score -= _LEAD_IN if _pattern("lead_ins").search(text) or text.endswith(":") else 0.0
    # "there were no net gains or losses recognized …" denies an event
    score -= _DENIED if re.search(section_words()["negation"]["en"], text, re.I) else 0.0
    score += 0.5 if _AMOUNT.search(text) else 0.0
    return _Said(score, order, p, u)


def said_events(q: Question, evidence: Sequence[Evidence]) -> list[_Said]:
    """The turn's sentences naming an unusual event of the period asked, the best first."""
    way = asked_way(q.text)
    found: list[_Said] = []
    seen: set[str] = set()
    for ev in evidence:
        for p in ev.passages:
            for u in units(p.text):
                key = clean(u.text)
                if u.kind != "sentence" or key in seen:
                    continue
                seen.add(key)
                if (s := _scored(q, way, p, u, len(found))) is not None:
                    found.append(s)
    found.sort(key=lambda s: (-s.score, s.order))
    for s in found[:6]:
        log.debug("%.1f p%d %s", s.score, s.passage.page, clean(s.unit.text)[:160])
    return found


def _cited(s: _Said) -> str:
    return sentence(s.unit.text, Candidate(s.passage, s.unit, 0.0, frozenset(), 0), "en")


def _candidates(
    q: Question, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[AnswerCandidate]:
    found = said_events(q, evidence)
    if not found:
        return []
    best, rest = found[0], found[1 : 1 + MAX_QUOTED]
    verdict = f"{section_words()['leads']['en']['yes']} " if asks_yes_no(q.text) else ""
    lines = [f"{verdict}{_cited(best)}"]
    if rest:
        lines += [prompts.SUPPORT_HEADER[lang], *(f"- {_cited(s)}" for s in rest)]
    cited = [s.passage for s in (best, *rest)]
    return [
        AnswerCandidate(
            "unusual",
            "explanation",
            "\n".join(lines),
            cited=cited,
            quoted=[clean(s.unit.text) for s in (best, *rest)],
            cover=cover(q, passages_text(cited)),
            ruled=True,  # another company's or period's events are refused before them
        )
    ]


def _applies(q: Question) -> bool:
    return q.lang == "en" and q.page is None and asks_unusual(q.text)


STRATEGY = Strategy("unusual", _applies, _candidates, frozenset({"explanation"}))
