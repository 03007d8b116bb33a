"""The rest of a sentence a chunk boundary cut: a sentence running over two chunks ends
one passage without its end mark ("……位于德国巴伐利亚州加尔米") and
opens the next ("施-帕滕基兴附近。"), or, where chunks overlap by a sentence, opens it
whole. Its answer is in both halves: when the turn holds the
next chunk, the direct answer goes on with its opening, cited to it."""

from __future__ import annotations

from collections.abc import Sequence

from agent.evidence import Evidence, Passage, Unit, clean, passages_by_id
from agent.models.cut_sentence import END_MARKS, rest_of
from agent.models.judge import Candidate


def continuation(c: Candidate, evidence: Sequence[Evidence]) -> tuple[Passage, Unit] | None:
    """The next chunk's opening unit when ``c`` is a sentence the chunk's end cut, and this
    turn's passages hold that chunk; None otherwise (``cut_sentence.rest_of``)."""
    return rest_of(c.passage, c.unit, passages_by_id(evidence))


def continued(body: str, c: Candidate, rest: tuple[Passage, Unit]) -> str:
    """The answer whose first line ends with the cut sentence, going on with its rest."""
    lines = body.split("\n")
    marker = f" [{c.passage.chunk_id}]"
    head = lines[0].rstrip("。.")
    cut = clean(c.unit.text).rstrip()
    pause = cut[-1:] if cut[-1:] in _PAUSES else ""  # "……完全中学，" written "……完全中学。"
    said = head[: -len(marker)].rstrip() if head.endswith(marker) else ""
    if not said or not said.rstrip(_PAUSES).endswith(cut.rstrip(_PAUSES)[-6:]):
        return body  # the line is a clause of the sentence, or no sentence of it
    p, u = rest
    more = clean(u.text).strip()
    end = "" if more[-1:] in END_MARKS else "。"
    lines[0] = f"{said.rstrip(_PAUSES)}{pause}{more}{marker} [{p.chunk_id}]{end}"
    return "\n".join(lines)


_PAUSES = "，、；,;"
