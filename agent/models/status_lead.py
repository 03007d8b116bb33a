"""Where a matter stands: the answer leads with its latest step, not its opening.

"Where does the class action against Acme stand?" shares its words with the sentence that
opens the matter's story ("In February 2011, a purported class action lawsuit captioned
… was filed against us"), which the selector ranks first; where it stands is told at the
end of that story, in a sentence that may share none of them ("Briefing is complete and
we await a ruling."). A legal note tells each matter in the order things happened, in a
paragraph or a few, which the chunker may cut into several chunks. So the lead is the
last sentence of the story, from the first unit on, holding a mark of a step taken or
awaited (a ruling, an appeal, a stay, a settlement: ``question_kinds.json`` "status"); the
opening stays among the quotes. The story runs on into the chunks shortly after, of the
same section, that the turn holds and that still name the matter (a name the question
asks of that the first unit uses); within the first chunk it stops at a blank line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from agent.evidence import Evidence, Passage, Unit, passages_by_id, units
from agent.models.candidates import Candidate
from agent.question.kinds import asks_status, marks
from agent.scope import stem, word_set

_PARAGRAPH = re.compile(r"\n\s*\n")  # a blank line: the next matter's paragraph
_NAME = re.compile(r"(?<!^)\b[A-Z][\w&-]*")  # a capitalised word inside the question
_AFTER = 5  # chunks: a matter's paragraphs run over a few at most


def status_first(
    question: str, chosen: list[Candidate], evidence: Sequence[Evidence]
) -> list[Candidate]:
    """``chosen`` led by the latest step of the matter its first unit opens, when the
    question asks where a matter stands and a later sentence of its story tells a step;
    unchanged otherwise (nothing chosen is dropped)."""
    if not chosen or not asks_status(question):
        return chosen
    first = chosen[0]
    if first.unit.kind != "sentence":
        return chosen  # a table row opens no matter's story
    names = {stem(w) for w in _NAME.findall(question.strip())} & first.matched
    story = [first.passage, *told_on(first.passage, evidence, names)]
    step = None
    for i, p in enumerate(story):
        found = latest_step(p.text, first.unit if i == 0 else None)
        if found is not None:
            step = (p, found)
        if found is None and i == 0 and _ends_paragraph(p.text, first.unit):
            break
    if step is None or (step[0] is first.passage and step[1].start == first.unit.start):
        return chosen
    lead = replace(first, passage=step[0], unit=step[1])
    return [lead, *chosen]


def told_on(
    p: Passage, evidence: Sequence[Evidence], names: set[str] | None = None
) -> list[Passage]:
    """The chunks shortly after ``p`` that the turn holds, in order, of its section (and,
    with ``names``, naming one of them: none without a name to follow); a chunk between
    that the turn lacks is skipped."""
    doc, _, n = p.chunk_id.rpartition("#")
    if (names is not None and not names) or not n.isdigit():
        return []
    held = passages_by_id(evidence)
    out = []
    for k in range(int(n) + 1, int(n) + 1 + _AFTER):
        nxt = held.get(f"{doc}#{k}")
        if nxt is None or nxt.section != p.section:
            continue
        if names is None or names & word_set(nxt.text):
            out.append(nxt)
    return out


def _ends_paragraph(text: str, opening: Unit) -> bool:
    return _PARAGRAPH.search(text, opening.end) is not None


def latest_step(text: str, opening: Unit | None) -> Unit | None:
    """The last sentence of the paragraph ``opening`` is in (of the text's first paragraph
    when None), from ``opening`` on, holding a mark of a step; None when none does."""
    start = opening.start if opening is not None else 0
    end = _PARAGRAPH.search(text, opening.end if opening is not None else 0)
    stop = end.start() if end else len(text)
    held = marks().status_held
    steps = [
        u
        for u in units(text)
        if u.kind == "sentence" and start <= u.start and u.end <= stop and held.search(u.text)
    ]
    return steps[-1] if steps else None
