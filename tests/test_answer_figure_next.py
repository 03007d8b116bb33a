"""A figure asked whose chosen sentence says what the thing is but states no amount: the
answer goes on with the next sentence of the same passage when that one states it, each
sentence cited; a sentence that states an amount, or a next one stating none, is left as
it is. Invented companies only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage, units
from agent.models.answering.figure_next import followed, next_amount
from agent.models.answering.quoted import written
from agent.models.candidates import Candidate
from agent.question import parse

TEXT = (
    "Additionally, we have performance obligations associated with commitments in customer "
    "contracts for future services that have not yet been recognized. For contracts longer "
    "than one year, those commitments were $41.2 billion as of December 31, 2025. The "
    "weighted average remaining life of the contracts is 3.1 years."
)
PLAIN = (
    "We lease our stores under operating leases. Most leases run for ten years. Renewal "
    "options are common."
)


def _first(text: str) -> Candidate:
    p = Passage(chunk_id="kv#12", doc_id="kv", page=49, page_end=49, text=text, rank=1)
    return Candidate(p, units(text)[0], 1.0, frozenset(), 0)


def test_the_amount_in_the_next_sentence_follows_the_sentence_naming_the_thing() -> None:
    c = _first(TEXT)
    nxt = next_amount(c)
    assert nxt is not None and "$41.2 billion" in nxt.text
    body = f"{c.unit.text} [kv#12]\nSupporting quotes:\n- x [kv#3]"
    line = followed(body, c, nxt).split("\n")[0]
    assert line.startswith("Additionally, we have performance obligations"), line
    assert line.endswith("as of December 31, 2025. [kv#12]"), line
    assert line.count("[kv#12]") == 2, line


def test_no_amount_next_or_an_amount_already_said_changes_nothing() -> None:
    assert next_amount(_first(PLAIN)) is None
    said = _first("Those commitments were $41.2 billion at year end. They run 3.1 years.")
    assert next_amount(said) is None


def test_the_written_answer_states_the_amount() -> None:
    c = _first(TEXT)
    q = parse("How much were Kestrelvale's customer commitments not yet recognized in 2025?")
    evidence = [Evidence(tool="search_document", query="q", passages=[c.passage])]
    lead = written(q, [c], evidence, "en").body.split("\n")[0]
    assert "$41.2 billion" in lead, lead
