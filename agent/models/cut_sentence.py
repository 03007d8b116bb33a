"""The rest of a sentence a chunk boundary cut.

A sentence running over two chunks ends one passage without its end mark ("……位于德国巴伐利亚
州加尔米", "……入职总理都会宣") and opens the next ("施-帕滕基兴附近。", "誓，截至2006年……"),
or, where chunks overlap by a sentence, opens it whole ("……死⏎前派遣……。"). The words the
question asks may lie across the cut ("宣" + "誓"): the unit is read with its rest, which
the turn's passages hold when the search brought the next chunk (``tools._with_continuations``).
"""

from __future__ import annotations

from collections.abc import Mapping

from agent.evidence import Passage, Unit, clean, units

END_MARKS = '.。!！?？…」』”"）)'


def rest_of(p: Passage, u: Unit, by_id: Mapping[str, Passage]) -> tuple[Passage, Unit] | None:
    """The next chunk and its opening unit (less any half it repeats) when ``u`` is a
    sentence that ``p``'s end cut and ``by_id`` (this turn's passages) holds that chunk."""
    if u.kind != "sentence" or p.text[u.end :].strip():
        return None
    if clean(u.text).rstrip()[-1:] in END_MARKS:
        return None
    doc, _, n = p.chunk_id.rpartition("#")
    nxt = by_id.get(f"{doc}#{int(n) + 1}") if n.isdigit() else None
    if nxt is None:
        return None
    first = units(nxt.text)[:1]
    if not first or first[0].kind != "sentence" or nxt.text[: first[0].start].strip():
        return None
    rest = _past_overlap(first[0], u.text)
    return (nxt, rest) if rest is not None else None


def _past_overlap(first: Unit, cut: str) -> Unit | None:
    """The next chunk's opening unit less the cut half it repeats: chunks overlap by a
    sentence, so one a page break cut opens the next chunk whole ("……死⏎前派遣……。"), and
    only what follows the cut half goes on with it (None when nothing does)."""
    head = cut.strip()
    if not head or not first.text.startswith(head):
        return first
    rest = first.text[len(head) :]
    if not rest.strip():
        return None
    skip = len(rest) - len(rest.lstrip())
    return Unit(first.start + len(head) + skip, first.end, rest.lstrip(), first.kind)
