"""A plain refusal is kept whole by the reflection: its sentences say what the documents do
not answer and which sections come nearest, which needs no citation. Invented headings."""

from __future__ import annotations

from agent import prompts
from agent.citations import reflect

NEAR = prompts.NEARBY_SECTIONS["en"].format(
    sections="“Harbour Leases” (p. 7) and “ITEM 8. GEAR SALES” (p. 48)"
)


def test_every_sentence_of_a_plain_refusal_is_kept() -> None:
    draft = prompts.REFUSAL["en"] + NEAR
    verdict = reflect(draft, {})
    assert verdict.claims and not verdict.problems, [(c.text, c.reason) for c in verdict.problems]
    kept = " ".join(c.text for c in verdict.claims if not c.factual or c.supported)
    assert "I found nothing in them that answers this question." in kept
    assert "“Harbour Leases” (p. 7) and “ITEM 8. GEAR SALES” (p. 48)." in kept, kept
    zh = prompts.REFUSAL["zh"] + prompts.NEARBY_SECTIONS["zh"].format(sections="“租赁”（第7页）")
    assert not reflect(zh, {}).problems


def test_a_claim_after_the_refusal_wording_still_needs_its_source() -> None:
    # the same words with a statement of the documents added is no refusal line
    draft = prompts.REFUSAL["en"] + " Harbour Gears sold 4,100 cranes in 2041."
    assert reflect(draft, {}).problems
    assert reflect("Harbour Gears sold 4,100 cranes in 2041.", {}).problems
