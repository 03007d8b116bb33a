"""A term's meaning asked ("What is a tariff?", "What does DSD stand for?", "How does
<Company> define free cash flow?") is answered by a unit defining the term, which leads;
a report that only uses the term does not say what it means, and another company asked to
define it is answered only by a unit naming that company. Invented report text."""

from __future__ import annotations

import pytest

from agent.evidence import Evidence, Passage
from agent.models.definition_asked import asked_term, defines, undefined
from agent.models.judge import judge

USES = (
    "Higher tariffs on components and the renegotiation of trade agreements could raise "
    "our costs. Tariffs and quotas may delay shipments of our products."
)
GLOSSARY = (
    "Counter Delivery (CD): delivery system used by us and our distributors to bring "
    "products directly to the stores where they are sold."
)
DEFINE_AS = "We define free cash flow as net cash from operating activities less capital spending."
FIGURE = "Free cash flow was $7,157 million in 2024, up from $6,428 million a year earlier."


@pytest.mark.parametrize(
    ("question", "term", "definer"),
    [
        ("What is a tariff?", "tariff", ""),
        ("What is greening disease?", "greening disease", ""),
        ("What does CD stand for in Brenmoor's 10-K?", "CD", ""),
        ("How does Brenmoor define free cash flow?", "free cash flow", "Brenmoor"),
        ("What does Brenmoor mean by bottler funding?", "bottler funding", "Brenmoor"),
        ("What is the definition of organic revenue growth?", "organic revenue growth", ""),
    ],
)
def test_a_definition_asked_names_its_term_and_definer(
    question: str, term: str, definer: str
) -> None:
    asked = asked_term(question)
    assert asked is not None and (asked.term, asked.definer) == (term, definer)


@pytest.mark.parametrize(
    "question",
    [
        "What is Brenmoor's revenue?",  # a fact of a company
        "What are Brenmoor Resorts' reportable segments?",
        "What is the capital of France?",
        "What is the current ratio?",  # "the": its figure
        "What is net income in 2022?",  # a period: the figure
        "What is talc made of?",  # a property of a thing
        "What is said about fuel costs and harbour leases?",  # a topic, no term
        "What are the main risks?",
        "什么是关税？",  # English questions only
    ],
)
def test_a_fact_or_figure_asked_is_no_definition(question: str) -> None:
    assert asked_term(question) is None


def test_a_unit_defines_a_term_by_its_entry_a_verb_or_its_spelled_out_letters() -> None:
    assert defines("CD", GLOSSARY)  # spelled out, then a glossary's colon
    assert defines("free cash flow", DEFINE_AS)
    assert defines("fair value", "Fair value is defined as the price received to sell an asset.")
    assert defines("LIBOR", "a floating rate based on the London Interbank Offered Rate (“LIBOR”)")
    assert defines("bottler funding", "These incentives are referred to as bottler funding.")
    # using the term says nothing of what it means
    assert not defines("tariff", USES)
    assert not defines("free cash flow", FIGURE)
    assert not defines("LIBOR", "Our notes bear interest at LIBOR plus 1.00%.")


def _scope(*texts: str) -> list[Evidence]:
    passages = [
        Passage(chunk_id=f"b#{i}", doc_id="b", page=i, page_end=i, text=t, rank=i, score=1 / i)
        for i, t in enumerate(texts, start=1)
    ]
    df = {"tariff": 2, "tariffs": 2, "free": 2, "cash": 3, "flow": 2, "cd": 1, "stand": 1}
    return [
        Evidence(
            tool="search_document",
            query="q",
            passages=passages,
            term_df=df,
            scope_chunks=40,
            owner=["Brenmoor"],
        )
    ]


def test_the_unit_defining_the_term_leads_the_answer() -> None:
    scope = _scope(FIGURE, DEFINE_AS)
    verdict = judge("How does Brenmoor define free cash flow?", scope)
    assert verdict.written and verdict.written[0].unit.text == DEFINE_AS


def test_an_answer_only_using_the_term_gives_no_definition() -> None:
    scope = _scope(USES)
    assert undefined("What is a tariff?", [USES], scope)
    assert not undefined("What does CD stand for?", [GLOSSARY], scope)
    # not a definition asked: nothing to check
    assert not undefined("How could tariffs affect Brenmoor?", [USES], scope)


def test_another_company_asked_to_define_needs_a_unit_naming_it() -> None:
    scope = _scope(DEFINE_AS)
    assert not undefined("How does Brenmoor define free cash flow?", [DEFINE_AS], scope)
    assert undefined("How does Kestrel Optics define free cash flow?", [DEFINE_AS], scope)
    said = "Kestrel Optics defines free cash flow as operating cash flow less capital spending."
    assert not undefined("How does Kestrel Optics define free cash flow?", [said], scope)


@pytest.mark.parametrize(
    "text",
    [
        "Brenmoor sells the vaccine Quorivax in forty countries.",
        "Sales of Quorivax, our seasonal vaccine, rose.",
    ],
)
def test_a_name_asked_is_told_by_the_class_noun_beside_it(text: str) -> None:
    # "What is <name>?" asks what the thing named is; a report says it by apposition
    assert defines("Quorivax", text)


def test_a_common_term_or_a_bare_mention_of_a_name_is_no_description() -> None:
    assert not defines("tariff", "We face the higher tariff on steel imports.")
    assert not defines("Quorivax", "Quorivax revenue reached 880 million dollars.")
