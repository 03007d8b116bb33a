"""One source card per place: two citations a reader would see as the same card are one.

Two claims of an answer may cite the same place by different spans: the lead cites a
sentence ending in its full stop and the supporting quote the same words without it, or the
lead cites a clause whose highlight is the same lines as the whole sentence's (its words
not narrowed). Each would get a card quoting the same words and marking the same boxes.
A span inside another with a highlight of its own (the clause marked alone) stays a card
of its own: it shows the reader the exact words the claim rests on.
"""

from __future__ import annotations

from collections.abc import Sequence

from agent.schemas import Citation

# what may end one quote and not the other of the same words
_ENDS = " \t\n.。;；,，:：!！?？"


def said(quote: str) -> str:
    """A quote's words as a reader compares two cards: spaces single, no end mark."""
    return " ".join(quote.split()).strip(_ENDS)


def _marks(c: Citation) -> tuple[object, ...]:
    """What the card highlights: its boxes, or for a document without pages its lines."""
    if c.boxes:
        return tuple(sorted((p, tuple(round(v, 1) for v in box)) for p, box in c.boxes))
    return tuple(sorted(set(c.line_nos)))


def same_card(a: Citation, b: Citation) -> bool:
    """Would a reader see the two citations as one card: the same document and page, the
    same words, or the words of one inside the other's with the same highlight?"""
    if a.doc_id != b.doc_id or a.page != b.page:
        return False
    x, y = said(a.quote), said(b.quote)
    if not x or not y:
        return False
    if x == y:
        return True
    return (x in y or y in x) and _marks(a) == _marks(b)


def twin_of(new: Citation, cites: Sequence[Citation]) -> int | None:
    """The index in ``cites`` of the card ``new`` would repeat, or None."""
    return next((i for i, c in enumerate(cites) if same_card(new, c)), None)


def wider(new: Citation, old: Citation) -> Citation:
    """The one card kept of two twins, under the old card's number: the one quoting more
    (the whole sentence, its full stop with it), so the card reads as the document prints."""
    if len(said(new.quote)) > len(said(old.quote)) or (
        said(new.quote) == said(old.quote) and len(new.quote.strip()) > len(old.quote.strip())
    ):
        return new.model_copy(update={"marker": old.marker})
    return old
