"""Another company's fact the report itself states ("we and <Competitor> represented 22%
and 19% of the category") is no other company's report: one sentence writing the company
with what is asked of it (all the question's other words, or all but one in three) lifts
the other-company ruling; a sentence naming the company beside one word asked ("the gross
profit split with <Partner>" for "<Partner>'s net profit") does not. A transfer asked from
one side ("Who bought <Brand>?") is stated from the other ("we sold <Brand> to <Buyer>").
Invented report text."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.models.linked import unlinked
from agent.models.other_said import states_of_other
from agent.models.question_words import question_words

TEXT = (
    "Kestrel Optics Inc. is our principal competitor. In 2023, we and Kestrel Optics "
    "represented approximately 31% and 24%, respectively, of the U.S. architectural glass "
    "market by estimated sales. We record a charge for the 50% gross profit split with "
    "Dunmore Crystal Ltd. on the coated panels we sell together."
)


def _scope() -> list[Evidence]:
    p = Passage(chunk_id="b#1", doc_id="b", page=1, page_end=1, text=TEXT)
    return [Evidence(tool="search", query="glass", passages=[p], owner=["Brenmoor"])]


def _states(question: str, name: str) -> bool:
    scope = _scope()
    return states_of_other(question, scope, name, question_words(question, scope))


def test_a_sentence_stating_the_other_companys_fact_lifts_the_ruling() -> None:
    q = "How big was Kestrel Optics' share of the U.S. architectural glass market in 2023?"
    assert _states(q, "Kestrel Optics")


def test_a_sentence_only_naming_the_company_beside_a_word_asked_does_not() -> None:
    assert not _states("What was Dunmore Crystal's net profit in 2023?", "Dunmore Crystal")
    assert not _states("What were Kestrel Optics' total revenues in 2023?", "Kestrel Optics")


def test_a_person_asked_of_the_other_company_is_never_lifted() -> None:
    # an officer's biography writes the office beside the firm he served
    bio = "Ann Roe served as Chief Executive Officer of our Kestrel Optics Inc. account team."
    p = Passage(chunk_id="b#2", doc_id="b", page=2, page_end=2, text=bio)
    scope = [Evidence(tool="search", query="officer", passages=[p], owner=["Brenmoor"])]
    q = "Who is Kestrel Optics' chief executive officer?"
    assert not states_of_other(q, scope, "Kestrel Optics", question_words(q, scope))


def test_a_transfer_asked_from_one_side_is_stated_from_the_other() -> None:
    q = "Who bought Halden from Brenmoor?"
    words = {"bought": "bought", "halden": "halden"}
    sold = "In March we sold our Halden juice brand to Orrin Partners for $40 million."
    assert not unlinked(q, words, {"halden"}, sold)
    # the brand named in a sentence that tells of no transfer only mentions it
    assert unlinked(q, words, {"halden"}, "Our Halden juice brand was launched in 2012.")


def test_the_other_half_of_a_venture_is_stated_as_its_50_percent_owner() -> None:
    # "half" is said as "50%" (a synonym rule); "who owns" asks no office, and a firm
    # answers it
    text = "We and Tamsin Holdings formed Larkfield Play, a venture owned 50% by each party."
    p = Passage(chunk_id="b#3", doc_id="b", page=3, page_end=3, text=text)
    df = {"own": 9, "half": 2, "larkfield": 3, "play": 5}  # the scope's chunks using each
    scope = _counted([p], df)
    q = "Who owns the other half of Larkfield Play?"
    assert states_of_other(q, scope, "Larkfield Play", question_words(q, scope))
    # without a sentence saying the venture's ownership, no lift
    bare = Passage(chunk_id="b#4", doc_id="b", page=4, page_end=4, text="Larkfield Play grew.")
    scope = _counted([bare], df)
    assert not states_of_other(q, scope, "Larkfield Play", question_words(q, scope))


def _counted(passages: list[Passage], df: dict[str, int]) -> list[Evidence]:
    """A search result with the scope's counts of the question's words."""
    return [
        Evidence(
            tool="search",
            query="v",
            passages=passages,
            owner=["Brenmoor"],
            term_df=df,
            scope_chunks=90,
        )
    ]


def test_a_verb_asked_in_its_base_form_is_said_in_its_past() -> None:
    # "file" asked, "filed" said: the stem of the past drops the verb's final e
    q = "What did Halden file against Kestrel?"  # two words asked: none may be missing
    said = "In May, Halden Labs, Inc. filed a demand for arbitration against Kestrel Optics Inc."
    p = Passage(chunk_id="b#3", doc_id="b", page=3, page_end=3, text=said)
    scope = [Evidence(tool="search", query="file", passages=[p], owner=["Brenmoor"])]
    assert states_of_other(q, scope, "Halden", question_words(q, scope))


def test_a_company_named_with_an_accent_is_another_company() -> None:
    from agent.models.other_company import other_subject

    text = "Our competitors include Nestlé S.A. and Kestrel Optics Inc. in every market."
    p = Passage(chunk_id="b#4", doc_id="b", page=4, page_end=4, text=text)
    df = {"nestlé": 1, "climate": 3, "change": 5, "affect": 4, "business": 9}
    scope = [Evidence(tool="search", query="q", passages=[p], owner=["Brenmoor"], term_df=df)]
    assert other_subject("How could climate change affect Nestlé's business?", scope) == "Nestlé"
