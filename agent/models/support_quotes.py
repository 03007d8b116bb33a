"""Which units may stand as supporting quotes under an answer's lead (``writing.py``).

Found in the app: "Who is the chief executive officer?" answered with the officer's
sentence, then "Supporting quotes: Officer) ." (the end of a signature's capacity cut by
a line break) and "Directors, Executive Officers, and Corporate Governance" (a section's
title, which its source card already shows); "Who is the chief financial officer?"
quoted the certification the officer signs and its exhibit index row. None of these
supports the answer a reader is given:

- a fragment: fewer than two words said (four Chinese characters, a figure counting as a
  word of two: "享年73岁。" is a sentence, "元" is none; a whole Chinese sentence, closed
  by its end mark, needs three);
- a section's own title;
- the lead's own line printed again on another page (a report's footer under each
  statement: "法定代表人：苏江华" quoted three times), unless what it goes on to say uses a
  Chinese question word the lead does not (two sentences of an article opening with the
  same long name, the second saying what is asked);
- a report's back matter (exhibit index, signatures, contents, certifications; the shared
  boilerplate classifier) when the lead is not back matter itself;
- under a table row, another line item's row beside it that the question does not ask
  for (``sibling_rows.py``);
- with several documents in scope, another document's unit that states none of the
  lead's figures (a later release's guidance row under a quarter's EPS row): another
  report supports a figure only by stating it too.

The filter is applied to the quotes only, after the lead is chosen: the lead (the office
holder's sentence, a signature line when only it names the holder) is never changed by it.
"""

from __future__ import annotations

import re

from agent.models.candidates import Candidate
from agent.models.phrasing import phrasing_words
from agent.models.rarity import information
from agent.models.sibling_rows import sibling
from agent.rewrite import key_terms
from agent.scope import stem
from pipeline.text.boilerplate import kind_of
from pipeline.text.periods import YEAR
from pipeline.text.script import HAN_RE, han_count

_BACK_MATTER = frozenset({"exhibits", "signature", "contents", "certification"})
_WORD = re.compile(r"[^\W\d_]{2,}")
_NUMBERING = re.compile(r"^\s*(?:part\s+[ivx]+|item\s+\d+[a-z]?)?[\s.:,—-]*", re.I)
_MIN_WORDS = 2
_FIGURE = re.compile(r"\d+(?:[.,]\d+)*")
_YEAR = re.compile(YEAR)
_END_MARKS = "。！？!?"
_MIN_REPEAT = 6  # characters: a shorter lead ("Yes.") starts many lines by chance
_REPEAT_SHARE = 0.5
_TELLING = 0.35  # ``rarity.information`` of a word that says what is asked ("开馆", not "公司")


def back_matter(text: str) -> bool:
    return kind_of(text) in _BACK_MATTER


def _fragment(text: str) -> bool:
    if han_count(text):  # Chinese writes a word in two characters or so, and no spaces
        said = han_count(text) + 2 * len(_FIGURE.findall(text))
        whole = text.rstrip()[-1:] in _END_MARKS  # a sentence, not a cut piece of one
        return said < 2 * _MIN_WORDS - (1 if whole else 0)
    return len(_WORD.findall(text)) < _MIN_WORDS


def _section_title(c: Candidate) -> bool:
    """The unit is the title its passage is filed under ("Item 10. Directors, …")."""
    said = _plain(c.unit.text)
    return bool(said) and any(_plain(part) == said for part in c.passage.section.split(" > "))


def _plain(text: str) -> str:
    return " ".join(_NUMBERING.sub("", text).lower().strip(" .:").split())


def _repeats(c: Candidate, lead: Candidate, question: str) -> bool:
    """The lead's line printed again on another page, whatever follows it there
    ("法定代表人：苏江华 …" under every statement of a report, then the next title): the
    two open alike for half the shorter or more, and what the quote goes on to say uses
    no Chinese word of the question that the lead leaves out."""
    said, again = _squeezed(lead.unit.text), _squeezed(c.unit.text)
    shared = next(
        (i for i, (a, b) in enumerate(zip(said, again, strict=False)) if a != b),
        min(len(said), len(again)),
    )
    alike = shared >= _MIN_REPEAT and shared >= _REPEAT_SHARE * min(len(said), len(again))
    if c.passage.page == lead.passage.page or not alike:
        return False
    return not any(w in again[shared:] and w not in said for w in _asked_words(question))


def _asked_words(question: str) -> list[str]:
    """The Chinese content words of the question that say something in general language
    (not its asking words, not an everyday word such as 公司 that any line may use)."""
    if not question or not HAN_RE.search(question):
        return []
    phrasing = phrasing_words(question)
    return [
        t.lower()
        for t in key_terms(question)
        if HAN_RE.search(t) and stem(t) not in phrasing and information(t) >= _TELLING
    ]


def _squeezed(text: str) -> str:
    return "".join(text.split()).lower()


def supports(c: Candidate, lead: Candidate, question: str = "") -> bool:
    """May ``c`` be quoted under the answer led by ``lead`` (to ``question``)?"""
    if _fragment(c.unit.text) or _section_title(c) or _repeats(c, lead, question):
        return False
    if c.passage.doc_id != lead.passage.doc_id and not _states_lead_figure(c, lead):
        return False
    rows = c.unit.kind == lead.unit.kind == "row"
    if rows and question and sibling(c.unit.text, lead.unit.text, question):
        return False  # another line item beside the lead's row, not asked
    return not back_matter(c.unit.text) or back_matter(lead.unit.text)


def _states_lead_figure(c: Candidate, lead: Candidate) -> bool:
    """Does ``c`` state an amount the lead states (a lead stating none: any unit may)?
    Years are no amounts ("2022" heads both reports' columns)."""
    amounts = {f for f in _FIGURE.findall(lead.unit.text) if not _YEAR.fullmatch(f)}
    return not amounts or bool(amounts & set(_FIGURE.findall(c.unit.text)))
