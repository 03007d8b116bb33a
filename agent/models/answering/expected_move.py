"""A forecast set against what it forecasts from, asked yes or no: "Is Best Buy's capex
expected to decline in FY24?", "Are PepsiCo's dividend payments expected to grow in 2023?",
"Is AMZN's operating income expected to grow in Q1 2020 vs Q1 2019?".

The forecast is the sentence of the turn saying what is expected of the item
(``guidance.forward``: "We currently expect capital expenditures to approximate $850
million in fiscal 2024"), its figure the first amount (or range, at its midpoint) after the
item's words; what it is compared with is the amount the sentence itself sets beside it
("…, compared with $4.4 billion in first quarter 2019"), else the item's actual of the year
before, read from the turn's tables by the figure methods. The two decide the yes or no,
said first with both figures and where each is printed. A forecast stated in the turn
alone, with nothing to set it against, answers nothing here (the guidance and sentence
strategies quote it).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from dataclasses import dataclass

from agent import prompts
from agent.evidence import Evidence, Passage, units
from agent.figures.answer import figure_candidates
from agent.figures.asking import what_is_asked
from agent.figures.formula import Cell
from agent.figures.grid import SCALES
from agent.figures.guidance import asks_guidance, forward
from agent.figures.items import years
from agent.figures.render import number
from agent.models.answering.candidate import AnswerCandidate, Strategy
from agent.models.answering.scoring import cover
from agent.models.sections import asks_yes_no
from agent.question import Question
from agent.question.asked_move import asked_move, verdict
from agent.rewrite import content_terms
from agent.scope import stem
from pipeline.text.finance import vocabulary

_SCALE = {"billion": 1e9, "million": 1e6, "thousand": 1e3}
_MONEY = r"\$\s?(\d[\d,]*(?:\.\d+)?)\s*(billion|million|thousand)?"
# "between $3.0 billion and $4.2 billion", "$96.9B – $97.9B" aside: amounts in words
_RANGE = re.compile(rf"between\s+{_MONEY}\s+and\s+{_MONEY}", re.I)
_AMOUNT = re.compile(_MONEY, re.I)
# the figure a forecast sentence sets its own beside ("compared with $4.4 billion in …")
_AGAINST = re.compile(rf"\b(?:compared (?:with|to)|versus|vs\.?|from)\s+{_MONEY}", re.I)
_WORD = re.compile(r"[A-Za-z][\w&-]+")
# a growth rate's move asked ("is growth expected to accelerate"): rates, not amounts
_RATE = re.compile(r"\b(?:growth|accelerat\w*|decelerat\w*|faster|slower|margin|rate)\b", re.I)
# a forecast and its comparison this far apart are of two measures (EPS against sales)
_APART = 1000.0


@dataclass(frozen=True)
class _Forecast:
    passage: Passage
    sentence: str
    value: float  # in units (dollars), a range at its midpoint
    shown: str  # as the sentence words it: "capital expenditures to approximate $850 million"
    against: tuple[float, str] | None  # the figure the sentence sets it beside


def _applies(q: Question) -> bool:
    return (
        q.page is None
        and not _RATE.search(q.text)
        and asks_guidance(q.text)
        and asks_yes_no(q.text)
        and asked_move(q.text).decided_by_two
    )


def _value(digits: str, scale: str | None) -> float:
    return float(digits.replace(",", "")) * _SCALE.get((scale or "").lower(), 1.0)


def _shown(digits: str, scale: str | None) -> str:
    return f"${digits}{f' {scale.lower()}' if scale else ''}"


def _item_stems(question: str) -> set[str]:
    """The item's words: the question's own and, for an item of the vocabulary, its
    names' ("capex" is printed "capital expenditures")."""
    ask = what_is_asked(question)
    words = [w for w in content_terms(question) if not any(c.isdigit() for c in w)]
    item = vocabulary().items.get(ast.unparse(ask.formula)) if ask and ask.single else None
    names = list(item.names) if item is not None else []
    stems = {stem(w.lower()) for w in words}
    stems |= {stem(w.lower()) for n in names for w in content_terms(n)}
    return stems - _MOVE_STEMS


_MOVE_STEMS = {stem(w) for w in ("expected", "expect", "grow", "increase", "decline", "go", "up")}


