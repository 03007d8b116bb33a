"""The rest of a sentence a chunk boundary cut: chunks do not overlap, so a sentence
running over two ends one passage without its end mark ("……位于德国巴伐利亚州加尔米") and
opens the next ("施-帕滕基兴附近。"). Its answer is in both halves: when the turn holds the
next chunk, the direct answer goes on with its opening, cited to it."""

from __future__ import annotations

from collections.abc import Sequence

from agent.evidence import Evidence, Passage, Unit, clean, passages_by_id, units
from agent.models.judge import Candidate

_END_MARKS = '.。!！?？…」』”"）)'


def continuation(c: Candidate, evidence: Sequence[Evidence]) -> tuple[Passage, Unit] | None:
    """The next chunk's opening unit when ``c`` is a sentence the chunk's end cut, and this
    turn's passages hold that chunk; None otherwise."""
    text = c.passage.text
    if c.unit.kind != "sentence" or text[c.unit.end :].strip():
        return None
    if clean(c.unit.text).rstrip()[-1:] in _END_MARKS:
        return None
    doc, _, n = c.passage.chunk_id.rpartition("#")
    nxt = passages_by_id(evidence).get(f"{doc}#{int(n) + 1}") if n.isdigit() else None
    if nxt is None:
        return None
    first = units(nxt.text)[:1]
    if not first or first[0].kind != "sentence" or nxt.text[: first[0].start].strip():
        return None
    return nxt, first[0]


def continued(body: str, c: Candidate, rest: tuple[Passage, Unit]) -> str:
    """The answer whose first line ends with the cut sentence, going on with its rest."""
    lines = body.split("\n")
    marker = f" [{c.passage.chunk_id}]"
    head = lines[0].rstrip("。.")
    tail = clean(c.unit.text).rstrip()[-6:]
    if not head.endswith(marker) or not head[: -len(marker)].rstrip().endswith(tail):
        return body  # the line is a clause of the sentence, or no sentence of it
    p, u = rest
    more = clean(u.text).strip()
    end = "" if more[-1:] in _END_MARKS else "。"
    lines[0] = f"{head[: -len(marker)]}{more}{marker} [{p.chunk_id}]{end}"
    return "\n".join(lines)
