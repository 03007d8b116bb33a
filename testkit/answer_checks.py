"""Checks of an answer's text that both the answer bench and the tests apply: the
numbers it states, and the faults nobody should read (a note that a figure is not given
followed by that figure, a computed margin no business has, a vocabulary key)."""

from __future__ import annotations

import re

from agent.service import ChatService

# a minus is a hyphen or the typographic sign answers print ("−$875 million", "= −28.20")
_NUM = re.compile(r"(?<![A-Za-z0-9_.])[-−]?\$?\d[\d,]*(?:\.\d+)?")
MARK = re.compile(r"\[\d+\]")
# a day of a month ("January 28, 2023") is a date, not a figure
# (a month's name or its abbreviation, whole: "margin 3.5%" and "declined 0.7" are figures)
_DAY = re.compile(
    r"\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+$",
    re.I,
)


def figures(text: str) -> list[tuple[float, int]]:
    """(value, decimals) of the numbers in a text; years, days of months and citation
    markers left out."""
    out = []
    text = MARK.sub(" ", text)
    for m in _NUM.finditer(text):
        if _DAY.search(text[max(0, m.start() - 12) : m.start()]):
            continue
        raw = m.group(0).replace("$", "").replace(",", "").replace("−", "-")
        try:
            value = float(raw)
        except ValueError:
            continue
        decimals = len(raw.split(".")[1]) if "." in raw else 0
        if decimals == 0 and 1900 <= value <= 2100 and "," not in m.group(0):
            continue  # a year ("2,064" with its separator is an amount)
        out.append((value, decimals))
    return out


# The note a figure method writes when its tables lack a figure ("The documents do not
# say what FY2017 total revenue was."), and a line item's internal key.
_SAYS_NOT = re.compile(r"\bdo(?:es)? not say what\b|文档没有提到")
_KEY = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
# what lies between −100% and 100% (a margin, a share) and what moves a figure
_BOUNDED = re.compile(
    r"margin|\bshare\b|% of|percent(?:age)? of|利润率|毛利率|净利率|占比|比例", re.I
)
_MOVE = re.compile(r"change|growth|increase|decrease|变化|增长|下降", re.I)
_BY_COUNT = re.compile(r"÷\s*\d(?![\d,.])")
_PCT_RESULT = re.compile(r"=\s*[−-]?([\d,]+(?:\.\d+)?)\s*%")


def _lines(answer: str) -> list[str]:
    for header in ("Follow-up questions:", "延伸问题："):
        answer = answer.split(header, 1)[0]
    return [ln for ln in answer.splitlines() if ln.strip()]


def self_contradicting(answer: str) -> bool:
    """Does the answer say the documents do not give a figure, then give figures (a
    line of its own stating one, outside the note)?"""
    lines = _lines(answer)
    if not any(_SAYS_NOT.search(ln) for ln in lines):
        return False
    stated = [ln for ln in lines if not _SAYS_NOT.search(ln)]
    return any(v >= 10 or d for ln in stated for v, d in figures(ln))


def insane_values(answer: str) -> int:
    """How many computed figures of the answer cannot be what they are called: a margin
    or share outside ±100%, or a percentage worked without dividing anything."""
    count = 0
    for ln in _lines(answer):
        found = list(_PCT_RESULT.finditer(ln))
        if not found or "=" not in ln:
            continue
        head, working = ln.split("=", 1)[0], ln[: found[-1].start()]
        value = float(found[-1].group(1).replace(",", ""))
        if _MOVE.search(head):
            continue  # a change in percent may well exceed 100%
        beyond = bool(_BOUNDED.search(head)) and value > 100
        # dividing by a count (an average's "÷ 3") divides no figure by another
        ratio = _BY_COUNT.sub(" ", working)
        undivided = "÷" not in ratio and "/" not in ratio
        count += int(beyond or undivided)
    return count


def internal_keys(answer: str) -> bool:
    """Does the answer's text name a line item or metric by the vocabulary's key
    ("operating_income")? A document's own words with an underscore ("formula_1" in a
    wiki dump) are quotes, not keys."""
    from pipeline.text.finance import vocabulary

    keys = set(vocabulary().items) | {m.key for m in vocabulary().metrics}
    text = re.sub(r"\[[^\]]*\]", " ", "\n".join(_lines(answer)))
    return any(k in keys for k in _KEY.findall(text))


# an annotator's note on how the question's period was read ("The answer here assumes
# FY2023 refers to the 12 months ended on …"): its "12" is no figure of the answer
_NOTE = re.compile(r"\bThe answer here assumes\b.*", re.S)


def gold_figures(answer: str) -> list[tuple[float, int]]:
    return [(v, d) for v, d in figures(_NOTE.sub("", answer)) if v != 0 or d]


def has_figure(gold: list[tuple[float, int]], answer: str) -> bool:
    """Is one of the gold figures in the answer, separators and units aside, within
    rounding (half a unit of the gold's last digit, or 1%), at any scale (millions or
    billions; a share or a percentage)? Magnitudes are compared: a decline of 10.6% is
    "−10.6%" in one answer and "a decline of 10.6%" in another gold, a net cash position
    "(105)" or "−105"."""
    shown = [abs(v) for v, _ in figures(answer)]
    for g, decimals in gold:
        tol = max(0.5 * 10**-decimals, abs(g) * 0.01)
        for a in shown:
            if any(abs(a * s - abs(g)) <= tol for s in (1, 1e3, 1e-3, 1e6, 1e-6, 100, 0.01)):
                return True
    return False


def has_every_figure(gold: list[tuple[float, int]], answer: str) -> bool:
    """Is each gold figure in the answer (as ``has_figure`` counts one)? A comparison's
    gold holds both sides, and an answer giving one of them has not compared them."""
    return bool(gold) and all(has_figure([g], answer) for g in gold)


# the verdict an answer opens with: its first word, markdown emphasis and quotes aside
_OPENING = re.compile(r"^[\s*_\"'“>#-]*(yes|no)\b", re.I)


def opening_verdict(lead: str) -> str | None:
    """ "yes" or "no" when the answer's statement opens with that word, else None."""
    m = _OPENING.match(lead)
    return m.group(1).lower() if m else None


def asked_lead(chat: ChatService, question: str, doc: str) -> str:
    """The answer to a question of one document before its supporting quotes; the
    answer must not be a refusal."""
    a = chat.ask(question, [doc]).answer
    assert not a.refused, a.answer
    return re.split("依据原文|Supporting quotes", a.answer)[0]