def _forecast(question: str, evidence: Sequence[Evidence]) -> _Forecast | None:
    """The forecast sentence naming the item, its figure read after the item's words: the
    one saying most of the item's words, then one setting a figure beside its own, then
    the one whose figure follows the item's words closest."""
    wanted = _item_stems(question)
    best: tuple[tuple[int, bool, int], _Forecast] | None = None
    for ev in evidence:
        for p in ev.passages:
            for u in units(p.text):
                found = _read(" ".join(u.text.split()), wanted) if u.kind == "sentence" else None
                if found is None:
                    continue
                said, value, shown, side = found
                rank = (said, side is not None, -len(shown))
                if best is None or rank > best[0]:
                    best = (rank, _Forecast(p, u.text.strip(), value, shown, side))
    return best[1] if best else None


def _read(text: str, wanted: set[str]) -> tuple[int, float, str, tuple[float, str] | None] | None:
    """How many item words the sentence says, and the first amount after the first of
    them (a range at its midpoint) as the sentence words it from that word on ("capital
    expenditures to approximate $850 million"), with the figure it is set beside; None
    for none."""
    hits = [m for m in _WORD.finditer(text) if stem(m.group(0).lower()) in wanted]
    if not hits:
        return None
    said = len({stem(m.group(0).lower()) for m in hits})
    start = hits[0].start()
    after = text[start:]
    against = _AGAINST.search(after)
    side = (_value(*against.groups()), _shown(*against.groups())) if against else None
    rng, one = _RANGE.search(after), _AMOUNT.search(after)
    if rng is not None and (one is None or rng.start() <= one.start()):
        lo, hi = _value(*rng.groups()[:2]), _value(*rng.groups()[2:])
        end, value = rng.end(), (lo + hi) / 2
    elif one is None or (against is not None and one.start() >= against.start()):
        return None  # the only amount after the item is the one it is compared with
    else:
        end, value = one.end(), _value(*one.groups())
    # the sentence up to its figure says it is expected: a forecast, not the year's actual
    if not forward(text[: start + end]):
        return None
    return said, value, after[:end], side


def _actual(
    question: str, year: int, evidence: Sequence[Evidence], lang: prompts.Lang
) -> Cell | None:
    """The item's actual of the year before the forecast's, read by the figure methods."""
    ask = what_is_asked(question)
    if ask is None or not ask.single:
        return None
    for fa in figure_candidates(f"What was {ask.name} in FY{year - 1}?", evidence, lang):
        cell = next((c for c in fa.cells if c.year == year - 1), None)
        if fa.lines and cell is not None:
            return cell
    return None


def _candidates(
    q: Question, evidence: Sequence[Evidence], lang: prompts.Lang
) -> list[AnswerCandidate]:
    if lang != "en":
        return []
    f = _forecast(q.text, evidence)
    ys = years(q.text)
    if f is None or not ys:
        return []
    year = max(ys)
    cited = [f.passage]
    if f.against is not None:
        before, then = f.against
    else:
        cell = _actual(q.text, year, evidence, lang)
        if cell is None:
            return []
        before = abs(cell.value) * SCALES.get(cell.scale, 1.0)
        raw = cell.raw.strip("()$ ") if cell.raw else number(cell.value)
        scale = f" {cell.scale.rstrip('s')}" if cell.scale in SCALES else ""
        held = _passage(evidence, cell)
        cited += [held] if held is not None else []
        then = f"${raw}{scale} in FY{year - 1} [{cell.chunk_id}]"
    if not before or not f.value or max(before / f.value, f.value / before) > _APART:
        return []
    said = verdict(q.text, before, f.value)
    if not said:
        return []
    amounts = [_shown(*a) for a in _AMOUNT.findall(f.shown)]
    figure = " – ".join(amounts[-2:]) if _RANGE.search(f.shown) else amounts[-1]
    sentence = f.sentence.strip().lstrip("•▪● ").rstrip(".")
    body = (
        f"{said}: {figure} is expected [{f.passage.chunk_id}], against {then}. "
        f"The forecast: “{sentence}” [{f.passage.chunk_id}]."
    )
    return [
        AnswerCandidate(
            "expected_move",
            "figure",
            body,
            cited=cited,
            quoted=[f.sentence],
            cover=cover(q, [body]),
            traced=1.0,
            ruled=True,
        )
    ]


def _passage(evidence: Sequence[Evidence], cell: Cell) -> Passage | None:
    return next((p for ev in evidence for p in ev.passages if p.chunk_id == cell.chunk_id), None)


STRATEGY = Strategy("expected_move", _applies, _candidates, frozenset({"figure"}))
