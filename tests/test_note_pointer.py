"""A sentence that only points to a note ("See Note 13 — Borrowings.", "详见附注七。") is
followed to that note's section, which answers, cited; the pointer itself never answers.
Every document here is invented."""

from __future__ import annotations

from pathlib import Path

from agent.evidence import Evidence, Passage
from agent.models.judge import Candidate, candidates
from agent.note_pointer import asked_note, heads_note, only_points, pointed_note
from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

_FILLER = "\n".join(
    f"## {name}\n\n{text}\n"
    for name, text in (
        ("Weaving", "Our weavers run forty looms in two shifts at the Ostby plant."),
        ("Dyeing", "Indigo and madder vats are cleaned every week by the dye crew."),
        ("Spinning", "Spinning frames turn carded wool into yarn for the looms."),
        ("Customers", "Tailors in Brelle and Vossa buy most of the cloth we weave."),
        ("Employees", "The mills employ 412 people, most of them in Ostby."),
        ("Energy", "A river turbine supplies half of the power the plant uses."),
        ("Wool supply", "Sheep farms in the Harl valley sell us their fleece each spring."),
        ("Competition", "Two larger mills in Vossa compete with us on price."),
        ("Properties", "We own the Ostby plant and a shop on Mill Lane in Brelle."),
        ("Legal proceedings", "No lawsuit against the company is pending."),
        ("Quality", "Every bolt of cloth is inspected twice before it ships."),
        ("Shipping", "Barges carry finished cloth down the river to the port of Sel."),
    )
)
REPORT = (
    "# Tarrow Mills annual report\n\n"
    "## Liquidity\n\n"
    "Tarrow Mills has arranged financing for its new looms.\n"
    "For the terms of the loom financing, see Note 13.\n\n"
    + _FILLER
    + "\n## Notes to the financial statements\n\n"
    "### Note 12. Leases\n\n"
    "The warehouses in Ostby are leased under leases ending in 2046.\n\n"
    "### Note 13. Borrowings\n\n"
    "The revolving credit facility carries interest at 4.35% per year.\n"
    "It matures in March 2047 and nothing was drawn on it at year end.\n"
)


def test_a_pointer_names_its_note_and_says_nothing_else() -> None:
    assert pointed_note("See Note 13 — Borrowings, for further information.") == "13"
    assert only_points("See Note 13 — Borrowings, for further information.")
    assert only_points("Refer to Note 4 of the Notes to Consolidated Financial Statements.")
    long = "Sales rose 9% on new looms in the north; see Note 3 for the regional detail of it."
    assert pointed_note(long) == "3" and not only_points(long)
    assert pointed_note("详见附注七。") == "7" and only_points("相关借款情况详见附注七。")
    assert not only_points("公司长期借款期末余额为3亿元，详见附注七。")
    assert asked_note("Note 13") == "13" and asked_note("附注十三") == "13"
    assert asked_note("borrowings") == ""
    assert heads_note("Note 13. Borrowings", "13") and heads_note("附注十三、借款", "13")
    assert not heads_note("Note 12. Leases", "13")


def test_the_judge_never_answers_with_a_pointer() -> None:
    text = "Tarrow Mills funds its mills from borrowings.\nSee Note 13 — Borrowings."
    p = Passage(chunk_id="tm#2", doc_id="tm", page=4, page_end=4, text=text, rank=1)
    ev = Evidence(
        tool="search_document", query="borrowings", passages=[p],
        term_df={"borrow": 3, "mill": 9}, scope_chunks=40,
    )  # fmt: skip
    _, found = candidates("What are Tarrow Mills' borrowings?", [ev])
    said = [c.unit.text for c in found if isinstance(c, Candidate)]
    assert said and not any(t.startswith("See Note") for t in said), said


def test_the_answer_is_read_from_the_note_the_pointer_names(folio: Folio, tmp_path: Path) -> None:
    doc = ingest_text(folio, tmp_path, "tarrow.md", REPORT)
    # the question's words are the pointer's ("loom financing"), none of the note's
    asked = "What are the terms of the Tarrow Mills loom financing?"
    answer = ChatService(folio).ask(asked, [doc]).answer
    assert not answer.refused, answer.answer
    assert "4.35%" in answer.answer, answer.answer
    assert any("4.35%" in c.quote for c in answer.citations), answer.citations
    assert "see Note 13" not in answer.answer and "left out" not in answer.answer, answer.answer


def test_a_lead_in_naming_a_numbered_heading_needs_no_source() -> None:
    from agent.support import is_factual

    assert not is_factual("The section “Note 13. Borrowings” says:")
    assert is_factual("Borrowings were 4,100 in 2041:")  # a figure of its own still does
