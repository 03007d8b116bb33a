"""What a refusal reads of the evidence (invented texts)."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.models.features import make_ask, missed, passage_hits


def _passage(n: int, text: str, section: str = "", page: int = 1) -> Passage:
    return Passage(
        chunk_id=f"d#{n}", doc_id="d", page=page, page_end=page, section=section, text=text
    )


def test_a_passage_that_leaves_out_a_rare_question_word_is_marked() -> None:
    both = _passage(0, "Port Veldra exports copper ore through its harbour.")
    one = _passage(1, "The harbour fee rose in spring.")
    ev = Evidence(
        tool="search_document",
        query="Port Veldra copper",
        passages=[both, one],
        term_df={"veldra": 1, "copper": 2, "harbour": 9},
        scope_chunks=40,
    )
    ask = make_ask("Which harbour exports Veldra copper?", [ev])
    assert missed(ask, passage_hits(ask, both)) == 0.0
    # the passage uses only the common word: the rarest one it leaves out weighs as much
    assert missed(ask, passage_hits(ask, one)) == 1.0
