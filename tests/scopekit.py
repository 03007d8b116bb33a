"""One passage of an invented company's report as a turn's evidence: the scope the
answer-layer checks (records, other companies) read. Invented names only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage


def owned_scope(
    text: str = "x", section: str = "Business", term_df: dict[str, int] | None = None
) -> list[Evidence]:
    """Brenmoor Glassworks' report holding one passage of ``text`` under ``section``."""
    p = Passage(chunk_id="b#1", doc_id="b", page=1, page_end=1, section=section, text=text)
    return [
        Evidence(
            tool="search",
            query="q",
            passages=[p],
            owner=["Brenmoor", "Glassworks"],
            names=["brenmoor"],
            term_df=term_df or {},
        )
    ]
