"""A yes/no question decided by a statement saying what it asks was turned down or
stopped ("the proposal was defeated", "suspended the dividend"): No, unless the question
asks that very reversal; a negation bounding an amount ("not higher than 3.9 times")
denies nothing; the question's common words weigh less than its rare ones; the company's
name run together in the scope ("northwindmill") is no topic word. Invented texts."""

from __future__ import annotations

from agent.citations import reflect
from agent.evidence import Evidence, Passage
from agent.models.reversal import reverses, without_limits
from agent.models.sections import asks_yes_no, stated_verdict
from agent.own_name import own_name_words

# the scope's company, its name stored run together as a file name's is
SCOPE = [Evidence(tool="search_document", query="q", passages=[], names=["northwind"])]


def test_a_proposal_defeated_answers_no() -> None:
    q = "Did the members back the proposal for a rotating chair?"
    said = ["(4) The member proposal regarding a rotating chair was defeated."]
    assert stated_verdict(q, SCOPE, said) == "no"


def test_a_reversal_the_question_asks_answers_yes() -> None:
    q = "Did Northwind suspend its quarterly dividend?"
    said = ["In March the board determined to suspend the quarterly dividend."]
    assert stated_verdict(q, SCOPE, said) == "yes"
    assert reverses(said[0], "Is Northwind still paying a quarterly dividend?")
    assert not reverses(said[0], q)


def test_a_bound_on_an_amount_is_no_denial() -> None:
    q = "Must Northwind meet financial covenants under its bank loan facilities?"
    said = ["The covenants of the bank loan facilities require a debt ratio not higher than 3.5."]
    assert asks_yes_no(q)
    assert stated_verdict(q, SCOPE, said) == "yes"
    assert "not" not in without_limits(said[0])
    assert stated_verdict("Has it paid a dividend?", [], ["It has not paid a dividend."]) == "no"


def test_a_statement_near_the_topic_decides_nothing() -> None:
    q = "Must Northwind meet financial covenants under its bank loan facilities?"
    said = ["The bank facilities mature in 2031."]  # not the covenants asked
    assert stated_verdict(q, SCOPE, said) is None


def test_a_name_stored_run_together_is_found_by_its_words() -> None:
    assert own_name_words("Why did Northwind Mills' income fall?", ["northwindmill"]) == {
        "northwind",
        "mill",
    }
    # lower-case words are the question's own, whatever a name holds
    assert own_name_words("Why did mill income fall?", ["northwindmill"]) == set()


def test_a_quoted_sentence_in_meta_words_is_still_a_claim() -> None:
    text = "Northwind does not provide GAAP measures on a forward-looking basis."
    p = Passage(chunk_id="n#1", doc_id="n", page=5, page_end=5, text=text)
    verdict = reflect(f"No. {text} [n#1]", {"n#1": p})
    claims = [c for c in verdict.claims if c.factual]
    assert claims and claims[0].supported and claims[0].ids == ["n#1"], verdict.claims


def test_a_list_decides_by_its_item_on_the_topic() -> None:
    q = "Is Northwind still paying a quarterly dividend?"
    said = [
        "• competition we face from larger mills; • the fact that we suspended our quarterly "
        "dividend and may not resume it; • the cost of wool"
    ]
    assert stated_verdict(q, SCOPE, said) == "no"
    # no single item holds the topic: words spread over the list decide nothing
    spread = ["• a quarterly report on our mills; • the dividend policy of our peers"]
    assert stated_verdict("Does Northwind pay a quarterly dividend?", SCOPE, spread) is None
